"""Models: where the default one is, and opening one."""
from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional, Union

from . import _kma
from ._errors import STATUS_CODES, ModelError

PathLike = Union[str, "os.PathLike[str]"]

#: The model inside the package (the wheel carries it).
BUNDLED_MODEL = Path(__file__).resolve().parent / "data" / "kma-default.kmam"
#: Where `cmake --install` puts the model (checked when the package has none).
_INSTALLED_MODELS = ("/usr/local/share/kma/kma-default.kmam",
                     "/usr/share/kma/kma-default.kmam")


def default_model_path() -> str:
    """The model ``Analyzer()`` opens when given none.

    The rule of the ``kma`` command: ``$KMA_MODEL`` if set, else the model
    bundled with this package, else an installed one
    (``/usr/local/share/kma``, ``/usr/share/kma``).

    Raises:
        ModelError: no model was found.
    """
    env = os.environ.get("KMA_MODEL")
    if env:
        return env
    candidates = [str(BUNDLED_MODEL), *_INSTALLED_MODELS]
    for path in candidates:
        if os.path.isfile(path):
            return path
    raise ModelError("no kma model found: set KMA_MODEL or pass model=PATH (looked in "
                     + ", ".join(candidates) + ")", STATUS_CODES["KMA_E_IO"])


class Model:
    """A loaded model: dictionary, rules and language models.

    The file is memory-mapped read-only, so every process that opens the
    same file shares its pages. A model is immutable: any number of
    :class:`kma.Analyzer` objects and threads can share one.

    Args:
        path: the model file; ``None`` for :func:`default_model_path`.

    Raises:
        ModelError: the file cannot be read, is not a kma model or has an
            unsupported format version (``status`` says which).
    """

    def __init__(self, path: Optional[PathLike] = None) -> None:
        self.path: str = os.fsdecode(path) if path is not None else default_model_path()
        self._native = _kma.Model(self.path)

    def __reduce__(self):
        # Pickled by path: the receiving process maps the file itself.
        return (Model, (self.path,))

    def __repr__(self) -> str:
        return f"Model({self.path!r})"

    @property
    def format_version(self) -> int:
        """The model file's format version."""
        return self._native.format_version

    @property
    def morpheme_count(self) -> int:
        """Number of morphemes in the dictionary."""
        return self._native.morpheme_count

    @property
    def lm_names(self) -> List[str]:
        """The language models this model carries (values for ``lm=``)."""
        return self._native.lm_names

    @property
    def default_lm(self) -> str:
        """The language model used when ``lm`` is not given."""
        return self._native.default_lm

    def metadata(self, key: str) -> str:
        """A metadata value of the model file (e.g. ``"license"``), ``""`` if
        absent."""
        return self._native.metadata(key)
