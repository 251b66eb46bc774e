"""The kiwipiepy-style calls: join of pairs and tokens, per-call
blocklists, and the language-model queries."""
import math

import pytest

import kma


@pytest.fixture(scope="module")
def joiner():
    return kma.Joiner()


# ---- join ------------------------------------------------------------------

def test_join_pairs_triples_and_strings(joiner):
    assert joiner.join([("먹", "VV"), ("었", "EP"), ("다", "EF")]) == "먹었다"
    assert joiner.join(["돕/VV", "아/EC", "주/VX", "었/EP", "어요/EF"]) == "도와줬어요"
    assert joiner.join("돕/VV 아/EC 주/VX 었/EP 어요/EF") == "도와줬어요"  # the string form as before
    assert joiner.join([("가깝", "VA"), ("ㄴ", "ETM"), ("곳", "NNG", True)]) == "가까운 곳"
    assert joiner.join([("학교", "NNG"), ("가", "VV", False), ("ㄴ다", "EF")]) == "학교간다"
    assert joiner.join(iter([("먹", "VV"), ("다", "EF")])) == "먹다"
    assert joiner.join([]) == ""


@pytest.mark.parametrize("text", ["아버지가 방에 들어가신다", "아버지가방에들어가신다",
                                  "나는  학교에 갔다. 그리고 집에 왔다"])
def test_join_tokens_keeps_the_original_spacing(analyzer, joiner, text):
    assert joiner.join(analyzer.tokenize(text)) == " ".join(text.split())


def test_join_errors(joiner):
    with pytest.raises(kma.InvalidArgumentError) as info:
        joiner.join([("먹", "VV"), ("었", "XX")])
    assert info.value.index == 1
    assert joiner.join([("먹", "VV"), ("다", "EF")]) == "먹다"  # nothing left behind
    for bad in ([("먹",)], [("먹", "VV", "yes")], [42], ["먹다"], b"x"):
        with pytest.raises((TypeError, ValueError)):
            joiner.join(bad)


# ---- blocklist -------------------------------------------------------------

TEXT = "걸어서 갔다"


def test_blocklist_applies_to_its_call_only(analyzer):
    plain = str(analyzer.analyze(TEXT)[0])
    assert plain.startswith("걷/VV")
    for blocklist in (["걷/VV"], [("걷", "VV")], [analyzer.tokenize(TEXT)[0]]):
        blocked = analyzer.analyze(TEXT, blocklist=blocklist)[0]
        assert ("걷", "VV") not in [(t.form, t.tag) for t in blocked.tokens]
        assert str(analyzer.analyze(TEXT)[0]) == plain  # does not leak to the next call
    assert str(analyzer.analyze(TEXT, blocklist=[])[0]) == plain


def test_blocklist_of_a_tag_and_the_other_calls(analyzer):
    text = "철수가 학교에 갔다"
    tags = {t.tag for t in analyzer.tokenize(text)}
    assert "JKS" in tags
    assert "JKS" not in {t.tag for t in analyzer.tokenize(text, blocklist=["JKS"])}
    assert "JKS" in {t.tag for t in analyzer.tokenize(text)}
    many = analyzer.analyze_many([text, TEXT], workers=2, blocklist=["JKS", "걷/VV"])
    assert all(t.tag != "JKS" and t.form != "걷" for r in many for t in r[0].tokens)
    streamed = list(analyzer.tokenize([text, TEXT], workers=2, blocklist=["JKS"]))
    assert streamed == [analyzer.tokenize(text, blocklist=["JKS"]), analyzer.tokenize(TEXT, blocklist=["JKS"])]
    assert analyzer.analyze_many([text])[0][0].tokens == analyzer.tokenize(text)


def test_blocklist_keeps_the_analyzers_user_dictionary():
    model = kma.Model()
    d = kma.UserDict(model)
    d.add_word("뉴진스", "NNP")
    a = kma.Analyzer(model.with_user_dict(d), user_dict=d)
    tokens = a.tokenize("뉴진스가 걸어서 갔다", blocklist=["걷/VV"])
    assert tokens[0].tagged_form == "뉴진스/NNP"
    assert "걷/VV" not in [t.tagged_form for t in tokens]


def test_blocklist_errors(analyzer):
    with pytest.raises(kma.InvalidArgumentError):
        analyzer.analyze(TEXT, blocklist=["걷/XX"])
    with pytest.raises(TypeError):
        analyzer.analyze(TEXT, blocklist="걷/VV")  # one string, not a list
    with pytest.raises((TypeError, ValueError)):
        analyzer.analyze(TEXT, blocklist=[("걷",)])
    assert str(analyzer.analyze(TEXT)[0]).startswith("걷/VV")


# ---- language model --------------------------------------------------------

def test_predict_next_morpheme_shape(analyzer):
    best = analyzer.predict_next_morpheme("먹/VV 었/EP", top_n=5)
    assert len(best) == 5 and all(isinstance(e, kma.LmEntry) for e in best)
    assert all(isinstance(e.label, str) and isinstance(e.id, int) for e in best)
    scores = [e.score for e in best]
    assert scores == sorted(scores, reverse=True) and all(s <= 0 for s in scores)
    assert math.exp(scores[0]) > 0.1
    assert best[0].label.endswith(("/EF", "/EC"))
    same = analyzer.predict_next_morpheme([("먹", "VV"), "었/EP"], top_n=5)
    assert same == best
    assert analyzer.predict_next_morpheme(analyzer.tokenize("먹었"), top_n=5) == best
    assert len(analyzer.predict_next_morpheme(top_n=3)) == 3  # sentence start


def test_most_similar_morphemes_shape(analyzer):
    similar = analyzer.most_similar_morphemes("학교/NNG", top_n=4)
    assert len(similar) == 4 and "학교/NNG" not in [e.label for e in similar]
    scores = [e.score for e in similar]
    assert scores == sorted(scores, reverse=True) and all(-1 <= s <= 1 for s in scores)
    assert analyzer.most_similar_morphemes(("학교", "NNG"), top_n=4) == similar


def test_lm_queries_follow_the_analyzers_lm():
    model = kma.Model()
    assert "knlm" in model.lm_names
    with pytest.raises(kma.KmaError) as info:
        kma.Analyzer(model, lm="knlm").most_similar_morphemes("학교/NNG")
    assert info.value.status_name == "KMA_E_UNSUPPORTED"
    assert len(kma.Analyzer(model, lm="knlm").predict_next_morpheme("먹/VV", 2)) == 2
    with pytest.raises(kma.InvalidArgumentError):
        model.predict_next_morpheme("먹/VV", 2, lm="no-such-lm")


def test_lm_query_errors(analyzer):
    with pytest.raises(kma.InvalidArgumentError) as info:
        analyzer.predict_next_morpheme("먹/VV 었/XX")
    assert info.value.offset == len("먹/VV ".encode())
    with pytest.raises(ValueError):
        analyzer.most_similar_morphemes("학교")
    for top_n in (0, 1001):
        with pytest.raises(ValueError):
            analyzer.predict_next_morpheme("먹/VV", top_n)
    with pytest.raises(TypeError):
        analyzer.predict_next_morpheme("먹/VV", True)
    with pytest.raises(TypeError):
        analyzer.predict_next_morpheme(b"x")
