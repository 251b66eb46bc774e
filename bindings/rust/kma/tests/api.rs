//! Behaviour of the safe API against the bundled model. The model path
//! comes from $KMA_TEST_MODEL (set by CMake) or $KMA_MODEL.
use std::path::PathBuf;
use std::sync::Arc;
use std::thread;

use kma::{ErrorKind, Model, Options};

fn model_path() -> PathBuf {
    for var in ["KMA_TEST_MODEL", "KMA_MODEL"] {
        if let Some(p) = std::env::var_os(var).filter(|p| !p.is_empty()) {
            return PathBuf::from(p);
        }
    }
    panic!("set KMA_TEST_MODEL to the bundled model (ctest does this)");
}

fn model() -> Model {
    Model::open(model_path()).expect("open the test model")
}

fn golden_dir() -> PathBuf {
    std::env::var_os("KMA_GOLDEN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/golden"))
}

fn read_lines(name: &str) -> Vec<String> {
    let path = golden_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

/// Top-1 `form/TAG` line of every corpus sentence, as the CLI prints it.
fn morphs(model: &Model, lines: &[String]) -> Vec<String> {
    let mut analyzer = model.analyzer().unwrap();
    lines
        .iter()
        .map(|l| analyzer.analyze(l).unwrap().best().to_string())
        .collect()
}

#[test]
fn golden_corpus_matches_expected_tsv() {
    let corpus = read_lines("corpus.txt");
    let expected = read_lines("expected.tsv");
    assert_eq!(
        corpus.len(),
        expected.len(),
        "corpus and expected differ in length"
    );
    assert!(corpus.len() >= 30);
    let actual = morphs(&model(), &corpus);
    let diffs: Vec<String> = corpus
        .iter()
        .zip(expected.iter().zip(&actual))
        .filter(|(_, (e, a))| e != a)
        .map(|(c, (e, a))| format!("input:    {c}\nexpected: {e}\nactual:   {a}"))
        .collect();
    assert!(
        diffs.is_empty(),
        "{} golden lines differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn offsets_slice_the_input_with_emoji_and_hanja() {
    let text = "오늘 날씨 😀 좋다. 韓國語를 배운다 👍🏽!";
    let mut analyzer = model().analyzer().unwrap();
    let analysis = analyzer.analyze(text).unwrap();
    let mut prev_start = 0;
    let mut covered = vec![false; text.len()];
    for t in analysis.tokens() {
        let r = t.byte_range();
        // Byte offsets must fall on char boundaries of the &str.
        assert!(
            text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
            "{t:?}"
        );
        assert_eq!(t.surface(), &text[r.clone()]);
        assert!(!t.surface().is_empty(), "{t:?}");
        // Code-point offsets describe the same span.
        let by_chars: String = text
            .chars()
            .skip(t.char_range().start)
            .take(t.char_range().len())
            .collect();
        assert_eq!(by_chars, t.surface(), "{t:?}");
        // Tokens come in input order. Spans may overlap when morphemes share
        // a syllable (배운다 = 배우/VV 배운 + ㄴ다/EF 운다).
        assert!(r.start >= prev_start, "{t:?} starts before {prev_start}");
        prev_start = r.start;
        covered[r].iter_mut().for_each(|c| *c = true);
    }
    // Every non-space byte is covered by some token.
    for (i, c) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
        assert!(covered[i], "{c:?} at byte {i} not covered: {analysis:?}");
    }
    let emoji = analysis
        .tokens()
        .find(|t| t.surface().contains('😀'))
        .expect("emoji token");
    assert_eq!(emoji.byte_range().len(), '😀'.len_utf8());
    assert_eq!(emoji.char_range().len(), 1);
    assert_eq!((emoji.tag(), emoji.is_pattern()), ("W_EMOJI", true));
    let hanja = analysis
        .tokens()
        .find(|t| t.surface().contains('韓'))
        .expect("Hanja token");
    assert_eq!(hanja.surface(), "韓國語");
    assert_eq!(hanja.tag(), "SH");
}

#[test]
fn top_n_returns_ranked_distinct_candidates() {
    let model = model();
    let text = "나는 그를 보았다";
    let mut one = model.analyzer().unwrap();
    assert_eq!(one.analyze(text).unwrap().len(), 1);

    let mut three = model.analyzer_with(&Options::new().top_n(3)).unwrap();
    let analysis = three.analyze(text).unwrap();
    assert!(
        analysis.len() >= 2 && analysis.len() <= 3,
        "got {}",
        analysis.len()
    );
    let cands: Vec<_> = analysis.candidates().collect();
    for pair in cands.windows(2) {
        assert!(
            pair[0].score() >= pair[1].score(),
            "scores not ranked: {cands:?}"
        );
        assert_ne!(pair[0].to_string(), pair[1].to_string());
    }
    // The best of three is the top-1 analysis.
    assert_eq!(
        cands[0].to_string(),
        one.analyze(text).unwrap().best().to_string()
    );
    assert!(analysis.get(analysis.len()).is_none());
}

#[test]
fn split_returns_sentence_slices() {
    let text = "첫 문장입니다. 두 번째 문장이에요! 세 번째는요?";
    let mut analyzer = model().analyzer().unwrap();
    let sentences = analyzer.split(text).unwrap();
    assert_eq!(sentences.len(), 3, "{sentences:?}");
    assert!(sentences[0].text().starts_with("첫 문장"));
    assert!(sentences[2].text().starts_with("세 번째"));
    for s in &sentences {
        assert_eq!(s.text(), &text[s.byte_range()]);
        assert_eq!(s.text().chars().count(), s.char_range().len());
    }
    // analyze() reports the same spans.
    assert_eq!(analyzer.analyze(text).unwrap().sentences(), sentences);
}

#[test]
fn split_finds_unpunctuated_ends_and_keeps_quotations_whole() {
    let mut analyzer = model().analyzer().unwrap();
    let texts: Vec<&str> = analyzer
        .split("맛있었어요 다음에 또 갈게요")
        .unwrap()
        .iter()
        .map(|s| s.text())
        .collect();
    assert_eq!(texts, ["맛있었어요", "다음에 또 갈게요"]);
    let quoted = "그는 \"오늘은 비가 왔다. 그래서 집에 있었다\"라고 말했다. 나는 웃었다";
    let sentences = analyzer.split(quoted).unwrap();
    assert_eq!(sentences.len(), 2, "{sentences:?}");
    assert!(sentences[0].text().ends_with("라고 말했다."));
    // A blank line always ends a sentence.
    assert_eq!(analyzer.split("첫째 줄의 영화\n\n둘째 줄의 영화").unwrap().len(), 2);
}

#[test]
fn empty_input_gives_one_empty_candidate() {
    let mut analyzer = model().analyzer().unwrap();
    let analysis = analyzer.analyze("").unwrap();
    assert_eq!(analysis.len(), 1);
    assert_eq!(analysis.tokens().len(), 0);
}

#[test]
fn one_convention_and_no_convention_option() {
    // Every sentence in one convention (docs/CONVENTIONS.md): 같은 in this
    // KAIST-like sentence is 같/VA 은/ETM as in every source, and the
    // convention prior's option is gone.
    let model = model();
    let text = "그는 다른 사람과 같은 생각을 하고 있었다.";
    let mut a = model.analyzer().unwrap();
    let v: Vec<String> = a.analyze(text).unwrap().tokens().map(|t| format!("{}/{}", t.form(), t.tag())).collect();
    let best = v.join(" ");
    assert!(best.contains("같/VA 은/ETM 생각/NNG"), "{}", best);
    assert!(!Options::names().iter().any(|n| n == "convention"));
    let err = model.analyzer_with(&Options::new().set("convention", true)).err().expect("convention is no option");
    assert_eq!(err.kind(), kma::ErrorKind::Unsupported);
}

#[test]
fn over_the_memory_budget_is_a_resource_error() {
    let model = model();
    // 256 KB of text, 8 analyses: far more than 4 MiB. The analyzer stays usable.
    let text = "나는 어제 친구와 함께 영화를 봤다. ".repeat(5000);
    let mut small = model.analyzer_with(&Options::new().set("top_n", 8).set("memory_budget_mib", 4)).unwrap();
    let err = small.analyze(&text).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Resource);
    assert!(err.message().contains("budget of 4 MiB"), "{}", err.message());
    let first = |a: &mut kma::Analyzer, t: &str| -> String {
        let tok = a.analyze(t).unwrap().tokens().next().map(|t| format!("{}/{}", t.form(), t.tag()));
        tok.unwrap()
    };
    assert_eq!(first(&mut small, "밥을 먹자"), "밥/NNG");
    let mut unbounded = model.analyzer_with(&Options::new().set("memory_budget_mib", 0)).unwrap();
    assert_eq!(first(&mut unbounded, &text), "나/NP");
}

#[test]
fn prune_margin_is_an_option_slot() {
    // Coarse-to-fine search (KMA_OPT_PRUNE_MARGIN): this short sentence keeps
    // its analysis with the first pass; a negative margin is refused.
    let model = model();
    let text = "나는 밥을 먹었다";
    let spell = |a: &mut kma::Analyzer| -> Vec<String> {
        a.analyze(text).unwrap().tokens().map(|t| format!("{}/{}", t.form(), t.tag())).collect()
    };
    let mut exact = model.analyzer_with(&Options::new().set("prune_margin", 0.0)).unwrap();
    let mut pruned = model.analyzer_with(&Options::new().set("prune_margin", 6.0)).unwrap();
    assert_eq!(spell(&mut exact), spell(&mut pruned));
    assert!(model.analyzer_with(&Options::new().set("prune_margin", -1.0)).is_err());
}

#[test]
fn typos_option_reads_misspellings_as_meant() {
    let model = model();
    let text = "안녕하세여";
    let mut plain = model.analyzer().unwrap();
    assert!(plain.analyze(text).unwrap().tokens().all(|t| !t.is_corrected()));
    let mut tolerant = model.analyzer_with(&Options::new().typos(true)).unwrap();
    let analysis = tolerant.analyze(text).unwrap();
    let morphs: Vec<String> = analysis.tokens().map(|t| format!("{}/{}", t.form(), t.tag())).collect();
    assert_eq!(morphs.join(" "), "안녕/NNG 하/XSA 시/EP 어요/EF");
    // The corrected morphemes keep the span of the text as written.
    let corrected: Vec<&str> = analysis.tokens().filter(|t| t.is_corrected()).map(|t| t.surface()).collect();
    assert_eq!(corrected, ["세여", "세여"]);
    let clean = "나는 밥을 먹었다.";
    let forms = |a: &mut kma::Analyzer| -> Vec<String> {
        a.analyze(clean).unwrap().tokens().map(|t| format!("{}/{}", t.form(), t.tag())).collect()
    };
    assert_eq!(forms(&mut plain), forms(&mut tolerant));
    let laugh = tolerant.analyze("ㅋㅋ 재밌다").unwrap();
    let first = laugh.tokens().next().unwrap();
    assert_eq!((first.form(), first.tag()), ("ㅋㅋ", "IC"));
}

#[test]
fn options_are_validated() {
    let model = model();
    for bad in [
        Options::new().top_n(0),
        Options::new().top_n(65),
        Options::new().beam(-1.0),
        Options::new().beam(f32::NAN),
        Options::new().max_unknown_length(0),
    ] {
        let err = model.analyzer_with(&bad).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidArgument, "{bad:?}: {err}");
        assert_eq!(err.code(), kma::sys::KMA_E_INVALID_ARGUMENT);
        assert!(!err.message().is_empty());
    }
    let err = model
        .analyzer_with(&Options::new().lm("no-such-lm"))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);

    // Every LM the model lists is accepted by name.
    let names = model.lm_names();
    assert!(names.contains(&model.default_lm()), "{names:?}");
    for name in names {
        model
            .analyzer_with(&Options::new().lm(name).beam(3.0).max_unknown_length(4))
            .unwrap();
    }

    // A failed set_options keeps the previous options.
    let mut analyzer = model.analyzer_with(&Options::new().top_n(2)).unwrap();
    assert!(analyzer.set_options(&Options::new().top_n(100)).is_err());
    assert_eq!(analyzer.analyze("나는 그를 보았다").unwrap().len(), 2);
    analyzer.set_options(&Options::new()).unwrap();
    assert_eq!(analyzer.analyze("나는 그를 보았다").unwrap().len(), 1);
}

#[test]
fn missing_model_is_an_io_error() {
    let path = "/nonexistent/dir/kma-missing.kmam";
    let err = Model::open(path).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Io);
    assert_eq!(err.code(), kma::sys::KMA_E_IO);
    assert!(
        err.message().contains(path),
        "message should name the path: {err}"
    );
    assert_eq!(err.offset(), None);
    assert!(err.to_string().contains(path));

    let err = Model::from_bytes(b"definitely not a model").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ModelFormat, "{err}");
    let err = Model::open("bad\0path").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
}

#[test]
fn invalid_utf8_reports_the_byte_offset() {
    let mut analyzer = model().analyzer().unwrap();
    let bytes = "가나 다"
        .as_bytes()
        .iter()
        .copied()
        .chain([0xff, b'x'])
        .collect::<Vec<u8>>();
    let err = analyzer.analyze_bytes(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidUtf8, "{err}");
    assert_eq!(err.code(), kma::sys::KMA_E_INVALID_UTF8);
    assert_eq!(err.offset(), Some("가나 다".len()));
    // A truncated sequence: the offset is where the sequence starts.
    let err = analyzer.analyze_bytes(&"가".as_bytes()[..2]).unwrap_err();
    assert_eq!(err.offset(), Some(0));
    // Valid bytes analyse like the &str API, and the analyzer still works.
    let ok = analyzer.analyze_bytes("가나 다".as_bytes()).unwrap();
    assert_eq!(
        ok.best().to_string(),
        analyzer.analyze("가나 다").unwrap().best().to_string()
    );
}

#[test]
fn threads_share_one_model() {
    let corpus = Arc::new(read_lines("corpus.txt"));
    let model = model();
    let expected = morphs(&model, &corpus);
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let (model, corpus) = (model.clone(), Arc::clone(&corpus));
            thread::spawn(move || {
                let mut analyzer = model.analyzer().unwrap();
                // Different starting points so threads hit different lines.
                (0..3 * corpus.len())
                    .map(|k| (k + i * 7) % corpus.len())
                    .map(|j| (j, analyzer.analyze(&corpus[j]).unwrap().best().to_string()))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for h in handles {
        for (j, line) in h.join().unwrap() {
            assert_eq!(line, expected[j], "line {j}");
        }
    }
    // Scoped threads can borrow the model too.
    thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| assert_eq!(morphs(&model, &corpus[..5]), expected[..5]));
        }
    });
}

#[test]
fn analyzer_outlives_dropped_model_and_moves_threads() {
    let mut analyzer = model().analyzer().unwrap(); // the Model value is dropped here
    let text = "정부는 내년 예산안을 오늘 국회에 제출했다.";
    let before = analyzer.analyze(text).unwrap().best().to_string();
    // Analyzer is Send: hand it to another thread and back.
    let (analyzer, after) = thread::spawn(move || {
        let line = analyzer.analyze(text).unwrap().best().to_string();
        (analyzer, line)
    })
    .join()
    .unwrap();
    assert_eq!(before, after);
    assert!(analyzer.model().morpheme_count() > 0);
    // Results outlive their analyzer.
    let mut a2 = analyzer.model().analyzer().unwrap();
    let res = a2.analyze(text).unwrap();
    drop(a2);
    drop(analyzer);
    assert_eq!(res.best().to_string(), before);
}

#[test]
fn model_and_library_facts() {
    fn assert_send_sync<T: Send + Sync>() {}
    fn assert_send<T: Send>() {}
    assert_send_sync::<Model>();
    assert_send_sync::<kma::Analysis<'static>>();
    assert_send::<kma::Analyzer>();

    let model = model();
    assert!(model.format_version() >= 1);
    assert!(model.morpheme_count() > 1000);
    assert_eq!(
        kma::version(),
        std::str::from_utf8(&kma::sys::KMA_VERSION_STRING[..5]).unwrap()
    );
    assert!(!kma::active_isa().is_empty());
    assert_eq!(kma::tag_name(0), "UN");
    let bytes = std::fs::read(model_path()).unwrap();
    assert_eq!(
        Model::from_bytes(&bytes).unwrap().morpheme_count(),
        model.morpheme_count()
    );
}

#[test]
fn space_corrects_spacing() {
    let mut analyzer = model().analyzer().unwrap();
    assert_eq!(analyzer.space("아버지가방에들어가신다", None).unwrap(), "아버지가 방에 들어가신다");
    assert_eq!(analyzer.space("나는 학교 에 갔 다", None).unwrap(), "나는 학교에 갔다");
    let text = "오늘 날씨가 정말 좋네요.";
    for w in [0.0, 0.5, 1.0] {
        assert_eq!(analyzer.space(text, Some(w)).unwrap(), text);
    }
    assert_eq!(analyzer.space("", None).unwrap(), "");
    let err = analyzer.space("가나", Some(1.5)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    assert!(analyzer.space("가나", Some(f64::NAN)).is_err());
}
