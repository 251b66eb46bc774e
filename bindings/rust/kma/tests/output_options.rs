//! The output options (docs/OUTPUT_OPTIONS.md): lemmas on tokens, and golden
//! parity of the records with every option on
//! (tests/golden/options_expected.jsonl, the CLI's JSON with the same
//! options). The model and golden files come from the variables of api.rs;
//! ctest sets them.
use std::path::PathBuf;

use kma::{Model, Options, RecordFormat};

fn model() -> Model {
    let path = ["KMA_TEST_MODEL", "KMA_MODEL"]
        .iter()
        .find_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .expect("set KMA_TEST_MODEL to the bundled model (ctest does this)");
    Model::open(PathBuf::from(path)).expect("open model")
}

fn golden(name: &str) -> String {
    let dir = std::env::var_os("KMA_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/golden"));
    let path = dir.join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The options of tests/golden/CMakeLists.txt's KMA_GOLDEN_OPTIONS, by name.
fn golden_options() -> Options {
    Options::new()
        .set("lemma", true)
        .set("join_derivations", true)
        .set("stop_words", true)
        .set("stop_word_list", golden("options_stop_words.txt").as_str())
        .set("no_special", "hashtag serial emoji")
}

#[test]
fn lemmas() {
    let mut analyzer = model().analyzer().expect("analyzer");
    let result = analyzer.analyze("밥을 먹었다. 가까운 집이다").expect("analyze");
    let pairs: Vec<(String, String)> = result
        .best()
        .tokens()
        .map(|t| (format!("{}/{}", t.form(), t.tag()), t.lemma().to_owned()))
        .collect();
    let lemma = |tagged: &str| pairs.iter().find(|(f, _)| f == tagged).map(|(_, l)| l.as_str());
    assert_eq!(lemma("먹/VV"), Some("먹다"), "{pairs:?}");
    assert_eq!(lemma("가깝/VA"), Some("가깝다"), "{pairs:?}");
    assert_eq!(lemma("이/VCP"), Some("이다"), "{pairs:?}");
    assert_eq!(lemma("밥/NNG"), Some("밥"), "{pairs:?}");
    assert_eq!(lemma("었/EP"), Some("었"), "{pairs:?}");
}

#[test]
fn lemma_records() {
    let model = model();
    let mut with_lemma = model.analyzer_with(&Options::new().set("lemma", true)).unwrap();
    let mut plain = model.analyzer().unwrap();
    let record = |a: &mut kma::Analyzer, f: RecordFormat| a.analyze("먹었다").unwrap().format(f).unwrap();
    assert_eq!(record(&mut with_lemma, RecordFormat::Morphs), "먹다/VV 었/EP 다/EF\n");
    assert_eq!(record(&mut plain, RecordFormat::Morphs), "먹/VV 었/EP 다/EF\n");
    assert!(record(&mut with_lemma, RecordFormat::Json).contains("\"lemma\":\"먹다\""));
    assert!(!record(&mut plain, RecordFormat::Json).contains("lemma"));
}

#[test]
fn options_golden() {
    let corpus = golden("options_corpus.txt");
    let expected = golden("options_expected.jsonl");
    assert_eq!(corpus.lines().count(), expected.lines().count());
    let mut analyzer = model().analyzer_with(&golden_options()).expect("analyzer");
    for (text, want) in corpus.lines().zip(expected.lines()) {
        let got = analyzer.analyze(text).expect("analyze").format(RecordFormat::Json).expect("format");
        assert_eq!(got, format!("{want}\n"), "{text}");
    }
}
