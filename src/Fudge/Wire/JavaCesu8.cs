using System;
using System.Buffers;

namespace Fudge;

/// <summary>
/// The text form Fudge-Java writes: UTF-8, except that a character outside the Basic Multilingual Plane is written as
/// its two UTF-16 surrogates, three bytes each (CESU-8; U+1F600 is <c>ED A0 BD ED B8 80</c>, not <c>F0 9F 98 80</c>).
/// Reading takes both forms; only a high surrogate directly followed by a low one is accepted, so every other
/// sequence that standard UTF-8 refuses (a lone or reversed surrogate, an overlong form, a truncated sequence) is
/// still refused.
/// </summary>
/// <remarks>
/// Callers try the platform's validating UTF-8 decoder first and come here only when it fails, so valid UTF-8 (and
/// ASCII) pays nothing for this. Every encoded surrogate starts with <c>0xED</c>, which is what the name matchers
/// test before they fall back to a decoded comparison.
/// </remarks>
internal static class JavaCesu8
{
    /// <summary>The lead byte of every 3-byte sequence in U+D000..U+DFFF, and so of every CESU-8 surrogate.</summary>
    public const byte SurrogateLead = 0xED;

    private const int StackChars = 256;

    /// <summary>True when <paramref name="bytes"/> might hold a CESU-8 surrogate (it holds a 0xED byte).</summary>
    public static bool MayHoldSurrogates(ReadOnlySpan<byte> bytes) => bytes.IndexOf(SurrogateLead) >= 0;

    /// <summary>
    /// True when <paramref name="bytes"/>, text that decodes (<see cref="TryDecode(ReadOnlySpan{byte}, out string?)"/> or the reader), holds a CESU-8
    /// surrogate pair: a 0xED lead byte followed by 0xA0..0xBF, which standard UTF-8 never has (0xED starts only
    /// U+D000..U+D7FF there, with 0x80..0x9F next). So the text is not standard UTF-8, and writing it back as UTF-8
    /// would change its bytes.
    /// </summary>
    public static bool HoldsPairs(ReadOnlySpan<byte> bytes)
    {
        for (int i = bytes.IndexOf(SurrogateLead); i >= 0 && i + 1 < bytes.Length;)
        {
            if (bytes[i + 1] >= 0xA0) return true;
            int next = bytes.Slice(i + 1).IndexOf(SurrogateLead);
            if (next < 0) return false;
            i += 1 + next;
        }
        return false;
    }

    /// <summary>
    /// Decodes UTF-8 in which supplementary characters may also be CESU-8 surrogate pairs. Returns -1 and the text, or
    /// the index of the first byte of the first sequence that is neither.
    /// </summary>
    public static int TryDecode(ReadOnlySpan<byte> bytes, out string? value)
    {
        value = null;
        char[]? rented = null;
        // Never more UTF-16 units than bytes: 1, 2 and 3-byte sequences give one unit, 4 and 6-byte ones give two.
        Span<char> chars = bytes.Length <= StackChars ? stackalloc char[StackChars] : (rented = ArrayPool<char>.Shared.Rent(bytes.Length));
        try
        {
            int error = Decode(bytes, chars, out int count);
            if (error >= 0) return error;
            value = chars.Slice(0, count).ToString();
            return -1;
        }
        finally
        {
            if (rented is not null) ArrayPool<char>.Shared.Return(rented);
        }
    }

    /// <summary>
    /// <see cref="TryDecode(ReadOnlySpan{byte}, out string?)"/> into <paramref name="chars"/>, which needs
    /// <paramref name="bytes"/>.Length units: returns -1 and the units written in <paramref name="count"/>, or the index
    /// of the first byte of the first sequence that is neither UTF-8 nor a CESU-8 pair.
    /// </summary>
    public static int TryDecode(ReadOnlySpan<byte> bytes, Span<char> chars, out int count) => Decode(bytes, chars, out count);

    /// <summary>
    /// Rewrites each CESU-8 surrogate pair of <paramref name="bytes"/> as the 4-byte UTF-8 sequence of the same
    /// character and copies everything else unchanged; <paramref name="destination"/> needs
    /// <paramref name="bytes"/>.Length bytes. Returns the bytes written.
    /// </summary>
    public static int ToUtf8(ReadOnlySpan<byte> bytes, Span<byte> destination)
    {
        int written = 0;
        int i = 0;
        while (i < bytes.Length)
        {
            if (bytes[i] == SurrogateLead && IsPairAt(bytes, i))
            {
                int codePoint = 0x10000 + ((((bytes[i + 1] & 0x0F) << 6) | (bytes[i + 2] & 0x3F)) << 10)
                                + (((bytes[i + 4] & 0x0F) << 6) | (bytes[i + 5] & 0x3F));
                destination[written] = (byte)(0xF0 | (codePoint >> 18));
                destination[written + 1] = (byte)(0x80 | ((codePoint >> 12) & 0x3F));
                destination[written + 2] = (byte)(0x80 | ((codePoint >> 6) & 0x3F));
                destination[written + 3] = (byte)(0x80 | (codePoint & 0x3F));
                written += 4;
                i += 6;
                continue;
            }
            destination[written++] = bytes[i++];
        }
        return written;
    }

    /// <summary>
    /// True when the name on the wire, <paramref name="wire"/>, is Java's CESU-8 form of <paramref name="utf8"/>. The
    /// slow half of a name match, for when the bytes differ and the wire name holds a 0xED byte.
    /// </summary>
    public static bool NameEquals(ReadOnlySpan<byte> wire, ReadOnlySpan<byte> utf8)
    {
        // Each pair is 6 bytes on the wire and 4 in UTF-8: a match is longer on the wire by an even number of bytes.
        int extra = wire.Length - utf8.Length;
        if (extra <= 0 || (extra & 1) != 0 || !MayHoldSurrogates(wire)) return false;
        // Names are at most 255 bytes (the length is one byte), so the normalized form fits on the stack.
        Span<byte> normalized = stackalloc byte[256];
        int length = ToUtf8(wire.Length <= 256 ? wire : wire.Slice(0, 256), normalized);
        return normalized.Slice(0, length).SequenceEqual(utf8);
    }

    /// <summary>True when <paramref name="chars"/> holds a surrogate, that is a character CESU-8 writes differently.</summary>
    public static bool HasSurrogates(ReadOnlySpan<char> chars)
    {
#if NET8_0_OR_GREATER
        return chars.IndexOfAnyInRange('\uD800', '\uDFFF') >= 0;
#else
        foreach (char c in chars)
            if (c >= '\uD800' && c <= '\uDFFF') return true;
        return false;
#endif
    }

    /// <summary>The CESU-8 length of <paramref name="chars"/>.</summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    public static int GetByteCount(ReadOnlySpan<char> chars)
    {
        int count = 0;
        for (int i = 0; i < chars.Length; i++)
        {
            char c = chars[i];
            if (c < 0x80) count += 1;
            else if (c < 0x800) count += 2;
            else
            {
                if (char.IsSurrogate(c)) i += CheckPair(chars, i);
                count += char.IsHighSurrogate(c) ? 6 : 3;
            }
        }
        return count;
    }

    /// <summary>Encodes <paramref name="chars"/> as CESU-8: each surrogate of a pair becomes its own 3-byte sequence.</summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    public static int Encode(ReadOnlySpan<char> chars, Span<byte> destination)
    {
        int p = 0;
        for (int i = 0; i < chars.Length; i++)
        {
            char c = chars[i];
            if (c < 0x80)
            {
                destination[p++] = (byte)c;
            }
            else if (c < 0x800)
            {
                destination[p] = (byte)(0xC0 | (c >> 6));
                destination[p + 1] = (byte)(0x80 | (c & 0x3F));
                p += 2;
            }
            else
            {
                // Checked here too so that a caller that skipped GetByteCount still never writes half a pair.
                if (char.IsHighSurrogate(c)) CheckPair(chars, i);
                else if (char.IsLowSurrogate(c)) throw UnpairedSurrogate();
                destination[p] = (byte)(0xE0 | (c >> 12));
                destination[p + 1] = (byte)(0x80 | ((c >> 6) & 0x3F));
                destination[p + 2] = (byte)(0x80 | (c & 0x3F));
                p += 3;
                if (char.IsHighSurrogate(c))
                {
                    char low = chars[++i];
                    destination[p] = (byte)(0xE0 | (low >> 12));
                    destination[p + 1] = (byte)(0x80 | ((low >> 6) & 0x3F));
                    destination[p + 2] = (byte)(0x80 | (low & 0x3F));
                    p += 3;
                }
            }
        }
        return p;
    }

    /// <summary>Checks that the surrogate at <paramref name="i"/> starts a pair; returns 1 (the low half to skip).</summary>
    private static int CheckPair(ReadOnlySpan<char> chars, int i)
    {
        if (!char.IsHighSurrogate(chars[i]) || i + 1 >= chars.Length || !char.IsLowSurrogate(chars[i + 1])) throw UnpairedSurrogate();
        return 1;
    }

    private static ArgumentException UnpairedSurrogate() => new("The string is not valid UTF-16 (it holds an unpaired surrogate).");

    /// <summary>True when a CESU-8 high surrogate at <paramref name="i"/> is directly followed by a low one.</summary>
    private static bool IsPairAt(ReadOnlySpan<byte> bytes, int i)
        => bytes.Length - i >= 6
           && bytes[i] == SurrogateLead && bytes[i + 1] is >= 0xA0 and <= 0xAF && IsContinuation(bytes[i + 2])
           && bytes[i + 3] == SurrogateLead && bytes[i + 4] is >= 0xB0 and <= 0xBF && IsContinuation(bytes[i + 5]);

    private static bool IsContinuation(byte b) => (b & 0xC0) == 0x80;

    /// <summary>Strict UTF-8 plus CESU-8 pairs. Returns -1, or the index where the first invalid sequence starts.</summary>
    private static int Decode(ReadOnlySpan<byte> bytes, Span<char> chars, out int count)
    {
        int n = 0;
        int i = 0;
        count = 0;
        while (i < bytes.Length)
        {
            byte b0 = bytes[i];
            int remaining = bytes.Length - i;
            if (b0 < 0x80)
            {
                chars[n++] = (char)b0;
                i += 1;
            }
            else if (b0 is >= 0xC2 and <= 0xDF)
            {
                if (remaining < 2 || !IsContinuation(bytes[i + 1])) return i;
                chars[n++] = (char)(((b0 & 0x1F) << 6) | (bytes[i + 1] & 0x3F));
                i += 2;
            }
            else if (b0 is >= 0xE0 and <= 0xEF)
            {
                if (remaining < 3 || !IsContinuation(bytes[i + 1]) || !IsContinuation(bytes[i + 2])) return i;
                if (b0 == 0xE0 && bytes[i + 1] < 0xA0) return i; // overlong
                char c = (char)(((b0 & 0x0F) << 12) | ((bytes[i + 1] & 0x3F) << 6) | (bytes[i + 2] & 0x3F));
                if (!char.IsSurrogate(c))
                {
                    chars[n++] = c;
                    i += 3;
                }
                else if (IsPairAt(bytes, i))
                {
                    chars[n++] = c;
                    chars[n++] = (char)(0xDC00 | ((bytes[i + 4] & 0x0F) << 6) | (bytes[i + 5] & 0x3F));
                    i += 6;
                }
                else
                {
                    return i; // a lone, reversed or cut-off surrogate
                }
            }
            else if (b0 is >= 0xF0 and <= 0xF4)
            {
                if (remaining < 4 || !IsContinuation(bytes[i + 1]) || !IsContinuation(bytes[i + 2]) || !IsContinuation(bytes[i + 3])) return i;
                if ((b0 == 0xF0 && bytes[i + 1] < 0x90) || (b0 == 0xF4 && bytes[i + 1] > 0x8F)) return i; // overlong, or above U+10FFFF
                int codePoint = ((b0 & 0x07) << 18) | ((bytes[i + 1] & 0x3F) << 12) | ((bytes[i + 2] & 0x3F) << 6) | (bytes[i + 3] & 0x3F);
                codePoint -= 0x10000;
                chars[n++] = (char)(0xD800 + (codePoint >> 10));
                chars[n++] = (char)(0xDC00 + (codePoint & 0x3FF));
                i += 4;
            }
            else
            {
                return i; // a continuation byte, C0/C1 (overlong) or F5..FF
            }
        }
        count = n;
        return -1;
    }
}
