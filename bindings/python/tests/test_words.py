"""Analyzer.extract_words: new-word discovery through kma_words.h."""
import pytest

import kma

# 킬링타임용 (the model reads 킬링타임 + 용) before particles and alone;
# 영화, which the model knows, the same way.
LINES = ["킬링타임용으로 좋다", "킬링타임용이다 영화가", "킬링타임용 영화를", "킬링타임용을 봤다 영화는",
         "킬링타임용으로 영화로", "킬링타임용이다 영화", "킬링타임용 영화가", "킬링타임용을 영화를"]


def test_finds_the_noun_the_model_lacks(analyzer):
    words = analyzer.extract_words(LINES)
    assert [w.form for w in words] == ["킬링타임용"]
    assert words[0].count == 8 and words[0].score > 0
    assert isinstance(words[0], kma.WordCandidate)
    assert analyzer.extract_words(iter(LINES), min_count=9) == []  # too rare
    assert analyzer.extract_words("\n".join(LINES)) == words      # one text of many lines
    assert analyzer.extract_words([line.encode() for line in LINES]) == words


def test_the_candidates_fill_a_user_dictionary():
    model = kma.Model()
    d = kma.UserDict(model)
    for w in kma.Analyzer(model).extract_words(LINES):
        d.add_word(w.form, "NNG")
    before = kma.Analyzer(model).tokenize("킬링타임용으로 봤다")[0].form
    after = kma.Analyzer(model.with_user_dict(d)).tokenize("킬링타임용으로 봤다")[0].form
    assert (before, after) == ("킬링타임", "킬링타임용")


def test_bad_input(analyzer):
    with pytest.raises(ValueError):
        analyzer.extract_words(LINES, min_count=0)
    with pytest.raises(ValueError):
        analyzer.extract_words(LINES, top=-1)
    with pytest.raises(kma.KmaError) as e:
        analyzer.extract_words(["좋다", b"\xea\xb0\x80\xff"])
    assert e.value.index == 1 and e.value.offset == 3
