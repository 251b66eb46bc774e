"""Constrained analysis: spans analysed as given, lemma constraints, errors."""
import pytest

import kma


def test_no_constraints_is_plain_analysis(analyzer):
    text = "아버지가방에들어가신다"
    assert analyzer.analyze(text, spans=[], lemmas=[]) == analyzer.analyze(text)


def test_span_is_analysed_as_given(analyzer):
    text = "나는 쿠쿠루뱅크에서 돈을 찾았다."
    start = text.index("쿠쿠루뱅크")
    best = analyzer.analyze(text, spans=[(start, start + 5, "쿠쿠루뱅크/NNP")])[0]
    forced = [t for t in best.tokens if t.form == "쿠쿠루뱅크"]
    assert len(forced) == 1 and forced[0].tag == "NNP"
    assert text[forced[0].start:forced[0].end] == "쿠쿠루뱅크"
    assert best.tokens[best.tokens.index(forced[0]) + 1].form == "에서"


def test_several_morphemes_and_lemmas(analyzer):
    best = analyzer.analyze("길을 걸었다", spans=[(3, 6, "걷/VV+었/EP+다/EF")])[0]
    assert str(best).endswith("걷/VV 었/EP 다/EF")
    for lemma in ("걷/VV|걸/VV", ("걷/VV|걸/VV", 3, 6)):
        best = analyzer.analyze("길을 걸었다", lemmas=[lemma])[0]
        assert any(t.tag == "VV" for t in best.tokens)
    # Every one of the N best analyses holds the span.
    for a in analyzer.analyze("길을 걸었다", top_n=3, spans=[(0, 1, "길/NNG")]):
        assert a.tokens[0].form == "길" and a.tokens[0].len == 1


def test_errors(analyzer):
    with pytest.raises(kma.UnsatisfiableError) as e:
        analyzer.analyze("밥을 먹었다", lemmas=["없는말/VV"])
    assert "없는말/VV" in e.value.message
    with pytest.raises(kma.InvalidArgumentError) as e:
        analyzer.analyze("밥을 먹었다", spans=[(0, 1, "밥/NNQ")])
    assert e.value.offset == 4  # the tag, in the UTF-8 of "밥/NNQ"
    with pytest.raises(kma.InvalidArgumentError) as e:
        analyzer.analyze("밥을", spans=[(1, 9, "을/JKO")])
    assert e.value.offset == 9
    with pytest.raises(TypeError):
        analyzer.analyze("밥을", spans=[(0, 1, b"bytes/NNG")])


@pytest.mark.parametrize("spans, error", [
    ([("0", 1, "밥/NNG")], TypeError),      # each was RuntimeError ("Unable to cast...")
    ([(0,)], TypeError),
    ([5], TypeError),
    (["0:1 밥/NNG"], TypeError),
    ([(0.0, 1, "밥/NNG")], TypeError),
    ([(-1, 1, "밥/NNG")], ValueError),
    ([(0, 2**40, "밥/NNG")], ValueError),
])
def test_malformed_spans_are_type_or_value_errors(analyzer, spans, error):
    with pytest.raises(error):
        analyzer.analyze("밥", spans=spans)


@pytest.mark.parametrize("lemmas, error", [
    ([("밥/NNG", -1, 0)], ValueError),
    ([("밥/NNG", 0, 2**33)], ValueError),
    ([("밥/NNG", 0)], TypeError),
    ([(1, 0, 0)], TypeError),
])
def test_malformed_lemmas_are_type_or_value_errors(analyzer, lemmas, error):
    with pytest.raises(error):
        analyzer.analyze("밥", lemmas=lemmas)


def test_forms_with_control_characters_are_refused(analyzer):
    # A raw tab or CR ends a morpheme; escaped, it reached the outputs.
    for form, offset in (("a\\\tb/SL", 2), ("a\\\rb/SL", 2), ("a\x00b/SL", 1)):
        with pytest.raises(kma.InvalidArgumentError) as e:
            analyzer.analyze("abc", spans=[(0, 3, form)])
        assert "control character" in e.value.message and e.value.offset == offset
