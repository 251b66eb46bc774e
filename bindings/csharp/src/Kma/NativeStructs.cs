using System.Runtime.InteropServices;

namespace Kma;

/// <summary>
/// Mirror of the C kma_token record (44 bytes, frozen layout; pinned by
/// tests/capi/abi_layout_test.c). Blittable, so token arrays are read in
/// place without marshaling.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal struct NativeToken
{
    public uint Begin;
    public uint Length;
    public uint CpBegin;
    public uint CpLength;
    public uint MorphId;
    public ushort Tag;
    public ushort Flags;
    public float Score;
    public uint FormOffset;
    public uint FormLength;
    public uint Sentence;
    public uint Word;
}

/// <summary>Mirror of the C kma_span record (16 bytes, frozen layout).</summary>
[StructLayout(LayoutKind.Sequential)]
internal struct NativeSpan
{
    public uint Begin;
    public uint Length;
    public uint CpBegin;
    public uint CpLength;
}
