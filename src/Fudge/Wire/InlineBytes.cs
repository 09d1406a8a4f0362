using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

/// <summary>
/// Byte comparisons written out in the caller, eight bytes at a time, with no call: for the loops of the filters'
/// walks, which keep their values in registers only when nothing in the loop is a call (the JIT otherwise keeps each
/// field's header bytes on the stack, a store and a load on every field). For the short names and values those loops
/// meet, they are as fast as the vectorized <c>SequenceEqual</c> and <c>SequenceCompareTo</c>.
/// </summary>
internal static class InlineBytes
{
    /// <summary>True when the two spans hold the same bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equal(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length != right.Length) return false;
        int i = 0;
        for (; left.Length - i >= 8; i += 8)
            if (BinaryPrimitives.ReadUInt64LittleEndian(left.Slice(i)) != BinaryPrimitives.ReadUInt64LittleEndian(right.Slice(i))) return false;
        for (; i < left.Length && i < right.Length; i++)
            if (left[i] != right[i]) return false;
        return true;
    }

    /// <summary>The sign of the comparison of the two spans as unsigned bytes, the shorter first when one begins the other.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        for (int i = 0; i < left.Length && i < right.Length; i++)
            if (left[i] != right[i]) return left[i] < right[i] ? -1 : 1;
        return left.Length == right.Length ? 0 : left.Length < right.Length ? -1 : 1;
    }
}
