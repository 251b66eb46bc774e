"""The Analyzer API: analyses, offsets, sentences, options and errors."""
import gc
import os
import pickle
import threading

import pytest

import kma

TEXT = "아버지가방에들어가신다"


def test_analyze_returns_ranked_analyses(analyzer):
    results = analyzer.analyze(TEXT, top_n=3)
    assert 1 <= len(results) <= 3
    scores = [a.score for a in results]
    assert scores == sorted(scores, reverse=True)
    assert len({str(a) for a in results}) == len(results)  # distinct analyses
    best = results[0]
    assert isinstance(best, kma.Analysis) and isinstance(best.tokens[0], kma.Token)
    assert str(best) == "아버지/NNG 가/JKS 방/NNG 에/JKB 들어가/VV 시/EP ㄴ다/EF"
    assert best.score == pytest.approx(sum(t.score for t in best.tokens), abs=1e-3)
    assert analyzer.analyze(TEXT) == results[:1]


def test_token_fields(analyzer):
    text = "오늘은 날씨가 좋다. 내일은 비가 온대요!"
    tokens = analyzer.tokenize(text)
    assert tokens == analyzer.analyze(text)[0].tokens
    first = tokens[0]
    assert (first.form, first.tag, first.start, first.len, first.end) == ("오늘", "NNG", 0, 2, 2)
    assert repr(first) == "Token(form='오늘', tag='NNG', start=0, len=2)"
    assert first._asdict()["word_position"] == 0 and not first.unknown and first.id > 0
    for t in tokens:
        assert text[t.start:t.end].strip() == text[t.start:t.end] != ""
        assert t.tag in kma.tag_names()
    assert [t.sent_position for t in tokens if t.form == "내일"] == [1]
    assert [t.word_position for t in tokens if t.form == "날씨"] == [1]


def test_tokens_stay_out_of_the_garbage_collector(analyzer):
    # Tokens hold only atomic values, so they cannot form cycles; tracked,
    # every full collection rescanned all the tokens a corpus run kept.
    tokens = analyzer.tokenize("오늘은 날씨가 좋다.")
    assert tokens and not any(gc.is_tracked(t) for t in tokens)
    kept = [analyzer.analyze("나는 밥을 먹었다.") for _ in range(50)]
    gc.collect()
    assert kept[-1][0].tokens[0].form == "나" and kept[-1] == kept[0]


def test_unknown_words_are_flagged(analyzer):
    tokens = analyzer.tokenize("뷁뛣쀍")
    assert any(t.unknown and t.id == 0 for t in tokens)


def test_split_sentences(analyzer):
    text = "오늘은 날씨가 좋다. 내일은 비가 온대요! 😀 이모지도 있어요"
    sentences = analyzer.split_sentences(text)
    # An emoji after a sentence end closes that sentence (docs/ACCURACY.md, splitting).
    assert [s.text for s in sentences] == ["오늘은 날씨가 좋다.", "내일은 비가 온대요! 😀",
                                           "이모지도 있어요"]
    for s in sentences:
        assert text[s.start:s.end] == s.text
    assert analyzer.split_sentences(text.encode()) == sentences


def test_empty_text(analyzer):
    assert analyzer.analyze("") == [kma.Analysis([], 0.0)]
    assert analyzer.tokenize("") == [] and analyzer.split_sentences("") == []


def test_invalid_utf8_bytes(analyzer):
    with pytest.raises(kma.InvalidTextError) as info:
        analyzer.analyze("가나".encode() + b"\xff" + "다".encode())
    err = info.value
    assert err.status == kma.STATUS_CODES["KMA_E_INVALID_UTF8"]
    assert err.status_name == "KMA_E_INVALID_UTF8" and err.offset == 6
    assert "byte 6" in str(err) and isinstance(err, ValueError)


def test_lone_surrogate_in_str(analyzer):
    with pytest.raises(kma.InvalidTextError) as info:
        analyzer.tokenize("가나\ud800다")
    assert info.value.status == kma.STATUS_CODES["KMA_E_INVALID_UTF16"]
    assert info.value.offset == 2


def test_wrong_types(analyzer):
    with pytest.raises(TypeError):
        analyzer.analyze(None)
    with pytest.raises(TypeError):
        analyzer.analyze_many(["가", 3], errors="return")
    with pytest.raises(TypeError):
        analyzer.analyze(TEXT, top_n="3")


def test_ints_beyond_c_are_value_errors(analyzer):
    # pybind11 refused them with a TypeError naming its own signature.
    with pytest.raises(ValueError, match="top_n must be in 1..64"):
        analyzer.analyze(TEXT, top_n=2**40)
    with pytest.raises(ValueError, match="top_n must be in 1..64"):
        analyzer.analyze_many([TEXT], top_n=-2**40)
    with pytest.raises(ValueError, match="workers must be in 0..256"):
        analyzer.analyze_many([TEXT], workers=2**40)
    with pytest.raises(TypeError, match="top_n must be an int, not float"):
        analyzer.analyze(TEXT, top_n=1.0)


def test_models_that_are_no_files_fail_at_once():
    # /dev/zero was read until memory ran out (9.25 GB).
    with pytest.raises(kma.ModelError) as info:
        kma.Model("/dev/zero")
    assert info.value.status_name == "KMA_E_MODEL_FORMAT" and "bad magic" in info.value.message
    with pytest.raises(kma.ModelError) as info:
        kma.Model("")
    assert info.value.status_name == "KMA_E_IO"


@pytest.mark.parametrize("top_n", [0, 65])
def test_top_n_out_of_range(analyzer, top_n):
    with pytest.raises(kma.InvalidArgumentError) as info:
        analyzer.analyze(TEXT, top_n=top_n)
    assert info.value.status == kma.STATUS_CODES["KMA_E_INVALID_ARGUMENT"]
    assert "KMA_OPT_TOP_N" in info.value.message


def test_options(analyzer):
    model = analyzer.model
    assert model.default_lm in model.lm_names and analyzer.lm == model.default_lm
    for lm in model.lm_names:
        assert kma.Analyzer(model, lm).tokenize("나는 밥을 먹었다.")[0].form == "나"
    with pytest.raises(kma.InvalidArgumentError, match="nope"):
        kma.Analyzer(model, "nope")
    with pytest.raises(kma.InvalidArgumentError):
        kma.Analyzer(model, beam=-1.0)
    with pytest.raises(kma.InvalidArgumentError):
        kma.Analyzer(model, max_unknown_length=0)
    narrow = kma.Analyzer(model, beam=3.0, max_unknown_length=4)
    assert str(narrow.analyze(TEXT)[0]) == str(analyzer.analyze(TEXT)[0])


def test_model(analyzer):
    model = analyzer.model
    assert model.path == kma.default_model_path() == str(kma.BUNDLED_MODEL)
    lo, hi = kma.model_format_versions()
    assert lo <= model.format_version <= hi and model.morpheme_count > 10000
    assert model.metadata("license") != "" and model.metadata("no such key") == ""
    assert kma.library_version() == kma.__version__


def test_model_errors(tmp_path):
    with pytest.raises(kma.ModelError) as info:
        kma.Model(tmp_path / "missing.kmam")
    assert info.value.status == kma.STATUS_CODES["KMA_E_IO"]
    assert "missing.kmam" in info.value.message
    bad = tmp_path / "bad.kmam"
    bad.write_bytes(b"not a model" * 100)
    with pytest.raises(kma.ModelError) as info:
        kma.Analyzer(bad)
    assert info.value.status == kma.STATUS_CODES["KMA_E_MODEL_FORMAT"]
    with pytest.raises(kma.InvalidArgumentError):
        kma.Model("a\0b")


def test_kma_model_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("KMA_MODEL", str(tmp_path / "elsewhere.kmam"))
    assert kma.default_model_path() == str(tmp_path / "elsewhere.kmam")
    with pytest.raises(kma.ModelError, match="elsewhere.kmam"):
        kma.Analyzer()


def test_pickle(analyzer):
    tokens = analyzer.tokenize(TEXT)
    assert pickle.loads(pickle.dumps(tokens)) == tokens
    copy = pickle.loads(pickle.dumps(kma.Analyzer(analyzer.model, "knlm", beam=5.0)))
    assert copy.lm == "knlm" and copy.model.path == analyzer.model.path
    err = pickle.loads(pickle.dumps(kma.InvalidTextError("m", -20, 3, 1)))
    assert (type(err), err.status, err.offset, err.index) == (kma.InvalidTextError, -20, 3, 1)


def test_threads_share_an_analyzer(analyzer, golden_dir):
    # Calls on one analyzer from several threads take turns (a mutex in the
    # binding): the results are those of sequential calls.
    texts = golden_dir.joinpath("corpus.txt").read_text(encoding="utf-8").splitlines()
    want = [analyzer.tokenize(t) for t in texts]
    got = {}

    def work(k):
        got[k] = [analyzer.tokenize(t) for t in texts]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[k] == want for k in range(4))


def test_analysis_releases_the_gil(analyzer, golden_dir):
    # While one thread analyses a long text, another keeps running Python:
    # with the GIL held through the C call, the counter could not move.
    text = " ".join(golden_dir.joinpath("corpus.txt").read_text(encoding="utf-8").split()) * 8
    counter = [0]
    seen = {}
    done = threading.Event()

    def work():
        before = counter[0]
        analyzer.analyze(text)
        seen["during"] = counter[0] - before
        done.set()

    thread = threading.Thread(target=work)
    thread.start()
    while not done.is_set():
        counter[0] += 1
    thread.join()
    assert seen["during"] > 1000, seen


def test_one_convention_and_no_convention_option(analyzer):
    # Every sentence is analysed in one convention (docs/CONVENTIONS.md):
    # 같은 in this KAIST-like sentence is 같/VA 은/ETM as in every source,
    # and the convention prior's option is gone.
    text = "그는 다른 사람과 같은 생각을 하고 있었다."
    assert "같/VA 은/ETM 생각/NNG" in " ".join(f"{t.form}/{t.tag}" for t in analyzer.tokenize(text))
    with pytest.raises(TypeError, match="known: top_n"):
        kma.Analyzer(analyzer.model, convention=False)


def test_typos_option_reads_misspellings_as_meant(analyzer):
    model = analyzer.model
    text = "안녕하세여"
    plain = kma.Analyzer(model).tokenize(text)
    assert not any(t.corrected for t in plain)
    tolerant = kma.Analyzer(model, typos=True)
    tokens = tolerant.tokenize(text)
    assert " ".join(f"{t.form}/{t.tag}" for t in tokens) == "안녕/NNG 하/XSA 시/EP 어요/EF"
    corrected = [t for t in tokens if t.corrected]
    # The corrected morphemes keep the span of the text as written.
    assert [text[t.start:t.end] for t in corrected] == ["세여", "세여"]
    assert not tokens[0].corrected
    # Correct text keeps its analysis, and laughter is a token of its own.
    assert tolerant.tokenize("나는 밥을 먹었다.") == kma.Analyzer(model).tokenize("나는 밥을 먹었다.")
    assert [(t.form, t.tag) for t in tolerant.tokenize("ㅋㅋ 재밌다")][0] == ("ㅋㅋ", "IC")
    assert pickle.loads(pickle.dumps(tolerant)).tokenize(text) == tokens
    with pytest.raises(TypeError):
        kma.Analyzer(model, typos=1)
