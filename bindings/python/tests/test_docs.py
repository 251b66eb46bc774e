"""The examples in the package's docstrings and in its README run and print
what they show."""
import doctest
import pathlib
import re

import pytest

import kma
import kma._analyzer
import kma._model
import kma._options

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("module", [kma, kma._analyzer, kma._options, kma._model], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def _python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_doctests():
    """The README's `>>>` examples give the output they show."""
    text = README.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0


def test_readme_scripts(capsys):
    """The README's other Python blocks run; outputs shown as `# ...` after a
    print are not compared (they are abridged), but the code must work."""
    blocks = [b for b in _python_blocks(README.read_text(encoding="utf-8")) if ">>>" not in b]
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert "아버지" in capsys.readouterr().out
