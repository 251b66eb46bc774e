using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Xunit;

namespace Kma.Tests;

/// <summary>AnalyzerPool: batches equal one analyzer's results, in order; a bad text fails alone.</summary>
public sealed class PoolTest : IClassFixture<ModelFixture>
{
    private static readonly string[] Texts =
    {
        "아버지가방에들어가신다", "오늘 날씨가 정말 좋네요.", "",
        "이메일은 test@example.com 으로 보내 주세요 😀", "漢字와 한글을 섞어 쓴 文章도 있습니다.", "밥",
    };

    private readonly Model _model;

    public PoolTest(ModelFixture fixture) => _model = fixture.Model;

    private static string Render(AnalysisResult r) =>
        string.Join(" | ", r.Analyses.Select(a => $"{a.Score:F4} {a}"));

    [Fact]
    public void BatchEqualsOneAnalyzerInInputOrder()
    {
        var options = new AnalyzerOptions { TopN = 2 };
        // More texts than threads, not a multiple of them.
        string[] texts = Enumerable.Range(0, 23).Select(i => Texts[i % Texts.Length]).ToArray();
        using var analyzer = new Analyzer(_model, options);
        string[] expected = texts.Select(t => Render(analyzer.Analyze(t))).ToArray();
        foreach (int threads in new[] { 1, 3 })
        {
            using var pool = new AnalyzerPool(_model, options, threads);
            Assert.Equal(threads, pool.ThreadCount);
            IReadOnlyList<BatchResult> got = pool.AnalyzeMany(texts);
            Assert.Equal(texts.Length, got.Count);
            for (int i = 0; i < texts.Length; i++)
            {
                Assert.True(got[i].Success);
                Assert.Same(texts[i], got[i].Text);
                Assert.Equal(expected[i], Render(got[i].Result));
            }
        }
    }

    [Fact]
    public void BadTextGetsItsOwnError()
    {
        using var pool = new AnalyzerPool(_model, threads: 2);
        var got = pool.AnalyzeMany(new[] { "밥", "가\uD800나", "아버지가방에들어가신다", "\uDC00" });
        Assert.True(got[0].Success);
        Assert.False(got[1].Success);
        Assert.Equal(KmaStatus.InvalidUtf16, got[1].Error!.Status);
        Assert.Equal(1, got[1].Error!.Offset);
        var thrown = Assert.Throws<KmaException>(() => got[1].Result);
        Assert.Same(got[1].Error, thrown);
        Assert.Equal("아버지/NNG", got[2].Result.Best.Tokens[0].ToString());
        Assert.Null(got[2].Error);
        Assert.Equal(0, got[3].Error!.Offset);
        Assert.Contains("UTF-16", got[3].Error!.Message);
    }

    [Fact]
    public void ArgumentsAndLifetime()
    {
        Assert.Throws<KmaException>(() => new AnalyzerPool(_model, null, -1));
        Assert.Throws<KmaException>(() => new AnalyzerPool(_model, null, 257));
        Assert.Throws<KmaException>(
            () => new AnalyzerPool(_model, new AnalyzerOptions { LanguageModel = "no-such-lm" }, 1));
        var pool = new AnalyzerPool(_model);
        Assert.True(pool.ThreadCount >= 1);
        Assert.Empty(pool.AnalyzeMany(Array.Empty<string>()));
        Assert.Throws<ArgumentNullException>(() => pool.AnalyzeMany(new[] { "밥", null! }));
        pool.Dispose();
        pool.Dispose();  // no-op
        Assert.Throws<ObjectDisposedException>(() => pool.AnalyzeMany(Texts));
    }

    // .NET keeps Environment.SetEnvironmentVariable to itself on Unix; the
    // C library reads the process environment, so the test sets that.
    [DllImport("libc", EntryPoint = "setenv")]
    private static extern int SetEnv(string name, string value, int overwrite);

    [DllImport("libc", EntryPoint = "unsetenv")]
    private static extern int UnsetEnv(string name);

    [Fact]
    public void OpenDefaultFollowsKmaModel()
    {
        // No other test reads KMA_MODEL, so changing it races with nothing.
        try
        {
            Assert.Equal(0, SetEnv("KMA_MODEL", TestPaths.ModelPath, 1));
            using (Model m = Model.OpenDefault()) Assert.True(m.MorphemeCount > 0);
            Assert.Equal(0, SetEnv("KMA_MODEL", "/nonexistent/typo.kmam", 1));
            var e = Assert.Throws<KmaException>(() => Model.OpenDefault());
            Assert.Equal(KmaStatus.Io, e.Status);
            Assert.Contains("/nonexistent/typo.kmam", e.Message);
        }
        finally
        {
            UnsetEnv("KMA_MODEL");
        }
    }
}
