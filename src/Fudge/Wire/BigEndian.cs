using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

/// <summary>Floating-point big-endian helpers that netstandard2.0's BinaryPrimitives lacks.</summary>
internal static class BigEndian
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteSingle(Span<byte> destination, float value)
        => BinaryPrimitives.WriteInt32BigEndian(destination, SingleBits(value));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteDouble(Span<byte> destination, double value)
        => BinaryPrimitives.WriteInt64BigEndian(destination, BitConverter.DoubleToInt64Bits(value));

    /// <summary>The bits of <paramref name="value"/>: a register move where the runtime has the intrinsic (no trip through memory).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe int SingleBits(float value)
    {
#if NETSTANDARD2_0
        return *(int*)&value;
#else
        return BitConverter.SingleToInt32Bits(value);
#endif
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe float ReadSingle(ReadOnlySpan<byte> source)
    {
        int bits = BinaryPrimitives.ReadInt32BigEndian(source);
        return *(float*)&bits;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe double ReadDouble(ReadOnlySpan<byte> source)
    {
        long bits = BinaryPrimitives.ReadInt64BigEndian(source);
        return *(double*)&bits;
    }
}
