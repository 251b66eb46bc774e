using System;
using System.Runtime.InteropServices;
using Kma.Native;

namespace Kma;

/// <summary>Status codes of the kma C ABI (the values are frozen).</summary>
public enum KmaStatus
{
    Ok = KmaNative.KMA_OK,
    Unknown = KmaNative.KMA_E_UNKNOWN,
    InvalidArgument = KmaNative.KMA_E_INVALID_ARGUMENT,
    OutOfMemory = KmaNative.KMA_E_OUT_OF_MEMORY,
    Io = KmaNative.KMA_E_IO,
    Resource = KmaNative.KMA_E_RESOURCE,
    ModelFormat = KmaNative.KMA_E_MODEL_FORMAT,
    ModelVersion = KmaNative.KMA_E_MODEL_VERSION,
    InvalidUtf8 = KmaNative.KMA_E_INVALID_UTF8,
    InvalidUtf16 = KmaNative.KMA_E_INVALID_UTF16,
    InputTooLong = KmaNative.KMA_E_INPUT_TOO_LONG,
    BufferTooSmall = KmaNative.KMA_E_BUFFER_TOO_SMALL,
    Unsupported = KmaNative.KMA_E_UNSUPPORTED,
    Unsatisfiable = KmaNative.KMA_E_UNSATISFIABLE,
    Internal = KmaNative.KMA_E_INTERNAL,
}

/// <summary>
/// A kma call failed. <see cref="Status"/> is the C status code,
/// <see cref="Exception.Message"/> the library's message (with the path or
/// position), and <see cref="Offset"/> the UTF-16 offset of invalid input,
/// for constraints the byte offset in a malformed constraint's UTF-8 or the
/// code point of the text a constraint does not fit (-1 when the failure is
/// not about a position).
/// </summary>
public sealed class KmaException : Exception
{
    /// <summary>The status code reported by the C library.</summary>
    public KmaStatus Status { get; }

    /// <summary>Offset of the first invalid code unit, or -1.</summary>
    public long Offset { get; }

    /// <summary>Creates an exception; normally thrown by the library only.</summary>
    public KmaException(KmaStatus status, string message, long offset = -1)
        : base(message)
    {
        Status = status;
        Offset = offset;
    }

    /// <summary>
    /// Builds the exception for a failed call from the calling thread's last
    /// error. Must run on the thread that made the failing call, before any
    /// other kma call (the message and offset are thread-local).
    /// </summary>
    internal static KmaException FromLastError(int status)
    {
        string message = Utf8.FromPtr(KmaNative.kma_last_error_message());
        if (message.Length == 0)
            message = Utf8.FromPtr(KmaNative.kma_status_string(status));
        return new KmaException((KmaStatus)status, message,
                                KmaNative.kma_last_error_offset());
    }

    /// <summary>Throws unless <paramref name="status"/> is KMA_OK.</summary>
    internal static void Check(int status)
    {
        if (status != KmaNative.KMA_OK) throw FromLastError(status);
    }
}

/// <summary>Decoding of borrowed NUL-terminated UTF-8 strings.</summary>
internal static class Utf8
{
    internal static string FromPtr(IntPtr p) =>
        p == IntPtr.Zero ? string.Empty : Marshal.PtrToStringUTF8(p) ?? string.Empty;
}
