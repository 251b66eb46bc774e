using Kma.Native;

namespace Kma;

/// <summary>
/// The records of <c>kma analyze --format</c>, for <see cref="Analyzer.Format"/>:
/// the library's <c>KMA_FORMAT_*</c> values.
/// </summary>
public enum RecordFormat
{
    /// <summary><c>form/TAG form/TAG ...</c> of the best analysis (<c>-f morphs</c>).</summary>
    Morphs = KmaNative.KMA_FORMAT_MORPHS,
    /// <summary>Every analysis as <c>score&lt;TAB&gt;form/TAG ...</c>, then a blank line
    /// (<c>-f morphs</c> with <c>--top-n</c> above 1).</summary>
    MorphsNBest = KmaNative.KMA_FORMAT_MORPHS_NBEST,
    /// <summary>One JSON Lines record with every analysis (<c>-f json</c>).</summary>
    Json = KmaNative.KMA_FORMAT_JSON,
    /// <summary><c>form&lt;TAB&gt;TAG&lt;TAB&gt;begin&lt;TAB&gt;length&lt;TAB&gt;score</c> per token, then EOS (<c>-f tsv</c>).</summary>
    Tsv = KmaNative.KMA_FORMAT_TSV,
}
