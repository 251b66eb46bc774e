//! Constrained analysis through the Rust binding (bundled model, path from
//! $KMA_TEST_MODEL or $KMA_MODEL).
use std::path::PathBuf;

use kma::{Constraints, ErrorKind, Model};

fn model() -> Model {
    let path = ["KMA_TEST_MODEL", "KMA_MODEL"]
        .iter()
        .find_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .map(PathBuf::from)
        .expect("set KMA_TEST_MODEL to the bundled model (ctest does this)");
    Model::open(path).expect("open the test model")
}

#[test]
fn empty_constraints_give_the_plain_analysis() {
    let model = model();
    let mut a = model.analyzer().unwrap();
    let text = "아버지가방에들어가신다";
    let plain = a.analyze(text).unwrap().best().to_string();
    let c = Constraints::new().unwrap();
    assert!(c.is_empty());
    assert_eq!(plain, a.analyze_constrained(text, &c).unwrap().best().to_string());
}

#[test]
fn span_is_analysed_as_given_and_flagged() {
    let model = model();
    let mut a = model.analyzer().unwrap();
    let text = "나는 쿠쿠루뱅크에서 돈을 찾았다.";
    let mut c = Constraints::new().unwrap();
    c.span(3, 8, "쿠쿠루뱅크/NNP").unwrap();
    let analysis = a.analyze_constrained(text, &c).unwrap();
    let tokens: Vec<_> = analysis.best().tokens().collect();
    let forced = &tokens[2];
    assert_eq!(forced.form(), "쿠쿠루뱅크");
    assert_eq!(forced.tag(), "NNP");
    assert!(forced.is_constrained());
    assert_eq!(forced.surface(), "쿠쿠루뱅크");
    assert!(!tokens[3].is_constrained());
}

#[test]
fn several_morphemes_text_syntax_and_lemma() {
    let model = model();
    let mut a = model.analyzer().unwrap();
    let mut c = Constraints::new().unwrap();
    c.parse("3:6 걷/VV+었/EP+다/EF").unwrap();
    let analysis = a.analyze_constrained("길을 걸었다", &c).unwrap();
    assert!(analysis.best().to_string().ends_with("걷/VV 었/EP 다/EF"));
    let mut l = Constraints::new().unwrap();
    l.lemma_in("걷/VV|걸/VV", 3, 6).unwrap();
    let analysis = a.analyze_constrained("길을 걸었다", &l).unwrap();
    assert!(analysis.best().to_string().contains("/VV"));
}

#[test]
fn unsatisfiable_and_malformed_constraints_fail() {
    let model = model();
    let mut a = model.analyzer().unwrap();
    let mut c = Constraints::new().unwrap();
    c.lemma("없는말/VV").unwrap();
    let e = a.analyze_constrained("밥을 먹었다", &c).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Unsatisfiable);
    let e = Constraints::new().unwrap().span(0, 1, "밥/NNQ").map(|_| ()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.offset(), Some(4)); // the tag, in the UTF-8 of "밥/NNQ"
    let mut past = Constraints::new().unwrap();
    past.span(1, 9, "을/JKO").unwrap();
    let e = a.analyze_constrained("밥을", &past).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.offset(), Some(9));
}
