using System;
using System.Globalization;

namespace Fudge;

/// <summary>
/// Integer parsing from characters with the invariant culture, exactly as the <c>string</c> overloads parse (same
/// accepted text, same <see cref="FormatException"/> and <see cref="OverflowException"/>): without allocating where the
/// runtime parses spans, through a string on netstandard2.0, whose runtime may not.
/// </summary>
internal static class SpanNumbers
{
#if NETSTANDARD2_0
    public static sbyte ParseSByte(ReadOnlySpan<char> text, NumberStyles style) => sbyte.Parse(text.ToString(), style, CultureInfo.InvariantCulture);

    public static short ParseInt16(ReadOnlySpan<char> text, NumberStyles style) => short.Parse(text.ToString(), style, CultureInfo.InvariantCulture);

    public static int ParseInt32(ReadOnlySpan<char> text, NumberStyles style) => int.Parse(text.ToString(), style, CultureInfo.InvariantCulture);

    public static long ParseInt64(ReadOnlySpan<char> text, NumberStyles style) => long.Parse(text.ToString(), style, CultureInfo.InvariantCulture);

    public static bool TryParseInt16(ReadOnlySpan<char> text, NumberStyles style, out short value)
        => short.TryParse(text.ToString(), style, CultureInfo.InvariantCulture, out value);

    public static bool TryParseByte(ReadOnlySpan<char> text, NumberStyles style, out byte value)
        => byte.TryParse(text.ToString(), style, CultureInfo.InvariantCulture, out value);
#else
    public static sbyte ParseSByte(ReadOnlySpan<char> text, NumberStyles style) => sbyte.Parse(text, style, CultureInfo.InvariantCulture);

    public static short ParseInt16(ReadOnlySpan<char> text, NumberStyles style) => short.Parse(text, style, CultureInfo.InvariantCulture);

    public static int ParseInt32(ReadOnlySpan<char> text, NumberStyles style) => int.Parse(text, style, CultureInfo.InvariantCulture);

    public static long ParseInt64(ReadOnlySpan<char> text, NumberStyles style) => long.Parse(text, style, CultureInfo.InvariantCulture);

    public static bool TryParseInt16(ReadOnlySpan<char> text, NumberStyles style, out short value)
        => short.TryParse(text, style, CultureInfo.InvariantCulture, out value);

    public static bool TryParseByte(ReadOnlySpan<char> text, NumberStyles style, out byte value)
        => byte.TryParse(text, style, CultureInfo.InvariantCulture, out value);
#endif
}
