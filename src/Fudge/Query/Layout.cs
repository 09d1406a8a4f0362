using System;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Numerics;
#endif

namespace Fudge.Query;

/// <summary>
/// Which bytes of one message (or sub-message) are structure, and what they were: a message of the same length, with
/// the same key, whose structure bytes are the same has the same fields at the same places, and only their values can
/// differ. The two kinds are <see cref="MessageLayout"/> (a filter's loop) and <see cref="SubMessageLayout"/> (a
/// <c>$..name</c> walk); <see cref="LayoutCache"/> keeps them. Immutable but for <see cref="Used"/>, so threads share
/// them without locks.
/// </summary>
internal abstract class Layout
{
    // The recorded bytes with every byte that is not structure zeroed, and a mask of 0xFF at structure bytes.
    private readonly byte[] _structure;
    private readonly byte[] _mask;

    /// <param name="bytes">The recorded message's bytes.</param>
    /// <param name="mask">0xFF at each structure byte, 0 elsewhere; kept.</param>
    /// <param name="key">What else the layout holds for (see <see cref="Key"/>).</param>
    protected Layout(ReadOnlySpan<byte> bytes, byte[] mask, long key)
    {
        _mask = mask;
        _structure = new byte[bytes.Length];
        for (int i = 0; i < _structure.Length; i++) _structure[i] = (byte)(bytes[i] & mask[i]);
        Key = key;
    }

    /// <summary>The length of the bytes.</summary>
    public int Length => _structure.Length;

    /// <summary>Beyond the bytes, what a message must match to have the layout (for a filter's loop, its depth and limit).</summary>
    public long Key { get; }

    /// <summary>
    /// Set once a message has been found to have this layout, cleared when the cache looks for one to replace: a
    /// layout no message has used since is the one to go.
    /// </summary>
    public bool Used { get; set; }

    /// <summary>True when the byte at <paramref name="offset"/> is structure (for the tests).</summary>
    internal bool IsStructure(int offset) => _mask[offset] != 0;

    /// <summary>The recorded byte at <paramref name="offset"/> (0 where it is not structure).</summary>
    internal byte StructureAt(int offset) => _structure[offset];

    /// <summary>True when <paramref name="bytes"/>, with <paramref name="key"/>, has this layout.</summary>
    public bool Fits(ReadOnlySpan<byte> bytes, long key)
        => bytes.Length == _structure.Length && key == Key && SameStructure(bytes, _structure, _mask);

    /// <summary>True when the structure bytes of <paramref name="bytes"/>, of <see cref="Length"/> bytes, are this layout's (whatever the key).</summary>
    protected bool HasStructureOf(ReadOnlySpan<byte> bytes) => SameStructure(bytes, _structure, _mask);

    /// <summary>
    /// True when every byte of <paramref name="fields"/> masked by <paramref name="mask"/> equals the byte of
    /// <paramref name="structure"/> (all three of one length). Whole vectors, the last one overlapping the one before
    /// when the length is not a multiple (its bytes are compared twice, to the same effect), OR-ed into one difference
    /// tested at the end: no branch per vector.
    /// </summary>
    internal static bool SameStructure(ReadOnlySpan<byte> fields, byte[] structure, byte[] mask)
    {
        int length = fields.Length;
#if NET8_0_OR_GREATER
        // Vector<byte> is the widest the hardware has: 32 bytes with AVX2, 16 with SSE2 or NEON.
        if (Vector.IsHardwareAccelerated && length >= Vector<byte>.Count)
        {
            ref byte message = ref MemoryMarshal.GetReference(fields);
            ref byte expected = ref MemoryMarshal.GetArrayDataReference(structure);
            ref byte bits = ref MemoryMarshal.GetArrayDataReference(mask);
            var difference = Vector<byte>.Zero;
            nuint last = (nuint)(length - Vector<byte>.Count);
            for (nuint i = 0; i < last; i += (nuint)Vector<byte>.Count)
                difference |= (Vector.LoadUnsafe(ref message, i) & Vector.LoadUnsafe(ref bits, i)) ^ Vector.LoadUnsafe(ref expected, i);
            difference |= (Vector.LoadUnsafe(ref message, last) & Vector.LoadUnsafe(ref bits, last)) ^ Vector.LoadUnsafe(ref expected, last);
            return difference == Vector<byte>.Zero;
        }
#endif
        return SameStructureByWords(fields, structure, mask);
    }

    /// <summary><see cref="SameStructure"/> eight bytes at a time: without vectors, and on netstandard2.0.</summary>
    internal static bool SameStructureByWords(ReadOnlySpan<byte> fields, byte[] structure, byte[] mask)
    {
        int length = fields.Length;
        int at = 0;
        for (; length - at >= sizeof(ulong); at += sizeof(ulong))
        {
            ulong word = MemoryMarshal.Read<ulong>(fields.Slice(at));
            if ((word & MemoryMarshal.Read<ulong>(mask.AsSpan(at))) != MemoryMarshal.Read<ulong>(structure.AsSpan(at))) return false;
        }
        if (at == length) return true;
        if (length >= sizeof(ulong))
        {
            // The last eight bytes, overlapping the word before (its bytes compared twice, to the same effect).
            at = length - sizeof(ulong);
            ulong word = MemoryMarshal.Read<ulong>(fields.Slice(at));
            return (word & MemoryMarshal.Read<ulong>(mask.AsSpan(at))) == MemoryMarshal.Read<ulong>(structure.AsSpan(at));
        }
        for (; at < length; at++)
            if ((fields[at] & mask[at]) != structure[at]) return false;
        return true;
    }
}
