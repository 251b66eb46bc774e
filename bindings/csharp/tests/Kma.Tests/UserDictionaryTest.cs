using System;
using System.IO;
using Xunit;

namespace Kma.Tests;

/// <summary>
/// User dictionaries, output tags and the joiner against the bundled model:
/// the golden user-dictionary corpus (as the CLI and the other bindings),
/// entries of every kind, errors with line and column, the joiner's
/// documented examples (docs/USER_DICTIONARY.md).
/// </summary>
public sealed class UserDictionaryTest : IClassFixture<ModelFixture>
{
    private readonly Model _model;

    public UserDictionaryTest(ModelFixture fixture) => _model = fixture.Model;

    private static string Best(Model m, string text, AnalyzerOptions? opt = null)
    {
        using var a = new Analyzer(m, opt);
        return a.Analyze(text).Best.ToString();
    }

    [Fact]
    public void GoldenUserDictionaryCorpus()
    {
        string[] corpus = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "user_dict_corpus.txt"));
        string[] expected = File.ReadAllLines(Path.Combine(TestPaths.GoldenDir, "user_dict_expected.tsv"));
        Assert.Equal(expected.Length, corpus.Length);
        using var dict = new UserDictionary(_model).Load(Path.Combine(TestPaths.GoldenDir, "user_dict.tsv"));
        using Model derived = _model.WithUserDictionary(dict);
        for (int i = 0; i < corpus.Length; i++) Assert.Equal(expected[i], Best(derived, corpus[i]));
    }

    [Fact]
    public void EntriesOfEveryKind()
    {
        using var dict = new UserDictionary(_model)
            .AddWord("뉴진스", "NNP")
            .AddStem("힙스럽", "VA", "ㅂ")
            .AddAnalysis("할많하않", "하/VV ㄹ/ETM 말/NNG 많/VA 지만/EC 하/VV 지/EC 않/VX 음/ETN")
            .AddPattern(@"[A-Z]{2}-\d{3,}", "NNP")
            .Block(null, "MAG");
        Assert.Equal(5, dict.Count);
        using Model derived = _model.WithUserDictionary(dict);
        Assert.Equal("뉴진스/NNP 를/JKO", Best(derived, "뉴진스를"));
        Assert.StartsWith("힙스럽/VA ", Best(derived, "힙스러워"));
        Assert.Equal("AB-123/NNP", Best(derived, "AB-123"));
        Assert.DoesNotContain("/MAG", Best(derived, "정말 너무 좋다"));
        Assert.Equal("뉴진스/NNP", Best(derived, "뉴진스를 좋아해", new AnalyzerOptions { OutputTags = "NNP" }));
    }

    [Fact]
    public void UserMorphemesAreFlagged()
    {
        using var dict = new UserDictionary(_model).AddWord("뉴진스", "NNP");
        using Model derived = _model.WithUserDictionary(dict);
        using var a = new Analyzer(derived);
        var tokens = a.Analyze("뉴진스를 좋아해").Best.Tokens;
        Assert.Equal("뉴진스", tokens[0].Form);
        Assert.True(tokens[0].IsUser);
        Assert.Equal(0u, tokens[0].MorphId);
        for (int i = 1; i < tokens.Count; i++) Assert.False(tokens[i].IsUser, tokens[i].ToString());
        using var plain = new Analyzer(_model);
        foreach (Token t in plain.Analyze("뉴진스를 좋아해").Best.Tokens) Assert.False(t.IsUser, t.ToString());
    }

    [Fact]
    public void ErrorsNameLineAndColumn()
    {
        string bad = Path.GetTempFileName();
        try
        {
            File.WriteAllText(bad, "뉴진스\tNNP\n카카오뱅크\tNNQ\n");
            using var dict = new UserDictionary(_model);
            var e = Assert.Throws<KmaException>(() => dict.Load(bad));
            Assert.Equal(KmaStatus.InvalidArgument, e.Status);
            Assert.Contains($"{bad}:2:17: unknown tag 'NNQ'", e.Message);
            Assert.Equal(0, dict.Count);
            Assert.Throws<KmaException>(() => dict.AddWord("a b", "NNP"));
            Assert.Throws<KmaException>(() => dict.AddPattern("(ab", "SL"));
        }
        finally
        {
            File.Delete(bad);
        }
    }

    [Fact]
    public void JoinerSpellsTheIssueExamples()
    {
        using var j = new Joiner(_model);
        Assert.Equal("도와줬어요", j.Join("돕/VV 아/EC 주/VX 었/EP 어요/EF"));
        Assert.Equal("가까운", j.Join("가깝/VA ㄴ/ETM"));
        Assert.Equal("하셨다", j.Join("하/VV 시/EP 었/EP 다/EF"));
        Assert.Throws<KmaException>(() => j.Join("먹/VV 었"));
    }
}
