"""Models: where the default one is, and opening one."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from . import _kma
from ._errors import STATUS_CODES, ModelError
from ._types import LmEntry, Token, morph_pair

PathLike = Union[str, "os.PathLike[str]"]
#: A morpheme given to the joiner, a blocklist or the LM queries.
MorphLike = Union[str, Tuple[str, str], Token]

_LM_MAX_TOP_N = 1000  # as `kma lm -k`
# kma_joiner_add's placements (KMA_JOIN_AUTO, _ATTACH, _SPACE).
_JOIN_AUTO, _JOIN_ATTACH, _JOIN_SPACE = 0, 1, 2

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
        self._user_entries: Optional[tuple] = None  # a derived model's dictionary

    def __reduce__(self):
        # Pickled by path (the receiving process maps the file itself) and,
        # for a derived model, the dictionary's entries, replayed there.
        if self._user_entries is None:
            return (Model, (self.path,))
        return (_derived, (self.path, self._user_entries))

    def __repr__(self) -> str:
        extra = "" if self._user_entries is None else f", user entries={len(self._user_entries)}"
        return f"Model({self.path!r}{extra})"

    def with_user_dict(self, user_dict: "UserDict") -> "Model":
        """A model that analyses with this one and a snapshot of
        ``user_dict``; it shares this model's memory. Deriving from a
        derived model replaces its dictionary.

        Raises:
            InvalidArgumentError: the dictionary was made for another model.
        """
        derived = Model.__new__(Model)
        derived.path = self.path
        derived._native = _kma.Model(self._native, user_dict._native)
        derived._user_entries = tuple(user_dict._entries)
        return derived

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

    def predict_next_morpheme(self, history: Union[str, Iterable[MorphLike]] = "", top_n: int = 10,
                              lm: Optional[str] = None) -> List[LmEntry]:
        """The ``top_n`` most likely morphemes after ``history``, best first
        (``kma_lm_predict_next``; ``kma lm next``).

        Args:
            history: the morphemes from the start of a sentence:
                ``"form/TAG form/TAG ..."``, or a sequence of :class:`Token`,
                ``(form, tag)`` pairs or ``"form/TAG"`` strings; empty for
                the start of a sentence.
            top_n: how many, 1..1000.
            lm: one of :attr:`lm_names`; ``None`` for the default.

        Returns:
            :class:`LmEntry` records with natural-log probabilities.

        Raises:
            InvalidArgumentError: an unknown ``lm``, or a piece of the
                history that is not ``form/TAG`` with a kma tag (``offset``:
                its byte in the history's UTF-8).
        """
        return self._lm_query(self._native.predict_next, _history_text(history), top_n, lm)

    def most_similar_morphemes(self, morpheme: MorphLike, top_n: int = 10,
                               lm: Optional[str] = None) -> List[LmEntry]:
        """The ``top_n`` morphemes whose CoNg output embeddings are closest
        to ``morpheme``'s (cosine similarity), best first, itself excluded
        (``kma_lm_most_similar``; ``kma lm similar``).

        Args:
            morpheme: ``"form/TAG"``, a ``(form, tag)`` pair or a :class:`Token`.
            top_n: how many, 1..1000.
            lm: one of :attr:`lm_names`; ``None`` for the default.

        Raises:
            InvalidArgumentError: an unknown ``lm`` or a malformed morpheme.
            KmaError: ``status_name == "KMA_E_UNSUPPORTED"`` for an n-gram
                language model (it has no embeddings).
        """
        form, tag = morph_pair(morpheme, "morpheme")
        return self._lm_query(self._native.most_similar, f"{form}/{tag}", top_n, lm)

    def _lm_query(self, query, text: str, top_n: int, lm: Optional[str]) -> List[LmEntry]:
        if isinstance(top_n, bool) or not isinstance(top_n, int):
            raise TypeError(f"top_n must be an int, not {type(top_n).__name__}")
        if not 1 <= top_n <= _LM_MAX_TOP_N:
            raise ValueError(f"top_n must be in 1..{_LM_MAX_TOP_N}, not {top_n}")
        if lm is not None and not isinstance(lm, str):
            raise TypeError(f"lm must be a str or None, not {type(lm).__name__}")
        return [LmEntry(label, score, token) for label, token, score in query(lm or "", text, top_n)]


class UserDict:
    """Entries added to a model at run time: words, pre-analysed words,
    inflecting stems, pattern rules and blocked morphemes.
    :meth:`Model.with_user_dict` derives a model that analyses with them.

    Scores are natural-log units in [-100, 100]; positive favours the entry.
    A word the model already has keeps its readings and gets the score added
    (0 changes nothing). Every method raises
    :class:`kma.InvalidArgumentError` for a bad entry (the dictionary is then
    unchanged); file errors name ``PATH:LINE:COLUMN``.

    Example:
        >>> import kma
        >>> model = kma.Model()
        >>> d = kma.UserDict(model)
        >>> d.add_word("뉴진스", "NNP")
        >>> kma.Analyzer(model.with_user_dict(d)).tokenize("뉴진스를")[0].tagged_form
        '뉴진스/NNP'
    """

    def __init__(self, model: Model) -> None:
        self._native = _kma.UserDict(model._native)
        self._model = model
        # Replayed to rebuild the dictionary elsewhere: a derived model or
        # kma.Options unpickled in another process.
        self._entries: List[tuple] = []

    def __len__(self) -> int:
        return len(self._native)

    def add_word(self, form: str, tag: str, score: float = 0.0) -> None:
        """A word of one morpheme; VV VA VX XSV XSA make a regular stem."""
        self._native.add_word(form, tag, score)
        self._entries.append(("add_word", form, tag, score))

    def add_stem(self, form: str, tag: str, irregular: str = "", score: float = 0.0) -> None:
        """A verb or adjective stem of an irregular class (ㅂ ㄷ ㅅ 르 ㅎ 러 우 으;
        ``""``: regular)."""
        self._native.add_stem(form, tag, irregular, score)
        self._entries.append(("add_stem", form, tag, irregular, score))

    def add_analysis(self, surface: str, morphs: str, score: float = 0.0) -> None:
        """A pre-analysed surface: ``add_analysis("사겼다", "사귀/VV 었/EP 다/EF")``."""
        self._native.add_analysis(surface, morphs, score)
        self._entries.append(("add_analysis", surface, morphs, score))

    def add_pattern(self, regex: str, tag: str, score: float = 0.0) -> None:
        """Each longest match of ``regex`` inside a word becomes one ``tag`` token."""
        self._native.add_pattern(regex, tag, score)
        self._entries.append(("add_pattern", regex, tag, score))

    def block(self, tag: str, form: Optional[str] = None) -> None:
        """Keeps a morpheme (``form``) or the whole ``tag`` out of every analysis."""
        self._native.block(form, tag)
        self._entries.append(("block", tag, form))


    def load(self, path: PathLike) -> None:
        """Adds the entries of a user dictionary file (all or nothing).

        Raises:
            OSError: the file cannot be read.
            InvalidArgumentError: a bad line (``PATH:LINE:COLUMN: reason``;
                ``offset`` is the byte offset in the file).
        """
        p = os.fsdecode(path)
        with open(p, "rb") as f:
            data = f.read()
        self._load_text(data, p)

    def _load_text(self, data: bytes, name: str) -> None:
        self._native.load_text(data, name)
        self._entries.append(("_load_text", data, name))

    def _replay(self, entries: tuple) -> None:
        for name, *args in entries:
            getattr(self, name)(*args)


class Joiner:
    """Joins morphemes back into text with the model's rules:
    ``Joiner(model).join("돕/VV 아/EC 주/VX 었/EP 어요/EF") == "도와줬어요"``."""

    def __init__(self, model: Optional[Model] = None) -> None:
        self.model = model if model is not None else Model()
        self._native = _kma.Joiner(self.model._native)

    def join(self, morphs: Union[str, Iterable[Union[MorphLike, Tuple[str, str, Optional[bool]]]]]) -> str:
        """Morphemes back into text.

        Args:
            morphs: ``"form/TAG form/TAG ..."`` (a tab starts a new word), or
                a sequence whose items are :class:`Token` (an analysis'
                tokens: one that starts after the previous one's end starts
                a new word, the others attach, so the original spacing comes
                back), ``(form, tag)`` pairs or ``"form/TAG"`` strings (the
                model's rules place the spaces), or ``(form, tag, space)``
                triples (``True``: starts a new word, ``False``: attaches,
                ``None``: the rules decide).

        Returns:
            The text (NFC).

        Raises:
            InvalidArgumentError: an unknown tag or a malformed morpheme
                (``index``: the item; for a string, ``offset``: its byte).
            TypeError: an item of none of the shapes above.

        Example:
            >>> import kma
            >>> kma.Joiner().join([("먹", "VV"), ("었", "EP"), ("다", "EF")])
            '먹었다'
        """
        if isinstance(morphs, str):
            return self._native.join(morphs)
        if isinstance(morphs, (bytes, Token)):
            raise TypeError(f"morphs must be a str or a sequence of morphemes, not {type(morphs).__name__}")
        return self._native.join_items(_join_items(morphs))


def _join_items(morphs: Iterable[object]) -> List[Tuple[str, str, int]]:
    """(form, tag, KMA_JOIN_*) per item (see Joiner.join)."""
    items = []
    prev_end: Optional[int] = None
    for item in morphs:
        space = _JOIN_AUTO
        if isinstance(item, Token):
            if prev_end is not None:
                space = _JOIN_SPACE if item.start > prev_end else _JOIN_ATTACH
            prev_end = item.end
        elif isinstance(item, tuple) and len(item) == 3 and not isinstance(item, Token):
            if item[2] not in (True, False, None):
                raise TypeError(f"the space of {item!r} must be True, False or None")
            space = {True: _JOIN_SPACE, False: _JOIN_ATTACH, None: _JOIN_AUTO}[item[2]]
            item = item[:2]
        form, tag = morph_pair(item, "a morpheme to join")
        items.append((form, tag, space))
    return items


def _history_text(history: Union[str, Iterable[object]]) -> str:
    """A history as the C ABI takes it: "form/TAG form/TAG ..."."""
    if isinstance(history, str):
        return history
    if isinstance(history, (bytes, Token)):
        raise TypeError(f"history must be a str or a sequence of morphemes, not {type(history).__name__}")
    return " ".join("/".join(morph_pair(m, "a morpheme of the history")) for m in history)


def _derived(path: str, entries: tuple) -> Model:
    base = Model(path)
    d = UserDict(base)
    d._replay(entries)
    return base.with_user_dict(d)
