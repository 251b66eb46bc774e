using System;
using System.Collections.Generic;
using System.Text;
using Kma.Native;

namespace Kma;

/// <summary>
/// Constraints for <see cref="Analyzer.Analyze(string, Constraints)"/>: parts of the analysis
/// fixed by the caller (the C library's kma_constraints.h).
/// <list type="bullet">
/// <item><see cref="Span"/>: code points [begin, end) are analysed as the given morphemes,
/// e.g. <c>Span(3, 8, "카카오뱅크/NNP")</c> or <c>Span(0, 3, "걷/VV+었/EP+다/EF")</c>; they need
/// not be in the dictionary. Their tokens carry <see cref="Token.IsConstrained"/>.</item>
/// <item><see cref="Lemma(string)"/>: the analysis must contain one of the readings
/// (<c>"개종하/VV|개종/NNG+하/XSV"</c>; several tags: <c>"사람/NNG,NNP"</c>), anywhere or in a
/// span. At most 7.</item>
/// <item><see cref="Parse"/>: the text syntax of <c>kma analyze --constrain</c>.</item>
/// </list>
/// Offsets are <b>code points</b>, not string indices (they differ only around
/// supplementary characters). A malformed morpheme string raises
/// <see cref="KmaStatus.InvalidArgument"/> when analysing, with the byte offset in its
/// UTF-8; no analysis holding a lemma raises <see cref="KmaStatus.Unsatisfiable"/>.
/// Build on one thread; a built list may be used by analyzers on several threads.
/// </summary>
public sealed class Constraints
{
    private enum Kind { Span, Lemma, Text }

    private readonly List<(Kind Kind, uint Begin, uint End, byte[] Text)> _items = new();

    /// <summary>Code points [cpBegin, cpEnd) analysed as <paramref name="morphs"/> ("FORM/TAG+FORM/TAG").</summary>
    public Constraints Span(int cpBegin, int cpEnd, string morphs) => Add(Kind.Span, cpBegin, cpEnd, morphs);

    /// <summary>The analysis must contain one of <paramref name="readings"/>, anywhere.</summary>
    public Constraints Lemma(string readings) => Add(Kind.Lemma, 0, 0, readings);

    /// <summary>The analysis must contain one of <paramref name="readings"/> inside code points [cpBegin, cpEnd).</summary>
    public Constraints Lemma(string readings, int cpBegin, int cpEnd)
    {
        if (cpEnd <= cpBegin) throw new ArgumentException($"empty lemma span {cpBegin}:{cpEnd}");
        return Add(Kind.Lemma, cpBegin, cpEnd, readings);
    }

    /// <summary>Constraints in the text syntax, one per line or ';'-separated.</summary>
    public Constraints Parse(string text) => Add(Kind.Text, 0, 0, text);

    /// <summary>Number of calls that added constraints.</summary>
    public int Count => _items.Count;

    private Constraints Add(Kind kind, int begin, int end, string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        if (begin < 0 || end < 0) throw new ArgumentOutOfRangeException(nameof(begin), "negative offset");
        _items.Add((kind, (uint)begin, (uint)end, Encoding.UTF8.GetBytes(text)));
        return this;
    }

    /// <summary>A new native list holding these constraints; the caller frees it.</summary>
    internal unsafe IntPtr ToNative()
    {
        KmaException.Check(KmaNative.kma_constraints_new(out IntPtr c));
        try
        {
            foreach (var (kind, begin, end, text) in _items)
            {
                int status;
                fixed (byte* p = text)
                {
                    status = kind switch
                    {
                        Kind.Span => KmaNative.kma_constraints_add_span(c, begin, end, (IntPtr)p, (ulong)text.Length),
                        Kind.Lemma => KmaNative.kma_constraints_add_lemma(c, (IntPtr)p, (ulong)text.Length, begin, end),
                        _ => KmaNative.kma_constraints_parse(c, (IntPtr)p, (ulong)text.Length),
                    };
                }
                KmaException.Check(status);
            }
            return c;
        }
        catch
        {
            KmaNative.kma_constraints_free(c);
            throw;
        }
    }
}
