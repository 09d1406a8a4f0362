using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
#endif

namespace Fudge;

// Short ASCII text (symbols, venues, ids: most strings in messages), recognised and widened a machine word at a time.
// Every byte below 0x80 is a whole UTF-8 character equal to its UTF-16 one, so a string made this way is what the strict
// decoder makes of those bytes; any byte of 0x80 or more sends the text to the decoder (which decodes or refuses it).
// Writing, the twin: text whose every character is below 0x80 is narrowed the same way, and is then the same bytes in
// UTF-8 and in Fudge-Java's CESU-8 (which differ only for surrogates); any other character sends it to the encoder.
internal static class ShortAscii
{
    /// <summary>The longest text the readers widen this way.</summary>
    public const int Limit = 32;

    /// <summary>True when every byte of <paramref name="bytes"/> (at most <see cref="Limit"/> of them) is below 0x80.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsAscii(ReadOnlySpan<byte> bytes)
    {
        ref byte b = ref MemoryMarshal.GetReference(bytes);
        int n = bytes.Length;
        if (n >= 8)
        {
            // Words at 0, 8, 16 (as far as they fit) and the last 8 bytes, which overlap the others: each byte is in one.
            ulong any = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, (nint)(uint)(n - 8)));
            for (int i = 0; i < n - 8; i += 8) any |= Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, (nint)(uint)i));
            return (any & 0x8080808080808080UL) == 0;
        }
        if (n >= 4)
            return ((Unsafe.ReadUnaligned<uint>(ref b) | Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref b, (nint)(uint)(n - 4)))) & 0x80808080u) == 0;
        uint small = 0;
        for (int i = 0; i < n; i++) small |= Unsafe.Add(ref b, (nint)(uint)i);
        return small < 0x80;
    }

#if NET8_0_OR_GREATER
    /// <summary>
    /// True when the last <paramref name="n"/> (1 to 8) of the eight bytes <paramref name="tail"/> holds (read
    /// little-endian: the last byte is the top one) are all below 0x80: one test, whatever <paramref name="n"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsAsciiTail(ulong tail, int n) => (tail & (0x8080808080808080UL << (64 - 8 * n))) == 0;

    /// <summary>
    /// The text of the last <paramref name="n"/> (1 to 8) bytes of <paramref name="tail"/>, ASCII (see
    /// <see cref="IsAsciiTail"/>): widened from the register with no loop (little-endian machines only).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string FromTail(ulong tail, int n) => string.Create(n, tail, static (chars, bits) => WidenTail(bits, chars));

    /// <summary>
    /// The text of 9 to 16 ASCII bytes from their first eight (<paramref name="head"/>) and last eight
    /// (<paramref name="tail"/>, overlapping the head below 16), loaded little-endian: two widened stores, no loop.
    /// </summary>
    /// <remarks>
    /// Not inlined: in a generated reader's take of a whole object the JIT's inlining budget was spent before this
    /// call, and string.Create was then called with its delegate invoked through it; called here, it is inlined and the
    /// delegate's body with it (one call per string instead of two, one of them indirect).
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string FromHeadAndTail(ulong head, ulong tail, int n)
        => string.Create(n, (head, tail), static (chars, words) =>
        {
            ref ushort c = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
            Vector128.WidenLower(Vector128.CreateScalarUnsafe(words.head).AsByte()).StoreUnsafe(ref c);
            Vector128.WidenLower(Vector128.CreateScalarUnsafe(words.tail).AsByte()).StoreUnsafe(ref c, (nuint)(uint)(chars.Length - 8));
        });

    // Short text without a loop (a loop's exit, at a length that changes from message to message, is a branch the
    // processor mispredicts): 4 to 8 characters as two overlapping stores of four, 1 to 3 as the first, middle and
    // last (one character stored more than once when there are fewer than three).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WidenTail(ulong tail, Span<char> chars)
    {
        int n = chars.Length;
        ref byte c = ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(chars));
        int first = 64 - 8 * n; // the bit where the first character's byte begins
        if (n >= 4)
        {
            Unsafe.WriteUnaligned(ref c, Widen4((uint)(tail >> first)));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, (nint)(uint)(2 * (n - 4))), Widen4((uint)(tail >> 32)));
        }
        else
        {
            int middle = n >> 1;
            Unsafe.WriteUnaligned(ref c, (char)(byte)(tail >> first));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, (nint)(uint)(2 * middle)), (char)(byte)(tail >> (first + 8 * middle)));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, (nint)(uint)(2 * (n - 1))), (char)(byte)(tail >> 56));
        }
    }

    // Four ASCII bytes (the first the lowest) as four UTF-16 characters in little-endian order (one vpmovzxbw).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Widen4(uint bytes)
    {
        if (Vector128.IsHardwareAccelerated)
            return Vector128.WidenLower(Vector128.CreateScalarUnsafe(bytes).AsByte()).AsUInt64().ToScalar();
        ulong wide = bytes;
        wide = (wide | (wide << 16)) & 0x0000FFFF0000FFFFUL;
        return (wide | (wide << 8)) & 0x00FF00FF00FF00FFUL;
    }
#endif

    /// <summary>Widens ASCII <paramref name="ascii"/> into <paramref name="chars"/>, of the same length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Widen(ReadOnlySpan<byte> ascii, Span<char> chars)
    {
        ref byte source = ref MemoryMarshal.GetReference(ascii);
        ref char destination = ref MemoryMarshal.GetReference(chars);
        int n = chars.Length;
#if NET8_0_OR_GREATER
        if (n >= 8)
        {
            // Eight bytes widened to eight chars per step, the last step overlapping the one before (same values).
            ref ushort wide = ref Unsafe.As<char, ushort>(ref destination);
            for (int i = 0; i < n - 8; i += 8)
                Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, (nint)(uint)i))).AsByte())
                    .StoreUnsafe(ref wide, (nuint)(uint)i);
            Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, (nint)(uint)(n - 8)))).AsByte())
                .StoreUnsafe(ref wide, (nuint)(uint)(n - 8));
            return;
        }
#endif
        for (int i = 0; i < n; i++) Unsafe.Add(ref destination, (nint)(uint)i) = (char)Unsafe.Add(ref source, (nint)(uint)i);
    }

    /// <summary>
    /// Narrows <paramref name="chars"/> (at most <see cref="NarrowLimit"/>) into <paramref name="bytes"/> (at least as
    /// long) when every character is below 0x80, and returns true; returns false, with some of
    /// <paramref name="bytes"/> written, when one is not (the caller encodes the whole text over them).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryNarrow(ReadOnlySpan<char> chars, Span<byte> bytes)
        => (uint)chars.Length <= (uint)bytes.Length
           && TryNarrow(ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars)), chars.Length, ref MemoryMarshal.GetReference(bytes));

    /// <summary>
    /// <see cref="TryNarrow(ReadOnlySpan{char}, Span{byte})"/> on references: the caller has checked that
    /// <paramref name="n"/> characters and <paramref name="n"/> bytes are there.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryNarrow(ref ushort source, int n, ref byte destination)
    {
        if (n >= 4) return TryNarrowWords(ref source, n, ref destination);
        uint any = 0;
        for (int i = 0; i < n; i++)
        {
            ushort c = Unsafe.Add(ref source, (nint)(uint)i);
            any |= c;
            Unsafe.Add(ref destination, (nint)(uint)i) = (byte)c;
        }
        return any < 0x80;
    }

    /// <summary>The longest text the writers narrow this way (the longest whose UTF-8 size fits one byte for sure).</summary>
    public const int NarrowLimit = 85;

    // Four or more characters: eight a step (four on netstandard2.0), the last step overlapping the one before (the same
    // characters give the same bytes).
    private static bool TryNarrowWords(ref ushort source, int n, ref byte destination)
    {
#if NET8_0_OR_GREATER
        if (n >= 8)
        {
            var mask = Vector128.Create((ushort)0xFF80);
            Vector128<ushort> any = Vector128<ushort>.Zero;
            for (int i = 0; i < n - 8; i += 8)
            {
                var v = Vector128.LoadUnsafe(ref source, (nuint)(uint)i);
                any |= v;
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)i), Vector128.Narrow(v, v).AsUInt64().ToScalar());
            }
            var last = Vector128.LoadUnsafe(ref source, (nuint)(uint)(n - 8));
            any |= last;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)(n - 8)), Vector128.Narrow(last, last).AsUInt64().ToScalar());
            return (any & mask) == Vector128<ushort>.Zero;
        }
#endif
        if (!BitConverter.IsLittleEndian) return false; // Narrow4 reads the characters of a word in little-endian order
        ulong seen = 0;
        for (int i = 0; i < n - 4; i += 4)
        {
            ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref source, (nint)(uint)i)));
            seen |= word;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)i), Narrow4(word));
        }
        ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref source, (nint)(uint)(n - 4))));
        seen |= tail;
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)(n - 4)), Narrow4(tail));
        return (seen & 0xFF80FF80FF80FF80UL) == 0;
    }

    // Four UTF-16 units of a little-endian word, each below 0x100, as their four low bytes in order.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Narrow4(ulong chars)
    {
        ulong pairs = (chars | (chars >> 8)) & 0x0000FFFF0000FFFFUL;
        return (uint)(pairs | (pairs >> 16));
    }
}
