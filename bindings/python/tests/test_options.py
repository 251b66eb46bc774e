"""kma.Options: built from the library's option table (so it offers every
analysis slot the C header declares, and nothing else), keyword-only, set
only what is given, shared by Analyzer and kma.dask (tests/test_dask.py),
with tags and user dictionaries; and the status codes against the header."""
import pickle
import re

import pytest

import kma
from kma import _kma
from kma._options import SLOTS


def header_constants(include_dir, header, pattern):
    text = (include_dir / "kma" / header).read_text(encoding="utf-8")
    return {m[1]: int(m[2]) for m in re.finditer(pattern, text, re.M)}


def test_status_codes_are_the_headers(include_dir):
    want = header_constants(include_dir, "kma_common.h", r"^\s*(KMA_(?:OK|E_[A-Z0-9_]+))\s*=\s*(-?\d+)")
    assert want and kma.STATUS_CODES == want


def test_options_are_the_headers_slots(include_dir):
    slots = header_constants(include_dir, "kma_options.h", r"^\s*KMA_OPT_(?!TYPE_|FLAG_)([A-Z0-9_]+)\s*=\s*(\d+)")
    table = {name: slot for name, slot, *_ in _kma.option_table()}
    assert table == {name.lower(): slot for name, slot in slots.items()}
    # Every slot but the model-lookup one is an option here.
    assert set(SLOTS) == set(table) - {"package_model"}
    assert list(kma.Options.__signature__.parameters) == [*SLOTS, "user_dict"]


def test_types_come_from_the_table():
    for name, slot in SLOTS.items():
        wrong = "x" if slot.type != "str" else 3
        with pytest.raises(TypeError, match=name):
            kma.Options(**{name: wrong})
        if slot.type == "bool":
            with pytest.raises(TypeError, match=name):
                kma.Options(**{name: 1})
            assert getattr(kma.Options(**{name: not slot.default}), name) is (not slot.default)
        if slot.type in ("int", "float"):
            with pytest.raises(kma.InvalidArgumentError, match="KMA_OPT_" + name.upper()):
                kma.Options(**{name: int(slot.max) + 1})
            with pytest.raises(kma.InvalidArgumentError):
                kma.Options(**{name: 10 ** 30 if slot.type == "int" else float("nan")})
            top = int(slot.max) if slot.type == "int" else slot.max
            assert getattr(kma.Options(**{name: top}), name) == top


def test_keyword_only_and_unknown_names():
    with pytest.raises(TypeError):
        kma.Options(3)  # noqa
    with pytest.raises(TypeError, match="known: top_n"):
        kma.Options(topn=3)
    with pytest.raises(TypeError, match="not both"):
        kma.Options(tags="NNG", output_tags="VV")
    with pytest.raises(kma.InvalidArgumentError, match="XYZ"):
        kma.Options(output_tags=["NNG", "XYZ"])
    with pytest.raises(AttributeError):
        kma.Options().beam = 3


def test_only_what_is_given():
    opts = kma.Options(beam=7, typos=False, lm=None)
    assert dict(opts.items()) == {"beam": 7.0, "typos": False}
    assert opts.top_n is None and opts.value("top_n") == 1 and opts.value("beam") == 7.0
    assert opts.replace(beam=None, top_n=2) == kma.Options(typos=False, top_n=2)
    assert kma.Options(tags=["NNG", "VV"]) == kma.Options(output_tags="NNG,VV")
    assert len({kma.Options(beam=7), kma.Options(beam=7.0), kma.Options()}) == 2
    assert pickle.loads(pickle.dumps(opts)) == opts
    assert repr(opts) == "Options(beam=7.0, typos=False)"


def test_analyzer_takes_options_or_keywords(analyzer):
    text = "나는 밥을 먹었다."
    opts = kma.Options(top_n=3, output_tags=["NNG", "VV"])
    a = kma.Analyzer(analyzer.model, options=opts)
    b = kma.Analyzer(analyzer.model, top_n=3, tags="NNG,VV")
    assert a.options == b.options and a.analyze(text) == b.analyze(text)
    assert len(a.analyze(text)) == 3 and len(a.analyze(text, top_n=1)) == 1
    assert {t.tag for t in a.tokenize(text)} <= {"NNG", "VV"}
    # Keywords override the options object; the copy pickles with them.
    c = kma.Analyzer(analyzer.model, options=opts, top_n=2)
    assert len(c.analyze(text)) == 2 and c.options.output_tags == "NNG,VV"
    assert pickle.loads(pickle.dumps(c)).options == c.options
    with pytest.raises(TypeError, match="kma.Options"):
        kma.Analyzer(analyzer.model, options={"top_n": 2})


def test_user_dict_in_options(analyzer, golden_dir, tmp_path):
    model = analyzer.model
    d = kma.UserDict(model)
    d.add_word("뉴진스", "NNP")
    text = "뉴진스의 새 앨범"
    assert analyzer.tokenize(text)[0].tagged_form == "뉴진스/NNG"
    by_object = kma.Analyzer(model, user_dict=d)
    assert by_object.tokenize(text)[0].tagged_form == "뉴진스/NNP"
    path = tmp_path / "dict.tsv"
    path.write_text("뉴진스\tNNP\n", encoding="utf-8")
    assert kma.Analyzer(model, user_dict=path).tokenize(text)[0].tagged_form == "뉴진스/NNP"
    # A UserDict of another Model object of the file is replayed; pickled
    # options carry the entries.
    assert kma.Analyzer(kma.Model(model.path), user_dict=d).tokenize(text)[0].tag == "NNP"
    copy = pickle.loads(pickle.dumps(by_object))
    assert copy.tokenize(text)[0].tagged_form == "뉴진스/NNP"
    assert copy.options == by_object.options
    with pytest.raises(TypeError, match="user_dict"):
        kma.Options(user_dict=3)


@pytest.mark.parametrize("fmt", ["json", "morphs", "tsv"])
def test_format_is_the_cli_record(analyzer, cli, tmp_path, fmt):
    import subprocess

    lines = ["아버지가방에들어가신다", "", "😀 韓國語 \"따옴표\""]
    path = tmp_path / "in.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for top_n in (1, 3):
        args = [cli, "analyze", "-f", fmt, "-n", str(top_n), str(path)]
        if fmt == "tsv" and top_n > 1:
            # Both refuse: a tsv record has room for one analysis.
            assert subprocess.run(args, capture_output=True).returncode == 2
            with pytest.raises(ValueError, match="tsv format prints one analysis"):
                analyzer.format(lines[0], fmt, top_n=top_n)
            continue
        want = subprocess.run(args, check=True, capture_output=True).stdout.decode()
        assert "".join(analyzer.format(l, fmt, top_n=top_n) for l in lines) == want
    with pytest.raises(ValueError, match="format"):
        analyzer.format("좋다", "xml")


def test_memory_budget_is_a_resource_error():
    # 256 KB of text, -n 8: far more than 4 MiB; the analyzer stays usable.
    text = "나는 어제 친구와 함께 영화를 봤다. " * 5000
    small = kma.Analyzer(top_n=8, memory_budget_mib=4)
    assert small.options.memory_budget_mib == 4
    with pytest.raises(kma.MemoryBudgetError, match="budget of 4 MiB") as e:
        small.analyze(text)
    assert e.value.status_name == "KMA_E_RESOURCE"
    assert small.analyze("밥을 먹자")[0].tokens[0].form == "밥"
    assert kma.Options().memory_budget_mib is None and SLOTS["memory_budget_mib"].default == 1024
    assert kma.Analyzer(memory_budget_mib=0).analyze(text)[0].tokens[0].form == "나"


def test_prune_margin_is_an_option_slot():
    # Coarse-to-fine search (KMA_OPT_PRUNE_MARGIN): on by default (margin
    # 8); with a margin the first pass drops nodes, and this short sentence
    # keeps its exact analysis.
    assert SLOTS["prune_margin"].default == 8
    text = "나는 밥을 먹었다"
    exact = kma.Analyzer(prune_margin=0.0).analyze(text)[0]
    pruned = kma.Analyzer(prune_margin=6.0)
    assert pruned.options.prune_margin == 6.0
    got = pruned.analyze(text)[0]
    assert [(t.form, t.tag) for t in got.tokens] == [(t.form, t.tag) for t in exact.tokens]
    with pytest.raises(ValueError):
        kma.Analyzer(prune_margin=-1.0)
