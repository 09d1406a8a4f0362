using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge;

/// <summary>Floating-point big-endian helpers that netstandard2.0's BinaryPrimitives lacks, and arrays of big-endian elements.</summary>
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

    // Arrays (int16, int32, int64, float and double arrays): every element's bytes reversed in one vectorised pass where
    // the framework has it (a loop of one load per element otherwise). The caller gives exactly the bytes of
    // destination.Length elements; floats and doubles come through their bits (MemoryMarshal.Cast), unchanged.

    /// <summary>The big-endian int16 elements of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    public static void ReadInt16s(ReadOnlySpan<byte> source, Span<short> destination)
    {
#if NET8_0_OR_GREATER
        var values = MemoryMarshal.Cast<byte, short>(source);
        if (BitConverter.IsLittleEndian) BinaryPrimitives.ReverseEndianness(values, destination);
        else values.CopyTo(destination);
#else
        for (int i = 0; i < destination.Length; i++) destination[i] = BinaryPrimitives.ReadInt16BigEndian(source.Slice(i * 2));
#endif
    }

    /// <summary>The big-endian int32 elements of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    public static void ReadInt32s(ReadOnlySpan<byte> source, Span<int> destination)
    {
#if NET8_0_OR_GREATER
        var values = MemoryMarshal.Cast<byte, int>(source);
        if (BitConverter.IsLittleEndian) BinaryPrimitives.ReverseEndianness(values, destination);
        else values.CopyTo(destination);
#else
        for (int i = 0; i < destination.Length; i++) destination[i] = BinaryPrimitives.ReadInt32BigEndian(source.Slice(i * 4));
#endif
    }

    /// <summary>The big-endian int64 elements of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    public static void ReadInt64s(ReadOnlySpan<byte> source, Span<long> destination)
    {
#if NET8_0_OR_GREATER
        var values = MemoryMarshal.Cast<byte, long>(source);
        if (BitConverter.IsLittleEndian) BinaryPrimitives.ReverseEndianness(values, destination);
        else values.CopyTo(destination);
#else
        for (int i = 0; i < destination.Length; i++) destination[i] = BinaryPrimitives.ReadInt64BigEndian(source.Slice(i * 8));
#endif
    }

    /// <summary>A new array of the big-endian int16 elements <paramref name="source"/> holds (a whole number of them).</summary>
    public static short[] ToInt16Array(ReadOnlySpan<byte> source)
    {
        var result = new short[source.Length / 2];
        ReadInt16s(source, result);
        return result;
    }

    /// <summary>A new array of the big-endian int32 elements <paramref name="source"/> holds (a whole number of them).</summary>
    public static int[] ToInt32Array(ReadOnlySpan<byte> source)
    {
        var result = new int[source.Length / 4];
        ReadInt32s(source, result);
        return result;
    }

    /// <summary>A new array of the big-endian int64 elements <paramref name="source"/> holds (a whole number of them).</summary>
    public static long[] ToInt64Array(ReadOnlySpan<byte> source)
    {
        var result = new long[source.Length / 8];
        ReadInt64s(source, result);
        return result;
    }

    /// <summary>A new array of the big-endian floats <paramref name="source"/> holds (a whole number of them).</summary>
    public static float[] ToSingleArray(ReadOnlySpan<byte> source)
    {
        var result = new float[source.Length / 4];
        ReadInt32s(source, MemoryMarshal.Cast<float, int>(result.AsSpan()));
        return result;
    }

    /// <summary>A new array of the big-endian doubles <paramref name="source"/> holds (a whole number of them).</summary>
    public static double[] ToDoubleArray(ReadOnlySpan<byte> source)
    {
        var result = new double[source.Length / 8];
        ReadInt64s(source, MemoryMarshal.Cast<double, long>(result.AsSpan()));
        return result;
    }
}
