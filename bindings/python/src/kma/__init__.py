"""kma: a Korean morphological analyzer.

Splits Korean text into morphemes, tags each with its part of speech (Sejong
tag set) and restores base forms::

    >>> import kma
    >>> analyzer = kma.Analyzer()          # the bundled model
    >>> [t.tagged_form for t in analyzer.tokenize("가까운 곳")]
    ['가깝/VA', 'ㄴ/ETM', '곳/NNG']

:class:`Analyzer` (``analyze``, ``tokenize`` of one text or a stream of
them, ``split_sentences``, ``analyze_many``, ``format``, ``space``, ``extract_words``,
``predict_next_morpheme``, ``most_similar_morphemes``), its
:class:`Options`, :class:`Model`, :class:`UserDict`, :class:`Joiner`, the
records :class:`Token`, :class:`Analysis`, :class:`Sentence` and
:class:`LmEntry`, :class:`WordCandidate`, and :class:`KmaError`. Corpora on a
Dask cluster: :mod:`kma.dask`.

The package calls the kma C library (``libkma``) through its C ABI; the wheel
carries the library and the default model.
"""
from __future__ import annotations

from typing import List, Tuple

from . import _kma
from ._analyzer import Analyzer
from ._errors import (STATUS_CODES, InvalidArgumentError, InvalidTextError, KmaError,
                      MemoryBudgetError, ModelError, UnsatisfiableError)
from ._model import BUNDLED_MODEL, Joiner, Model, UserDict, default_model_path
from ._options import Options
from ._types import Analysis, LmEntry, Sentence, Token, WordCandidate

__all__ = [
    "Analysis", "Analyzer", "BUNDLED_MODEL", "InvalidArgumentError", "InvalidTextError",
    "Joiner", "KmaError", "LmEntry", "MemoryBudgetError", "Model", "ModelError", "Options", "STATUS_CODES", "Sentence", "Token", "UnsatisfiableError",
    "UserDict", "WordCandidate", "__version__",
    "active_isa", "default_model_path", "library_version", "model_format_versions",
    "tag_names",
]

__version__: str = _kma.HEADER_VERSION


def library_version() -> str:
    """Version of the loaded native library, e.g. ``"0.1.0"``."""
    return _kma.version()


def active_isa() -> str:
    """Instruction set the scoring kernels run with (``"avx2"``, ...); capped
    by the ``KMA_ISA`` environment variable."""
    return _kma.active_isa()


def model_format_versions() -> Tuple[int, int]:
    """Oldest and newest model format versions this library reads."""
    return tuple(_kma.model_format_versions())


def tag_names() -> List[str]:
    """All part-of-speech tag names, in the library's tag order."""
    return _kma.tag_names()
