"""User dictionaries, output tags and the joiner: the golden user-dictionary
corpus (as the CLI and the other bindings), entries of every kind, errors
with line and column, pickling of a derived model."""
import pickle

import pytest

import kma


@pytest.fixture(scope="module")
def model():
    return kma.Model()


def best(model, text, **kw):
    return " ".join(t.tagged_form for t in kma.Analyzer(model, **kw).tokenize(text))


def test_golden_user_dict_corpus(model, golden_dir):
    d = kma.UserDict(model)
    d.load(golden_dir / "user_dict.tsv")
    derived = model.with_user_dict(d)
    corpus = (golden_dir / "user_dict_corpus.txt").read_text(encoding="utf-8").splitlines()
    expected = (golden_dir / "user_dict_expected.tsv").read_text(encoding="utf-8").splitlines()
    assert len(corpus) == len(expected) > 0
    analyzer = kma.Analyzer(derived)
    for text, want in zip(corpus, expected):
        assert " ".join(t.tagged_form for t in analyzer.tokenize(text)) == want, text


def test_entries_of_every_kind(model):
    d = kma.UserDict(model)
    d.add_word("뉴진스", "NNP")
    d.add_stem("힙스럽", "VA", "ㅂ")
    d.add_analysis("할많하않", "하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN")
    d.add_pattern(r"[A-Z]{2}-\d{3,}", "NNP")
    d.block("MAG")
    assert len(d) == 5
    derived = model.with_user_dict(d)
    assert best(derived, "뉴진스를") == "뉴진스/NNP 를/JKO"
    assert best(derived, "힙스러워").startswith("힙스럽/VA ")
    assert best(derived, "AB-123") == "AB-123/NNP"
    assert "/MAG" not in best(derived, "정말 너무 좋다")
    assert best(model, "뉴진스를") != "뉴진스/NNP 를/JKO"  # the base model is unchanged
    assert best(derived, "뉴진스를 좋아해", tags="NNP") == "뉴진스/NNP"
    assert best(derived, "뉴진스를 좋아해", tags=["NNP", "JKO"]) == "뉴진스/NNP 를/JKO"


def test_user_morphemes_are_flagged(model):
    d = kma.UserDict(model)
    d.add_word("뉴진스", "NNP")
    tokens = kma.Analyzer(model.with_user_dict(d)).tokenize("뉴진스를 좋아해")
    assert (tokens[0].form, tokens[0].user, tokens[0].id) == ("뉴진스", True, 0)
    assert tokens[0]._asdict()["user"] is True
    assert not any(t.user for t in tokens[1:])
    assert not any(t.user for t in kma.Analyzer(model).tokenize("뉴진스를 좋아해"))


def test_a_derived_model_pickles_with_its_entries(model):
    d = kma.UserDict(model)
    d.add_word("카카오뱅크", "NNP")
    derived = pickle.loads(pickle.dumps(model.with_user_dict(d)))
    assert best(derived, "카카오뱅크에서") == "카카오뱅크/NNP 에서/JKB"


def test_errors_name_line_and_column(model, tmp_path):
    d = kma.UserDict(model)
    bad = tmp_path / "my.tsv"
    bad.write_text("뉴진스\tNNP\n카카오뱅크\tNNQ\n", encoding="utf-8")
    with pytest.raises(kma.InvalidArgumentError) as e:
        d.load(bad)
    assert f"{bad}:2:17: unknown tag 'NNQ'" in str(e.value)
    assert len(d) == 0
    with pytest.raises(kma.InvalidArgumentError):
        d.add_word("a b", "NNP")
    with pytest.raises(kma.InvalidArgumentError):
        d.add_pattern("(ab", "SL")
    with pytest.raises(kma.InvalidArgumentError):
        kma.Analyzer(model, tags="NNG,XX")


def test_joiner(model):
    j = kma.Joiner(model)
    assert j.join("돕/VV 아/EC 주/VX 었/EP 어요/EF") == "도와줬어요"
    assert j.join("가깝/VA ㄴ/ETM") == "가까운"
    assert j.join("하/VV 시/EP 었/EP 다/EF") == "하셨다"
    with pytest.raises(kma.InvalidArgumentError):
        j.join("먹/VV 었")
