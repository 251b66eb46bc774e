"""The examples in the package's docstrings run and print what they show."""
import doctest

import pytest

import kma
import kma._analyzer
import kma._options


@pytest.mark.parametrize("module", [kma, kma._analyzer, kma._options], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
