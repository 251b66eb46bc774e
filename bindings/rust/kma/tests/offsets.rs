//! Offsets golden test: tests/golden/offsets_corpus.txt analysed with the
//! bundled model must give, token by token, the form/TAG and offsets listed
//! in tests/golden/offsets_expected.tsv (written from the C API). Rust's
//! natural units are UTF-8 bytes (`Token::byte_range` slices the `&str`);
//! the code-point columns are checked against `Token::char_range` too.
//!
//! The model and golden directory come from the same variables as api.rs
//! ($KMA_TEST_MODEL / $KMA_MODEL, $KMA_GOLDEN_DIR), which ctest sets.
use std::ops::Range;
use std::path::PathBuf;

use kma::Model;

fn model_path() -> PathBuf {
    for var in ["KMA_TEST_MODEL", "KMA_MODEL"] {
        if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
            return PathBuf::from(p);
        }
    }
    panic!("set KMA_TEST_MODEL to the bundled model (ctest does this)");
}

fn golden_dir() -> PathBuf {
    std::env::var_os("KMA_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/golden"))
}

fn read(name: &str) -> String {
    let path = golden_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One expected token: "form/TAG cp_begin cp_len u8_begin u8_len u16_begin u16_len".
#[derive(Debug, PartialEq)]
struct Expected {
    form: String,
    tag: String,
    chars: Range<usize>,
    bytes: Range<usize>,
    utf16: Range<usize>,
}

/// Parses from the right: the form may itself contain '/' (URLs) or spaces,
/// so the six numbers are the last six fields and the tag follows the last '/'.
fn parse_token(field: &str) -> Expected {
    let mut parts = field.rsplitn(7, ' ');
    let mut nums = [0usize; 6];
    for slot in nums.iter_mut().rev() {
        let s = parts
            .next()
            .unwrap_or_else(|| panic!("too few columns: {field:?}"));
        *slot = s
            .parse()
            .unwrap_or_else(|e| panic!("{s:?} in {field:?}: {e}"));
    }
    let morph = parts
        .next()
        .unwrap_or_else(|| panic!("no form/TAG: {field:?}"));
    let (form, tag) = morph
        .rsplit_once('/')
        .unwrap_or_else(|| panic!("no '/' in {morph:?}"));
    assert!(
        !form.is_empty() && !tag.is_empty(),
        "bad form/TAG {morph:?}"
    );
    let range = |b: usize, n: usize| b..b + n;
    Expected {
        form: form.to_owned(),
        tag: tag.to_owned(),
        chars: range(nums[0], nums[1]),
        bytes: range(nums[2], nums[3]),
        utf16: range(nums[4], nums[5]),
    }
}

fn expected_lines() -> Vec<Vec<Expected>> {
    read("offsets_expected.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            l.split('\t')
                .filter(|f| !f.is_empty())
                .map(parse_token)
                .collect()
        })
        .collect()
}

/// UTF-16 range of a byte range of `text`; only used to check that the
/// golden file's own columns agree with each other.
fn utf16_range(text: &str, bytes: &Range<usize>) -> Range<usize> {
    let begin = text[..bytes.start].encode_utf16().count();
    begin..begin + text[bytes.clone()].encode_utf16().count()
}

#[test]
fn offsets_match_golden_tsv() {
    let corpus = read("offsets_corpus.txt");
    let corpus: Vec<&str> = corpus.lines().collect();
    let expected = expected_lines();
    assert_eq!(
        corpus.len(),
        expected.len(),
        "corpus and expected differ in length"
    );
    assert!(corpus.len() >= 5, "only {} corpus lines", corpus.len());

    let mut analyzer = Model::open(model_path()).unwrap().analyzer().unwrap();
    let mut diffs = Vec::new();
    for (n, (text, want)) in corpus.iter().zip(&expected).enumerate() {
        let analysis = analyzer.analyze(text).unwrap();
        let got: Vec<Expected> = analysis
            .tokens()
            .map(|t| Expected {
                form: t.form().to_owned(),
                tag: t.tag().to_owned(),
                chars: t.char_range(),
                bytes: t.byte_range(),
                // The binding has no UTF-16 offsets; not compared below.
                utf16: 0..0,
            })
            .collect();
        for i in 0..want.len().max(got.len()) {
            let (w, g) = (want.get(i), got.get(i));
            let same = match (w, g) {
                (Some(w), Some(g)) => {
                    w.form == g.form && w.tag == g.tag && w.chars == g.chars && w.bytes == g.bytes
                }
                _ => false,
            };
            if !same {
                diffs.push(format!(
                    "line {} token {i}: {text}\n  expected {w:?}\n  actual   {g:?}",
                    n + 1
                ));
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "{} tokens differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// Sanity of the golden file itself, not of the binding: for every token its
/// byte range slices the line and the code-point and UTF-16 columns describe
/// the same span. Kept apart so a bad file is not reported as a binding bug.
#[test]
fn golden_columns_agree_with_each_other() {
    let corpus = read("offsets_corpus.txt");
    for (text, want) in corpus.lines().zip(expected_lines()) {
        for w in &want {
            let slice = text
                .get(w.bytes.clone())
                .unwrap_or_else(|| panic!("{w:?} is no &str slice of {text:?}"));
            assert_eq!(slice.chars().count(), w.chars.len(), "{w:?}");
            assert_eq!(
                text[..w.bytes.start].chars().count(),
                w.chars.start,
                "{w:?}"
            );
            assert_eq!(utf16_range(text, &w.bytes), w.utf16, "{w:?}");
        }
    }
}

#[test]
fn parse_token_handles_slashes_in_forms() {
    let t = parse_token("https://example.com/W_URL 0 19 0 19 0 19");
    assert_eq!(t.form, "https://example.com");
    assert_eq!(t.tag, "W_URL");
    assert_eq!((t.chars, t.bytes, t.utf16), (0..19, 0..19, 0..19));
    let t = parse_token("😀/W_EMOJI 13 1 33 4 13 2");
    assert_eq!((t.form.as_str(), t.tag.as_str()), ("😀", "W_EMOJI"));
    assert_eq!((t.chars, t.bytes, t.utf16), (13..14, 33..37, 13..15));
}
