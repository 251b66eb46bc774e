using System;
using System.Runtime.InteropServices;
using System.Threading;
using Kma.Native;

namespace Kma;

/// <summary>
/// Owns one native object: a null pointer is invalid, and the object is
/// freed once, by Dispose or else by the finalizer.
/// </summary>
internal abstract class OwnedHandle : SafeHandle
{
    protected OwnedHandle(IntPtr p) : base(IntPtr.Zero, ownsHandle: true) => SetHandle(p);
    public override bool IsInvalid => handle == IntPtr.Zero;
    protected abstract void Free(IntPtr p);
    protected override bool ReleaseHandle()
    {
        Free(handle);
        return true;
    }
}

/// <summary>Owns a kma_model*; the finalizer frees it if Dispose was missed.</summary>
internal sealed class ModelHandle : OwnedHandle
{
    internal ModelHandle(IntPtr p) : base(p) { }
    protected override void Free(IntPtr p) => KmaNative.kma_model_free(p);
}

/// <summary>Owns a kma_analyzer*.</summary>
internal sealed class AnalyzerHandle : OwnedHandle
{
    internal AnalyzerHandle(IntPtr p) : base(p) { }
    protected override void Free(IntPtr p) => KmaNative.kma_analyzer_free(p);
}

/// <summary>Owns a kma_options* (short-lived: options are copied by kma).</summary>
internal sealed class OptionsHandle : OwnedHandle
{
    internal OptionsHandle(IntPtr p) : base(p) { }
    internal IntPtr Ptr => handle;
    protected override void Free(IntPtr p) => KmaNative.kma_options_free(p);
}

/// <summary>
/// In-use counter that makes Dispose safe against calls on other threads
/// (the pattern of zstd-jni's AutoCloseBase). The state is the number of
/// calls in flight, or -1 once closed. Dispose only succeeds from 0, so a
/// native handle is never freed under a running call: closing while in use
/// throws instead, and calls after closing throw ObjectDisposedException.
/// </summary>
internal sealed class UseGuard
{
    private const int Closed = -1;
    private int _state;
    private readonly string _owner;

    internal UseGuard(string owner) => _owner = owner;

    internal bool IsClosed => Volatile.Read(ref _state) == Closed;

    /// <summary>
    /// Starts a call. <paramref name="exclusive"/> calls (analyzers are
    /// single-threaded in the C ABI) fail fast when another call is running
    /// instead of corrupting the analyzer's scratch state.
    /// </summary>
    internal void Enter(bool exclusive)
    {
        while (true)
        {
            int s = Volatile.Read(ref _state);
            if (s == Closed) throw new ObjectDisposedException(_owner);
            if (exclusive && s > 0)
                throw new KmaException(KmaStatus.InvalidArgument,
                    $"{_owner} is already in use by another thread; " +
                    "create one analyzer per thread");
            if (Interlocked.CompareExchange(ref _state, s + 1, s) == s) return;
        }
    }

    internal void Exit() => Interlocked.Decrement(ref _state);

    /// <summary>
    /// Marks the object closed. Returns false if it already was; throws
    /// <see cref="KmaException"/> while a call is running on another thread.
    /// </summary>
    internal bool TryClose()
    {
        int s = Interlocked.CompareExchange(ref _state, Closed, 0);
        if (s == 0) return true;
        if (s == Closed) return false;
        throw new KmaException(KmaStatus.InvalidArgument,
            $"cannot dispose the {_owner} while another thread is using it");
    }
}

/// <summary>Owns a kma_pool* (joins its threads when released).</summary>
internal sealed class PoolHandle : OwnedHandle
{
    internal PoolHandle(IntPtr p) : base(p) { }
    protected override void Free(IntPtr p) => KmaNative.kma_pool_free(p);
}
