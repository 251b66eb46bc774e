"""Corpora on a Dask cluster: kma's analysis partition by partition.

Every worker process opens the model once, on its first task, and keeps it
for the tasks that follow (:func:`worker_analyzer`); the model is
memory-mapped, so worker processes on one host share its pages. Each worker
thread gets its own analyzer, and the analysis runs without the GIL.

Three entry points:

- :func:`analyze_files`: text files (many, or one large one cut into byte
  ranges on line boundaries) → one output part per block, written by the
  workers, in the formats of ``kma analyze`` (``json``: JSON Lines,
  ``morphs``, ``tsv``). The parts, concatenated in order
  (:func:`concat_parts`), are byte for byte what ``kma analyze`` prints for
  the same files.
- :func:`analyze_bag`: a Dask bag of lines → a bag of output records.
- :func:`analyze_dataframe`: a Dask dataframe → the same with a column of
  output records.

Parquet output is not offered: pyarrow is not packaged for Debian 12.

Example (a 2-process cluster on this machine; for a multi-host cluster pass
``Client("tcp://scheduler:8786")`` instead, see the README)::

    from distributed import Client, LocalCluster
    import kma.dask

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        parts = kma.dask.analyze_files(["corpus.txt"], "out/", format="json")
        kma.dask.concat_parts(parts, "corpus.jsonl")
"""
from __future__ import annotations

import glob
import os
import shutil
import threading
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import dask.bag as db

from ._analyzer import Analyzer, _int_arg
from ._blocks import DEFAULT_BLOCKSIZE, DEFAULT_MAX_LINE_BYTES, Block, PathLike, plan_blocks, read_block
from ._errors import KmaError
from ._model import Model, default_model_path
from ._options import Options

__all__ = ["DEFAULT_BLOCKSIZE", "Block", "FORMATS", "Spec", "analyze_bag", "analyze_dataframe",
           "analyze_files", "analyze_lines", "concat_parts", "plan_blocks", "read_block",
           "warm_up", "worker_analyzer", "worker_state"]

#: Output formats (those of ``kma analyze --format``) and their part suffixes.
FORMATS = {"json": ".jsonl", "morphs": ".txt", "tsv": ".tsv"}
_FORMAT_CODES = {"morphs": 0, "json": 1, "tsv": 2}  # the CLI's --format, as format_lines takes it
#: Lines formatted per native call: bounds the memory of one output chunk.
_CHUNK_LINES = 2048


@dataclass(frozen=True)
class Spec:
    """What to run on the workers (pickled into every task).

    ``model`` is a path as the *workers* see it (the same on every host, e.g.
    on shared storage), or ``None`` for each worker's default model
    (``$KMA_MODEL`` of the worker, else the model inside its kma package).
    ``options`` are those of :class:`kma.Analyzer` (:class:`kma.Options`);
    a ``user_dict`` among them is a :class:`kma.UserDict` (its entries travel
    with the task) or a file path as the workers see it.
    """

    model: Optional[str] = None
    options: Options = Options()
    format: str = "json"
    #: Longest input line of :func:`analyze_files`, in bytes (a longer one is
    #: an error naming it, as ``kma analyze --max-line-bytes``).
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"format must be one of {sorted(FORMATS)}, not {self.format!r}")
        _int_arg("max_line_bytes", self.max_line_bytes, 1, 2**32 - 1)
        if not isinstance(self.options, Options):
            raise TypeError(f"options must be a kma.Options, not {type(self.options).__name__}")
        if self.format == "tsv" and self.top_n > 1:
            raise ValueError(f"the tsv format prints one analysis per line: top_n {self.top_n} needs "
                             "morphs or json")

    @property
    def top_n(self) -> int:
        """Analyses per line (the options' ``top_n``)."""
        return self.options.value("top_n")


def _spec(model: Optional[str], options: Optional[Options], keywords: Dict[str, Any],
          **fields: Any) -> Spec:
    """The Spec of an entry point's arguments: ``options`` with the option
    keywords given beside it applied."""
    opts = options if options is not None else Options()
    if not isinstance(opts, Options):
        raise TypeError(f"options must be a kma.Options, not {type(opts).__name__}")
    return Spec(model, opts.replace(**keywords) if keywords else opts, **fields)


# ---- per-process state on the workers ------------------------------------------

_lock = threading.Lock()
_models: Dict[str, Model] = {}
_opened = 0
_local = threading.local()


def worker_analyzer(spec: Spec = Spec()) -> Analyzer:
    """The calling thread's analyzer for ``spec``, over the process's model.

    The first call in a process opens the model; later calls (later tasks)
    reuse it, and each thread keeps its own :class:`~kma.Analyzer`.
    """
    path = os.path.abspath(spec.model) if spec.model else default_model_path()
    key = (path, spec.options)
    cache = _local.__dict__.setdefault("analyzers", {})
    analyzer = cache.get(key)
    if analyzer is None:
        global _opened
        with _lock:
            model = _models.get(path)
            if model is None:
                model = _models[path] = Model(path)
                _opened += 1
        analyzer = cache[key] = Analyzer(model, options=spec.options)
    return analyzer


def worker_state() -> Dict[str, Any]:
    """This process's pid, how many models it opened, and their paths."""
    with _lock:
        return {"pid": os.getpid(), "models_opened": _opened, "models": sorted(_models)}


def warm_up(client: Any, spec: Spec = Spec()) -> Dict[str, Dict[str, Any]]:
    """Opens the model on every worker of a ``distributed.Client`` now rather
    than in the first task; returns :func:`worker_state` by worker address."""
    return client.run(_warm_up, spec)


def _warm_up(spec: Spec) -> Dict[str, Any]:
    worker_analyzer(spec)
    return worker_state()


# ---- the work of one partition -------------------------------------------------

def analyze_lines(lines: Sequence[Union[str, bytes]], spec: Spec = Spec()) -> bytes:
    """What ``kma analyze --format F`` prints for ``lines`` (given without
    line endings), with the calling thread's worker analyzer.

    Raises:
        KmaError: a line is not valid text; ``index`` is its position.
    """
    analyzer = worker_analyzer(spec)
    return analyzer._native.format_lines(lines, _FORMAT_CODES[spec.format], spec.top_n)


def _part_name(index: int, count: int, fmt: str) -> str:
    return f"part-{index:0{max(5, len(str(count - 1)))}d}{FORMATS[fmt]}"


def _run_block(block: Block, count: int, out_dir: str, spec: Spec) -> str:
    """Analyses one block into its part file; returns the part's path."""
    lines, offsets = read_block(block, spec.max_line_bytes)
    final = os.path.join(out_dir, _part_name(block.index, count, spec.format))
    # Written under a temporary name and renamed: a task killed midway (and
    # retried elsewhere by Dask) never leaves a truncated part behind.
    tmp = f"{final}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as f:
            for i in range(0, len(lines), _CHUNK_LINES):
                try:
                    f.write(analyze_lines(lines[i:i + _CHUNK_LINES], spec))
                except KmaError as e:
                    raise _locate(e, block.path, offsets, i) from None
        os.replace(tmp, final)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return final


def _locate(e: KmaError, path: str, offsets: List[int], first: int) -> KmaError:
    """The error of a bad line with its place in the file (byte offsets: a
    block does not know its line numbers)."""
    if e.index is None:
        return e
    line_start = offsets[first + e.index]
    offset = None if e.offset is None else line_start + e.offset
    where = f"line starting at byte {line_start}"
    if offset is not None:
        where += f", bad byte at {offset}"
    return type(e)(f"{path}: {where}: {e.message}", e.status, offset, None)


def analyze_files(paths: Union[PathLike, Iterable[PathLike]], out_dir: PathLike, *,
                  blocksize: Optional[int] = DEFAULT_BLOCKSIZE, format: str = "json",
                  model: Optional[str] = None, options: Optional[Options] = None,
                  max_line_bytes: int = DEFAULT_MAX_LINE_BYTES, client: Any = None,
                  **option_keywords: Any) -> List[str]:
    """Analyses text files on the Dask cluster, one task per block.

    Args:
        paths: input files (read by the workers: local files for a
            LocalCluster, shared storage for a multi-host cluster).
        out_dir: directory for the output parts (created; written by the
            workers, so shared storage on a multi-host cluster).
        blocksize: bytes per block; ``None`` or 0 for one block per file.
        format: ``"json"`` (JSON Lines), ``"morphs"`` or ``"tsv"``: the
            formats of ``kma analyze``.
        model, max_line_bytes: see :class:`Spec`.
        options: a :class:`kma.Options`; ``**option_keywords`` are its
            keywords given directly (``top_n=``, ``typos=``,
            ``output_tags=``, ``user_dict=``, ...), as for
            :class:`kma.Analyzer`.
        client: a ``distributed.Client``; ``None`` uses Dask's current
            scheduler (the last Client made, else threads in this process).

    Returns:
        The part files in input order; their concatenation
        (:func:`concat_parts`) is what ``kma analyze`` prints for the files.

    Raises:
        KmaError: a line is not valid UTF-8 (the message and ``offset`` give
            the file and the byte), or is longer than ``max_line_bytes``
            (``KMA_E_INPUT_TOO_LONG``; the message gives the file and the
            line's first byte).
    """
    spec = _spec(model, options, option_keywords, format=format, max_line_bytes=max_line_bytes)
    out_dir = os.fsdecode(out_dir)
    os.makedirs(out_dir, exist_ok=True)
    blocks = plan_blocks(paths, blocksize)
    bag = db.from_sequence(blocks, npartitions=len(blocks))
    parts = bag.map(_run_block, len(blocks), out_dir, spec)
    written = client.compute(parts).result() if client is not None else parts.compute()
    # Leftovers of tasks killed while writing (their retries wrote the part).
    for stale in glob.glob(os.path.join(out_dir, "part-*.tmp")):
        os.remove(stale)
    return list(written)


def concat_parts(parts: Iterable[PathLike], dest: PathLike) -> None:
    """Concatenates part files, in the given order, into ``dest``."""
    with open(dest, "wb") as out:
        for part in parts:
            with open(part, "rb") as f:
                shutil.copyfileobj(f, out, 1 << 20)


# ---- bags and dataframes -------------------------------------------------------

def _strip_line_end(item: Union[str, bytes]) -> Union[str, bytes]:
    nl, cr = ("\n", "\r") if isinstance(item, str) else (b"\n", b"\r")
    if item.endswith(nl):
        item = item[:-1]
    return item[:-1] if item.endswith(cr) else item


def _format_items(items: Iterable[Union[str, bytes]], spec: Spec) -> List[str]:
    """One output record per item: the CLI's output for it, without the
    final newline (tsv and top_n > 1 records span several lines)."""
    analyzer = worker_analyzer(spec)
    code = _FORMAT_CODES[spec.format]
    out = []
    for item in items:
        text = analyzer._native.format_lines([_strip_line_end(item)], code, spec.top_n)
        out.append(text[:-1].decode("utf-8"))
    return out


def analyze_bag(bag: "db.Bag", *, format: str = "json", model: Optional[str] = None,
                options: Optional[Options] = None, **option_keywords: Any) -> "db.Bag":
    """Analyses a bag of lines (``str`` or ``bytes``; a final ``\\n`` or
    ``\\r\\n`` is dropped, e.g. from ``dask.bag.read_text``). The options as
    for :func:`analyze_files`.

    Returns:
        A bag with one ``str`` per input line: what ``kma analyze`` prints
        for it, without the final newline. ``bag.to_textfiles(...,
        last_endline=True)`` writes the CLI's output.
    """
    spec = _spec(model, options, option_keywords, format=format)
    return bag.map_partitions(_format_items, spec)


def _format_frame(frame: Any, column: str, output_column: str, spec: Spec) -> Any:
    frame = frame.copy()
    frame[output_column] = _format_items(frame[column], spec)
    return frame


def analyze_dataframe(df: Any, column: str = "text", *, output_column: str = "analysis",
                      format: str = "morphs", model: Optional[str] = None,
                      options: Optional[Options] = None, **option_keywords: Any) -> Any:
    """Adds to a Dask dataframe a column with the analysis of ``column``.

    Args:
        df: a ``dask.dataframe.DataFrame`` whose ``column`` holds ``str``.
        output_column: the new column (``object`` dtype of ``str``).
        format: ``"morphs"`` (``"form/TAG form/TAG ..."``), ``"json"`` or
            ``"tsv"``, as in :func:`analyze_bag`.
        options, **option_keywords: as for :func:`analyze_files`.

    Needs pandas (Debian: python3-pandas).
    """
    import pandas as pd

    spec = _spec(model, options, option_keywords, format=format)
    meta = df._meta.assign(**{output_column: pd.Series([], dtype=object)})
    return df.map_partitions(_format_frame, column, output_column, spec, meta=meta)
