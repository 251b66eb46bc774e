using System;
using System.Text;
using Kma.Native;

namespace Kma;

public sealed partial class Analyzer
{
    /// <summary>
    /// <paramref name="text"/> with standard spacing (the C <c>kma_space_utf8</c>):
    /// particles, endings and suffixes attach to the word before them, other
    /// morphemes start a word where the model's boundary statistics say so; only
    /// spaces change. <paramref name="weight"/> says how much the writer's spaces
    /// count, from 0 (ignored) to 1 (trusted: every one stays); null is the
    /// library's default (0.8). This analyzer's options apply (TopN is ignored).
    /// </summary>
    /// <exception cref="KmaException">InvalidArgument for a weight outside [0, 1];
    /// InvalidUtf16 (with <see cref="KmaException.Offset"/>, in UTF-16 units) for an
    /// unpaired surrogate.</exception>
    public unsafe string Space(string text, double? weight = null)
    {
        ArgumentNullException.ThrowIfNull(text);
        double w = weight ?? KmaNative.KMA_SPACE_WEIGHT_DEFAULT;
        if (weight is double given && !(given >= 0.0 && given <= 1.0))
            throw new KmaException(KmaStatus.InvalidArgument, $"Space: weight {given} is outside [0, 1]");
        // The C function reads UTF-8: a lone surrogate would become U+FFFD in
        // the conversion, a silent change, so it is refused here as Analyze
        // refuses it.
        int bad = UnpairedSurrogate(text);
        if (bad >= 0)
            throw new KmaException(KmaStatus.InvalidUtf16, $"unpaired surrogate at UTF-16 offset {bad}", bad);
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        _guard.Enter(exclusive: true);
        IntPtr spaced;
        try
        {
            fixed (byte* p = utf8)
            {
                KmaException.Check(KmaNative.kma_space_utf8(_handle.DangerousGetHandle(), (IntPtr)p,
                                                            (ulong)utf8.Length, w, out spaced));
            }
        }
        finally
        {
            _guard.Exit();
        }
        try
        {
            IntPtr data = KmaNative.kma_text_data(spaced, out ulong bytes);
            return Encoding.UTF8.GetString((byte*)data, checked((int)bytes));
        }
        finally
        {
            KmaNative.kma_text_free(spaced);
        }
    }

    /// <summary>The index of the first unpaired surrogate of <paramref name="s"/>, or -1.</summary>
    private static int UnpairedSurrogate(string s)
    {
        for (int i = 0; i < s.Length; i++)
        {
            if (char.IsHighSurrogate(s[i]) && i + 1 < s.Length && char.IsLowSurrogate(s[i + 1])) i++;
            else if (char.IsSurrogate(s[i])) return i;
        }
        return -1;
    }
}
