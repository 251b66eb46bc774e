using System.IO;
using System.Linq;
using Xunit;

namespace Kma.Tests;

/// <summary>
/// The output options (docs/OUTPUT_OPTIONS.md): lemmas on tokens, and golden
/// parity of the records with every option on
/// (tests/golden/options_expected.jsonl, the CLI's JSON with the same options).
/// </summary>
public class OutputOptionsTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public OutputOptionsTest(ModelFixture fixture) => _model = fixture.Model;

    /// <summary>The options of tests/golden/CMakeLists.txt's KMA_GOLDEN_OPTIONS, by name.</summary>
    private static AnalyzerOptions GoldenOptions() => new AnalyzerOptions
    {
        ["lemma"] = true,
        ["join_derivations"] = true,
        ["stop_words"] = true,
        ["stop_word_list"] = File.ReadAllText(Path.Combine(TestPaths.GoldenDir, "options_stop_words.txt")),
        ["no_special"] = "hashtag serial emoji",
    };

    [Fact]
    public void Lemmas()
    {
        using var analyzer = new Analyzer(_model);
        var lemmas = analyzer.Tokenize("밥을 먹었다. 가까운 집이다")
            .GroupBy(t => t.Form + "/" + t.Tag).ToDictionary(g => g.Key, g => g.First().Lemma);
        Assert.Equal("먹다", lemmas["먹/VV"]);
        Assert.Equal("가깝다", lemmas["가깝/VA"]);
        Assert.Equal("이다", lemmas["이/VCP"]);
        Assert.Equal("밥", lemmas["밥/NNG"]);
        Assert.Equal("었", lemmas["었/EP"]);
    }

    [Fact]
    public void LemmaRecords()
    {
        using var plain = new Analyzer(_model);
        using var withLemma = new Analyzer(_model, new AnalyzerOptions { ["lemma"] = true });
        Assert.Equal("먹다/VV 었/EP 다/EF\n", withLemma.Format("먹었다", RecordFormat.Morphs));
        Assert.Equal("먹/VV 었/EP 다/EF\n", plain.Format("먹었다", RecordFormat.Morphs));
        Assert.Contains("\"lemma\":\"먹다\"", withLemma.Format("먹었다", RecordFormat.Json));
        Assert.DoesNotContain("lemma", plain.Format("먹었다", RecordFormat.Json));
    }

    [Fact]
    public void OptionsGolden()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "options_corpus.txt"));
        string[] expected = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "options_expected.jsonl"));
        Assert.Equal(corpus.Length, expected.Length);
        using var analyzer = new Analyzer(_model, GoldenOptions());
        for (int i = 0; i < corpus.Length; i++)
            Assert.Equal(expected[i] + "\n", analyzer.Format(corpus[i], RecordFormat.Json));
    }
}
