using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Inspect;

/// <summary>
/// Readable text of the current field's value, decoded straight from its bytes so that only the shown part of a long
/// array is ever decoded. Unless <c>full</c> is set, long values are cut and their length is given.
/// </summary>
internal static class ValueText
{
    /// <summary>Characters of a string shown before it is cut.</summary>
    public const int MaxChars = 64;

    /// <summary>Bytes of a byte array (or unknown type) shown before it is cut.</summary>
    public const int MaxBytes = 32;

    /// <summary>Items of a numeric array shown before it is cut.</summary>
    public const int MaxItems = 16;

    /// <summary>The type as shown: the spec's keyword, or "type N" for ids the core does not know.</summary>
    public static string TypeName(byte typeId) => FudgeTypeId.IsStandard(typeId) ? FudgeTypeId.GetName(typeId) : "type " + typeId.ToString(CultureInfo.InvariantCulture);

    /// <summary>The value text; empty for an indicator. Sub-messages are not handled here.</summary>
    /// <exception cref="FudgeFormatException">A string is not valid UTF-8.</exception>
    public static string Format(ref FudgeReader reader, bool full)
    {
        var value = reader.ValueSpan;
        switch (reader.TypeId)
        {
            case FudgeTypeId.Indicator: return "";
            case FudgeTypeId.Boolean: return reader.GetBoolean() ? "true" : "false";
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64: return reader.GetInt64().ToString(CultureInfo.InvariantCulture);
            case FudgeTypeId.Float: return reader.GetSingle().ToString("R", CultureInfo.InvariantCulture);
            case FudgeTypeId.Double: return reader.GetDouble().ToString("R", CultureInfo.InvariantCulture);
            case FudgeTypeId.String: return full ? FormatString(reader.GetString(), full) : FormatString(ref reader, full, out _, out _);
            case FudgeTypeId.Date: return reader.GetDate().ToString();
            case FudgeTypeId.Time: return reader.GetTime().ToString();
            case FudgeTypeId.DateTime: return reader.GetDateTime().ToString();
            case FudgeTypeId.Int16Array: return FormatArray(value, 2, full, static s => BinaryPrimitives.ReadInt16BigEndian(s).ToString(CultureInfo.InvariantCulture));
            case FudgeTypeId.Int32Array: return FormatArray(value, 4, full, static s => BinaryPrimitives.ReadInt32BigEndian(s).ToString(CultureInfo.InvariantCulture));
            case FudgeTypeId.Int64Array: return FormatArray(value, 8, full, static s => BinaryPrimitives.ReadInt64BigEndian(s).ToString(CultureInfo.InvariantCulture));
            case FudgeTypeId.FloatArray: return FormatArray(value, 4, full, static s => BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32BigEndian(s)).ToString("R", CultureInfo.InvariantCulture));
            case FudgeTypeId.DoubleArray: return FormatArray(value, 8, full, static s => BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(s)).ToString("R", CultureInfo.InvariantCulture));
            default: return FormatBytes(value, full); // byte arrays and unknown types
        }
    }

    /// <summary>A string in double quotes, escaped by <see cref="DisplayText.Quote"/>.</summary>
    public static string FormatString(string text, bool full)
    {
        if (full || text.Length <= MaxChars) return Quote(text);
        int cut = char.IsHighSurrogate(text[MaxChars - 1]) ? MaxChars - 1 : MaxChars; // never split a surrogate pair
        return Cut(text.Substring(0, cut), text.Length);
    }

    /// <summary>
    /// The current string field's value as <see cref="FormatString(string, bool)"/> shows it, its length in UTF-16
    /// units, and whether it holds a character <see cref="DisplayText.HasHidden"/> marks, with the same results as
    /// decoding it. A long ASCII string (the usual kind of a large one) is not decoded whole: its bytes are checked
    /// for hidden characters where they lie (vectorized), and only the shown part becomes a string, so a 10 MB value
    /// costs a scan of its bytes rather than a 20 MB string and a per-character look-up.
    /// </summary>
    /// <exception cref="FudgeFormatException">The string is not valid UTF-8.</exception>
    public static string FormatString(ref FudgeReader reader, bool full, out int length, out bool hidden)
    {
        var bytes = reader.ValueSpan;
        if (!full && bytes.Length > MaxChars && Ascii.IsValid(bytes))
        {
            length = bytes.Length; // one byte, one character
            hidden = bytes.IndexOfAny(HiddenAscii) >= 0;
            return Cut(Encoding.ASCII.GetString(bytes.Slice(0, MaxChars)), length);
        }
        string text = reader.GetString();
        length = text.Length;
        hidden = DisplayText.HasHidden(text);
        return FormatString(text, full);
    }

    // The ASCII characters DisplayText.HasHidden marks: the C0 controls but tab, line feed and carriage return, and DEL.
    private static readonly SearchValues<byte> HiddenAscii = SearchValues.Create(
        Enumerable.Range(0, 128).Where(c => DisplayText.IsHidden(c) && c is not ('\t' or '\n' or '\r')).Select(c => (byte)c).ToArray());

    private static string Cut(string head, int length)
    {
        string shown = Quote(head);
        return shown.Substring(0, shown.Length - 1) + "...\" (" + length.ToString(CultureInfo.InvariantCulture) + " chars)";
    }

    private static string FormatBytes(ReadOnlySpan<byte> bytes, bool full)
    {
        if (bytes.IsEmpty) return "(empty)";
        if (full || bytes.Length <= MaxBytes) return Convert.ToHexStringLower(bytes);
        return Convert.ToHexStringLower(bytes.Slice(0, MaxBytes)) + "... (" + bytes.Length.ToString(CultureInfo.InvariantCulture) + " bytes)";
    }

    private delegate string ElementText(ReadOnlySpan<byte> element);

    private static string FormatArray(ReadOnlySpan<byte> bytes, int width, bool full, ElementText element)
    {
        int count = bytes.Length / width;
        int shown = full ? count : Math.Min(count, MaxItems);
        var text = new StringBuilder("[");
        for (int i = 0; i < shown; i++)
        {
            if (i > 0) text.Append(", ");
            text.Append(element(bytes.Slice(i * width, width)));
        }
        if (shown < count) text.Append(", ... (").Append(count.ToString(CultureInfo.InvariantCulture)).Append(" items)");
        return text.Append(']').ToString();
    }

    private static string Quote(string text) => DisplayText.Quote(text);
}
