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
}
