using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Kma.Native;

namespace Kma;

/// <summary>
/// The outcome of one text of <see cref="AnalyzerPool.AnalyzeMany"/>: its
/// <see cref="AnalysisResult"/>, or the <see cref="KmaException"/> that text
/// alone raised.
/// </summary>
public sealed class BatchResult
{
    private readonly AnalysisResult? _result;

    internal BatchResult(string text, AnalysisResult? result, KmaException? error)
    {
        Text = text;
        _result = result;
        Error = error;
    }

    /// <summary>The analyzed text.</summary>
    public string Text { get; }

    /// <summary>True when the text was analyzed.</summary>
    public bool Success => Error == null;

    /// <summary>The text's error (e.g. InvalidUtf16 with its offset), or null.</summary>
    public KmaException? Error { get; }

    /// <summary>The analysis; throws the text's own error if it failed.</summary>
    public AnalysisResult Result => _result ?? throw Error!;

    /// <inheritdoc/>
    public override string ToString() => Success ? Result.Best.ToString() : "error: " + Error!.Message;
}

/// <summary>
/// Analyzes batches of texts on several threads with one shared
/// <see cref="Model"/> (the C <c>kma_pool</c>). Results come back in input
/// order and equal those of an <see cref="Analyzer"/> with the same options;
/// a text that cannot be analyzed gets its own error and the others are
/// still analyzed. One call at a time: a second concurrent call or Dispose
/// during a call raises <see cref="KmaException"/>.
/// </summary>
public sealed class AnalyzerPool : IDisposable
{
    private readonly PoolHandle _handle;
    private readonly UseGuard _guard = new("pool");

    /// <summary>Creates a pool.</summary>
    /// <param name="model">The model to analyze with.</param>
    /// <param name="options">Analysis options; null means defaults.</param>
    /// <param name="threads">Worker threads, 1..256; 0 means one per online
    /// CPU (the calling thread works too).</param>
    /// <exception cref="KmaException">InvalidArgument for more than 256
    /// threads, out-of-range options or an unknown language model.</exception>
    public AnalyzerPool(Model model, AnalyzerOptions? options = null, int threads = 0)
    {
        ArgumentNullException.ThrowIfNull(model);
        if (threads < 0)
            throw new KmaException(KmaStatus.InvalidArgument,
                $"threads is {threads}, must be 0 (all CPUs) or 1..256");
        using OptionsHandle? opt = options?.ToNative();
        _handle = new PoolHandle(model.NewNativePool(opt, (uint)threads));
    }

    /// <summary>Number of workers (the calling thread included).</summary>
    public int ThreadCount => (int)KmaNative.kma_pool_thread_count(_handle.DangerousGetHandle());

    /// <summary>
    /// Analyzes every text; element i of the list belongs to the i-th text.
    /// </summary>
    /// <exception cref="ArgumentNullException">texts or one of them is null
    /// (nothing is analyzed then).</exception>
    /// <exception cref="KmaException">Only if the batch as a whole fails
    /// (out of memory).</exception>
    public IReadOnlyList<BatchResult> AnalyzeMany(IEnumerable<string> texts)
    {
        ArgumentNullException.ThrowIfNull(texts);
        var list = new List<string>(texts);
        for (int i = 0; i < list.Count; i++)
            if (list[i] == null) throw new ArgumentNullException(nameof(texts), $"texts[{i}] is null");
        int n = list.Count;
        var results = new IntPtr[n];
        var statuses = new int[n];
        _guard.Enter(exclusive: true);
        try
        {
            Run(list, results, statuses);
            var output = new BatchResult[n];
            for (int i = 0; i < n; i++)
                output[i] = statuses[i] == KmaNative.KMA_OK
                    ? new BatchResult(list[i], Read(results[i]), null)
                    : new BatchResult(list[i], null, TextError(i, statuses[i]));
            return output;
        }
        finally
        {
            foreach (IntPtr r in results) KmaNative.kma_result_free(r);
            _guard.Exit();
        }
    }

    /// <summary>One native call over the strings' own UTF-16, pinned in place.</summary>
    private unsafe void Run(List<string> texts, IntPtr[] results, int[] statuses)
    {
        int n = texts.Count;
        var pins = new GCHandle[n];
        var pointers = new IntPtr[n];
        var lengths = new ulong[n];
        try
        {
            for (int i = 0; i < n; i++)
            {
                pins[i] = GCHandle.Alloc(texts[i], GCHandleType.Pinned);
                pointers[i] = pins[i].AddrOfPinnedObject();
                lengths[i] = (ulong)texts[i].Length;
            }
            fixed (IntPtr* p = pointers)
            fixed (ulong* l = lengths)
            fixed (IntPtr* r = results)
            fixed (int* s = statuses)
            {
                KmaException.Check(KmaNative.kma_pool_analyze_utf16(
                    _handle.DangerousGetHandle(), (IntPtr)p, (IntPtr)l, (ulong)n, (IntPtr)r, (IntPtr)s));
            }
        }
        finally
        {
            foreach (GCHandle h in pins)
                if (h.IsAllocated) h.Free();
        }
    }

    private static AnalysisResult Read(IntPtr result) =>
        new(Analyzer.ReadAnalyses(result), Analyzer.ReadSentences(result));

    private KmaException TextError(int index, int status)
    {
        IntPtr pool = _handle.DangerousGetHandle();
        string message = Utf8.FromPtr(KmaNative.kma_pool_text_error(pool, (ulong)index));
        if (message.Length == 0) message = Utf8.FromPtr(KmaNative.kma_status_string(status));
        return new KmaException((KmaStatus)status, message,
                                KmaNative.kma_pool_text_error_offset(pool, (ulong)index));
    }

    /// <summary>
    /// Stops the pool's threads. Throws <see cref="KmaException"/> while
    /// another thread is inside <see cref="AnalyzeMany"/>; calling it again
    /// is a no-op.
    /// </summary>
    public void Dispose()
    {
        if (_guard.TryClose()) _handle.Dispose();
    }
}
