"""Input of kma.dask: text files cut into byte ranges on line boundaries.

A block is a byte range ``[start, end)`` of one file; it owns every line that
*starts* inside the range, so the blocks of a file hold each of its lines
exactly once, whatever the block size, and a worker reads only its range
(plus the end of its last line). Lines are split as the ``kma`` command
splits them: at ``\\n``, with a ``\\r`` before it dropped too.
"""
from __future__ import annotations

import os
from typing import Iterable, List, NamedTuple, Tuple, Union

from ._errors import STATUS_CODES, _from_status

PathLike = Union[str, "os.PathLike[str]"]

#: Default block size: a few minutes of analysis per block on one core, so
#: that tasks dwarf Dask's per-task overhead and a lost worker loses little.
DEFAULT_BLOCKSIZE = 8 << 20

#: The longest line read, as ``kma analyze --max-line-bytes``: analysis needs
#: about 50 bytes of memory per byte of a line, so a 1 GB line would need
#: 50 GB; a longer line is an error naming it, read no further.
DEFAULT_MAX_LINE_BYTES = 16 << 20

_BOM = b"\xef\xbb\xbf"


class Block(NamedTuple):
    """One unit of work: the lines of ``path`` that start in ``[start, end)``."""

    index: int
    """Position of the block in the whole input (its output part number)."""
    path: str
    start: int
    end: int


def plan_blocks(paths: Union[PathLike, Iterable[PathLike]],
                blocksize: int = DEFAULT_BLOCKSIZE) -> List[Block]:
    """Cuts the files into blocks of about ``blocksize`` bytes, in order.

    Args:
        paths: one file or several; each gives at least one block (an empty
            file gives one empty block, so that it still has an output part).
        blocksize: bytes per block (> 0); ``None`` or 0 means one block per
            file.
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    if blocksize is not None and blocksize < 0:
        raise ValueError(f"blocksize must be >= 0, not {blocksize}")
    blocks: List[Block] = []
    for path in paths:
        path = os.fsdecode(path)
        size = os.path.getsize(path)
        step = blocksize or max(size, 1)
        for start in range(0, max(size, 1), step):
            blocks.append(Block(len(blocks), path, start, min(size, start + step)))
    return blocks


def read_block(block: Block, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
               ) -> Tuple[List[bytes], List[int]]:
    """The lines of a block without their line endings, and the byte offset
    in the file where each line starts (for error messages).

    Raises:
        InvalidTextError: a line is longer than ``max_line_bytes`` (status
            ``KMA_E_INPUT_TOO_LONG``; the message gives the file and the
            line's first byte). At most ``max_line_bytes + 2`` bytes of it
            are read.
    """
    if max_line_bytes <= 0:
        raise ValueError(f"max_line_bytes must be > 0, not {max_line_bytes}")
    lines: List[bytes] = []
    offsets: List[int] = []
    with open(block.path, "rb") as f:
        pos = block.start
        if pos > 0:
            # A line that starts before the block belongs to the previous one.
            f.seek(pos - 1)
            if f.read(1) != b"\n":
                pos += len(f.readline())
        while pos < block.end:
            # Room for the limit and a "\r\n": a line that fits comes whole.
            line = f.readline(max_line_bytes + 2)
            if not line:
                break
            start = pos
            pos += len(line)
            if start == 0 and line.startswith(_BOM):
                # As the CLI: a byte order mark at the start of a file is not
                # text (and a file of nothing else holds no line).
                line, start = line[len(_BOM):], len(_BOM)
                if not line:
                    break
                if not line.endswith(b"\n") and len(line) == max_line_bytes + 2 - len(_BOM):
                    more = f.readline(len(_BOM))  # the mark took room from the limit
                    line += more
                    pos += len(more)
            offsets.append(start)
            # As the CLI's LineReader: drop "\n", then a "\r" before it (or
            # at the very end of the file).
            if line.endswith(b"\n"):
                line = line[:-1]
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > max_line_bytes:
                raise _from_status(
                    STATUS_CODES["KMA_E_INPUT_TOO_LONG"],
                    f"{block.path}: line starting at byte {offsets[-1]} is longer than the limit "
                    f"of {max_line_bytes} bytes (max_line_bytes)", None, None)
            lines.append(line)
    return lines, offsets
