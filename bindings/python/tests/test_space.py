"""Analyzer.space: spacing correction through kma_space_utf8."""
import pytest

import kma


def test_space_adds_and_removes_spaces(analyzer):
    assert analyzer.space("아버지가방에들어가신다") == "아버지가 방에 들어가신다"
    assert analyzer.space("나는 학교 에 갔 다") == "나는 학교에 갔다"


def test_correct_text_and_weights(analyzer):
    text = "오늘 날씨가 정말 좋네요."
    for weight in (None, 0.0, 0.5, 1.0):
        assert analyzer.space(text, weight) == text
    assert analyzer.space("") == ""
    assert analyzer.space(b"\xec\x98\xa4\xeb\x8a\x98") == "오늘"  # bytes are UTF-8


def test_bad_input(analyzer):
    with pytest.raises(ValueError):
        analyzer.space("가나", 1.5)
    with pytest.raises(kma.KmaError) as e:
        analyzer.space(b"\xea\xb0\x80\xff")
    assert e.value.offset == 3
