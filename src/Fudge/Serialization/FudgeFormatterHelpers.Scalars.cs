using System;
using System.Globalization;
using System.Numerics;

namespace Fudge.Serialization;

// Scalars without a Fudge type of their own (issue 41). Fudge-Java 0.3 has no secondary type for any of them (it
// writes a BigInteger or a URI as a JavaBean of its getters, which loses the value and cannot be read back), so each
// takes the form a Java peer can read best: integers wider than 64 bits as the decimal text a BigDecimal property
// reads, a Uri as its text (the core's secondary type), Half as a float. docs/generator-types.md has the table.
public static partial class FudgeFormatterHelpers
{
    // ---------------------------------------------------------------- Uri, Version

    /// <summary>
    /// Writes a <see cref="Uri"/> as its original text (type 14), the core's secondary type. An absolute URI made
    /// from a file path without a scheme (<c>new Uri("/tmp/x")</c> on Unix) is written as its <c>file:</c> form, so
    /// that it reads back absolute.
    /// </summary>
    public static void WriteUri(ref FudgeWriter writer, in FudgeFieldKey key, Uri value)
        => writer.WriteString(in key, value.IsAbsoluteUri && !HasScheme(value.OriginalString) ? value.AbsoluteUri : value.OriginalString);

    /// <summary>
    /// Reads a <see cref="Uri"/> from a string: absolute when it starts with a scheme (<c>http:</c>), relative
    /// otherwise (so <c>/orders/1</c> stays relative on every platform), with the text as its original string.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is not a string, or the text is not a URI.</exception>
    public static Uri ReadUri(ref FudgeReader reader)
    {
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "Uri (a string)");
        string text = reader.GetString();
        if (HasScheme(text) && Uri.TryCreate(text, UriKind.Absolute, out var absolute)) return absolute;
        if (Uri.TryCreate(text, UriKind.Relative, out var relative)) return relative;
        throw new FudgeFormatException(reader.ValueOffset, $"the string \"{Shorten(text)}\" is not a URI");
    }

    /// <summary>True when <paramref name="text"/> starts with an RFC 3986 scheme and a colon.</summary>
    private static bool HasScheme(string text)
    {
        if (text.Length == 0 || !IsAsciiLetter(text[0])) return false;
        for (int i = 1; i < text.Length; i++)
        {
            char c = text[i];
            if (c == ':') return true;
            if (!(IsAsciiLetter(c) || c is >= '0' and <= '9' || c is '+' or '-' or '.')) return false;
        }
        return false;
    }

    private static bool IsAsciiLetter(char c) => c is >= 'a' and <= 'z' or >= 'A' and <= 'Z';

    /// <summary>Writes a <see cref="Version"/> as its text (type 14), with as many components as it has (<c>1.2</c>, <c>1.2.3</c>, <c>1.2.3.4</c>).</summary>
    public static void WriteVersion(ref FudgeWriter writer, in FudgeFieldKey key, Version value) => writer.WriteString(in key, value.ToString());

    /// <summary>Reads a <see cref="Version"/> from its text (two to four components).</summary>
    /// <exception cref="FudgeFormatException">The field is not a string, or the text is not a version.</exception>
    public static Version ReadVersion(ref FudgeReader reader)
    {
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "Version (a string)");
        string text = reader.GetString();
        if (IsVersionText(text) && Version.TryParse(text, out var version)) return version!;
        throw new FudgeFormatException(reader.ValueOffset, $"the string \"{Shorten(text)}\" is not a version (two to four numbers separated by dots)");
    }

    /// <summary>Digits and dots only (no spaces or signs, which <see cref="Version.TryParse(string, out Version)"/> would let through).</summary>
    private static bool IsVersionText(string text)
    {
        foreach (char c in text)
            if (c is not (>= '0' and <= '9' or '.')) return false;
        return true;
    }

    private static string Shorten(string text) => text.Length > 64 ? text.Substring(0, 64) + "..." : text;

    // ---------------------------------------------------------------- integers wider than 64 bits

    /// <summary>
    /// Writes a <see cref="BigInteger"/> as its decimal text (type 14, invariant culture, a leading '-' when negative):
    /// the text Fudge-Java reads into a <c>BigDecimal</c> property and <c>new BigInteger(String)</c> parses.
    /// </summary>
    public static void WriteBigInteger(ref FudgeWriter writer, in FudgeFieldKey key, BigInteger value)
        => writer.WriteString(in key, value.ToString(CultureInfo.InvariantCulture));

    /// <summary>Reads a <see cref="BigInteger"/> from decimal text (an optional leading sign, digits) or from an integer field.</summary>
    /// <exception cref="FudgeFormatException">The field is neither, or the text is not a whole number.</exception>
    public static BigInteger ReadBigInteger(ref FudgeReader reader)
    {
        if (IsEnumNumber(ref reader)) return reader.GetInt64();
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "BigInteger (decimal text or an integer)");
        string text = reader.GetString();
        if (IsIntegerText(text) && BigInteger.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)) return value;
        throw NotAnInteger(ref reader, text, "BigInteger");
    }

    /// <summary>An optional '-' or '+' and at least one ASCII digit, nothing else (no spaces, no exponent, no separators).</summary>
    private static bool IsIntegerText(string text)
    {
        int start = text.Length > 0 && text[0] is '-' or '+' ? 1 : 0;
        if (start == text.Length) return false;
        for (int i = start; i < text.Length; i++)
            if (text[i] is < '0' or > '9') return false;
        return true;
    }

    private static FudgeFormatException NotAnInteger(ref FudgeReader reader, string text, string wanted)
        => new(reader.ValueOffset, $"the string \"{Shorten(text)}\" is not a whole number that fits in {wanted}");

#if NET8_0_OR_GREATER
    /// <summary>Writes an <see cref="Int128"/> as its decimal text (type 14), as <see cref="WriteBigInteger"/> does.</summary>
    public static unsafe void WriteInt128(ref FudgeWriter writer, in FudgeFieldKey key, Int128 value)
    {
        char* buffer = stackalloc char[48];
        value.TryFormat(new Span<char>(buffer, 48), out int length, default, CultureInfo.InvariantCulture);
        writer.WriteString(in key, new ReadOnlySpan<char>(buffer, length));
    }

    /// <summary>Reads an <see cref="Int128"/> from decimal text or an integer field.</summary>
    /// <exception cref="FudgeFormatException">The field is neither, or the number does not fit.</exception>
    public static Int128 ReadInt128(ref FudgeReader reader)
    {
        if (IsEnumNumber(ref reader)) return reader.GetInt64();
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "Int128 (decimal text or an integer)");
        string text = reader.GetString();
        if (IsIntegerText(text) && Int128.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)) return value;
        throw NotAnInteger(ref reader, text, "Int128");
    }

    /// <summary>Writes a <see cref="UInt128"/> as its decimal text (type 14), as <see cref="WriteBigInteger"/> does.</summary>
    public static unsafe void WriteUInt128(ref FudgeWriter writer, in FudgeFieldKey key, UInt128 value)
    {
        char* buffer = stackalloc char[48];
        value.TryFormat(new Span<char>(buffer, 48), out int length, default, CultureInfo.InvariantCulture);
        writer.WriteString(in key, new ReadOnlySpan<char>(buffer, length));
    }

    /// <summary>Reads a <see cref="UInt128"/> from decimal text or a non-negative integer field.</summary>
    /// <exception cref="FudgeFormatException">The field is neither, or the number does not fit.</exception>
    public static UInt128 ReadUInt128(ref FudgeReader reader)
    {
        if (IsEnumNumber(ref reader))
        {
            long number = reader.GetInt64();
            return number >= 0 ? (UInt128)number : throw OutOfRange(ref reader, number, "UInt128");
        }
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "UInt128 (decimal text or an integer)");
        string text = reader.GetString();
        if (IsIntegerText(text) && UInt128.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value)) return value;
        throw NotAnInteger(ref reader, text, "UInt128");
    }

    // ---------------------------------------------------------------- Half

    /// <summary>
    /// Writes a <see cref="Half"/> as a float (type 10), which holds every half exactly: negative zero, subnormals,
    /// infinities, and a NaN's sign and payload (its 10 bits moved to the top of the float's 23).
    /// </summary>
    public static void WriteHalf(ref FudgeWriter writer, in FudgeFieldKey key, Half value) => writer.WriteSingle(in key, HalfToSingle(value));

    /// <summary>The float holding <paramref name="value"/> exactly, NaN payload included.</summary>
    public static float HalfToSingle(Half value)
    {
        if (!Half.IsNaN(value)) return (float)value;
        uint bits = BitConverter.HalfToUInt16Bits(value);
        return BitConverter.UInt32BitsToSingle(((bits & 0x8000u) << 16) | 0x7F800000u | ((bits & 0x3FFu) << 13));
    }

    /// <summary>
    /// Reads a <see cref="Half"/> from a float (or a double or integer, narrowed): exact for what
    /// <see cref="WriteHalf"/> wrote; another number is rounded to the nearest half (beyond ±65504 it is an infinity);
    /// a NaN keeps its sign and the top 10 bits of its payload.
    /// </summary>
    public static Half ReadHalf(ref FudgeReader reader)
    {
        float value = reader.GetSingle();
        if (!float.IsNaN(value)) return (Half)value;
        uint bits = BitConverter.SingleToUInt32Bits(value);
        uint payload = (bits >> 13) & 0x3FFu;
        if (payload == 0) payload = 0x200u; // a payload only in the low bits: still a NaN, not an infinity
        return BitConverter.UInt16BitsToHalf((ushort)(((bits >> 16) & 0x8000u) | 0x7C00u | payload));
    }
#endif

    // ---------------------------------------------------------------- nint, nuint

    /// <summary>Reads an integer as <see cref="IntPtr"/> (<c>nint</c>); in a 32-bit process a value beyond 32 bits is out of range.</summary>
    public static IntPtr ReadIntPtr(ref FudgeReader reader)
    {
        long value = reader.GetInt64();
        if (IntPtr.Size == 4 && (value < int.MinValue || value > int.MaxValue)) throw OutOfRange(ref reader, value, "nint");
        return new IntPtr(value);
    }

    /// <summary>Reads an int64 as <see cref="UIntPtr"/> (<c>nuint</c>) by its bits, as <see cref="ReadUInt64"/>; in a 32-bit process a value beyond 32 bits is out of range.</summary>
    public static UIntPtr ReadUIntPtr(ref FudgeReader reader)
    {
        ulong value = unchecked((ulong)reader.GetInt64());
        if (UIntPtr.Size == 4 && value > uint.MaxValue) throw OutOfRange(ref reader, value, "nuint");
        return new UIntPtr(value);
    }

    // ---------------------------------------------------------------- rectangular arrays

    /// <summary>The ordinal of a rectangular array's lengths, written only when its rows cannot tell them.</summary>
    public const short ArrayLengthsOrdinal = -3;

    private static readonly FudgeFieldKey ArrayLengthsKey = FudgeFieldKey.FromOrdinal(ArrayLengthsOrdinal);

    /// <summary>
    /// Writes the lengths of a rectangular array as an int[] at ordinal -3 when its rows cannot tell them: when a
    /// zero-length dimension comes before a non-zero one (<c>new int[0, 5]</c>), so that there is no row to show it.
    /// </summary>
    public static void WriteArrayLengths(ref FudgeWriter writer, Array value)
    {
        bool zero = false, needed = false;
        int rank = value.Rank;
        for (int d = 0; d < rank; d++)
        {
            if (value.GetLength(d) == 0) zero = true;
            else if (zero) needed = true;
        }
        if (!needed) return;
        var lengths = new int[rank];
        for (int d = 0; d < rank; d++) lengths[d] = value.GetLength(d);
        writer.WriteInt32Array(in ArrayLengthsKey, lengths);
    }

    /// <summary>The lengths a rectangular array's message holds at ordinal -3, or null when it holds none.</summary>
    /// <exception cref="FudgeFormatException">They are not an integer array of <paramref name="rank"/> non-negative lengths.</exception>
    public static int[]? ReadArrayLengths(ref FudgeReader reader, int rank)
    {
        if (reader.TypeId != FudgeTypeId.Message) return null; // the jagged reader reports the mismatch
        var scan = reader;
        var sub = scan.ReadMessage();
        while (sub.Read())
        {
            if (!sub.HasOrdinal || sub.Ordinal != ArrayLengthsOrdinal) continue;
            if (sub.TypeId is not (FudgeTypeId.Int32Array or FudgeTypeId.Int16Array))
                throw new FudgeFormatException(sub.FieldOffset, "the lengths of a rectangular array (ordinal -3) are not an integer array");
            var lengths = sub.GetInt32Array();
            if (lengths.Length != rank)
                throw new FudgeFormatException(sub.ValueOffset, $"the lengths of a rectangular array of rank {rank} hold {lengths.Length} numbers");
            foreach (int length in lengths)
                if (length < 0 || length > MaxArrayLength)
                    throw new FudgeFormatException(sub.ValueOffset, $"the length {length} of a rectangular array is out of range");
            return lengths;
        }
        return null;
    }

    private const int MaxArrayLength = 0x7FFFFFC7;

    /// <summary>
    /// The lengths of a rectangular array: those its rows show (<paramref name="fromData"/>, where a length after a
    /// zero one is unknown and 0), or the written ones when there are any and they agree with the rows.
    /// </summary>
    /// <exception cref="FudgeFormatException">The written lengths contradict the rows.</exception>
    public static int[] ArrayLengths(int[] fromData, int[]? written, int offset)
    {
        if (written is null) return fromData;
        bool known = true;
        long elements = 1;
        for (int d = 0; d < fromData.Length; d++)
        {
            if (known && fromData[d] != written[d])
                throw new FudgeFormatException(offset, "the lengths written with a rectangular array do not match its rows");
            known &= fromData[d] > 0;
            elements *= written[d];
            if (elements > MaxArrayLength) throw new FudgeFormatException(offset, "the lengths written with a rectangular array are too large");
        }
        return written;
    }

    /// <summary>The error for the rows of a rectangular array that differ in length (or are null).</summary>
    public static FudgeFormatException NotRectangular(int offset)
        => new(offset, "the rows of a rectangular array differ in length");

    // ---------------------------------------------------------------- DateTimeOffset with any offset

    /// <summary>
    /// Writes a <see cref="DateTimeOffset"/> whose offset is not whole quarter hours (which the datetime type cannot
    /// carry) as its ISO 8601 round-trip text (type 14), <c>2026-03-02T14:30:00.0000000+05:17</c>: exact, readable as
    /// text by any reader, and read back by <see cref="ReadDateTimeOffset"/>.
    /// </summary>
    private static void WriteDateTimeOffsetText(ref FudgeWriter writer, in FudgeFieldKey key, DateTimeOffset value)
        => writer.WriteString(in key, value.ToString("o", CultureInfo.InvariantCulture));

    private static bool IsQuarterHours(TimeSpan offset) => offset.Ticks % (15 * TimeSpan.TicksPerMinute) == 0;

    private static readonly string[] DateTimeOffsetFormats =
    {
        "yyyy-MM-dd'T'HH:mm:ss.FFFFFFFzzz",
        "yyyy-MM-dd'T'HH:mmzzz",
    };

    /// <summary>Reads a <see cref="DateTimeOffset"/> from the text <see cref="WriteDateTimeOffsetText"/> writes (or ISO 8601 with minutes or seconds and an explicit offset).</summary>
    private static DateTimeOffset ReadDateTimeOffsetText(ref FudgeReader reader)
    {
        string text = reader.GetString();
        if (DateTimeOffset.TryParseExact(text, DateTimeOffsetFormats, CultureInfo.InvariantCulture, DateTimeStyles.None, out var value)) return value;
        throw new FudgeFormatException(reader.ValueOffset, $"the string \"{Shorten(text)}\" is not an ISO 8601 date and time with an offset");
    }
}
