//! User dictionaries, output tags and the joiner through the safe API,
//! against the bundled model ($KMA_TEST_MODEL or $KMA_MODEL), including the
//! golden user-dictionary corpus every binding reproduces.
use std::path::PathBuf;

use kma::{ErrorKind, Joiner, Model, Options, UserDict};

fn model() -> Model {
    let path = ["KMA_TEST_MODEL", "KMA_MODEL"]
        .iter()
        .find_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .expect("set KMA_TEST_MODEL to the bundled model (ctest does this)");
    Model::open(PathBuf::from(path)).expect("open the test model")
}

fn golden(name: &str) -> PathBuf {
    std::env::var_os("KMA_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/golden"))
        .join(name)
}

fn best(model: &Model, text: &str) -> String {
    model.analyzer().unwrap().analyze(text).unwrap().best().to_string()
}

#[test]
fn golden_user_dict_corpus_matches_expected() {
    let model = model();
    let mut dict = UserDict::new(&model).unwrap();
    dict.load_file(golden("user_dict.tsv")).unwrap();
    let derived = model.with_user_dict(&dict).unwrap();
    let corpus = std::fs::read_to_string(golden("user_dict_corpus.txt")).unwrap();
    let expected = std::fs::read_to_string(golden("user_dict_expected.tsv")).unwrap();
    let actual: Vec<String> = corpus.lines().map(|l| best(&derived, l)).collect();
    assert_eq!(actual, expected.lines().collect::<Vec<_>>());
}

#[test]
fn words_stems_and_blocks() {
    let model = model();
    let mut dict = UserDict::new(&model).unwrap();
    assert!(dict.is_empty());
    dict.add_word("뉴진스", "NNP", 0.0).unwrap();
    dict.add_stem("힙스럽", "VA", "ㅂ", 0.0).unwrap();
    dict.add_analysis("할많하않", "하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN", 0.0).unwrap();
    dict.add_pattern("[A-Z]{2}-\\d{3,}", "NNP", 0.0).unwrap();
    dict.block(None, "MAG").unwrap();
    assert_eq!(dict.len(), 5);
    let derived = model.with_user_dict(&dict).unwrap();
    drop(dict); // the derived model holds a snapshot
    assert_eq!(best(&derived, "뉴진스를"), "뉴진스/NNP 를/JKO");
    assert!(best(&derived, "힙스러워").starts_with("힙스럽/VA "));
    assert_eq!(best(&derived, "AB-123"), "AB-123/NNP");
    assert!(!best(&derived, "정말 너무 좋다").contains("/MAG"));
    let mut a = derived.analyzer_with(&Options::new().output_tags("NNP")).unwrap();
    assert_eq!(a.analyze("뉴진스를 좋아해").unwrap().best().to_string(), "뉴진스/NNP");
}

#[test]
fn user_morphemes_are_flagged() {
    let model = model();
    let mut dict = UserDict::new(&model).unwrap();
    dict.add_word("뉴진스", "NNP", 0.0).unwrap();
    let derived = model.with_user_dict(&dict).unwrap();
    let mut a = derived.analyzer().unwrap();
    let result = a.analyze("뉴진스를 좋아해").unwrap();
    let tokens: Vec<_> = result.best().tokens().collect();
    assert_eq!(tokens[0].form(), "뉴진스");
    assert!(tokens[0].is_user());
    assert_eq!(tokens[0].morph_id(), 0);
    assert!(tokens[1..].iter().all(|t| !t.is_user()));
    let mut plain = model.analyzer().unwrap();
    assert!(plain.analyze("뉴진스를 좋아해").unwrap().best().tokens().all(|t| !t.is_user()));
}

#[test]
fn errors_name_line_and_column() {
    let model = model();
    let mut dict = UserDict::new(&model).unwrap();
    let err = dict.load_str("뉴진스\tNNP\n카카오뱅크\tNNQ\n", "my.tsv").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(err.message().contains("my.tsv:2:17: unknown tag 'NNQ'"), "{}", err.message());
    assert!(dict.is_empty());
    assert_eq!(dict.add_word("a b", "NNP", 0.0).unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(dict.add_pattern("(ab", "SL", 0.0).unwrap_err().kind(), ErrorKind::InvalidArgument);
    assert_eq!(dict.load_file("/no/such/dict.tsv").unwrap_err().kind(), ErrorKind::Io);
}

#[test]
fn joiner_spells_the_issue_examples() {
    let mut j = Joiner::new(&model()).unwrap();
    assert_eq!(j.join("돕/VV 아/EC 주/VX 었/EP 어요/EF").unwrap(), "도와줬어요");
    assert_eq!(j.join("가깝/VA ㄴ/ETM").unwrap(), "가까운");
    assert_eq!(j.join("하/VV 시/EP 었/EP 다/EF").unwrap(), "하셨다");
    assert_eq!(j.join("먹/VV 었").unwrap_err().kind(), ErrorKind::InvalidArgument);
}
