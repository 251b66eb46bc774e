using System;
using Kma.Native;

namespace Kma;

/// <summary>
/// Analysis options. Values are validated by the library when an analyzer is
/// created or reconfigured; out-of-range values raise
/// <see cref="KmaException"/> with <see cref="KmaStatus.InvalidArgument"/>.
/// </summary>
public sealed class AnalyzerOptions
{
    /// <summary>Number of analyses returned, best first (1..64, default 1).</summary>
    public int TopN { get; set; } = 1;
    /// <summary>Score-relative beam in natural log (0..1000, default 5).</summary>
    public float Beam { get; set; } = 5f;
    /// <summary>Longest unknown-word candidate in syllables (1..64, default 8).</summary>
    public int MaxUnknownLength { get; set; } = 8;
    /// <summary>
    /// Language model to score with, one of <see cref="Model.LanguageModels"/>;
    /// "" (the default) means the model's default.
    /// </summary>
    public string LanguageModel { get; set; } = "";
    /// <summary>
    /// Tags the analyses keep ("NNG,NNP,VV,VA"); "" (the default) keeps
    /// every tag. The analysis is the same; other tokens are left out.
    /// </summary>
    public string OutputTags { get; set; } = "";
    /// <summary>
    /// Typo-tolerant analysis (default false): misspellings such as 됬다,
    /// 할께요 or 안녕하세여 are read as meant, at a cost, so correct text keeps
    /// its analysis; tokens so read have <see cref="Token.IsCorrected"/>. Bare
    /// jamo (ㅋㅋ, ㅠㅠ) become tokens of their own.
    /// </summary>
    public bool Typos { get; set; }
    /// <summary>
    /// The model's convention prior (default true): each sentence is
    /// analysed in the annotation convention of the training source its
    /// characters read like (existence 있 as VA or VV, 같은 as 같/VA ㄴ/ETM or
    /// 같/VA 은/ETM). False: every sentence in the corpus's mixture.
    /// </summary>
    public bool Convention { get; set; } = true;

    /// <summary>Builds a native option set; the caller disposes it.</summary>
    internal OptionsHandle ToNative()
    {
        KmaException.Check(KmaNative.kma_options_new(out IntPtr p));
        var h = new OptionsHandle(p);
        try
        {
            KmaException.Check(KmaNative.kma_options_set_int(p, KmaNative.KMA_OPT_TOP_N, TopN));
            KmaException.Check(KmaNative.kma_options_set_float(p, KmaNative.KMA_OPT_BEAM, Beam));
            KmaException.Check(KmaNative.kma_options_set_int(
                p, KmaNative.KMA_OPT_MAX_UNKNOWN_LENGTH, MaxUnknownLength));
            KmaException.Check(KmaNative.kma_options_set_string(
                p, KmaNative.KMA_OPT_LM, LanguageModel ?? ""));
            KmaException.Check(KmaNative.kma_options_set_string(
                p, KmaNative.KMA_OPT_OUTPUT_TAGS, OutputTags ?? ""));
            KmaException.Check(KmaNative.kma_options_set_int(p, KmaNative.KMA_OPT_TYPOS, Typos ? 1 : 0));
            KmaException.Check(KmaNative.kma_options_set_int(
                p, KmaNative.KMA_OPT_CONVENTION, Convention ? 1 : 0));
            return h;
        }
        catch
        {
            h.Dispose();
            throw;
        }
    }
}
