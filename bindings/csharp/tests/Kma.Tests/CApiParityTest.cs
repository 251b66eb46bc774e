using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Xunit;

namespace Kma.Tests;

/// <summary>
/// The binding against the C headers and the CLI's golden files: every
/// status code of kma_common.h is a <see cref="KmaStatus"/> member with the
/// header's value, <see cref="AnalyzerOptions"/> offers exactly the analysis
/// slots of kma_options.h (from the library's table), options set by name
/// equal the typed properties, and <see cref="Analyzer.Format"/> gives
/// <c>kma analyze -f json</c>'s bytes (tests/golden/expected.jsonl).
/// </summary>
public class CApiParityTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public CApiParityTest(ModelFixture fixture) => _model = fixture.Model;

    private static Dictionary<string, int> Constants(string header, string pattern) =>
        Regex.Matches(File.ReadAllText(Path.Combine(TestPaths.IncludeDir, "kma", header)), pattern,
                      RegexOptions.Multiline)
            .ToDictionary(m => m.Groups[1].Value, m => int.Parse(m.Groups[2].Value));

    /// <summary>KMA_E_INVALID_UTF8 → InvalidUtf8.</summary>
    private static string PascalCase(string suffix) =>
        string.Concat(suffix.Split('_').Select(w => w[0] + w.Substring(1).ToLowerInvariant()));

    [Fact]
    public void StatusCodesAreTheHeaders()
    {
        var codes = Constants("kma_common.h", @"^\s*KMA_(OK|E_[A-Z0-9_]+)\s*=\s*(-?\d+)");
        Assert.True(codes.Count >= 14);
        foreach (var (name, value) in codes)
        {
            string member = PascalCase(name.StartsWith("E_") ? name.Substring(2) : name);
            Assert.True(Enum.TryParse(member, out KmaStatus status), $"KmaStatus has no {member} for KMA_{name}");
            Assert.Equal(value, (int)status);
        }
        Assert.Equal(codes.Count, Enum.GetValues<KmaStatus>().Length);
    }

    [Fact]
    public void OptionsAreTheHeadersSlots()
    {
        var slots = Constants("kma_options.h", @"^\s*KMA_OPT_(?!TYPE_|FLAG_)([A-Z0-9_]+)\s*=\s*(\d+)");
        var want = slots.OrderBy(s => s.Value).Select(s => s.Key.ToLowerInvariant())
                        .Where(n => n != "package_model");
        Assert.Equal(want, AnalyzerOptions.Names);
    }

    [Fact]
    public void OptionsByNameAreTheProperties()
    {
        var unknown = Assert.Throws<KmaException>(() => new AnalyzerOptions { ["topn"] = 3 });
        Assert.Equal(KmaStatus.Unsupported, unknown.Status);
        Assert.Contains("top_n", unknown.Message);
        Assert.Equal(KmaStatus.Unsupported,
                     Assert.Throws<KmaException>(() => new AnalyzerOptions { ["package_model"] = "x" }).Status);
        Assert.Throws<ArgumentException>(() => new AnalyzerOptions { ["typos"] = 1 });
        Assert.Throws<ArgumentException>(() => new AnalyzerOptions { ["top_n"] = "3" });
        var typed = new AnalyzerOptions { Typos = true, TopN = 2, Beam = 7 };
        var named = new AnalyzerOptions { ["typos"] = true, ["top_n"] = 2, ["beam"] = 7.0 };
        Assert.Equal(true, named["typos"]);
        Assert.Equal(7f, named.Beam);
        const string text = "됬다 할께요 ㅋㅋ";
        using var a = new Analyzer(_model, typed);
        using var b = new Analyzer(_model, named);
        using var plain = new Analyzer(_model, new AnalyzerOptions { Typos = true, ["typos"] = null });
        using var byDefault = new Analyzer(_model);
        Assert.Equal(a.Format(text, RecordFormat.Json), b.Format(text, RecordFormat.Json));
        Assert.Equal(byDefault.Format(text, RecordFormat.Json), plain.Format(text, RecordFormat.Json));
        Assert.NotEqual(byDefault.Format(text, RecordFormat.Json), a.Format(text, RecordFormat.Json));
        var bad = Assert.Throws<KmaException>(() => new Analyzer(_model, new AnalyzerOptions { ["max_unknown_length"] = 0 }));
        Assert.Contains("KMA_OPT_MAX_UNKNOWN_LENGTH", bad.Message);
    }

    [Fact]
    public void JsonRecordsAreTheClis()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "format_corpus.txt"));
        string[] expected = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "expected.jsonl"));
        Assert.Equal(corpus.Length, expected.Length);
        using var analyzer = new Analyzer(_model);
        for (int i = 0; i < corpus.Length; i++)
            Assert.Equal(expected[i] + "\n", analyzer.Format(corpus[i], RecordFormat.Json));
        Assert.Equal("좋/VA 다/EF\n", analyzer.Format("좋다", RecordFormat.Morphs));
        Assert.EndsWith("EOS\n", analyzer.Format("좋다", RecordFormat.Tsv));
        string longText = string.Concat(Enumerable.Repeat("아버지가 방에 들어가신다. ", 60));
        Assert.StartsWith("{\"text\":\"아버지가", analyzer.Format(longText, RecordFormat.Json));
        var e = Assert.Throws<KmaException>(() => analyzer.Format("가\uD800", RecordFormat.Json));
        Assert.Equal(KmaStatus.InvalidUtf16, e.Status);
    }
}
