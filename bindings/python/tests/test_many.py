"""Analyzer.analyze_many: kma_pool batches, results in input order."""
import pytest

import kma


@pytest.fixture(scope="module")
def texts(golden_dir):
    lines = golden_dir.joinpath("corpus.txt").read_text(encoding="utf-8").splitlines()
    return lines * 3 + ["", "😀", "가" * 200]


@pytest.mark.parametrize("workers", [0, 1, 2, 3])
def test_same_as_analyze(analyzer, texts, workers):
    want = [analyzer.analyze(t, top_n=2) for t in texts]
    assert analyzer.analyze_many(texts, workers=workers, top_n=2) == want


def test_iterables_and_empty(analyzer, texts):
    want = [analyzer.analyze(t) for t in texts]
    assert analyzer.analyze_many(iter(texts), workers=2) == want
    assert analyzer.analyze_many(tuple(t.encode() for t in texts), workers=2) == want
    assert analyzer.analyze_many([], workers=2) == []


def test_more_texts_than_one_native_batch(analyzer):
    texts = [f"{i}번째 문장이다." for i in range(5000)]
    results = analyzer.analyze_many(texts, workers=2)
    assert len(results) == 5000
    assert [r[0].tokens[0].form for r in results[::997]] == [str(i) for i in range(0, 5000, 997)]


def test_bad_texts_raise_with_their_index(analyzer):
    texts = ["가방", "나무", b"\xc3(", "다리"]
    with pytest.raises(kma.InvalidTextError) as info:
        analyzer.analyze_many(texts, workers=2)
    assert (info.value.index, info.value.offset) == (2, 0)
    with pytest.raises(kma.InvalidTextError) as info:
        analyzer.analyze_many(["가", "\udc00"], workers=2)
    assert (info.value.index, info.value.offset) == (1, 0)


def test_bad_texts_returned_in_place(analyzer):
    texts = ["가방", b"ab\xffc", "나무", "x\ud800", "다리"]
    results = analyzer.analyze_many(texts, workers=2, errors="return")
    assert [r[0].tokens[0].form for r in results[0::2]] == ["가방", "나무", "다리"]
    bad_utf8, surrogate = results[1], results[3]
    assert isinstance(bad_utf8, kma.InvalidTextError)
    assert (bad_utf8.status_name, bad_utf8.offset, bad_utf8.index) == ("KMA_E_INVALID_UTF8", 2, 1)
    assert (surrogate.status_name, surrogate.offset, surrogate.index) == (
        "KMA_E_INVALID_UTF16", 1, 3)


def test_argument_checks(analyzer):
    with pytest.raises(ValueError):
        analyzer.analyze_many(["가"], workers=-1)
    with pytest.raises(ValueError):
        analyzer.analyze_many(["가"], errors="ignore")
    with pytest.raises(kma.InvalidArgumentError):
        analyzer.analyze_many(["가"], workers=1000)
    with pytest.raises(kma.InvalidArgumentError):
        analyzer.analyze_many(["가"], top_n=0)
