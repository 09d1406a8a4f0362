using System;
using System.Buffers;

namespace Fudge.Query;

/// <summary>
/// String values compared as the text they hold, by code point: on the wire a character past U+FFFF is either its
/// 4-byte UTF-8 sequence or, as Fudge-Java writes it, a CESU-8 surrogate pair (<see cref="JavaCesu8"/>), and both are
/// the same character. Standard UTF-8 compares byte for byte (its byte order is code point order); a CESU-8 pair does
/// not (<c>ED A0 BD ED B8 80</c>, U+1F600, sorts below <c>EE 80 80</c>, U+E000), so text holding one is compared in
/// its standard form, rewritten into a stack or pooled buffer.
/// </summary>
/// <remarks>
/// The literal decides whether the wire's bytes can be compared as they are (<see cref="QueryLiteral.ComparesAsText"/>):
/// a CESU-8 pair stands for a character past U+FFFF, so it can equal (or start, end, be found in) only a literal
/// holding one, and it orders wrongly only against a character from U+E000 up. Every other literal compares bytes.
/// </remarks>
internal static class WireText
{
    private const int StackBytes = 256;

    /// <summary>The ordering (-1, 0, 1) of two strings on the wire, by code point, whatever form their supplementary characters take.</summary>
    public static int Compare(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (!JavaCesu8.HoldsPairs(left) && !JavaCesu8.HoldsPairs(right)) return Math.Sign(left.SequenceCompareTo(right));
        return CompareStandard(left, right);
    }

    /// <summary>
    /// <paramref name="function"/> (<c>starts_with</c>, <c>ends_with</c> or <c>contains</c>) of a string on the wire
    /// that holds CESU-8 pairs, with the UTF-8 of the argument.
    /// </summary>
    public static bool Holds(StringFunction function, ReadOnlySpan<byte> wire, ReadOnlySpan<byte> argument)
    {
        byte[]? rented = null;
        try
        {
            var text = Standard(wire, wire.Length <= StackBytes ? stackalloc byte[StackBytes] : default, ref rented);
            return function switch
            {
                StringFunction.StartsWith => text.StartsWith(argument),
                StringFunction.EndsWith => text.EndsWith(argument),
                _ => text.IndexOf(argument) >= 0,
            };
        }
        finally
        {
            if (rented is not null) ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>The ordering (-1, 0, 1) of two .NET strings by code point (<see cref="string.CompareOrdinal(string, string)"/> orders by UTF-16 unit).</summary>
    public static int Compare(string left, string right)
    {
        int length = Math.Min(left.Length, right.Length);
#if NET8_0_OR_GREATER
        int i = left.AsSpan(0, length).CommonPrefixLength(right.AsSpan(0, length));
#else
        int i = 0;
        while (i < length && left[i] == right[i]) i++;
#endif
        if (i < length) return Math.Sign(CodePointOrder(left[i]) - CodePointOrder(right[i]));
        return Math.Sign(left.Length - right.Length);
    }

    // At the first unit two strings differ in, a surrogate (half of a character past U+FFFF) must sort above every
    // other unit, U+E000..U+FFFF included: those move down by 0x800, the surrogates up by 0x2000.
    private static int CodePointOrder(char unit) => unit < 0xD800 ? unit : unit >= 0xE000 ? unit - 0x800 : unit + 0x2000;

    // Out of line: only text holding a CESU-8 pair comes here.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static int CompareStandard(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        byte[]? leftRented = null;
        byte[]? rightRented = null;
        try
        {
            var leftText = Standard(left, left.Length <= StackBytes ? stackalloc byte[StackBytes] : default, ref leftRented);
            var rightText = Standard(right, right.Length <= StackBytes ? stackalloc byte[StackBytes] : default, ref rightRented);
            return Math.Sign(leftText.SequenceCompareTo(rightText));
        }
        finally
        {
            if (leftRented is not null) ArrayPool<byte>.Shared.Return(leftRented);
            if (rightRented is not null) ArrayPool<byte>.Shared.Return(rightRented);
        }
    }

    // The text as standard UTF-8: the bytes themselves, or their copy with each CESU-8 pair rewritten (never longer)
    // in buffer, or in an array rented when buffer is too small. Bytes that are not text are left as they are: the
    // comparison is then by bytes, as it was before this rewriting (reading the field as a string would refuse them).
    private static ReadOnlySpan<byte> Standard(ReadOnlySpan<byte> wire, Span<byte> buffer, ref byte[]? rented)
    {
        if (!JavaCesu8.HoldsPairs(wire)) return wire;
        if (buffer.Length < wire.Length) buffer = rented = ArrayPool<byte>.Shared.Rent(wire.Length);
        return buffer.Slice(0, JavaCesu8.ToUtf8(wire, buffer));
    }
}
