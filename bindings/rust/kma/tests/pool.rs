//! Batches on a `Pool` against one `Analyzer`: same results, input order,
//! and a bad text failing alone with its own error.
use kma::{ErrorKind, Model, Options, Pool};

fn model() -> Model {
    let path = ["KMA_TEST_MODEL", "KMA_MODEL"]
        .iter()
        .find_map(|v| std::env::var_os(v).filter(|p| !p.is_empty()))
        .expect("set KMA_TEST_MODEL to the bundled model (ctest does this)");
    Model::open(path).expect("open the test model")
}

const TEXTS: &[&str] = &[
    "아버지가방에들어가신다",
    "오늘 날씨가 정말 좋네요.",
    "",
    "나는 어제 친구와 함께 영화를 봤다.",
    "이메일은 test@example.com 으로 보내 주세요 😀",
    "漢字와 한글을 섞어 쓴 文章도 있습니다.",
    "밥",
];

#[test]
fn batch_equals_one_analyzer_in_input_order() {
    let model = model();
    let options = Options::new().top_n(2);
    let mut analyzer = model.analyzer_with(&options).unwrap();
    // More texts than threads, not a multiple of them.
    let texts: Vec<&str> = TEXTS.iter().cycle().take(23).copied().collect();
    let expected: Vec<String> = texts
        .iter()
        .map(|t| {
            let a = analyzer.analyze(t).unwrap();
            a.candidates().map(|c| format!("{:.4} {c}", c.score())).collect::<Vec<_>>().join(" | ")
        })
        .collect();
    for threads in [1, 3] {
        let mut pool = Pool::new(&model, &options, threads).unwrap();
        assert_eq!(pool.thread_count(), threads as usize);
        let got: Vec<String> = pool
            .analyze_many(&texts)
            .unwrap()
            .into_iter()
            .zip(&texts)
            .map(|(r, t)| {
                let a = r.unwrap();
                assert_eq!(a.text(), *t);
                a.candidates().map(|c| format!("{:.4} {c}", c.score())).collect::<Vec<_>>().join(" | ")
            })
            .collect();
        assert_eq!(got, expected, "threads = {threads}");
    }
    // An empty batch is fine.
    assert!(model.pool(2).unwrap().analyze_many(&[]).unwrap().is_empty());
}

#[test]
fn bad_text_gets_its_own_error() {
    let model = model();
    let mut pool = model.pool(2).unwrap();
    let texts: [&[u8]; 4] = [b"ab\xffcd", "밥".as_bytes(), b"\xc3", "아버지가방에들어가신다".as_bytes()];
    let results = pool.analyze_many_bytes(&texts).unwrap();
    assert_eq!(results.len(), 4);
    let e0 = results[0].as_ref().unwrap_err();
    assert_eq!(e0.kind(), ErrorKind::InvalidUtf8);
    assert_eq!(e0.offset(), Some(2));
    assert!(e0.message().contains("UTF-8"), "{}", e0.message());
    let e2 = results[2].as_ref().unwrap_err();
    assert_eq!(e2.kind(), ErrorKind::InvalidUtf8);
    assert_eq!(e2.offset(), Some(0));
    assert_eq!(results[1].as_ref().unwrap().best().to_string().split('/').next(), Some("밥"));
    assert!(results[3].as_ref().unwrap().best().to_string().starts_with("아버지/NNG"));
}

#[test]
fn pool_options_are_checked() {
    let model = model();
    let e = Pool::new(&model, &Options::new().lm("no-such-lm"), 1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let e = Pool::new(&model, &Options::new(), 257).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
}
