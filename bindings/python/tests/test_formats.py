"""The native line formatter behind kma.dask writes what `kma analyze` prints,
byte for byte, in every format and with top_n > 1 (kma.dask's own tests
compare whole corpora; these are the awkward bytes)."""
import subprocess

import pytest

LINES = [
    "정부는 내년 예산안을 오늘 국회에 제출했다.",
    "",
    "따옴표 \" 역슬래시 \\ 탭\t제어\x01문자\x7f도 있다",
    "😀 👨‍👩‍👧 🇰🇷 韓國語 𠀀",
    "   ",
    "ㅋㅋㅋ 진짜 재밌음",
]
FORMATS = {"morphs": 0, "json": 1, "tsv": 2}


@pytest.mark.parametrize("top_n", [1, 3])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_same_bytes_as_cli(analyzer, cli, tmp_path, fmt, top_n):
    import kma

    path = tmp_path / "in.txt"
    path.write_bytes("\n".join(LINES).encode() + b"\n")
    args = [cli, "analyze", "--format", fmt, "--top-n", str(top_n), str(path)]
    if fmt == "tsv" and top_n > 1:
        # Both refuse: the format has room for one analysis (the CLI and
        # this printed the first one alone, as if -n were not given).
        assert subprocess.run(args, capture_output=True).returncode == 2
        with pytest.raises(kma.InvalidArgumentError, match="tsv format prints one analysis"):
            analyzer._native.format_lines(LINES, FORMATS[fmt], top_n)
        return
    want = subprocess.run(args, check=True, capture_output=True).stdout
    got = analyzer._native.format_lines(LINES, FORMATS[fmt], top_n)
    assert got == want
    assert analyzer._native.format_lines([l.encode() for l in LINES], FORMATS[fmt], top_n) == want


def test_bad_line_stops_with_its_index(analyzer):
    import kma

    with pytest.raises(kma.InvalidTextError) as info:
        analyzer._native.format_lines([b"ok", b"o\xffk"], 1, 1)
    assert (info.value.index, info.value.offset) == (1, 1)
    with pytest.raises(kma.InvalidArgumentError):
        analyzer._native.format_lines([b"ok"], 3, 1)
