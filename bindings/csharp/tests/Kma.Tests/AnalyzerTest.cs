using System;
using System.IO;
using System.Linq;
using Xunit;

namespace Kma.Tests;

public sealed class AnalyzerTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public AnalyzerTest(ModelFixture fixture) => _model = fixture.Model;

    [Fact]
    public void GoldenCorpusMatchesExpectedTsvExactly()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "corpus.txt"));
        string[] expected = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "expected.tsv"));
        Assert.Equal(expected.Length, corpus.Length);
        using var analyzer = new Analyzer(_model);
        for (int i = 0; i < corpus.Length; i++)
            Assert.Equal(expected[i], analyzer.Analyze(corpus[i]).Best.ToString());
    }

    [Fact]
    public void OffsetsAreUtf16UnitsUsableWithSubstring()
    {
        // The emoji is a surrogate pair (2 units) and Hanja precede Hangul, so
        // code-point and UTF-16 offsets differ after them.
        const string text = "오늘 😀 韓國 사람이 왔다.";
        using var analyzer = _model.CreateAnalyzer();
        var tokens = analyzer.Tokenize(text);
        Assert.NotEmpty(tokens);
        foreach (Token t in tokens)
        {
            Assert.InRange(t.Begin, 0, text.Length);
            Assert.InRange(t.End, t.Begin, text.Length);
            Assert.True(t.Length > 0);
            // A span never starts or ends inside a surrogate pair.
            Assert.False(char.IsLowSurrogate(text[t.Begin]), t.ToString());
            Assert.False(t.End < text.Length && char.IsLowSurrogate(text[t.End]), t.ToString());
            string surface = text.Substring(t.Begin, t.Length);
            Assert.Equal(surface.EnumerateRunes().Count(), t.CodePointLength);
        }
        Token emoji = Assert.Single(tokens, t => text.Substring(t.Begin, t.Length) == "😀");
        Assert.Equal(3, emoji.Begin);
        Assert.Equal(2, emoji.Length);
        Assert.Equal(3, emoji.CodePointBegin);
        Assert.Equal(1, emoji.CodePointLength);
        Assert.Contains(tokens, t => text.Substring(t.Begin, t.Length).Contains('韓'));
        Token last = tokens[^1];
        Assert.Equal(".", text.Substring(last.Begin, last.Length));
        Assert.Equal(text.Length - 1, last.Begin);
        Assert.Equal(text.EnumerateRunes().Count() - 1, last.CodePointBegin);
    }

    [Fact]
    public void TopNReturnsSeveralAnalysesBestFirst()
    {
        using var analyzer = new Analyzer(_model, new AnalyzerOptions { TopN = 5, Beam = 20 });
        AnalysisResult r = analyzer.Analyze("아버지가방에들어가신다");
        Assert.InRange(r.Analyses.Count, 2, 5);
        for (int i = 1; i < r.Analyses.Count; i++)
            Assert.True(r.Analyses[i - 1].Score >= r.Analyses[i].Score);
        Assert.Equal(r.Analyses.Count, r.Analyses.Select(a => a.ToString()).Distinct().Count());

        using var single = new Analyzer(_model);
        Assert.Single(single.Analyze("아버지가방에들어가신다").Analyses);
        Assert.Equal(single.Analyze("아버지가방에들어가신다").Best.ToString(), r.Best.ToString());
    }

    [Fact]
    public void SplitFindsSentencesInUtf16Units()
    {
        const string text = "오늘은 비가 온다. 😀 내일은 맑겠다! 정말?";
        using var analyzer = new Analyzer(_model);
        var spans = analyzer.SplitSentences(text);
        Assert.True(spans.Count >= 3, $"got {spans.Count} sentences");
        Assert.StartsWith("오늘은 비가 온다.", text.Substring(spans[0].Begin, spans[0].Length));
        Assert.EndsWith("정말?", text.Substring(spans[^1].Begin, spans[^1].Length));
        for (int i = 1; i < spans.Count; i++)
            Assert.True(spans[i].Begin >= spans[i - 1].End);
        // Analyze reports the same sentences.
        Assert.Equal(spans, analyzer.Analyze(text).Sentences);
    }

    [Fact]
    public void SplitFindsUnpunctuatedEndsAndKeepsQuotationsWhole()
    {
        using var analyzer = new Analyzer(_model);
        const string text = "맛있었어요 다음에 또 갈게요";
        var spans = analyzer.SplitSentences(text);
        Assert.Equal(2, spans.Count);
        Assert.Equal("맛있었어요", text.Substring(spans[0].Begin, spans[0].Length));
        Assert.Equal("다음에 또 갈게요", text.Substring(spans[1].Begin, spans[1].Length));
        const string quoted = "그는 \"오늘은 비가 왔다. 그래서 집에 있었다\"라고 말했다. 나는 웃었다";
        spans = analyzer.SplitSentences(quoted);
        Assert.Equal(2, spans.Count);
        Assert.EndsWith("라고 말했다.", quoted.Substring(spans[0].Begin, spans[0].Length));
        // A blank line always ends a sentence.
        Assert.Equal(2, analyzer.SplitSentences("첫째 줄의 영화\n\n둘째 줄의 영화").Count);
    }

    [Fact]
    public void EmptyInputGivesOneEmptyAnalysis()
    {
        using var analyzer = new Analyzer(_model);
        AnalysisResult r = analyzer.Analyze("");
        Assert.Single(r.Analyses);
        Assert.Empty(r.Best.Tokens);
        Assert.Empty(analyzer.SplitSentences(""));
    }

    [Fact]
    public void OptionsAreValidatedAndApplied()
    {
        var e = Assert.Throws<KmaException>(() => new Analyzer(_model, new AnalyzerOptions { TopN = 0 }));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        Assert.Equal(-1, e.Offset);
        Assert.Throws<KmaException>(() => new Analyzer(_model, new AnalyzerOptions { Beam = float.NaN }));
        e = Assert.Throws<KmaException>(() =>
            new Analyzer(_model, new AnalyzerOptions { LanguageModel = "no-such-lm" }));
        Assert.Equal(KmaStatus.InvalidArgument, e.Status);
        Assert.Contains("no-such-lm", e.Message);

        Assert.NotEmpty(_model.LanguageModels);
        Assert.Contains(_model.DefaultLanguageModel, _model.LanguageModels);
        foreach (string lm in _model.LanguageModels)
        {
            using var a = new Analyzer(_model, new AnalyzerOptions { LanguageModel = lm, MaxUnknownLength = 4 });
            Assert.NotEmpty(a.Tokenize("한국어 형태소 분석기"));
        }

        using var analyzer = new Analyzer(_model);
        analyzer.SetOptions(new AnalyzerOptions { TopN = 3, Beam = 30 });
        Assert.InRange(analyzer.Analyze("아버지가방에들어가신다").Analyses.Count, 2, 3);
        // A rejected update keeps the old options.
        Assert.Throws<KmaException>(() => analyzer.SetOptions(new AnalyzerOptions { TopN = 65 }));
        Assert.InRange(analyzer.Analyze("아버지가방에들어가신다").Analyses.Count, 2, 3);
    }

    [Fact]
    public void UnpairedSurrogateIsTypedErrorWithOffset()
    {
        using var analyzer = new Analyzer(_model);
        var e = Assert.Throws<KmaException>(() => analyzer.Analyze("가나\uD800다"));
        Assert.Equal(KmaStatus.InvalidUtf16, e.Status);
        Assert.Equal(2, e.Offset);
        Assert.False(string.IsNullOrEmpty(e.Message));
        // The analyzer is still usable.
        Assert.NotEmpty(analyzer.Tokenize("가나다"));
    }

    [Fact]
    public void MissingModelIsIoError()
    {
        string path = Path.Combine(Path.GetTempPath(), "kma-no-such-dir", "missing.kmam");
        var e = Assert.Throws<KmaException>(() => Model.Open(path));
        Assert.Equal(KmaStatus.Io, e.Status);
        Assert.Contains("missing.kmam", e.Message);

        var bad = Assert.Throws<KmaException>(() => Model.FromBytes(new byte[] { 1, 2, 3, 4 }));
        Assert.Equal(KmaStatus.ModelFormat, bad.Status);
    }

    [Fact]
    public void ModelFromBytesAnalyzesLikeModelFromFile()
    {
        using Model m = Model.FromBytes(File.ReadAllBytes(TestPaths.ModelPath));
        Assert.Equal(_model.MorphemeCount, m.MorphemeCount);
        Assert.True(m.FormatVersion >= 1);
        using var a = new Analyzer(m);
        using var b = new Analyzer(_model);
        Assert.Equal(b.Analyze("서울에 갔다").Best.ToString(), a.Analyze("서울에 갔다").Best.ToString());
    }

    [Fact]
    public void LibraryInfo()
    {
        Assert.Matches(@"^\d+\.\d+\.\d+", Library.Version);
        Assert.False(string.IsNullOrEmpty(Library.ActiveIsa));
        Assert.Equal("UN", Library.TagName(0));
        Assert.Equal("UN", Library.TagName(ushort.MaxValue));
    }

    [Fact]
    public void OneConventionAndNoConventionOption()
    {
        // Every sentence in one convention (docs/CONVENTIONS.md): 같은 in this
        // KAIST-like sentence is 같/VA 은/ETM as in every source, and the
        // convention prior's option is gone.
        const string text = "그는 다른 사람과 같은 생각을 하고 있었다.";
        using var analyzer = new Analyzer(_model);
        Assert.Contains("같/VA 은/ETM 생각/NNG", string.Join(" ", analyzer.Tokenize(text)));
        Assert.DoesNotContain("convention", AnalyzerOptions.Names);
        Assert.Equal(KmaStatus.Unsupported,
                     Assert.Throws<KmaException>(() => new AnalyzerOptions { ["convention"] = true }).Status);
    }

    [Fact]
    public void DefaultOptionsAreTheLibrarysDefaults()
    {
        // Nothing is copied: unset options are null and keep the library's
        // defaults, which LibraryDefault reads from the library itself.
        var o = new AnalyzerOptions();
        Assert.Null(o.TopN);
        Assert.Null(o.Beam);
        Assert.Null(o.MaxUnknownLength);
        Assert.Equal(1, AnalyzerOptions.LibraryDefault("top_n"));
        Assert.Equal(5f, AnalyzerOptions.LibraryDefault("beam"));
        Assert.Equal(8, AnalyzerOptions.LibraryDefault("max_unknown_length"));
        const string text = "아버지가방에들어가신다";
        using var byDefault = new Analyzer(_model);
        using var explicitDefaults = new Analyzer(_model, o);
        Assert.Equal(string.Join(" ", byDefault.Tokenize(text)), string.Join(" ", explicitDefaults.Tokenize(text)));
    }

    [Fact]
    public void TyposOptionReadsMisspellingsAsMeant()
    {
        const string text = "안녕하세여";
        using var plain = new Analyzer(_model);
        using var tolerant = new Analyzer(_model, new AnalyzerOptions { Typos = true });
        Assert.DoesNotContain(plain.Tokenize(text), t => t.IsCorrected);
        var tokens = tolerant.Tokenize(text);
        Assert.Equal("안녕/NNG 하/XSA 시/EP 어요/EF", string.Join(" ", tokens));
        // The corrected morphemes keep the span of the text as written.
        Assert.Equal(new[] { "세여", "세여" },
                     tokens.Where(t => t.IsCorrected).Select(t => text.Substring(t.Begin, t.Length)).ToArray());
        const string clean = "나는 밥을 먹었다.";
        Assert.Equal(string.Join(" ", plain.Tokenize(clean)), string.Join(" ", tolerant.Tokenize(clean)));
        Assert.Equal("ㅋㅋ/IC", tolerant.Tokenize("ㅋㅋ 재밌다")[0].ToString());
    }
}
