"""Analyzer.tokenize(iterable): texts streamed through the native pool in
bounded chunks, results in input order, errors as analyze_many's."""
import itertools

import pytest

import kma


@pytest.fixture(scope="module")
def texts(golden_dir):
    lines = golden_dir.joinpath("corpus.txt").read_text(encoding="utf-8").splitlines()
    return lines + ["", "😀", "가" * 200, "오늘은 날씨가 좋다."]


@pytest.mark.parametrize("workers,chunk", [(1, 256), (2, 5), (3, 1), (0, 64)])
def test_input_order_with_workers(analyzer, texts, workers, chunk):
    want = [analyzer.tokenize(t) for t in texts]
    got = analyzer.tokenize(iter(texts), workers=workers, chunk_size=chunk)
    assert not isinstance(got, list)  # a generator, not a list
    assert list(got) == want


def test_str_and_bytes_stay_single_texts(analyzer):
    tokens = analyzer.tokenize("아버지가방에들어가신다")
    assert isinstance(tokens, list) and tokens[0].form == "아버지"
    assert analyzer.tokenize("아버지가방에들어가신다".encode()) == tokens
    assert list(analyzer.tokenize([b"\xea\xb0\x80", "가"])) == [analyzer.tokenize("가")] * 2


def test_generator_longer_than_a_chunk_is_read_in_chunks(analyzer):
    pulled = []

    def lines():
        for i in itertools.count():  # endless: only a streaming reader finishes
            pulled.append(i)
            yield f"{i}번째 문장이다."

    stream = analyzer.tokenize(lines(), workers=2, chunk_size=10)
    first = next(stream)
    assert first[0].form == "0"
    assert len(pulled) <= 20  # this chunk and the one analysed ahead
    rest = list(itertools.islice(stream, 34))
    assert [t[0].form for t in rest[::11]] == ["1", "12", "23", "34"]
    assert len(pulled) <= 35 + 20
    stream.close()


def test_empty_iterable(analyzer):
    assert list(analyzer.tokenize([], workers=2)) == []
    assert list(analyzer.tokenize(iter(()), chunk_size=1)) == []


def test_raise_reaches_the_bad_text_after_the_good_ones(analyzer):
    texts = [f"문장 {i}" for i in range(12)]
    texts[9] = b"ab\xffc"
    stream = analyzer.tokenize(texts, workers=2, chunk_size=4)
    got = list(itertools.islice(stream, 9))
    assert got == [analyzer.tokenize(t) for t in texts[:9]]
    with pytest.raises(kma.InvalidTextError) as info:
        next(stream)
    # index counts over the whole input, not within its chunk
    assert (info.value.status_name, info.value.offset, info.value.index) == ("KMA_E_INVALID_UTF8", 2, 9)


def test_return_puts_errors_in_place_and_goes_on(analyzer):
    texts = ["가방", "x\ud800", "나무"] * 3
    got = list(analyzer.tokenize(texts, workers=2, chunk_size=2, errors="return"))
    assert len(got) == 9
    errors = [(i, e) for i, e in enumerate(got) if isinstance(e, kma.KmaError)]
    assert [(i, e.index, e.offset, e.status_name) for i, e in errors] == [
        (i, i, 1, "KMA_E_INVALID_UTF16") for i in (1, 4, 7)]
    assert all(isinstance(e, kma.InvalidTextError) for _, e in errors)
    assert [t[0].form for t in got[0::3]] == ["가방"] * 3


def test_an_item_of_the_wrong_type_raises_when_reached(analyzer):
    stream = analyzer.tokenize(["가방", "나무", 3, "다리"], chunk_size=2, errors="return")
    assert [t[0].form for t in itertools.islice(stream, 2)] == ["가방", "나무"]
    with pytest.raises(TypeError, match="text 2"):
        next(stream)


def test_arguments_are_checked_at_the_call(analyzer):
    with pytest.raises(ValueError):
        analyzer.tokenize(["가"], errors="ignore")
    with pytest.raises(ValueError):
        analyzer.tokenize(["가"], workers=-1)
    with pytest.raises(ValueError):
        analyzer.tokenize(["가"], chunk_size=0)
    with pytest.raises(TypeError):
        analyzer.tokenize(["가"], chunk_size=2.5)
    with pytest.raises(TypeError):
        analyzer.tokenize(42)
