using System;
using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using System.Xml;

namespace Fudge.Xml;

/// <summary>Walks Fudge bytes with a <see cref="FudgeReader"/> and writes XML elements; no message model is built.</summary>
internal static class FudgeToXml
{
    public const string NameAttribute = "name";
    public const string OrdinalAttribute = "ordinal";
    public const string TypeAttribute = "type";
    public const string EncodingAttribute = "encoding";
    public const string NameEncodingAttribute = "nameEncoding";
    public const string Base64 = "base64";

    /// <summary>
    /// The value of <c>encoding</c> and <c>nameEncoding</c> for text whose supplementary characters are CESU-8 on the
    /// wire, as Fudge-Java writes them. Only written with <see cref="FudgeXmlTypeAttributes.Always"/>.
    /// </summary>
    public const string Cesu8 = "cesu-8";
    public const string ProcessingDirectivesAttribute = "processingDirectives";
    public const string SchemaVersionAttribute = "schemaVersion";
    public const string TaxonomyAttribute = "taxonomy";

    public static void WriteEnvelope(ReadOnlySpan<byte> envelope, XmlWriter xml, FudgeXmlSettings settings)
    {
        var reader = new FudgeReader(envelope, settings.ReaderOptions);
        var header = reader.EnvelopeHeader;
        xml.WriteStartElement(settings.RootElementName);
        if (settings.EnvelopeAttributes)
        {
            if (header.ProcessingDirectives != 0) xml.WriteAttributeString(ProcessingDirectivesAttribute, Text(header.ProcessingDirectives));
            if (header.SchemaVersion != 0) xml.WriteAttributeString(SchemaVersionAttribute, Text(header.SchemaVersion));
            if (header.TaxonomyId != 0) xml.WriteAttributeString(TaxonomyAttribute, Text(header.TaxonomyId));
        }
        int remainingFields = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxFieldCount;
        WriteFields(ref reader, xml, settings, ref remainingFields);
        xml.WriteEndElement();
    }

    private static void WriteFields(ref FudgeReader reader, XmlWriter xml, FudgeXmlSettings settings, ref int remainingFields)
    {
        while (reader.Read())
        {
            // Each field costs tens of bytes of text: the field limit bounds the output an envelope of tiny fields makes.
            if (--remainingFields < 0)
            {
                int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxFieldCount;
                throw new FudgeFormatException(reader.FieldOffset, $"the envelope holds more than {max} fields (FudgeReaderOptions.MaxFieldCount)", null, true);
            }
            // The name on the wire only: a name restored from a taxonomy would come back as an extra name.
            string? name = reader.HasName ? reader.GetName() : null;
            short? ordinal = reader.HasOrdinal ? reader.Ordinal : null;
            byte typeId = reader.TypeId;
            string element = XmlFieldNames.ElementName(name, ordinal, out bool nameAttribute);
            // Exact output marks names and strings that are Fudge-Java's CESU-8 on the wire (already validated by decoding).
            bool exact = settings.TypeAttributes == FudgeXmlTypeAttributes.Always;
            bool javaName = exact && name is not null && JavaCesu8.HoldsPairs(reader.NameUtf8);
            if (name is null && settings.TaxonomyNames && reader.GetName() is { } restored
                && XmlFieldNames.Clean(restored) is { Length: > 0 } cleaned && !XmlFieldNames.IsGeneric(cleaned))
                element = cleaned;
            xml.WriteStartElement(element);
            if (nameAttribute || javaName) WriteName(xml, name!, javaName ? reader.NameUtf8 : default);
            if (ordinal is short o) xml.WriteAttributeString(OrdinalAttribute, Text(o));
            if (settings.TypeAttributes == FudgeXmlTypeAttributes.Always || NeedsType(typeId))
                xml.WriteAttributeString(TypeAttribute, FudgeTypeId.GetName(typeId));
            WriteValue(ref reader, xml, settings, exact, ref remainingFields);
            xml.WriteEndElement();
        }
    }

    /// <summary>
    /// The name attribute; a name holding characters XML cannot carry goes out as base64 of its bytes, marked by a
    /// <c>nameEncoding</c> attribute, the way such strings go out as values. <paramref name="java"/> holds the wire bytes
    /// of a name in Fudge-Java's CESU-8 (empty otherwise): its base64 is of those bytes, and readable text is marked
    /// <c>nameEncoding="cesu-8"</c>.
    /// </summary>
    private static void WriteName(XmlWriter xml, string name, ReadOnlySpan<byte> java)
    {
        if (NeedsBase64(name))
        {
            xml.WriteAttributeString(NameEncodingAttribute, Base64);
            xml.WriteAttributeString(NameAttribute, Convert.ToBase64String(java.IsEmpty ? Encoding.UTF8.GetBytes(name) : java.ToArray()));
            return;
        }
        if (!java.IsEmpty) xml.WriteAttributeString(NameEncodingAttribute, Cesu8);
        xml.WriteAttributeString(NameAttribute, name);
    }

    private static bool NeedsType(byte typeId) => typeId switch
    {
        FudgeTypeId.Indicator or FudgeTypeId.Boolean or FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64
            or FudgeTypeId.Float or FudgeTypeId.Double or FudgeTypeId.String or FudgeTypeId.Message => false,
        _ => true,
    };

    private static void WriteValue(ref FudgeReader reader, XmlWriter xml, FudgeXmlSettings settings, bool exact, ref int remainingFields)
    {
        var value = reader.ValueSpan;
        switch (reader.TypeId)
        {
            case FudgeTypeId.Indicator: return;
            case FudgeTypeId.Boolean: xml.WriteString(reader.GetBoolean() ? "true" : "false"); return;
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64: xml.WriteString(Text(reader.GetInt64())); return;
            case FudgeTypeId.Float: xml.WriteString(FudgeValueText.FormatSingle(reader.GetSingle(), exact: true)); return;
            case FudgeTypeId.Double: xml.WriteString(FudgeValueText.FormatDouble(reader.GetDouble(), exact: true)); return;
            case FudgeTypeId.String:
                string s = reader.GetString();
                bool java = exact && JavaCesu8.HoldsPairs(value);
                if (NeedsBase64(s))
                {
                    // Base64 of the wire bytes, so CESU-8 stays CESU-8 without a second marker.
                    xml.WriteAttributeString(EncodingAttribute, Base64);
                    xml.WriteString(Convert.ToBase64String(java ? value.ToArray() : Encoding.UTF8.GetBytes(s)));
                    return;
                }
                if (java) xml.WriteAttributeString(EncodingAttribute, Cesu8);
                xml.WriteString(s);
                return;
            case FudgeTypeId.Int16Array: WriteList(xml, value, 2, (v, i) => Text(BinaryPrimitives.ReadInt16BigEndian(v.Slice(i)))); return;
            case FudgeTypeId.Int32Array: WriteList(xml, value, 4, (v, i) => Text(BinaryPrimitives.ReadInt32BigEndian(v.Slice(i)))); return;
            case FudgeTypeId.Int64Array: WriteList(xml, value, 8, (v, i) => Text(BinaryPrimitives.ReadInt64BigEndian(v.Slice(i)))); return;
            case FudgeTypeId.FloatArray: WriteList(xml, value, 4, (v, i) => FudgeValueText.FormatSingle(BigEndian.ReadSingle(v.Slice(i)), exact: true)); return;
            case FudgeTypeId.DoubleArray: WriteList(xml, value, 8, (v, i) => FudgeValueText.FormatDouble(BigEndian.ReadDouble(v.Slice(i)), exact: true)); return;
            case FudgeTypeId.Date: xml.WriteString(FudgeValueText.FormatDate(reader.GetDate(), exact: true)); return;
            case FudgeTypeId.Time: xml.WriteString(FudgeValueText.FormatTime(reader.GetTime(), exact: true)); return;
            case FudgeTypeId.DateTime: xml.WriteString(FudgeValueText.FormatDateTime(reader.GetDateTime(), exact: true)); return;
            case FudgeTypeId.Message:
                var sub = reader.ReadMessage();
                WriteFields(ref sub, xml, settings, ref remainingFields);
                return;
            default:
                if (FudgeTypeId.IsByteArray(reader.TypeId)) WriteList(xml, value, 1, (v, i) => Text((sbyte)v[i])); // signed, per the spec
                else xml.WriteString(Hex.Encode(value));
                return;
        }
    }

    private delegate string ElementText(ReadOnlySpan<byte> value, int offset);

    /// <summary>Comma-separated elements, written in chunks so a large array is never one huge string.</summary>
    private static void WriteList(XmlWriter xml, ReadOnlySpan<byte> value, int width, ElementText format)
    {
        var sb = new StringBuilder();
        for (int i = 0; i < value.Length; i += width)
        {
            if (i > 0) sb.Append(',');
            sb.Append(format(value, i));
            if (sb.Length > 4096)
            {
                xml.WriteString(sb.ToString());
                sb.Clear();
            }
        }
        xml.WriteString(sb.ToString());
    }

    /// <summary>
    /// Text XML cannot carry exactly: characters XML forbids, and carriage returns, which XML readers turn into line
    /// feeds unless the writer happened to escape them.
    /// </summary>
    internal static bool NeedsBase64(string s)
    {
        for (int i = 0; i < s.Length; i++)
        {
            char c = s[i];
            if (c < 0x20 && c != '\t' && c != '\n') return true;
            if (c is '\uFFFE' or '\uFFFF') return true;
            if (char.IsHighSurrogate(c))
            {
                if (i + 1 >= s.Length || !char.IsLowSurrogate(s[i + 1])) return true;
                i++;
            }
            else if (char.IsLowSurrogate(c)) return true;
        }
        return false;
    }

    private static string Text(long value) => value.ToString(CultureInfo.InvariantCulture);
}
