using System.Linq;
using Xunit;

namespace Kma.Tests;

public sealed class ConstraintsTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public ConstraintsTest(ModelFixture fixture) => _model = fixture.Model;

    [Fact]
    public void EmptyConstraintsGiveThePlainAnalysis()
    {
        using var analyzer = new Analyzer(_model);
        const string text = "아버지가방에들어가신다";
        Assert.Equal(analyzer.Analyze(text).Best.ToString(),
                     analyzer.Analyze(text, new Constraints()).Best.ToString());
    }

    [Fact]
    public void SpanIsAnalysedAsGivenAndFlagged()
    {
        using var analyzer = new Analyzer(_model);
        var tokens = analyzer.Analyze("나는 쿠쿠루뱅크에서 돈을 찾았다.",
                                      new Constraints().Span(3, 8, "쿠쿠루뱅크/NNP")).Best.Tokens;
        Token forced = tokens[2];
        Assert.Equal("쿠쿠루뱅크", forced.Form);
        Assert.Equal("NNP", forced.Tag);
        Assert.True(forced.IsConstrained);
        Assert.Equal(3, forced.Begin);
        Assert.Equal(5, forced.Length);
        Assert.False(tokens[3].IsConstrained);
    }

    [Fact]
    public void SeveralMorphemesTextSyntaxAndLemma()
    {
        using var analyzer = new Analyzer(_model);
        var tokens = analyzer.Analyze("길을 걸었다", new Constraints().Parse("3:6 걷/VV+었/EP+다/EF")).Best.Tokens;
        Assert.Equal("걷/VV 었/EP 다/EF", string.Join(" ", tokens.Skip(2).Select(t => t.ToString())));
        var lemma = analyzer.Analyze("길을 걸었다", new Constraints().Lemma("걷/VV|걸/VV", 3, 6)).Best.Tokens;
        Assert.Contains(lemma, t => t.Tag == "VV");
    }

    [Fact]
    public void UnsatisfiableAndMalformedConstraintsThrow()
    {
        using var analyzer = new Analyzer(_model);
        var e = Assert.Throws<KmaException>(() => analyzer.Analyze("밥을 먹었다", new Constraints().Lemma("없는말/VV")));
        Assert.Equal(KmaStatus.Unsatisfiable, e.Status);
        e = Assert.Throws<KmaException>(() => analyzer.Analyze("밥을 먹었다", new Constraints().Span(0, 1, "밥/NNQ")));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        Assert.Equal(4, e.Offset);  // the tag, in the UTF-8 of "밥/NNQ"
        e = Assert.Throws<KmaException>(() => analyzer.Analyze("밥을", new Constraints().Span(1, 9, "을/JKO")));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        Assert.Equal(9, e.Offset);
    }

    [Fact]
    public void OverTheMemoryBudgetIsAResourceError()
    {
        // 256 KB of text, 8 analyses: far more than 4 MiB. The analyzer stays usable.
        string text = string.Concat(Enumerable.Repeat("나는 어제 친구와 함께 영화를 봤다. ", 5000));
        using var small = new Analyzer(_model, new AnalyzerOptions { ["top_n"] = 8, ["memory_budget_mib"] = 4 });
        var e = Assert.Throws<KmaException>(() => small.Analyze(text));
        Assert.Equal(KmaStatus.Resource, e.Status);
        Assert.Contains("budget of 4 MiB", e.Message);
        Assert.Equal("밥/NNG", small.Analyze("밥을 먹자").Best.Tokens[0].ToString());
        Assert.Equal(1024, AnalyzerOptions.LibraryDefault("memory_budget_mib"));
        using var unbounded = new Analyzer(_model, new AnalyzerOptions { ["memory_budget_mib"] = 0 });
        Assert.Equal("나/NP", unbounded.Analyze(text).Best.Tokens[0].ToString());
    }

    [Fact]
    public void PruneMarginIsAnOptionSlot()
    {
        // Coarse-to-fine search (KMA_OPT_PRUNE_MARGIN): on by default (margin
        // 8); this short sentence keeps its exact analysis with the first pass.
        Assert.Equal(8f, AnalyzerOptions.LibraryDefault("prune_margin"));
        const string text = "나는 밥을 먹었다";
        using var exact = new Analyzer(_model, new AnalyzerOptions { ["prune_margin"] = 0.0 });
        using var pruned = new Analyzer(_model, new AnalyzerOptions { ["prune_margin"] = 6.0 });
        Assert.Equal(string.Join(" ", exact.Analyze(text).Best.Tokens), string.Join(" ", pruned.Analyze(text).Best.Tokens));
    }
}
