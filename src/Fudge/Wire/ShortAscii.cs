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
}
