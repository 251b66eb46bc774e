"""kma._blocks: byte ranges on line boundaries hold every line exactly once."""
import random
import subprocess

import pytest

import kma
from kma._blocks import plan_blocks, read_block


def cli_lines(data: bytes):
    """Lines as the kma command reads them (LineReader): split at \\n, a \\r
    before it (or at the very end) dropped, no line after a final \\n."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        if not data:
            return []
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return [l[:-1] if l.endswith(b"\r") else l for l in lines]


CASES = [
    b"",
    b"\xef\xbb\xbf",
    "\ufeff첫 줄\r\n둘째\n".encode(),
    b"\n",
    b"one line without newline",
    "가나다\r\n라마바\n\n사아자\r\n".encode(),
    "첫 줄\n\n\n둘째 줄\r\n마지막 줄\r".encode(),
]


@pytest.mark.parametrize("data", CASES)
@pytest.mark.parametrize("blocksize", [1, 2, 3, 5, 7, 64, 0])
def test_blocks_hold_each_line_once(tmp_path, data, blocksize):
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    blocks = plan_blocks([path], blocksize)
    assert [b.index for b in blocks] == list(range(len(blocks)))
    lines, offsets = [], []
    for block in blocks:
        got, starts = read_block(block)
        lines += got
        offsets += starts
    assert lines == cli_lines(data)
    assert all(data[o:].startswith(l) for o, l in zip(offsets, lines))


@pytest.mark.parametrize("data", CASES)
def test_blocks_read_as_the_cli_reads(tmp_path, cli, data):
    # kma analyze prints one record per line it reads: as many as read_block
    # gives (a byte order mark alone is no line).
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    out = subprocess.run([cli, "analyze", str(path)], capture_output=True, check=True).stdout
    assert out.count(b"\n") == len(read_block(plan_blocks(path, 0)[0])[0])


def test_random_text_and_several_files(tmp_path):
    rng = random.Random(7)
    words = ["가", "나다", "라마바사", "😀", "\r", "", "abc"]
    files, want = [], []
    for k in range(3):
        data = b"".join(rng.choice(words).encode() + rng.choice([b"\n", b"\r\n"])
                        for _ in range(300))
        path = tmp_path / f"f{k}.txt"
        path.write_bytes(data)
        files.append(path)
        want += cli_lines(data)
    for blocksize in (13, 100, 1000):
        blocks = plan_blocks(files, blocksize)
        assert [b.path for b in blocks] == sorted(b.path for b in blocks)
        assert [l for b in blocks for l in read_block(b)[0]] == want


def test_bad_blocksize(tmp_path):
    (tmp_path / "a").write_bytes(b"x\n")
    with pytest.raises(ValueError):
        plan_blocks(tmp_path / "a", -1)


def test_line_limit(tmp_path):
    # A line at the limit (its "\r\n" not counted) is read whole; a longer
    # one is an error naming the file and the line's first byte.
    path = tmp_path / "in.txt"
    path.write_bytes(b"12345\r\n" + b"x" * 6 + b"\nend\n")
    block = plan_blocks(path, 0)[0]
    with pytest.raises(kma.InvalidTextError) as info:
        read_block(block, max_line_bytes=5)
    assert info.value.status_name == "KMA_E_INPUT_TOO_LONG"
    assert "in.txt: line starting at byte 7 is longer than the limit of 5 bytes" in info.value.message
    assert read_block(block, max_line_bytes=6) == ([b"12345", b"x" * 6, b"end"], [0, 7, 14])
    with pytest.raises(ValueError):
        read_block(block, max_line_bytes=0)


def test_line_limit_after_a_byte_order_mark(tmp_path):
    # The mark does not count against the limit, as in the CLI.
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + b"y" * 6 + b"\r\n")
    assert read_block(plan_blocks(path, 0)[0], max_line_bytes=6) == ([b"y" * 6], [3])
