//! The crate against the C headers and the CLI's golden files: every status
//! code of kma_common.h has its own `ErrorKind` (and the value bindgen
//! copied), `Options::names` is exactly the analysis slots of
//! kma_options.h (read from the library's table), options set by name equal
//! the typed methods, and `Analysis::format` gives `kma analyze -f json`'s
//! bytes (tests/golden/expected.jsonl).
//!
//! The headers come from $KMA_INCLUDE_DIR, the model and golden files from
//! the variables of api.rs; ctest sets them.
use std::path::PathBuf;

use kma::{ErrorKind, Model, Options, RecordFormat};

fn model() -> Model {
    let path = ["KMA_TEST_MODEL", "KMA_MODEL"]
        .iter()
        .find_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .expect("set KMA_TEST_MODEL to the bundled model (ctest does this)");
    Model::open(PathBuf::from(path)).expect("open model")
}

fn source_dir(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default))
}

fn read(dir: PathBuf, name: &str) -> String {
    let path = dir.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `NAME = value` of a header's enum lines whose name starts with `prefix`.
fn constants(header: &str, prefix: &str) -> Vec<(String, i32)> {
    let text = read(
        source_dir("KMA_INCLUDE_DIR", "../../../capi/include").join("kma"),
        header,
    );
    text.lines()
        .filter_map(|line| {
            let (name, value) = line.trim().split_once(" = ")?;
            let value = value.trim_end_matches(',').parse().ok()?;
            name.starts_with(prefix).then(|| (name.to_owned(), value))
        })
        .collect()
}

#[test]
fn status_codes_are_the_headers() {
    let codes = constants("kma_common.h", "KMA_E_");
    assert!(codes.len() >= 13, "{codes:?}");
    let mut kinds = Vec::new();
    for (name, code) in &codes {
        let kind = ErrorKind::from_code(*code);
        if name == "KMA_E_UNKNOWN" {
            assert_eq!(kind, ErrorKind::Other);
            continue;
        }
        // InvalidArgument for KMA_E_INVALID_ARGUMENT, and so on.
        let want: String = name["KMA_E_".len()..]
            .split('_')
            .map(|w| w[..1].to_owned() + &w[1..].to_lowercase())
            .collect();
        assert_eq!(format!("{kind:?}"), want, "{name} = {code}");
        assert!(!kinds.contains(&kind), "{name} shares its kind");
        kinds.push(kind);
    }
    assert_eq!(kma::sys::KMA_E_INVALID_ARGUMENT, -2);
}

#[test]
fn options_are_the_headers_slots() {
    let want: Vec<String> = constants("kma_options.h", "KMA_OPT_")
        .into_iter()
        .filter(|(n, _)| !n.starts_with("KMA_OPT_TYPE_") && !n.starts_with("KMA_OPT_FLAG_"))
        .map(|(n, _)| n["KMA_OPT_".len()..].to_lowercase())
        .filter(|n| n != "package_model")
        .collect();
    assert_eq!(Options::names(), want);
}

#[test]
fn options_by_name_are_the_typed_methods() {
    let model = model();
    let text = "됬다 할께요 ㅋㅋ";
    let json = |opts: &Options| {
        let mut a = model.analyzer_with(opts).expect("analyzer");
        let out = a
            .analyze(text)
            .expect("analyze")
            .format(RecordFormat::Json)
            .expect("format");
        out
    };
    let typed = Options::new().typos(true).top_n(2).beam(7.0);
    let named = Options::new()
        .set("typos", true)
        .set("top_n", 2)
        .set("beam", 7.0);
    assert_eq!(json(&typed), json(&named));
    assert_eq!(
        json(&Options::new()),
        json(&Options::new().typos(true).unset("typos"))
    );
    assert_ne!(json(&Options::new()), json(&typed));
    let err = model
        .analyzer_with(&Options::new().set("topn", 3))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);
    assert!(err.message().contains("top_n"), "{}", err.message());
    let err = model
        .analyzer_with(&Options::new().set("typos", 1))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    let err = model
        .analyzer_with(&Options::new().set("max_unknown_length", 0))
        .unwrap_err();
    assert!(
        err.message().contains("KMA_OPT_MAX_UNKNOWN_LENGTH"),
        "{}",
        err.message()
    );
}

#[test]
fn json_records_are_the_clis() {
    let golden = source_dir("KMA_GOLDEN_DIR", "../../../tests/golden");
    let corpus = read(golden.clone(), "format_corpus.txt");
    let expected = read(golden, "expected.jsonl");
    let mut analyzer = model().analyzer().expect("analyzer");
    let mut lines = 0;
    for (text, want) in corpus.lines().zip(expected.lines()) {
        let got = analyzer
            .analyze(text)
            .expect("analyze")
            .format(RecordFormat::Json)
            .expect("format");
        assert_eq!(got, format!("{want}\n"), "{text}");
        lines += 1;
    }
    assert_eq!(
        (lines, corpus.lines().count()),
        (expected.lines().count(), lines)
    );
    let record = analyzer
        .analyze("좋다")
        .unwrap()
        .format(RecordFormat::Morphs)
        .unwrap();
    assert_eq!(record, "좋/VA 다/EF\n");
    let long = "아버지가 방에 들어가신다. ".repeat(80);
    assert!(analyzer
        .analyze(&long)
        .unwrap()
        .format(RecordFormat::Tsv)
        .unwrap()
        .ends_with("EOS\n"));
}
