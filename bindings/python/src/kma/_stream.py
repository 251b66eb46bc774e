"""Streaming many texts through an analyzer's native pool, and per-call
blocklists (analyzers over a model with the blocks added)."""
from __future__ import annotations

import itertools
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator, List, Tuple, Union

from ._errors import KmaError
from ._types import Token, morph_pair

#: Texts handed to the pool at a time by ``Analyzer.tokenize(iterable)``.
DEFAULT_CHUNK = 256
#: Blocklists whose analyzers an analyzer keeps (each holds a derived model).
_BLOCKED_CACHE = 8

Batch = Callable[[List[Any]], List[Any]]


def stream(batch: Batch, texts: Iterable[Any], chunk: int, raise_errors: bool
           ) -> Iterator[Union[List[Token], KmaError]]:
    """Each text's tokens, in input order, ``chunk`` texts per ``batch``
    call (``batch`` returns analyze_many's list with errors in place).

    The next chunk is analysed (by the native pool, without the GIL) while
    the caller consumes this one, so at most two chunks are held at once.
    """
    it = iter(texts)
    base = 0
    with ThreadPoolExecutor(max_workers=1) as ahead:
        items, bad = _take(it, chunk)
        pending = ahead.submit(batch, items)
        while pending is not None:
            results = pending.result()
            if bad is None:
                items, next_bad = _take(it, chunk)
                pending = ahead.submit(batch, items) if items or next_bad is not None else None
            else:
                pending, next_bad = None, None
            for k, r in enumerate(results):
                if isinstance(r, KmaError):
                    r = _reindexed(r, base + k)
                    if raise_errors:
                        raise r
                    yield r
                else:
                    yield r[0].tokens
            base += len(results)
            if bad is not None:
                raise TypeError(f"text {base} must be a str or bytes, not {type(bad[0]).__name__}")
            bad = next_bad


def _take(it: Iterator[Any], chunk: int) -> Tuple[List[Any], Any]:
    """Up to ``chunk`` texts, stopping before an item that is not one; the
    second value holds that item (in a 1-tuple) or is None."""
    items: List[Any] = []
    for text in itertools.islice(it, chunk):
        if not isinstance(text, (str, bytes)):
            return items, (text,)
        items.append(text)
    return items, None


def _reindexed(e: KmaError, index: int) -> KmaError:
    """``e`` with ``index`` counted over the whole stream, not the chunk."""
    return type(e)(e.message, e.status, e.offset, index)


def blocklist_key(blocklist: Iterable[object]) -> Tuple[Tuple[str, str], ...]:
    """The blocklist as ``((form, tag), ...)``, in order without repeats;
    ``form`` is ``""`` for a whole tag (an item that is a bare tag name)."""
    if isinstance(blocklist, (str, bytes, Token)):
        raise TypeError("blocklist must be a sequence of morphemes or tags, not a single "
                        f"{type(blocklist).__name__}")
    seen: "OrderedDict[Tuple[str, str], None]" = OrderedDict()
    for item in blocklist:
        if isinstance(item, str) and "/" not in item:
            if not item:
                raise ValueError("a blocklist tag is empty")
            seen[("", item)] = None
        else:
            seen[morph_pair(item, "a blocklist item")] = None
    return tuple(seen)


class BlockedAnalyzers:
    """The few most recent blocklists' analyzers of one analyzer."""

    def __init__(self, make: Callable[[Tuple[Tuple[str, str], ...]], Any]) -> None:
        self._make = make
        self._cache: "OrderedDict[tuple, Any]" = OrderedDict()

    def get(self, key: Tuple[Tuple[str, str], ...]) -> Any:
        found = self._cache.get(key)
        if found is None:
            found = self._make(key)
            self._cache[key] = found
            if len(self._cache) > _BLOCKED_CACHE:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return found
