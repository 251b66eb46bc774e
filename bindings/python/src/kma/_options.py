"""Analysis options: one keyword-only object for :class:`kma.Analyzer` and
:mod:`kma.dask`, built from the C library's table of option slots."""
from __future__ import annotations

import inspect
import os
from typing import Any, Dict, Iterable, Iterator, NamedTuple, Optional, Tuple, Union

from . import _kma

_INT32 = (-(2 ** 31), 2 ** 31 - 1)


class OptionSlot(NamedTuple):
    """One analysis option as the library describes it."""

    name: str
    slot: int
    type: str  #: "bool", "int", "float" or "str"
    min: Optional[float]
    max: Optional[float]
    default: Any


def _read_table() -> Dict[str, OptionSlot]:
    types = {code: name for name, code in _kma.OPTION_TYPES.items()}
    flags = _kma.OPTION_FLAGS
    slots = {}
    for name, slot, type_code, slot_flags, lo, hi, default in _kma.option_table():
        if slot_flags & flags["model_lookup"]:
            continue  # read when a model is found, not by analyzers
        kind = {"int": "int", "float": "float", "string": "str"}[types[type_code]]
        if slot_flags & flags["boolean"]:
            kind, default = "bool", bool(default)
        slots[name] = OptionSlot(name, slot, kind, lo, hi, default)
    return slots


#: The analysis options of the loaded library, by name, in slot order.
SLOTS: Dict[str, OptionSlot] = _read_table()

UserDictSource = Union["UserDict", str, "os.PathLike[str]", None]  # noqa: F821


class _Entries(tuple):
    """A user dictionary as the entries that rebuild it (pickled in place of
    a :class:`kma.UserDict`, whose native dictionary belongs to one model)."""


def _convert(slot: OptionSlot, value: Any) -> Any:
    """The value as the library's setter takes it; TypeError if it is not of
    the option's type."""
    bad = TypeError(f"{slot.name} must be {'a ' + slot.type if slot.type != 'int' else 'an int'}, "
                    f"not {type(value).__name__}")
    if slot.type == "bool":
        if not isinstance(value, bool):
            raise bad
        return int(value)
    if slot.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad
        return min(max(value, _INT32[0]), _INT32[1])  # out of range either way
    if slot.type == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise bad
        return float(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray)):
        items = list(value)
        if all(isinstance(v, str) for v in items):
            return ",".join(items)  # output_tags=["NNG", "VV"]
    raise TypeError(f"{slot.name} must be a str or a list of str, not {type(value).__name__}")


def _user_dict_key(source: Any) -> Any:
    """What identifies a user dictionary source (hashable, picklable)."""
    if source is None or isinstance(source, _Entries):
        return source
    if isinstance(source, (str, os.PathLike)):
        return os.fsdecode(source)
    entries = getattr(source, "_entries", None)
    if entries is None:
        raise TypeError("user_dict must be a kma.UserDict or the path of a user dictionary file, "
                        f"not {type(source).__name__}")
    return _Entries(entries)


class Options:
    """Analysis options, keyword-only; what is not given keeps the library's
    default. One object serves :class:`kma.Analyzer` and every function of
    :mod:`kma.dask`; the same keywords are accepted there directly.

    The options are those of the loaded library: its table of option slots
    (:data:`SLOTS`; what each does is documented in ``kma/kma_options.h``,
    under the slot's constant, ``KMA_OPT_`` and the name in capitals), so a
    newer library brings its new options along. This one's, with their
    types, ranges and defaults:

    {slots}

    ``tags`` is accepted as another name of ``output_tags``, which also takes
    a list of tag names. ``top_n`` is the default of the calls' own
    ``top_n``.

    And one that is not a slot of the library:

    - ``user_dict``: a :class:`kma.UserDict`, or the path of a user
      dictionary file (as the workers see it, for :mod:`kma.dask`); the
      analyzer analyses with the model and these entries.

    Raises:
        TypeError: an unknown keyword, or a value of the wrong type.
        InvalidArgumentError: a value the library rejects (out of range, an
            unknown tag); an unknown ``lm`` is found when an analyzer is made.

    Example:
        >>> import kma
        >>> opts = kma.Options(typos=True, output_tags=["VV", "EP"])
        >>> kma.Analyzer(options=opts).tokenize("됬다")
        [Token(form='되', tag='VV', start=0, len=1), Token(form='었', tag='EP', start=0, len=1)]
        >>> opts.replace(typos=None)
        Options(output_tags='VV,EP')
    """

    __slots__ = ("_values", "_user_dict", "_user_key", "_hash")

    def __init__(self, **options: Any) -> None:
        if "tags" in options:
            if "output_tags" in options:
                raise TypeError("give output_tags or tags, not both")
            options["output_tags"] = options.pop("tags")
        user_dict = options.pop("user_dict", None)
        values: Dict[str, Any] = {}
        for name, value in options.items():
            slot = SLOTS.get(name)
            if slot is None:
                raise TypeError(f"unknown option {name!r} (known: {', '.join([*SLOTS, 'user_dict'])})")
            if value is not None:
                values[name] = _convert(slot, value)
        _kma.check_options([(SLOTS[n].slot, v) for n, v in values.items()])
        object.__setattr__(self, "_values", {n: values[n] for n in SLOTS if n in values})
        object.__setattr__(self, "_user_key", _user_dict_key(user_dict))
        object.__setattr__(self, "_user_dict", user_dict)
        # Cached: kma.dask looks its analyzers up by options for every chunk.
        object.__setattr__(self, "_hash", hash(self._key()))

    def __getattr__(self, name: str) -> Any:
        slot = SLOTS.get(name)
        if slot is None:
            raise AttributeError(f"Options has no option {name!r}")
        value = self._values.get(name)
        return bool(value) if value is not None and slot.type == "bool" else value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Options are immutable; use replace()")

    @property
    def user_dict(self) -> UserDictSource:
        """The user dictionary given, or None."""
        return self._user_dict

    def replace(self, **changes: Any) -> "Options":
        """A copy with `changes` applied (``None`` unsets an option)."""
        merged: Dict[str, Any] = {n: getattr(self, n) for n in self._values}
        merged["user_dict"] = self._user_dict
        if "tags" in changes:
            changes["output_tags"] = changes.pop("tags")
        merged.update(changes)
        return Options(**merged)

    def items(self) -> Iterator[Tuple[str, Any]]:
        """The options given (name, value), in slot order; not user_dict."""
        return ((n, getattr(self, n)) for n in self._values)

    def value(self, name: str) -> Any:
        """The option's value, or the library's default when not given."""
        given = getattr(self, name)
        return SLOTS[name].default if given is None else given

    def _settings(self, without: Tuple[str, ...] = ()) -> list:
        """(slot, value) pairs for the native analyzer."""
        return [(SLOTS[n].slot, v) for n, v in self._values.items() if n not in without]

    def _key(self) -> tuple:
        return tuple(self._values.items()), self._user_key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._key() == other._key()

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        parts = [f"{n}={v!r}" for n, v in self.items()]
        if self._user_dict is not None:
            parts.append(f"user_dict={self._user_dict!r}")
        return f"Options({', '.join(parts)})"

    def __reduce__(self):
        # A UserDict travels as its entries (its native side is one model's).
        return (_rebuild, (dict(self.items()), self._user_key))


def _rebuild(values: Dict[str, Any], user_key: Any) -> Options:
    return Options(**values, user_dict=user_key)


def _parameter(name: str) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None)


Options.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
    [_parameter(n) for n in [*SLOTS, "user_dict"]])


def _describe(slot: OptionSlot) -> str:
    bounds = ""
    if slot.type in ("int", "float") and slot.min is not None:
        bounds = f", {slot.min:g}..{slot.max:g}"
    return f"- ``{slot.name}`` ({slot.type}{bounds}, default {slot.default!r})"


Options.__doc__ = Options.__doc__.replace(  # type: ignore[union-attr]
    "{slots}", "\n    ".join(_describe(s) for s in SLOTS.values()))
