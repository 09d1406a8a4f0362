using System;

namespace Fudge.Json.Internal;

/// <summary>UTF-8 checks tuned for the short names and strings of typical messages.</summary>
internal static class Utf8Text
{
    private const int ShortLength = 16;

    /// <summary>
    /// True when <paramref name="bytes"/> is valid UTF-8 (strict: no surrogates, no overlong forms). Short ASCII text,
    /// the common case, is settled by a plain loop, cheaper than the vectorized validator's setup.
    /// </summary>
    public static bool IsValid(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length <= ShortLength)
        {
            int any = 0;
            foreach (byte b in bytes) any |= b;
            if (any < 0x80) return true;
        }
#if NET8_0_OR_GREATER
        return System.Text.Unicode.Utf8.IsValid(bytes);
#else
        return false; // netstandard2.0 has no validator: non-ASCII text takes the decoding path, which validates
#endif
    }

    /// <summary>
    /// True when <paramref name="bytes"/>, text the reader decodes, holds a CESU-8 surrogate pair as Fudge-Java writes
    /// it: a 0xED lead byte followed by 0xA0..0xBF, which standard UTF-8 never has (there 0xED starts only
    /// U+D000..U+D7FF, with 0x80..0x9F next).
    /// </summary>
    public static bool HoldsCesu8Pairs(ReadOnlySpan<byte> bytes)
    {
        for (int i = bytes.IndexOf((byte)0xED); i >= 0 && i + 1 < bytes.Length;)
        {
            if (bytes[i + 1] >= 0xA0) return true;
            int next = bytes.Slice(i + 1).IndexOf((byte)0xED);
            if (next < 0) return false;
            i += 1 + next;
        }
        return false;
    }
}
