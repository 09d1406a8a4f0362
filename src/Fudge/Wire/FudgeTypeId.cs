using System;

namespace Fudge;

/// <summary>The standard Fudge wire type ids (spec §6). Ids 29..255 are unknown unless an application registers them.</summary>
public static class FudgeTypeId
{
    /// <summary>Type 0: a field that is present but carries no value.</summary>
    public const byte Indicator = 0;
    /// <summary>Type 1: one byte, 0 or 1.</summary>
    public const byte Boolean = 1;
    /// <summary>Type 2: signed 8-bit integer.</summary>
    public const byte Int8 = 2;
    /// <summary>Type 3: signed 16-bit integer.</summary>
    public const byte Int16 = 3;
    /// <summary>Type 4: signed 32-bit integer.</summary>
    public const byte Int32 = 4;
    /// <summary>Type 5: signed 64-bit integer.</summary>
    public const byte Int64 = 5;
    /// <summary>Type 6: variable-length byte array.</summary>
    public const byte ByteArray = 6;
    /// <summary>Type 7: array of int16.</summary>
    public const byte Int16Array = 7;
    /// <summary>Type 8: array of int32.</summary>
    public const byte Int32Array = 8;
    /// <summary>Type 9: array of int64.</summary>
    public const byte Int64Array = 9;
    /// <summary>Type 10: IEEE 754 binary32.</summary>
    public const byte Float = 10;
    /// <summary>Type 11: IEEE 754 binary64.</summary>
    public const byte Double = 11;
    /// <summary>Type 12: array of binary32.</summary>
    public const byte FloatArray = 12;
    /// <summary>Type 13: array of binary64.</summary>
    public const byte DoubleArray = 13;
    /// <summary>Type 14: UTF-8 string.</summary>
    public const byte String = 14;
    /// <summary>Type 15: sub-message.</summary>
    public const byte Message = 15;
    /// <summary>Type 17: byte[4].</summary>
    public const byte ByteArray4 = 17;
    /// <summary>Type 18: byte[8].</summary>
    public const byte ByteArray8 = 18;
    /// <summary>Type 19: byte[16].</summary>
    public const byte ByteArray16 = 19;
    /// <summary>Type 20: byte[20].</summary>
    public const byte ByteArray20 = 20;
    /// <summary>Type 21: byte[32].</summary>
    public const byte ByteArray32 = 21;
    /// <summary>Type 22: byte[64].</summary>
    public const byte ByteArray64 = 22;
    /// <summary>Type 23: byte[128].</summary>
    public const byte ByteArray128 = 23;
    /// <summary>Type 24: byte[256].</summary>
    public const byte ByteArray256 = 24;
    /// <summary>Type 25: byte[512].</summary>
    public const byte ByteArray512 = 25;
    /// <summary>Type 26: date (4 bytes).</summary>
    public const byte Date = 26;
    /// <summary>Type 27: time (8 bytes).</summary>
    public const byte Time = 27;
    /// <summary>Type 28: date and time (12 bytes).</summary>
    public const byte DateTime = 28;

    // Payload width per type id, looked up on every field read: -1 = variable width or unknown.
    private static readonly short[] Widths = CreateWidths();

    private static short[] CreateWidths()
    {
        var widths = new short[256];
        for (int i = 0; i < widths.Length; i++) widths[i] = -1;
        widths[Indicator] = 0; widths[Boolean] = 1; widths[Int8] = 1; widths[Int16] = 2; widths[Int32] = 4; widths[Int64] = 8;
        widths[Float] = 4; widths[Double] = 8; widths[Date] = 4; widths[Time] = 8; widths[DateTime] = 12;
        widths[ByteArray4] = 4; widths[ByteArray8] = 8; widths[ByteArray16] = 16; widths[ByteArray20] = 20; widths[ByteArray32] = 32;
        widths[ByteArray64] = 64; widths[ByteArray128] = 128; widths[ByteArray256] = 256; widths[ByteArray512] = 512;
        return widths;
    }

    /// <summary>The 256 widths <see cref="GetFixedWidth"/> returns, for loops that keep the table in a register.</summary>
    internal static short[] WidthTable => Widths;

    /// <summary>True for the standard ids 0..15 and 17..28.</summary>
    public static bool IsStandard(byte typeId) => typeId <= 28 && typeId != 16;

    /// <summary>True when the type has an implied payload length (the prefix's fixed-width bit is set).</summary>
    public static bool IsFixedWidth(byte typeId) => Widths[typeId] >= 0;

    // Scanning a message waits on this width for every field. A table load, issued as soon as the type id is read,
    // costs less than decoding ids below 16 from a packed constant did: that was a chain of nine dependent operations,
    // and the filters' skipping loop ran 22% faster on ticks with the load (a byte indexes the 256 entries, so there is
    // no bounds check).
    /// <summary>The payload length of a fixed-width standard type, or -1 for variable-width and unknown types.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static int GetFixedWidth(byte typeId) => Widths[typeId];

    /// <summary>The fixed-width byte-array type for a length (4, 8, 16, 20, 32, 64, 128, 256, 512), or <see cref="ByteArray"/>.</summary>
    // Inlined, a table for the short lengths: the switch was a call per byte-array field of a field run, and the caller
    // saved its registers around it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static byte ForByteArrayLength(int length) => (uint)length <= 32 ? ShortByteArrayTypes[length] : ForLongByteArrayLength(length);

    private static byte ForLongByteArrayLength(int length) => length switch
    {
        64 => ByteArray64,
        128 => ByteArray128,
        256 => ByteArray256,
        512 => ByteArray512,
        _ => ByteArray,
    };

    // ForByteArrayLength for lengths 0 to 32.
    private static ReadOnlySpan<byte> ShortByteArrayTypes => new byte[]
    {
        ByteArray, ByteArray, ByteArray, ByteArray, ByteArray4, ByteArray, ByteArray, ByteArray, // 0-7
        ByteArray8, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, // 8-15
        ByteArray16, ByteArray, ByteArray, ByteArray, ByteArray20, ByteArray, ByteArray, ByteArray, // 16-23
        ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, ByteArray, // 24-31
        ByteArray32, // 32
    };

    /// <summary>True for type 6 and the fixed byte arrays 17..25.</summary>
    public static bool IsByteArray(byte typeId) => typeId == ByteArray || typeId is >= ByteArray4 and <= ByteArray512;

    /// <summary>The element width of a primitive array type (7, 8, 9, 12, 13), otherwise 0.</summary>
    // A table indexed by type id, not a switch: every variable-width field read asks, and a switch is not inlined.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static int GetArrayElementWidth(byte typeId) => typeId <= DoubleArray ? ArrayElementWidths[typeId] : 0;

    private static ReadOnlySpan<byte> ArrayElementWidths => new byte[]
    {
        0, 0, 0, 0, 0, 0, 0,
        2, // Int16Array (7)
        4, // Int32Array (8)
        8, // Int64Array (9)
        0, 0,
        4, // FloatArray (12)
        8, // DoubleArray (13)
    };

    /// <summary>The spec's keyword for a type id (e.g. "int", "byte[16]", "datetime"), or the decimal id for unknown types.</summary>
    public static string GetName(byte typeId) => typeId switch
    {
        Indicator => "indicator",
        Boolean => "boolean",
        Int8 => "byte",
        Int16 => "short",
        Int32 => "int",
        Int64 => "long",
        ByteArray => "byte[]",
        Int16Array => "short[]",
        Int32Array => "int[]",
        Int64Array => "long[]",
        Float => "float",
        Double => "double",
        FloatArray => "float[]",
        DoubleArray => "double[]",
        String => "string",
        Message => "message",
        Date => "date",
        Time => "time",
        DateTime => "datetime",
        >= ByteArray4 and <= ByteArray512 => "byte[" + GetFixedWidth(typeId).ToString(System.Globalization.CultureInfo.InvariantCulture) + "]",
        _ => typeId.ToString(System.Globalization.CultureInfo.InvariantCulture),
    };

    /// <summary>Parses a spec keyword (case-insensitive, with aliases such as "int32" or "bool") or a decimal id.</summary>
    public static bool TryParse(string text, out byte typeId)
    {
        if (text is null) throw new ArgumentNullException(nameof(text));
        return TryParseChars(text.AsSpan(), out typeId);
    }

    /// <summary>
    /// <see cref="TryParse(string, out byte)"/> on characters, so readers of text parse a type without a string: the
    /// keyword after trimming white space and lower-casing as <see cref="string.ToLowerInvariant"/> does, else the
    /// untrimmed text as a decimal id.
    /// </summary>
    public static bool TryParse(ReadOnlySpan<char> text, out byte typeId) => TryParseChars(text, out typeId);

    /// <summary>See <see cref="TryParse(ReadOnlySpan{char}, out byte)"/>.</summary>
    internal static bool TryParseChars(ReadOnlySpan<char> text, out byte typeId)
    {
        // The keywords as writers write them (lower case, no white space) are settled without trimming or lower-casing.
        if (TryParseKeyword(text, out typeId)) return true;
        var trimmed = text.Trim();
        if (trimmed.Length <= LongestKeyword)
        {
            Span<char> lower = stackalloc char[LongestKeyword];
            lower = lower.Slice(0, trimmed.ToLowerInvariant(lower));
            if (TryParseKeyword(lower, out typeId)) return true;
        }
        return SpanNumbers.TryParseByte(text, System.Globalization.NumberStyles.None, out typeId);
    }

    /// <summary>Length of the longest keyword ("indicator", "byte[128]"): longer text is never one.</summary>
    private const int LongestKeyword = 9;

    private static bool TryParseKeyword(ReadOnlySpan<char> keyword, out byte typeId)
    {
        switch (keyword)
        {
            case "indicator": typeId = Indicator; return true;
            case "boolean": case "bool": typeId = Boolean; return true;
            case "byte": case "int8": typeId = Int8; return true;
            case "short": case "int16": typeId = Int16; return true;
            case "int": case "int32": typeId = Int32; return true;
            case "long": case "int64": typeId = Int64; return true;
            case "byte[]": typeId = ByteArray; return true;
            case "short[]": typeId = Int16Array; return true;
            case "int[]": typeId = Int32Array; return true;
            case "long[]": typeId = Int64Array; return true;
            case "float": typeId = Float; return true;
            case "double": typeId = Double; return true;
            case "float[]": typeId = FloatArray; return true;
            case "double[]": typeId = DoubleArray; return true;
            case "string": typeId = String; return true;
            case "message": typeId = Message; return true;
            case "date": typeId = Date; return true;
            case "time": typeId = Time; return true;
            case "datetime": typeId = DateTime; return true;
            case "byte[4]": typeId = ByteArray4; return true;
            case "byte[8]": typeId = ByteArray8; return true;
            case "byte[16]": typeId = ByteArray16; return true;
            case "byte[20]": typeId = ByteArray20; return true;
            case "byte[32]": typeId = ByteArray32; return true;
            case "byte[64]": typeId = ByteArray64; return true;
            case "byte[128]": typeId = ByteArray128; return true;
            case "byte[256]": typeId = ByteArray256; return true;
            case "byte[512]": typeId = ByteArray512; return true;
        }
        typeId = 0;
        return false;
    }
}
