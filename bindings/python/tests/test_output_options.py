"""The output options (docs/OUTPUT_OPTIONS.md): lemmas on tokens, and
golden parity of the records with every option on
(tests/golden/options_expected.jsonl, the CLI's JSON with the same options)."""
import kma

# The options of tests/golden/CMakeLists.txt's KMA_GOLDEN_OPTIONS, by name.
GOLDEN_OPTIONS = dict(lemma=True, join_derivations=True)


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


def test_options_golden(golden_dir):
    analyzer = kma.Analyzer(**GOLDEN_OPTIONS)
    corpus = read_lines(golden_dir / "options_corpus.txt")
    expected = read_lines(golden_dir / "options_expected.jsonl")
    assert len(corpus) == len(expected) > 0
    for text, want in zip(corpus, expected):
        assert analyzer.format(text, "json") == want + "\n", text
