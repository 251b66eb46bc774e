using System.Collections.Generic;
using System.Text;

namespace Kma;

/// <summary>
/// One morpheme of an analysis. <see cref="Begin"/> and <see cref="Length"/>
/// are UTF-16 units of the analyzed string, so
/// <c>text.Substring(token.Begin, token.Length)</c> is the token's surface.
/// Several tokens may share a span when one syllable holds several morphemes
/// (했 = 하 + 었); <see cref="Form"/> then differs from the surface.
/// </summary>
public sealed class Token
{
    internal Token(string form, string lemma, ushort tagId, NativeToken t)
    {
        Form = form;
        Lemma = lemma;
        TagId = tagId;
        Begin = (int)t.Begin;
        Length = (int)t.Length;
        CodePointBegin = (int)t.CpBegin;
        CodePointLength = (int)t.CpLength;
        MorphId = t.MorphId;
        Score = t.Score;
        IsUnknown = (t.Flags & Native.KmaNative.KMA_TOKEN_UNKNOWN) != 0;
        IsPattern = (t.Flags & Native.KmaNative.KMA_TOKEN_PATTERN) != 0;
        IsConstrained = (t.Flags & Native.KmaNative.KMA_TOKEN_CONSTRAINED) != 0;
        IsCorrected = (t.Flags & Native.KmaNative.KMA_TOKEN_CORRECTED) != 0;
        IsUser = (t.Flags & Native.KmaNative.KMA_TOKEN_USER) != 0;
        SentenceIndex = (int)t.Sentence;
        WordIndex = (int)t.Word;
    }

    /// <summary>Normalized form, e.g. "하" or "었".</summary>
    public string Form { get; }
    /// <summary>
    /// Dictionary form (kma_result_token_lemma()): a stem that conjugates
    /// (VV, VA, VX, VCP, VCN, XSV, XSA) with 다 ("먹다" for 먹/VV), any other
    /// token its <see cref="Form"/>.
    /// </summary>
    public string Lemma { get; }
    /// <summary>Part-of-speech tag name, e.g. "NNG", "JKS", "W_EMOJI".</summary>
    public string Tag => Library.TagName(TagId);
    /// <summary>Numeric tag (frozen numbering, see kma_tag_name()).</summary>
    public ushort TagId { get; }
    /// <summary>Start of the surface span in UTF-16 units.</summary>
    public int Begin { get; }
    /// <summary>Length of the surface span in UTF-16 units.</summary>
    public int Length { get; }
    /// <summary>End of the surface span (exclusive) in UTF-16 units.</summary>
    public int End => Begin + Length;
    /// <summary>Start of the span in Unicode code points.</summary>
    public int CodePointBegin { get; }
    /// <summary>Length of the span in code points.</summary>
    public int CodePointLength { get; }
    /// <summary>Dictionary id; 0 for unknown words and patterns.</summary>
    public uint MorphId { get; }
    /// <summary>This token's share of the path score (natural log).</summary>
    public float Score { get; }
    /// <summary>Out-of-vocabulary word guessed by the analyzer.</summary>
    public bool IsUnknown { get; }
    /// <summary>Pretokenized pattern: number, URL, e-mail, emoji, ...</summary>
    public bool IsPattern { get; }
    /// <summary>Whether a span constraint fixed this morpheme (see <see cref="Constraints"/>).</summary>
    public bool IsConstrained { get; }
    /// <summary>
    /// Typo-tolerant analysis (<see cref="AnalyzerOptions.Typos"/>) read this
    /// morpheme from a corrected spelling; <see cref="Begin"/> and
    /// <see cref="Length"/> are then the span of the text as written
    /// (되요 gives 되/VV and 어요/EF, both over 되요).
    /// </summary>
    public bool IsCorrected { get; }
    /// <summary>
    /// A morpheme the model lacks that a user dictionary added (a word, a
    /// stem, a morpheme of a pre-analysed surface, a pattern rule's match;
    /// see <see cref="UserDictionary"/>); <see cref="MorphId"/> is then 0. A
    /// user entry for a word the model has keeps the model's morpheme and is
    /// not flagged.
    /// </summary>
    public bool IsUser { get; }
    /// <summary>Index of the sentence the token belongs to.</summary>
    public int SentenceIndex { get; }
    /// <summary>Index of the whitespace-separated word the token belongs to.</summary>
    public int WordIndex { get; }

    /// <summary>"form/TAG".</summary>
    public override string ToString() => Form + "/" + Tag;
}

/// <summary>One analysis (path) of the input with its total score.</summary>
public sealed class Analysis
{
    internal Analysis(IReadOnlyList<Token> tokens, float score)
    {
        Tokens = tokens;
        Score = score;
    }

    /// <summary>The morphemes in input order.</summary>
    public IReadOnlyList<Token> Tokens { get; }
    /// <summary>Total path score (natural log; higher is better).</summary>
    public float Score { get; }

    /// <summary>"form/TAG form/TAG ..." as printed by `kma analyze --format morphs`.</summary>
    public override string ToString()
    {
        var sb = new StringBuilder();
        foreach (Token t in Tokens)
        {
            if (sb.Length > 0) sb.Append(' ');
            sb.Append(t.Form).Append('/').Append(t.Tag);
        }
        return sb.ToString();
    }
}

/// <summary>A sentence span in UTF-16 units (and code points) of the input.</summary>
public readonly record struct SentenceSpan(int Begin, int Length,
                                           int CodePointBegin, int CodePointLength)
{
    /// <summary>End of the span (exclusive) in UTF-16 units.</summary>
    public int End => Begin + Length;
}

/// <summary>Result of <see cref="Analyzer.Analyze(string)"/>: analyses best first, plus sentences.</summary>
public sealed class AnalysisResult
{
    internal AnalysisResult(IReadOnlyList<Analysis> analyses, IReadOnlyList<SentenceSpan> sentences)
    {
        Analyses = analyses;
        Sentences = sentences;
    }

    /// <summary>1..TopN analyses, best first (one empty analysis for empty input).</summary>
    public IReadOnlyList<Analysis> Analyses { get; }
    /// <summary>The best analysis.</summary>
    public Analysis Best => Analyses[0];
    /// <summary>Sentence spans covering the input.</summary>
    public IReadOnlyList<SentenceSpan> Sentences { get; }
}
