using System;
using System.Buffers.Text;

namespace Fudge.Bson.Internal;

/// <summary>The element names and codes both directions agree on (docs/store.md, "BSON type mapping").</summary>
internal static class BsonKeys
{
    // BSON element types used by the mapping (bsonspec.org, version 1.1).
    public const byte Double = 0x01;
    public const byte String = 0x02;
    public const byte Document = 0x03;
    public const byte Array = 0x04;
    public const byte Binary = 0x05;
    public const byte Undefined = 0x06;
    public const byte ObjectId = 0x07;
    public const byte Boolean = 0x08;
    public const byte DateTime = 0x09;
    public const byte Null = 0x0A;
    public const byte Regex = 0x0B;
    public const byte DbPointer = 0x0C;
    public const byte JavaScript = 0x0D;
    public const byte Symbol = 0x0E;
    public const byte JavaScriptWithScope = 0x0F;
    public const byte Int32 = 0x10;
    public const byte Timestamp = 0x11;
    public const byte Int64 = 0x12;
    public const byte Decimal128 = 0x13;
    public const byte MinKey = 0xFF;
    public const byte MaxKey = 0x7F;

    /// <summary>Binary subtype of byte arrays.</summary>
    public const byte GenericSubtype = 0x00;

    /// <summary>
    /// The user-defined binary subtype that carries a Fudge payload as on the Fudge wire. Plain: the first byte is the
    /// Fudge type id. Lossless: the field document's <c>type</c> names the type and the binary is the payload alone.
    /// </summary>
    public const byte FudgeSubtype = 0x80;

    // Lossless members.
    public const string FieldsName = "fields";
    public const string NameName = "name";
    public const string OrdinalName = "ordinal";
    public const string TypeName = "type";
    public const string ValueName = "value";
    public const string DirectivesName = "processingDirectives";
    public const string SchemaName = "schemaVersion";
    public const string TaxonomyName = "taxonomy";

    public static ReadOnlySpan<byte> FieldsUtf8 => "fields"u8;
    public static ReadOnlySpan<byte> NameUtf8 => "name"u8;
    public static ReadOnlySpan<byte> OrdinalUtf8 => "ordinal"u8;
    public static ReadOnlySpan<byte> TypeUtf8 => "type"u8;
    public static ReadOnlySpan<byte> ValueUtf8 => "value"u8;
    public static ReadOnlySpan<byte> DirectivesUtf8 => "processingDirectives"u8;
    public static ReadOnlySpan<byte> SchemaUtf8 => "schemaVersion"u8;
    public static ReadOnlySpan<byte> TaxonomyUtf8 => "taxonomy"u8;

    /// <summary>The decimal text of an array index or ordinal, into <paramref name="destination"/> (11 bytes suffice).</summary>
    public static ReadOnlySpan<byte> FormatIndex(int index, Span<byte> destination)
    {
        Utf8Formatter.TryFormat(index, destination, out int written);
        return destination.Slice(0, written);
    }

    /// <summary>True when <paramref name="key"/> is the canonical decimal text of a 16-bit integer (what an ordinal-only field's key is).</summary>
    public static bool TryParseOrdinal(ReadOnlySpan<byte> key, out short ordinal)
    {
        ordinal = 0;
        if (key.IsEmpty || key.Length > 6) return false;
        int i = key[0] == (byte)'-' ? 1 : 0;
        if (i == key.Length) return false;
        if (key[i] == (byte)'0' && (key.Length > i + 1 || i == 1)) return false; // "05" and "-0" are names
        int value = 0;
        for (; i < key.Length; i++)
        {
            int digit = key[i] - '0';
            if ((uint)digit > 9) return false;
            value = value * 10 + digit;
        }
        if (key[0] == (byte)'-') value = -value;
        if (value < short.MinValue || value > short.MaxValue) return false;
        ordinal = (short)value;
        return true;
    }
}
