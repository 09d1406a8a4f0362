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
}
