"""The output options (docs/OUTPUT_OPTIONS.md): lemmas on tokens, and
golden parity of the records with every option on
(tests/golden/options_expected.jsonl, the CLI's JSON with the same options)."""
import kma

# The options of tests/golden/CMakeLists.txt's KMA_GOLDEN_OPTIONS, by name.
GOLDEN_OPTIONS = dict(lemma=True, join_derivations=True, stop_words=True,
                      no_special="hashtag serial emoji")
GOLDEN_STOP_WORDS = "options_stop_words.txt"  # stop_word_list: its text


def read_lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_lemmas(analyzer):
    tokens = analyzer.tokenize("밥을 먹었다. 가까운 집이다")
    lemmas = {(t.form, t.tag): t.lemma for t in tokens}
    assert lemmas[("먹", "VV")] == "먹다"
    assert lemmas[("가깝", "VA")] == "가깝다"
    assert lemmas[("이", "VCP")] == "이다"
    assert lemmas[("밥", "NNG")] == "밥"
    assert lemmas[("었", "EP")] == "었"


def test_lemma_records():
    plain = kma.Analyzer()
    with_lemma = kma.Analyzer(lemma=True)
    assert with_lemma.format("먹었다", "morphs") == "먹다/VV 었/EP 다/EF\n"
    assert plain.format("먹었다", "morphs") == "먹/VV 었/EP 다/EF\n"
    assert '"lemma":"먹다"' in with_lemma.format("먹었다", "json")
    assert "lemma" not in plain.format("먹었다", "json")
    # The tokens are the same with or without the option.
    assert plain.tokenize("먹었다") == with_lemma.tokenize("먹었다")


def test_stop_words():
    text = "나는 학교에 가서 공부를 했다."
    assert kma.Analyzer(stop_words=True).format(text, "morphs") == "학교/NNG 가/VV 공부/NNG\n"
    mine = kma.Analyzer(stop_word_list="# mine\n학교/NNG\n*/NP\n")
    assert "학교" not in mine.format(text, "morphs")
    try:
        kma.Analyzer(stop_word_list="학교/NNG\n학교/NNQ\n")
    except kma.KmaError as e:
        assert "line 2: unknown tag 'NNQ'" in str(e)
    else:
        raise AssertionError("a bad stop-word list was accepted")


def test_special_classes_off():
    text = "#맛집 010-1234-5678 😀"
    assert str(kma.Analyzer().analyze(text)[0]) == "#맛집/W_HASHTAG 010-1234-5678/W_SERIAL 😀/W_EMOJI"
    off = kma.Analyzer(no_special="hashtag,serial,emoji")
    assert str(off.analyze(text)[0]) == "#/SW 맛집/NNG 010/SN -/SS 1234/SN -/SS 5678/SN 😀/SW"


def test_options_golden(golden_dir):
    stop = (golden_dir / GOLDEN_STOP_WORDS).read_text(encoding="utf-8")
    analyzer = kma.Analyzer(**GOLDEN_OPTIONS, stop_word_list=stop)
    corpus = read_lines(golden_dir / "options_corpus.txt")
    expected = read_lines(golden_dir / "options_expected.jsonl")
    assert len(corpus) == len(expected) > 0
    for text, want in zip(corpus, expected):
        assert analyzer.format(text, "json") == want + "\n", text
