"""Golden parity: the package reproduces tests/golden/expected.tsv (analyses),
tests/golden/offsets_expected.tsv (offsets with emoji and Hanja) and
tests/golden/expected.jsonl (the CLI's JSON), like the C API and the other
bindings."""


def read_lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_expected_analyses(analyzer, golden_dir):
    corpus = read_lines(golden_dir / "corpus.txt")
    expected = read_lines(golden_dir / "expected.tsv")
    assert len(corpus) == len(expected) > 0
    for text, want in zip(corpus, expected):
        got = " ".join(t.tagged_form for t in analyzer.tokenize(text))
        assert got == want, text


def test_expected_analyses_in_a_batch(analyzer, golden_dir):
    corpus = read_lines(golden_dir / "corpus.txt")
    expected = read_lines(golden_dir / "expected.tsv")
    for workers in (1, 2):
        results = analyzer.analyze_many(corpus, workers=workers)
        got = [str(analyses[0]) for analyses in results]
        assert got == expected


def parse_offsets_line(line):
    """[(form/TAG, cp_begin, cp_len, u8_begin, u8_len, u16_begin, u16_len)]"""
    tokens = []
    for field in line.split("\t"):
        tagged, *numbers = field.rsplit(" ", 6)
        tokens.append((tagged, *map(int, numbers)))
    return tokens


def test_offsets(analyzer, golden_dir):
    corpus = read_lines(golden_dir / "offsets_corpus.txt")
    expected = [l for l in read_lines(golden_dir / "offsets_expected.tsv")
                if not l.startswith("#")]
    assert len(corpus) == len(expected) > 0
    for text, line in zip(corpus, expected):
        want = parse_offsets_line(line)
        got = analyzer.tokenize(text)
        assert [t.tagged_form for t in got] == [w[0] for w in want], text
        for t, (_, cp, cp_len, u8, u8_len, u16, u16_len) in zip(got, want):
            # str indices are code points: the golden code-point columns.
            assert (t.start, t.len) == (cp, cp_len), (text, t)
            # The other units follow from the str: check the golden agrees.
            before, surface = text[:t.start], text[t.start:t.end]
            assert (len(before.encode()), len(surface.encode())) == (u8, u8_len)
            assert (len(before.encode("utf-16-le")) // 2,
                    len(surface.encode("utf-16-le")) // 2) == (u16, u16_len)


def test_offsets_from_bytes_input(analyzer, golden_dir):
    # UTF-8 bytes in, code-point offsets out: the same tokens as from str.
    for text in read_lines(golden_dir / "offsets_corpus.txt"):
        assert analyzer.tokenize(text.encode()) == analyzer.tokenize(text)


def test_json_records(analyzer, golden_dir):
    # Analyzer.format gives `kma analyze -f json`'s bytes (kma_result_format).
    corpus = read_lines(golden_dir / "format_corpus.txt")
    expected = (golden_dir / "expected.jsonl").read_bytes().decode("utf-8").split("\n")
    assert expected.pop() == "" and len(corpus) == len(expected) > 0
    for text, want in zip(corpus, expected):
        assert analyzer.format(text, "json") == want + "\n", text
        assert analyzer.format(text.encode(), "json") == want + "\n", text
