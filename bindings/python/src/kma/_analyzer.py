"""Analyzers: text in, tokens out."""
from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple, Union

from . import _kma
from ._errors import KmaError
from ._model import Model, PathLike
from ._types import Analysis, Sentence, Token

Text = Union[str, bytes]


class Analyzer:
    """A Korean morphological analyzer over a model.

    Args:
        model: a :class:`Model`, a path to a model file, or ``None`` for the
            default model (``$KMA_MODEL``, else the one bundled with this
            package; see :func:`kma.default_model_path`).
        lm: the language model to score with, one of ``Model.lm_names``;
            ``None`` for the model's default (the most accurate).
        beam: score-relative search beam in nats (library default 5; wider
            is slower and rarely better).
        max_unknown_length: longest unknown-word candidate in syllables
            (library default 8).
        tags: the tags the analyses keep (``"NNG,NNP,VV,VA"`` or a list);
            the analysis is the same, other tokens are left out. ``None``:
            every tag.
        typos: typo-tolerant analysis: misspellings such as ``됬다``,
            ``할께요`` or ``안녕하세여`` are read as meant, at a cost, so
            correct text keeps its analysis (tokens so read have
            ``corrected``), and bare jamo (``ㅋㅋ``, ``ㅠㅠ``) become tokens.
        convention: the model's convention prior (default on): each
            sentence is analysed in the annotation convention of the
            training source its characters read like (existence ``있`` as
            VA or VV, ``같은`` as ``같/VA ㄴ/ETM`` or ``같/VA 은/ETM``);
            ``False``: every sentence in the corpus's mixture.

    Raises:
        ModelError: the model cannot be opened.
        InvalidArgumentError: an unknown ``lm`` or an option out of range.

    An analyzer may be shared by threads: calls run without the GIL, one at
    a time per analyzer, so give each thread its own analyzer (they can share
    one :class:`Model`) or use :meth:`analyze_many` to analyse in parallel.

    Example:
        >>> from kma import Analyzer
        >>> Analyzer().tokenize("아버지가방에들어가신다")[:2]
        [Token(form='아버지', tag='NNG', start=0, len=3), Token(form='가', tag='JKS', start=3, len=1)]
    """

    def __init__(self, model: Union[Model, PathLike, None] = None, lm: Optional[str] = None,
                 *, beam: Optional[float] = None,
                 max_unknown_length: Optional[int] = None, typos: bool = False,
                 tags: Union[str, Iterable[str], None] = None, convention: bool = True) -> None:
        if beam is not None and not isinstance(beam, (int, float)):
            raise TypeError(f"beam must be a number, not {type(beam).__name__}")
        if max_unknown_length is not None and not isinstance(max_unknown_length, int):
            raise TypeError("max_unknown_length must be an int, "
                            f"not {type(max_unknown_length).__name__}")
        if not isinstance(typos, bool):
            raise TypeError(f"typos must be a bool, not {type(typos).__name__}")
        if not isinstance(convention, bool):
            raise TypeError(f"convention must be a bool, not {type(convention).__name__}")
        if tags is not None and not isinstance(tags, str):
            tags = ",".join(tags)
        self.model: Model = model if isinstance(model, Model) else Model(model)
        self._settings = (lm, beam, max_unknown_length, typos, tags, convention)
        self._native = _kma.Analyzer(self.model._native, lm or "", beam, max_unknown_length, typos,
                                     tags or "", convention)

    def __reduce__(self):
        return (_rebuild, (self.model, *self._settings))

    def __repr__(self) -> str:
        return f"Analyzer({self.model!r}, lm={self.lm!r})"

    @property
    def lm(self) -> str:
        """The language model this analyzer scores with."""
        return self._settings[0] or self.model.default_lm

    def analyze(self, text: Text, top_n: int = 1, *,
                spans: Optional[Sequence[Tuple[int, int, str]]] = None,
                lemmas: Optional[Sequence[Union[str, Tuple[str, int, int]]]] = None
                ) -> List[Analysis]:
        """Analyses a text.

        Args:
            text: a ``str``, or ``bytes`` holding UTF-8. Offsets are code
                points of the text either way.
            top_n: how many analyses to return, 1..64, best first.
            spans: span constraints ``(start, end, morphs)``: code points
                ``text[start:end]`` are analysed as ``morphs``, e.g.
                ``(3, 8, "카카오뱅크/NNP")`` or ``(0, 3, "걷/VV+었/EP+다/EF")``;
                the morphemes need not be in the dictionary.
            lemmas: lemma constraints: every analysis must contain one of the
                readings, e.g. ``"걷/VV"``, ``"개종하/VV|개종/NNG+하/XSV"``,
                ``"사람/NNG,NNP"`` (anywhere), or ``(readings, start, end)``
                (inside ``text[start:end]``). At most 7.

        Returns:
            ``top_n`` analyses (fewer if the text has fewer), each a list of
            :class:`Token` with its score. An empty text gives one empty
            analysis.

        Raises:
            TypeError: ``top_n`` is not an int, or a constraint is not of
                the shape above.
            ValueError: ``top_n`` outside 1..64, or a constraint's offset
                outside 0..2**32-1.
            InvalidTextError: a ``str`` with a lone surrogate (``offset`` is
                its index) or ``bytes`` that are not UTF-8 (``offset`` is the
                first bad byte).
            InvalidArgumentError: a constraint that is malformed (``offset``:
                the byte in its UTF-8) or does not fit the text (``offset``:
                the code point).
            UnsatisfiableError: no analysis holds a lemma constraint.
        """
        top_n = _int_arg("top_n", top_n, 1, 64, library_checks=True)
        if spans is None and lemmas is None:
            return self._native.analyze(text, top_n)
        span_items = [_constraint(s, "span", "(start, end, morphs)") for s in spans or ()]
        lemma_items = [(l, 0, 0) if isinstance(l, str) else _constraint(l, "lemma", "(readings, start, end)")
                       for l in lemmas or ()]
        return self._native.analyze_constrained(text, top_n, span_items, lemma_items)

    def tokenize(self, text: Text) -> List[Token]:
        """The tokens of the best analysis of ``text`` (see :meth:`analyze`)."""
        return self._native.tokenize(text)

    def split_sentences(self, text: Text) -> List[Sentence]:
        """Splits ``text`` into sentences without analysing it.

        Returns:
            The sentences in order, each with its text and code-point span.
        """
        return self._native.split_sentences(text)

    def analyze_many(self, texts: Iterable[Text], workers: int = 0, top_n: int = 1,
                     *, errors: str = "raise") -> List[Union[List[Analysis], KmaError]]:
        """Analyses many texts on ``workers`` threads, without the GIL.

        The texts are analysed by a pool of native threads sharing the model
        (``kma_pool``); the results are what :meth:`analyze` gives for each
        text, in input order, whatever the number of workers.

        Args:
            texts: ``str`` or UTF-8 ``bytes`` items.
            workers: threads, 1..256; 0 for one per CPU.
            top_n: analyses per text, 1..64.
            errors: ``"raise"`` raises the :class:`KmaError` of the first
                bad text (its ``index`` says which); ``"return"`` puts each
                bad text's error in its place and analyses the others.

        Returns:
            One ``List[Analysis]`` per text (or a :class:`KmaError`).
        """
        if errors not in ("raise", "return"):
            raise ValueError(f"errors must be 'raise' or 'return', not {errors!r}")
        workers = _int_arg("workers", workers, 0, 256, library_checks=True)
        if workers < 0:
            raise ValueError(f"workers must be in 0..256, not {workers}")
        top_n = _int_arg("top_n", top_n, 1, 64, library_checks=True)
        items = texts if isinstance(texts, (list, tuple)) else list(texts)
        return self._native.analyze_many(items, workers, top_n, errors == "return")


_MAX_OFFSET = 2**32 - 1


def _int_arg(name: str, value: object, lo: int, hi: int, *, library_checks: bool = False) -> int:
    """``value`` if it is an int in lo..hi: else TypeError or ValueError (a C
    conversion would raise RuntimeError, or TypeError for a value too big).
    With ``library_checks`` the library checks the range (its
    InvalidArgumentError is a ValueError too) and only a value beyond a C
    int is refused here."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not (-2**31 <= value < 2**31 if library_checks else lo <= value <= hi):
        raise ValueError(f"{name} must be in {lo}..{hi}, not {value}")
    return value


def _constraint(item: object, kind: str, shape: str) -> tuple:
    """A span ``(start, end, morphs)`` or lemma ``(readings, start, end)``
    tuple, checked: TypeError for the wrong shape or types, ValueError for an
    offset outside 0..2**32-1."""
    if isinstance(item, (str, bytes)) or not isinstance(item, (tuple, list)) or len(item) != 3:
        raise TypeError(f"a {kind} constraint must be {shape}, not {item!r}")
    text_at = 2 if kind == "span" else 0
    if not isinstance(item[text_at], str):
        raise TypeError(f"a {kind} constraint's {'morphs' if kind == 'span' else 'readings'} must be a str, "
                        f"not {type(item[text_at]).__name__}")
    out = list(item)
    for k, name in ((0, "start"), (1, "end")) if kind == "span" else ((1, "start"), (2, "end")):
        out[k] = _int_arg(f"a {kind} constraint's {name}", item[k], 0, _MAX_OFFSET)
    return tuple(out)


def _rebuild(model: Model, lm: Optional[str], beam: Optional[float],
             max_unknown_length: Optional[int], typos: bool = False,
             tags: Optional[str] = None, convention: bool = True) -> Analyzer:
    return Analyzer(model, lm, beam=beam, max_unknown_length=max_unknown_length, typos=typos,
                    tags=tags, convention=convention)
