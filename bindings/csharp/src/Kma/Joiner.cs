using System;
using System.Text;
using Kma.Native;

namespace Kma;

/// <summary>
/// Joins morphemes back into text with the model's morphophonological rules:
/// <c>new Joiner(model).Join("돕/VV 아/EC 주/VX 었/EP 어요/EF")</c> is "도와줬어요".
/// A derived model's user stems join with their classes. One thread at a time.
/// </summary>
public sealed class Joiner : IDisposable
{
    private readonly JoinerHandle _handle;

    /// <summary>A joiner over <paramref name="model"/>.</summary>
    /// <exception cref="KmaException">Unsupported for a model without conjugation data.</exception>
    public Joiner(Model model)
    {
        ArgumentNullException.ThrowIfNull(model);
        _handle = new JoinerHandle(model.NewNativeJoiner());
    }

    /// <summary>The text of "form/TAG form/TAG ..." (a tab starts a new word).</summary>
    /// <exception cref="KmaException">InvalidArgument for a malformed morpheme.</exception>
    public unsafe string Join(string morphs)
    {
        ArgumentNullException.ThrowIfNull(morphs);
        if (_handle.IsClosed) throw new ObjectDisposedException(nameof(Joiner));
        IntPtr j = _handle.DangerousGetHandle();
        byte[] utf8 = Encoding.UTF8.GetBytes(morphs);
        KmaNative.kma_joiner_clear(j);
        fixed (byte* p = utf8)
        {
            KmaException.Check(KmaNative.kma_joiner_add_morphs(j, (IntPtr)p, (ulong)utf8.Length));
        }
        return Utf8.FromPtr(KmaNative.kma_joiner_text(j));
    }

    /// <summary>Frees the joiner.</summary>
    public void Dispose() => _handle.Dispose();
}

/// <summary>Owns a kma_joiner*.</summary>
internal sealed class JoinerHandle : OwnedHandle
{
    internal JoinerHandle(IntPtr p) : base(p) { }
    protected override void Free(IntPtr p) => KmaNative.kma_joiner_free(p);
}
