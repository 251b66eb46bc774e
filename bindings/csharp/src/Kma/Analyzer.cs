using System;
using System.Collections.Generic;
using Kma.Native;

namespace Kma;

/// <summary>
/// Analyzes text with a <see cref="Model"/>. An analyzer owns scratch
/// memory and serves one thread at a time: use one per thread. A second
/// concurrent call raises <see cref="KmaException"/>, Dispose during a call
/// raises <see cref="KmaException"/>, and any call after Dispose raises
/// <see cref="ObjectDisposedException"/> (never a crash).
/// </summary>
public sealed partial class Analyzer : IDisposable
{
    private readonly AnalyzerHandle _handle;
    private readonly UseGuard _guard = new("analyzer");

    /// <summary>Creates an analyzer; <paramref name="options"/> null means defaults.</summary>
    /// <exception cref="KmaException">InvalidArgument for out-of-range
    /// options or an unknown language model name.</exception>
    public Analyzer(Model model, AnalyzerOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(model);
        using OptionsHandle? opt = options?.ToNative();
        _handle = new AnalyzerHandle(model.NewNativeAnalyzer(opt));
    }

    /// <summary>Replaces the options (validated; on error the old ones stay).</summary>
    public void SetOptions(AnalyzerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        using OptionsHandle opt = options.ToNative();
        _guard.Enter(exclusive: true);
        try
        {
            KmaException.Check(KmaNative.kma_analyzer_set_options(
                _handle.DangerousGetHandle(), opt.Ptr));
        }
        finally
        {
            _guard.Exit();
        }
    }

    /// <summary>Analyzes text: up to TopN analyses, best first, plus sentence spans.</summary>
    /// <exception cref="KmaException">InvalidUtf16 (with <see cref="KmaException.Offset"/>)
    /// for an unpaired surrogate.</exception>
    public AnalysisResult Analyze(string text)
    {
        IntPtr result = Call(text, split: false);
        try
        {
            return new AnalysisResult(ReadAnalyses(result), ReadSentences(result));
        }
        finally
        {
            KmaNative.kma_result_free(result);
        }
    }

    /// <summary>
    /// Analyzes text under constraints: the best analyses that satisfy every constraint
    /// (see <see cref="Constraints"/>).
    /// </summary>
    /// <exception cref="KmaException">InvalidArgument for a malformed constraint or one that
    /// does not fit the text; Unsatisfiable when no analysis holds a lemma constraint.</exception>
    public unsafe AnalysisResult Analyze(string text, Constraints constraints)
    {
        ArgumentNullException.ThrowIfNull(text);
        ArgumentNullException.ThrowIfNull(constraints);
        IntPtr c = constraints.ToNative();
        IntPtr result;
        _guard.Enter(exclusive: true);
        try
        {
            int status;
            fixed (char* p = text)
            {
                status = KmaNative.kma_analyzer_analyze_constrained_utf16(
                    _handle.DangerousGetHandle(), (IntPtr)p, (ulong)text.Length, c, out result);
            }
            KmaException.Check(status);
        }
        finally
        {
            _guard.Exit();
            KmaNative.kma_constraints_free(c);
        }
        try
        {
            return new AnalysisResult(ReadAnalyses(result), ReadSentences(result));
        }
        finally
        {
            KmaNative.kma_result_free(result);
        }
    }

    /// <summary>
    /// What <c>kma analyze --format F</c> prints for <paramref name="text"/> as
    /// one input line, byte for byte (the library's <c>kma_result_format</c>,
    /// which the CLI writes its output with): one record with this analyzer's
    /// options, ending with its newline. Offsets in it are UTF-8 bytes, as the
    /// CLI prints them, not the UTF-16 units of <see cref="Analyze(string)"/>.
    /// </summary>
    /// <exception cref="KmaException">InvalidUtf16 for an unpaired surrogate.</exception>
    public unsafe string Format(string text, RecordFormat format)
    {
        IntPtr result = Call(text, split: false);
        try
        {
            fixed (char* p = text)
            {
                byte[] buffer = new byte[4096];
                ulong n = Record(result, format, p, text.Length, buffer);
                if (n >= (ulong)buffer.Length)
                {
                    buffer = new byte[checked((int)n + 1)];
                    Record(result, format, p, text.Length, buffer);
                }
                return System.Text.Encoding.UTF8.GetString(buffer, 0, (int)n);
            }
        }
        finally
        {
            KmaNative.kma_result_free(result);
        }
    }

    /// <summary>Writes the record into <paramref name="buffer"/> if it fits; its length.</summary>
    private static unsafe ulong Record(IntPtr result, RecordFormat format, char* text, int units, byte[] buffer)
    {
        fixed (byte* b = buffer)
        {
            int status = KmaNative.kma_result_format_utf16(result, (int)format, (IntPtr)text, (ulong)units,
                                                           (IntPtr)b, (ulong)buffer.Length, out ulong n);
            if (status != KmaNative.KMA_E_BUFFER_TOO_SMALL) KmaException.Check(status);
            return n;
        }
    }

    /// <summary>The best analysis's tokens.</summary>
    public IReadOnlyList<Token> Tokenize(string text) => Analyze(text).Best.Tokens;

    /// <summary>
    /// Splits text into sentences. The text is analysed (best analysis, this analyzer's
    /// options) and sentences end after final punctuation, final endings written without
    /// punctuation (맛있었어요 다음에), nominal endings (했음), emoticons and laughter
    /// (ㅋㅋ, ^^), at line breaks after a complete clause and at blank lines; quotations are
    /// never split. It costs about as much as <see cref="Analyze(string)"/>, whose
    /// <c>Sentences</c> are the same. Spans are in UTF-16 units (use with <c>Substring</c>).
    /// </summary>
    public IReadOnlyList<SentenceSpan> SplitSentences(string text)
    {
        IntPtr result = Call(text, split: true);
        try
        {
            return ReadSentences(result);
        }
        finally
        {
            KmaNative.kma_result_free(result);
        }
    }

    /// <summary>
    /// Frees the native analyzer. Throws <see cref="KmaException"/> while
    /// another thread is analyzing with it (the analyzer stays usable and
    /// may be disposed later); calling it again is a no-op.
    /// </summary>
    public void Dispose()
    {
        if (_guard.TryClose()) _handle.Dispose();
    }

    /// <summary>Runs one native analysis or split on the string's own UTF-16.</summary>
    private unsafe IntPtr Call(string text, bool split)
    {
        ArgumentNullException.ThrowIfNull(text);
        _guard.Enter(exclusive: true);
        try
        {
            IntPtr result;
            int status;
            // The string is pinned, not copied: kma reads the UTF-16 units
            // in place and reports offsets in the same units.
            fixed (char* p = text)
            {
                IntPtr a = _handle.DangerousGetHandle();
                status = split
                    ? KmaNative.kma_analyzer_split_utf16(a, (IntPtr)p, (ulong)text.Length, out result)
                    : KmaNative.kma_analyzer_analyze_utf16(a, (IntPtr)p, (ulong)text.Length, out result);
            }
            KmaException.Check(status);
            return result;
        }
        finally
        {
            _guard.Exit();
        }
    }

    internal static unsafe IReadOnlyList<Analysis> ReadAnalyses(IntPtr result)
    {
        int count = checked((int)KmaNative.kma_result_analysis_count(result));
        var analyses = new Analysis[count];
        for (int a = 0; a < count; a++)
        {
            int n = checked((int)KmaNative.kma_result_token_count(result, (ulong)a));
            var tokens = new Token[n];
            NativeToken* raw = (NativeToken*)KmaNative.kma_result_tokens(result, (ulong)a);
            for (int i = 0; i < n; i++)
            {
                string form = Utf8.FromPtr(KmaNative.kma_result_token_form(result, (IntPtr)(raw + i)));
                string lemma = Utf8.FromPtr(KmaNative.kma_result_token_lemma(result, (IntPtr)(raw + i)));
                tokens[i] = new Token(form, lemma, raw[i].Tag, raw[i]);
            }
            analyses[a] = new Analysis(tokens, KmaNative.kma_result_analysis_score(result, (ulong)a));
        }
        return analyses;
    }

    internal static IReadOnlyList<SentenceSpan> ReadSentences(IntPtr result)
    {
        int count = checked((int)KmaNative.kma_result_sentence_count(result));
        var spans = new SentenceSpan[count];
        for (int i = 0; i < count; i++)
        {
            KmaException.Check(KmaNative.kma_result_sentence(result, (ulong)i, out NativeSpan s));
            spans[i] = new SentenceSpan((int)s.Begin, (int)s.Length, (int)s.CpBegin, (int)s.CpLength);
        }
        return spans;
    }
}
