using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace Kma.Tests;

/// <summary>
/// tests/golden/offsets_expected.tsv holds, per line of offsets_corpus.txt,
/// the C API's top-1 tokens with their offsets in code points, UTF-8 bytes
/// and UTF-16 units. The corpus mixes emoji (ZWJ sequences, flags, skin
/// tones), Hanja and an astral ideograph, so the three units diverge; this
/// binding must report exactly the UTF-16 and code-point columns.
/// </summary>
public sealed class OffsetsGoldenTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public OffsetsGoldenTest(ModelFixture fixture) => _model = fixture.Model;

    /// <summary>One expected token: "form/TAG cp_b cp_len u8_b u8_len u16_b u16_len".</summary>
    private readonly record struct Expected(string Morph, int CpBegin, int CpLength,
                                            int U8Begin, int U8Length,
                                            int U16Begin, int U16Length);

    private static Expected ParseToken(string field, int line)
    {
        // Split from the right: the six numbers are last, and the form itself
        // may contain '/' (URLs) so only the numbers are split off.
        string[] parts = field.Split(' ');
        Assert.True(parts.Length >= 7, $"line {line}: malformed token '{field}'");
        int n = parts.Length;
        int Num(int k) => int.Parse(parts[n - 6 + k], System.Globalization.CultureInfo.InvariantCulture);
        return new Expected(string.Join(' ', parts[..(n - 6)]),
                            Num(0), Num(1), Num(2), Num(3), Num(4), Num(5));
    }

    private static List<List<Expected>> LoadExpected()
    {
        var lines = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "offsets_expected.tsv"))
            .Where(l => !l.StartsWith('#'))
            .ToList();
        return lines.Select((l, i) => l.Split('\t').Select(f => ParseToken(f, i + 1)).ToList())
            .ToList();
    }

    [Fact]
    public void OffsetsMatchGoldenFileExactly()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "offsets_corpus.txt"));
        List<List<Expected>> expected = LoadExpected();
        Assert.Equal(5, corpus.Length);
        Assert.Equal(corpus.Length, expected.Count);

        using var analyzer = new Analyzer(_model);
        for (int i = 0; i < corpus.Length; i++)
        {
            string text = corpus[i];
            IReadOnlyList<Token> got = analyzer.Analyze(text).Best.Tokens;
            List<Expected> want = expected[i];
            string where = $"line {i + 1}";
            Assert.True(want.Count == got.Count,
                $"{where}: expected {want.Count} tokens, got {got.Count}: " +
                string.Join(" ", got.Select(t => t.ToString())));
            for (int k = 0; k < got.Count; k++)
            {
                Token t = got[k];
                Expected e = want[k];
                string at = $"{where} token {k} ({e.Morph})";
                Assert.True(e.Morph == t.ToString(), $"{at}: form/TAG is {t}");
                Assert.True(e.U16Begin == t.Begin, $"{at}: Begin {t.Begin} != {e.U16Begin}");
                Assert.True(e.U16Length == t.Length, $"{at}: Length {t.Length} != {e.U16Length}");
                Assert.True(e.CpBegin == t.CodePointBegin,
                    $"{at}: CodePointBegin {t.CodePointBegin} != {e.CpBegin}");
                Assert.True(e.CpLength == t.CodePointLength,
                    $"{at}: CodePointLength {t.CodePointLength} != {e.CpLength}");
                // The UTF-16 span is usable with Substring and spans the same
                // code points and UTF-8 bytes as the file says (guards against
                // a file whose columns disagree with each other).
                string surface = text.Substring(t.Begin, t.Length);
                Assert.Equal(e.CpLength, surface.EnumerateRunes().Count());
                Assert.Equal(e.CpBegin, text[..t.Begin].EnumerateRunes().Count());
                Assert.Equal(e.U8Begin, System.Text.Encoding.UTF8.GetByteCount(text[..t.Begin]));
                Assert.Equal(e.U8Length, System.Text.Encoding.UTF8.GetByteCount(surface));
            }
        }
    }

    [Fact]
    public void GoldenCorpusReallyHasMultiUnitCharacters()
    {
        // If the corpus lost its emoji/astral characters the test above would
        // pass trivially with code-point offsets in place of UTF-16 ones.
        List<List<Expected>> expected = LoadExpected();
        Assert.Contains(expected.SelectMany(l => l), e => e.U16Length > e.CpLength);
        Assert.Contains(expected.SelectMany(l => l), e => e.U16Begin != e.CpBegin);
    }
}
