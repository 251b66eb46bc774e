"""Analyzers: text in, tokens out."""
from __future__ import annotations

import os
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union, overload

from . import _kma
from ._errors import KmaError
from ._model import Model, MorphLike, PathLike, UserDict
from ._options import Options
from ._stream import DEFAULT_CHUNK, BlockedAnalyzers, blocklist_key, stream
from ._types import Analysis, LmEntry, Sentence, Token, WordCandidate

Text = Union[str, bytes]
#: A per-call blocklist: morphemes (``"form/TAG"``, ``(form, tag)``, a
#: :class:`Token`) and whole tags (``"NNP"``).
Blocklist = Iterable[Union[MorphLike, str]]


class Analyzer:
    """A Korean morphological analyzer over a model.

    Args:
        model: a :class:`Model`, a path to a model file, or ``None`` for the
            default model (``$KMA_MODEL``, else the one bundled with this
            package; see :func:`kma.default_model_path`).
        lm: the language model to score with, one of ``Model.lm_names``;
            ``None`` for the model's default (the most accurate). The same
            as ``lm=`` among the options.
        options: a :class:`kma.Options`.
        **option_keywords: options given directly, the keywords of
            :class:`kma.Options` (``beam=``, ``typos=``, ``output_tags=``,
            ``user_dict=``, ...); they override those of ``options``.

    Raises:
        ModelError: the model cannot be opened.
        InvalidArgumentError: an unknown ``lm`` or an option out of range.
        TypeError: an unknown option, or a value of the wrong type.

    An analyzer may be shared by threads: calls run without the GIL, one at
    a time per analyzer, so give each thread its own analyzer (they can share
    one :class:`Model`) or use :meth:`analyze_many` to analyse in parallel.

    Example:
        >>> from kma import Analyzer
        >>> Analyzer().tokenize("아버지가방에들어가신다")[:2]
        [Token(form='아버지', tag='NNG', start=0, len=3), Token(form='가', tag='JKS', start=3, len=1)]
        >>> Analyzer(typos=True, output_tags=["VV", "EP"]).tokenize("됬다")
        [Token(form='되', tag='VV', start=0, len=1), Token(form='었', tag='EP', start=0, len=1)]
    """

    def __init__(self, model: Union[Model, PathLike, None] = None, lm: Optional[str] = None,
                 *, options: Optional[Options] = None, **option_keywords: Any) -> None:
        if options is not None and not isinstance(options, Options):
            raise TypeError(f"options must be a kma.Options, not {type(options).__name__}")
        if lm is not None:
            option_keywords["lm"] = lm
        opts = options or Options()
        self.options: Options = opts.replace(**option_keywords) if option_keywords else opts
        base = model if isinstance(model, Model) else Model(model)
        self._base_model = base
        self.model: Model = _with_user_dict(base, self.options.user_dict)
        # top_n is the calls' (each sets it); the rest is fixed here.
        self._native = _kma.Analyzer(self.model._native, self.options._settings(("top_n",)))
        self._blocked = BlockedAnalyzers(self._with_blocks)

    def __reduce__(self):
        return (_rebuild, (self._base_model, self.options))

    def __repr__(self) -> str:
        return f"Analyzer({self.model!r}, {self.options!r})"

    @property
    def lm(self) -> str:
        """The language model this analyzer scores with."""
        return self.options.lm or self.model.default_lm

    def _top_n(self, top_n: Optional[int]) -> int:
        return self.options.value("top_n") if top_n is None else top_n

    def analyze(self, text: Text, top_n: Optional[int] = None, *,
                spans: Optional[Sequence[Tuple[int, int, str]]] = None,
                lemmas: Optional[Sequence[Union[str, Tuple[str, int, int]]]] = None,
                blocklist: Optional[Blocklist] = None) -> List[Analysis]:
        """Analyses a text.

        Args:
            text: a ``str``, or ``bytes`` holding UTF-8. Offsets are code
                points of the text either way.
            top_n: how many analyses to return, 1..64, best first;
                ``None``: the options' ``top_n`` (default 1).
            spans: span constraints ``(start, end, morphs)``: code points
                ``text[start:end]`` are analysed as ``morphs``, e.g.
                ``(3, 8, "카카오뱅크/NNP")`` or ``(0, 3, "걷/VV+었/EP+다/EF")``;
                the morphemes need not be in the dictionary.
            lemmas: lemma constraints: every analysis must contain one of the
                readings, e.g. ``"걷/VV"``, ``"개종하/VV|개종/NNG+하/XSV"``,
                ``"사람/NNG,NNP"`` (anywhere), or ``(readings, start, end)``
                (inside ``text[start:end]``). At most 7.
            blocklist: morphemes no analysis of this call may contain:
                ``"걷/VV"``, ``("걷", "VV")`` or a :class:`Token`, and whole
                tags (``"NNP"``). Other calls are not affected. Words whose
                every reading is blocked are still analysed, as unknown
                words (see :meth:`kma.UserDict.block`).

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

        Example:
            >>> from kma import Analyzer
            >>> a = Analyzer()
            >>> str(a.analyze("걸어서 갔다")[0])
            '걷/VV 어서/EC 가/VX 았/EP 다/EF'
            >>> str(a.analyze("걸어서 갔다", blocklist=["걷/VV"])[0])
            '걸/VV 어서/EC 가/VX 았/EP 다/EF'
            >>> str(a.analyze("걸어서 갔다")[0])   # the next call is not affected
            '걷/VV 어서/EC 가/VX 았/EP 다/EF'
        """
        if blocklist is not None:
            return self._blocked_by(blocklist).analyze(text, top_n, spans=spans, lemmas=lemmas)
        top_n = _int_arg("top_n", self._top_n(top_n), 1, 64, library_checks=True)
        if spans is None and lemmas is None:
            return self._native.analyze(text, top_n)
        span_items = [_constraint(s, "span", "(start, end, morphs)") for s in spans or ()]
        lemma_items = [(l, 0, 0) if isinstance(l, str) else _constraint(l, "lemma", "(readings, start, end)")
                       for l in lemmas or ()]
        return self._native.analyze_constrained(text, top_n, span_items, lemma_items)

    def format(self, text: Text, format: str = "json", top_n: Optional[int] = None) -> str:
        """What ``kma analyze --format FORMAT --top-n N`` prints for ``text``
        as one input line, byte for byte (written by the C library's
        ``kma_result_format``, as the CLI's own output is).

        Args:
            text: a ``str`` or UTF-8 ``bytes``; offsets in the record are
                UTF-8 bytes, as the CLI prints them.
            format: ``"json"`` (one JSON Lines record), ``"morphs"``
                (``form/TAG ...``; with ``top_n`` > 1 one ``score<TAB>...``
                line per analysis and a blank line) or ``"tsv"``.
            top_n: analyses, 1..64; ``None``: the options' ``top_n``.

        Returns:
            The record, ending with its newline.
        """
        codes = _kma.RECORD_FORMATS
        top_n = _int_arg("top_n", self._top_n(top_n), 1, 64, library_checks=True)
        if format == "tsv" and top_n > 1:
            raise ValueError(f"the tsv format prints one analysis per line: top_n {top_n} needs morphs or json")
        if format == "morphs" and top_n > 1:
            format = "morphs_nbest"
        if format not in ("json", "morphs", "morphs_nbest", "tsv"):
            raise ValueError(f"format must be 'json', 'morphs' or 'tsv', not {format!r}")
        return self._native.format(text, codes[format], top_n)

    @overload
    def tokenize(self, text: Text, *, blocklist: Optional[Blocklist] = None) -> List[Token]: ...

    @overload
    def tokenize(self, text: Iterable[Text], *, workers: int = 0, errors: str = "raise",
                 blocklist: Optional[Blocklist] = None,
                 chunk_size: int = DEFAULT_CHUNK) -> Iterator[Union[List[Token], KmaError]]: ...

    def tokenize(self, text, *, workers=0, errors="raise", blocklist=None, chunk_size=DEFAULT_CHUNK):
        """The tokens of the best analysis of a text, or of each of many.

        Args:
            text: a ``str`` or UTF-8 ``bytes``: its tokens are returned as a
                list. Any other iterable of texts (a list, a file, a
                generator): a generator of each text's token list, in input
                order, analysed ``chunk_size`` texts at a time by a pool of
                ``workers`` native threads (as :meth:`analyze_many`), the
                next chunk while the caller consumes this one; at most two
                chunks are in memory, so the iterable may be endless.
            workers: threads, 1..256; 0 for one per CPU (iterables only).
            errors: ``"raise"``: the :class:`KmaError` of a bad text is
                raised when the generator reaches it (the texts before it
                are yielded first), with ``index`` its position in the
                whole input; ``"return"``: it is yielded in the text's place
                and the stream goes on (iterables only).
            blocklist: as for :meth:`analyze`, for this call only.
            chunk_size: texts per pool call, 1..65536 (iterables only).

        Raises:
            TypeError: an item that is not a ``str`` or ``bytes`` (raised
                when the generator reaches it).

        Example:
            >>> from kma import Analyzer
            >>> for tokens in Analyzer().tokenize(["첫 문장", "둘째"], workers=2):
            ...     print(" ".join(t.tagged_form for t in tokens))
            첫/MM 문장/NNG
            둘째/NR
        """
        if blocklist is not None:
            return self._blocked_by(blocklist).tokenize(text, workers=workers, errors=errors,
                                                        chunk_size=chunk_size)
        if isinstance(text, (str, bytes)):
            return self._native.tokenize(text)
        if not hasattr(text, "__iter__"):
            raise TypeError(f"text must be a str, bytes or an iterable of them, not {type(text).__name__}")
        raise_errors = _errors_arg(errors)
        workers = _workers_arg(workers)
        chunk_size = _int_arg("chunk_size", chunk_size, 1, 65536)
        native = self._native

        def batch(items: List[Text]) -> list:
            return native.analyze_many(items, workers, 1, True)

        return stream(batch, text, chunk_size, raise_errors)

    def split_sentences(self, text: Text) -> List[Sentence]:
        """Splits ``text`` into sentences without analysing it.

        Returns:
            The sentences in order, each with its text and code-point span.
        """
        return self._native.split_sentences(text)

    def space(self, text: Text, weight: Optional[float] = None) -> str:
        """``text`` with standard spacing (``kma_space_utf8``).

        Particles, endings and suffixes attach to the word before them;
        other morphemes start a word where the model's boundary statistics
        say so. Only spaces change.

        Args:
            weight: how much the writer's spaces count, 0 (ignored) to 1
                (trusted: every one stays); None for the default (0.8).

        Raises:
            ValueError: a weight outside [0, 1].
            KmaError: text the library rejects (a lone surrogate).
        """
        if weight is not None and not 0.0 <= weight <= 1.0:
            raise ValueError("weight must be in [0, 1] (or None for the default)")
        return self._native.space(text, -1.0 if weight is None else float(weight))

    def extract_words(self, texts: Union[Text, Iterable[Text]], top: int = 200,
                      min_count: int = 5) -> List[WordCandidate]:
        """Candidate nouns of a corpus that this analyzer's model lacks
        (new-word discovery, ``kma extract-words``), best first.

        A candidate is a leading run of Hangul syllables of words that
        particles or nothing follow, not part of a longer word, and not
        already known to the model. Add the ones you keep to a
        :class:`kma.UserDict` (``d.add_word(w.form, "NNG")``).

        Args:
            texts: the corpus: one text or an iterable of texts (``str``
                or UTF-8 ``bytes``, any number of lines each).
            top: candidates returned; 0 for all.
            min_count: occurrences at the start of a word a candidate
                needs, at least 1.

        Raises:
            ValueError: ``top`` below 0 or ``min_count`` below 1.
            KmaError: a text the library rejects (its ``index`` says which).

        Example:
            >>> from kma import Analyzer
            >>> lines = ["킬링타임용으로 좋다", "킬링타임용이다", "킬링타임용을 봤다"] * 3
            >>> [w.form for w in Analyzer().extract_words(lines)]
            ['킬링타임용']
        """
        top = _int_arg("top", top, 0, 1 << 30)
        min_count = _int_arg("min_count", min_count, 1, 1 << 30)
        if isinstance(texts, (str, bytes)):
            texts = [texts]
        items = texts if isinstance(texts, (list, tuple)) else list(texts)
        return [WordCandidate(*w) for w in self._native.extract_words(items, top, min_count)]

    def analyze_many(self, texts: Iterable[Text], workers: int = 0, top_n: Optional[int] = None,
                     *, errors: str = "raise", blocklist: Optional[Blocklist] = None
                     ) -> List[Union[List[Analysis], KmaError]]:
        """Analyses many texts on ``workers`` threads, without the GIL.

        The texts are analysed by a pool of native threads sharing the model
        (``kma_pool``); the results are what :meth:`analyze` gives for each
        text, in input order, whatever the number of workers.

        Args:
            texts: ``str`` or UTF-8 ``bytes`` items.
            workers: threads, 1..256; 0 for one per CPU.
            top_n: analyses per text, 1..64; ``None``: the options'.
            errors: ``"raise"`` raises the :class:`KmaError` of the first
                bad text (its ``index`` says which); ``"return"`` puts each
                bad text's error in its place and analyses the others.
            blocklist: as for :meth:`analyze`, for this call only.

        Returns:
            One ``List[Analysis]`` per text (or a :class:`KmaError`).
        """
        if blocklist is not None:
            return self._blocked_by(blocklist).analyze_many(texts, workers, top_n, errors=errors)
        return_errors = not _errors_arg(errors)
        workers = _workers_arg(workers)
        top_n = _int_arg("top_n", self._top_n(top_n), 1, 64, library_checks=True)
        items = texts if isinstance(texts, (list, tuple)) else list(texts)
        return self._native.analyze_many(items, workers, top_n, return_errors)

    def predict_next_morpheme(self, history: Union[str, Iterable[MorphLike]] = "",
                              top_n: int = 10) -> List[LmEntry]:
        """The ``top_n`` (1..1000) most likely morphemes after ``history``
        (morphemes from the start of a sentence: ``"form/TAG ..."`` or a
        sequence of tokens, pairs or ``"form/TAG"``), best first, by this
        analyzer's language model; see :meth:`kma.Model.predict_next_morpheme`.

        Example:
            >>> from kma import Analyzer
            >>> best = Analyzer().predict_next_morpheme("먹/VV 었/EP", top_n=3)
            >>> len(best), best[0].score <= 0
            (3, True)
        """
        return self.model.predict_next_morpheme(history, top_n, self.options.lm)

    def most_similar_morphemes(self, morpheme: MorphLike, top_n: int = 10) -> List[LmEntry]:
        """The ``top_n`` (1..1000) morphemes closest to ``morpheme`` in this
        analyzer's language model's embeddings, best first; see
        :meth:`kma.Model.most_similar_morphemes` (an n-gram ``lm`` has none:
        ``KMA_E_UNSUPPORTED``)."""
        return self.model.most_similar_morphemes(morpheme, top_n, self.options.lm)

    def _blocked_by(self, blocklist: Blocklist) -> "Analyzer":
        """This analyzer's twin that never outputs ``blocklist`` (cached)."""
        return self._blocked.get(blocklist_key(blocklist))

    def _with_blocks(self, key: Tuple[Tuple[str, str], ...]) -> "Analyzer":
        d = _copy_user_dict(self._base_model, self.options.user_dict)
        for form, tag in key:
            d.block(tag, form or None)
        return Analyzer(self._base_model, options=self.options.replace(user_dict=d))


_MAX_OFFSET = 2**32 - 1


def _errors_arg(errors: object) -> bool:
    """True for errors="raise", False for "return"; else ValueError."""
    if errors not in ("raise", "return"):
        raise ValueError(f"errors must be 'raise' or 'return', not {errors!r}")
    return errors == "raise"


def _workers_arg(workers: object) -> int:
    workers = _int_arg("workers", workers, 0, 256, library_checks=True)
    if workers < 0:
        raise ValueError(f"workers must be in 0..256, not {workers}")
    return workers


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


def _with_user_dict(model: Model, source: Any) -> Model:
    """The model analysing with `source` (see Options' user_dict)."""
    if source is None:
        return model
    if isinstance(source, UserDict) and source._model is model:
        return model.with_user_dict(source)
    return model.with_user_dict(_copy_user_dict(model, source))


def _copy_user_dict(model: Model, source: Any) -> UserDict:
    """A new dictionary of `model` holding the entries of `source` (a
    UserDict, a file, replayable entries or None)."""
    d = UserDict(model)
    if isinstance(source, (str, os.PathLike)):
        d.load(source)
    elif source is not None:  # a UserDict of another model, or its entries (unpickled)
        d._replay(source._entries if isinstance(source, UserDict) else source)
    return d


def _rebuild(model: Model, options: Options) -> Analyzer:
    return Analyzer(model, options=options)
