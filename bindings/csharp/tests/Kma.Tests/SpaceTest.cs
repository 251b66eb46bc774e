using Xunit;

namespace Kma.Tests;

/// <summary>Analyzer.Space (kma_space_utf8) against the bundled model.</summary>
public sealed class SpaceTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public SpaceTest(ModelFixture fixture) => _model = fixture.Model;

    [Fact]
    public void SpacesTextAndKeepsCorrectText()
    {
        using var analyzer = new Analyzer(_model);
        Assert.Equal("아버지가 방에 들어가신다", analyzer.Space("아버지가방에들어가신다"));
        Assert.Equal("나는 학교에 갔다", analyzer.Space("나는 학교 에 갔 다"));
        const string text = "오늘 날씨가 정말 좋네요.";
        foreach (double w in new[] { 0.0, 0.5, 1.0 })
            Assert.Equal(text, analyzer.Space(text, w));
        Assert.Equal("", analyzer.Space(""));
        // Text outside the BMP survives the UTF-8 round trip.
        Assert.Equal("오늘 😀 좋다", analyzer.Space("오늘 😀 좋다", 1.0));
    }

    [Fact]
    public void BadInputIsAnError()
    {
        using var analyzer = new Analyzer(_model);
        var e = Assert.Throws<KmaException>(() => analyzer.Space("가나", 1.5));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        e = Assert.Throws<KmaException>(() => analyzer.Space("가나", double.NaN));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        e = Assert.Throws<KmaException>(() => analyzer.Space("가\uD800나"));
        Assert.Equal(KmaStatus.InvalidUtf16, e.Status);
        Assert.Equal(1, e.Offset);
        e = Assert.Throws<KmaException>(() => analyzer.Space("가나\uDC00"));
        Assert.Equal(2, e.Offset);
    }

    [Fact]
    public void ADisposedAnalyzerRefuses()
    {
        var analyzer = new Analyzer(_model);
        analyzer.Dispose();
        Assert.Throws<System.ObjectDisposedException>(() => analyzer.Space("가나"));
    }
}
