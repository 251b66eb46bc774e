"""The exceptions kma raises: every failure of the C library becomes a
:class:`KmaError` carrying the library's status code, its message and, for
invalid text, the offset of the first bad character or byte."""
from __future__ import annotations

from typing import Optional

from . import _kma

#: kma_status codes of the C ABI by name (``"KMA_E_IO"`` → ``-4``).
STATUS_CODES = dict(_kma.STATUS_CODES)
_NAMES = {code: name for name, code in STATUS_CODES.items()}


class KmaError(Exception):
    """A failure reported by the kma library.

    Attributes:
        message: the library's message, with context (path, position).
        status: the ``kma_status`` code (negative), see :data:`STATUS_CODES`.
        offset: for invalid text, where it is bad: the index of a lone
            surrogate in a ``str``, or the byte offset of the first invalid
            byte in ``bytes``; otherwise ``None``.
        index: in a batch (:meth:`kma.Analyzer.analyze_many`), the position
            of the text that failed; otherwise ``None``.
    """

    def __init__(self, message: str, status: int, offset: Optional[int] = None,
                 index: Optional[int] = None) -> None:
        # All four go to args, so that the exception pickles (Dask sends
        # worker exceptions back to the client).
        super().__init__(message, status, offset, index)
        self.message = message
        self.status = status
        self.offset = offset
        self.index = index

    @property
    def status_name(self) -> str:
        """The status code's name, e.g. ``"KMA_E_INVALID_UTF8"``."""
        return _NAMES.get(self.status, f"kma_status({self.status})")

    def __str__(self) -> str:
        where = "" if self.index is None else f" (text {self.index})"
        return f"{self.status_name}: {self.message}{where}"


class InvalidTextError(KmaError, ValueError):
    """The text cannot be analysed: invalid UTF-8 (``bytes`` input), a lone
    surrogate (``str`` input) or 4 GiB or more. See ``offset``."""


class InvalidArgumentError(KmaError, ValueError):
    """An option out of range or a language model the model lacks."""


class UnsatisfiableError(KmaError):
    """No analysis satisfies the constraints of a constrained analysis (a
    lemma that no path of the text holds); the message names it."""


class MemoryBudgetError(KmaError):
    """The analysis of a text would hold more memory than its budget
    (``memory_budget_mib``); the message names the budget. The analyzer
    stays usable: a shorter text or a larger budget may succeed."""


class ModelError(KmaError):
    """The model file cannot be read, is not a kma model, or has a format
    version this library does not read."""


_CLASSES = {
    STATUS_CODES["KMA_E_INVALID_UTF8"]: InvalidTextError,
    STATUS_CODES["KMA_E_INVALID_UTF16"]: InvalidTextError,
    STATUS_CODES["KMA_E_INPUT_TOO_LONG"]: InvalidTextError,
    STATUS_CODES["KMA_E_INVALID_ARGUMENT"]: InvalidArgumentError,
    STATUS_CODES["KMA_E_UNSATISFIABLE"]: UnsatisfiableError,
    STATUS_CODES["KMA_E_RESOURCE"]: MemoryBudgetError,
    STATUS_CODES["KMA_E_IO"]: ModelError,
    STATUS_CODES["KMA_E_MODEL_FORMAT"]: ModelError,
    STATUS_CODES["KMA_E_MODEL_VERSION"]: ModelError,
}


def _from_status(status: int, message: str, offset: Optional[int],
                 index: Optional[int]) -> KmaError:
    """Builds the exception for a status (called by the native module)."""
    return _CLASSES.get(status, KmaError)(message, status, offset, index)
