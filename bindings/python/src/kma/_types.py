"""The records kma returns: tokens, analyses and sentences.

They are :class:`typing.NamedTuple` classes, so they unpack, compare, pickle
(for Dask and multiprocessing) and convert (``token._asdict()``) like any
tuple. The native module builds them directly, at C level.
"""
from __future__ import annotations

from typing import List, NamedTuple, Tuple


class Token(NamedTuple):
    """One morpheme of an analysis.

    ``start`` and ``len`` are indices into the analysed ``str`` (code points),
    so ``text[token.start:token.end]`` is the token's surface. Several tokens
    can share one span when a syllable holds more than one morpheme
    (``갔`` → ``가/VV`` + ``았/EP``).
    """

    form: str
    """Normalized form, e.g. ``"가"``; bare endings in compatibility jamo
    (``"ㄴ"``)."""
    tag: str
    """Part-of-speech tag (Sejong tag set), e.g. ``"NNG"``; see
    :func:`kma.tag_names`."""
    start: int
    """Index of the first code point of the surface in the text."""
    len: int
    """Length of the surface in code points."""
    score: float
    """This token's share of the analysis score (natural log)."""
    sent_position: int
    """Index of the sentence the token belongs to."""
    word_position: int
    """Index of the whitespace-separated word the token belongs to."""
    unknown: bool
    """True for a word missing from the dictionary (guessed)."""
    id: int
    """Dictionary id of the morpheme; 0 for unknown words and patterns."""
    corrected: bool = False
    """True when typo-tolerant analysis (``Analyzer(typos=True)``) read the
    morpheme from a corrected spelling; ``start`` and ``len`` are then the
    span of the text as written (``되요`` gives ``되/VV`` and ``어요/EF``,
    both over ``되요``)."""
    user: bool = False
    """True for a morpheme the model lacks that a user dictionary added (a
    word, a stem, a morpheme of a pre-analysed surface, a pattern rule's
    match; see :class:`kma.UserDict`); ``id`` is then 0. A user entry for a
    word the model has keeps the model's morpheme and is not flagged."""
    lemma: str = ""
    """Dictionary form (``kma_result_token_lemma``): a stem that conjugates
    (VV, VA, VX, VCP, VCN, XSV, XSA) with 다 (``"먹다"`` for ``먹/VV``), any
    other token its ``form``. Analyses always fill it; ``""`` only in a
    Token built by hand without it."""

    @property
    def end(self) -> int:
        """Index just past the surface: ``start + len``."""
        return self.start + self.len

    @property
    def tagged_form(self) -> str:
        """``"form/TAG"``, as the ``kma analyze`` command prints it."""
        return f"{self.form}/{self.tag}"

    def __repr__(self) -> str:
        return (f"Token(form={self.form!r}, tag={self.tag!r}, "
                f"start={self.start}, len={self.len})")


class Analysis(NamedTuple):
    """One analysis of a text: its tokens in text order and its score."""

    tokens: List[Token]
    """The morphemes, in text order."""
    score: float
    """Total score (natural log; higher is better)."""

    def __str__(self) -> str:
        return " ".join(t.tagged_form for t in self.tokens)


class Sentence(NamedTuple):
    """A sentence span of a text (code-point indices)."""

    text: str
    """The sentence, ``original[start:end]``."""
    start: int
    """Index of its first code point."""
    end: int
    """Index just past its last code point."""


class LmEntry(NamedTuple):
    """An entry of a language model's vocabulary with a score
    (:meth:`kma.Analyzer.predict_next_morpheme`,
    :meth:`kma.Analyzer.most_similar_morphemes`)."""

    label: str
    """``"form/TAG"``; ``"<TAG>"`` for a tag's class (morphemes seen too
    rarely in training to have their own entry); ``"</s>"`` for the end of a
    sentence."""
    score: float
    """Natural-log probability (next morpheme) or cosine similarity."""
    id: int
    """The entry's id in the language model's vocabulary."""


class WordCandidate(NamedTuple):
    """A candidate noun found by :meth:`kma.Analyzer.extract_words`."""

    form: str
    """The noun as written."""
    count: int
    """Its occurrences at the start of a word."""
    score: float
    """Share of those followed by a particle or nothing x ln(count) x
    cohesion (how predictable it is from its first syllable); higher is
    better."""


def morph_pair(item: object, what: str) -> Tuple[str, str]:
    """``(form, tag)`` of a :class:`Token`, a ``(form, tag)`` pair or a
    ``"form/TAG"`` string; TypeError or ValueError naming ``what``."""
    if isinstance(item, Token):
        return item.form, item.tag
    if isinstance(item, str):
        form, slash, tag = item.rpartition("/")
        if not slash or not form or not tag:
            raise ValueError(f"{what} {item!r} is not 'form/TAG'")
        return form, tag
    if isinstance(item, tuple) and len(item) == 2 and all(isinstance(x, str) for x in item):
        return item[0], item[1]
    raise TypeError(f"{what} must be a Token, a (form, tag) pair of str or 'form/TAG', not {item!r}")
