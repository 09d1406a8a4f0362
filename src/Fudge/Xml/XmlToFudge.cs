using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Xml;

namespace Fudge.Xml;

/// <summary>
/// Reads an XML document node by node and drives a <see cref="FudgeWriter"/>. A field without a <c>type</c>
/// attribute is inferred (spec §15): child elements make a sub-message, an empty element an indicator, text a
/// string; only the text seen before the first child element is held while deciding.
/// </summary>
internal static class XmlToFudge
{
    /// <summary>What an <c>encoding</c> or <c>nameEncoding</c> attribute says about the text it qualifies.</summary>
    private enum TextForm
    {
        /// <summary>No attribute: the text as it is, written in the writer's encoding.</summary>
        Plain,

        /// <summary><c>base64</c>: the encoded bytes; Fudge-Java's CESU-8 among them is written back as CESU-8.</summary>
        Base64,

        /// <summary><c>cesu-8</c>: the text as it is, written as CESU-8 whatever the writer's options.</summary>
        Cesu8,
    }

    public static void ReadEnvelope(XmlReader xml, IBufferWriter<byte> output, FudgeXmlSettings settings)
    {
        try
        {
            if (xml.MoveToContent() != XmlNodeType.Element) throw Error(xml, "expected the envelope's root element");
            byte directives = (byte)HeaderValue(xml.GetAttribute(FudgeToXml.ProcessingDirectivesAttribute), 0, 255);
            byte schema = (byte)HeaderValue(xml.GetAttribute(FudgeToXml.SchemaVersionAttribute), 0, 255);
            short taxonomy = (short)HeaderValue(xml.GetAttribute(FudgeToXml.TaxonomyAttribute), short.MinValue, short.MaxValue);
            var writer = new FudgeWriter(output, settings.WriterOptions);
            try
            {
                var marker = writer.BeginEnvelope(directives, schema, taxonomy);
                ReadMessageContent(xml, ref writer, settings, 0);
                writer.EndEnvelope(marker);
                CheckSize(xml, ref writer, settings);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
        }
        catch (XmlException e)
        {
            throw new FudgeXmlException("malformed XML: " + e.Message, e.LineNumber, e.LinePosition, e);
        }
        catch (ArgumentException e)
        {
            // Field names longer than 255 UTF-8 bytes and fixed-width arrays of the wrong length.
            throw Error(xml, e.Message, e);
        }
    }

    /// <summary>The spec: a missing, out-of-range or non-numeric header value (such as a taxonomy URL) means 0.</summary>
    private static long HeaderValue(string? text, long min, long max)
        => long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long v) && v >= min && v <= max ? v : 0;

    /// <summary>Reader on a start element: reads its child elements as fields and moves past its end.</summary>
    private static void ReadMessageContent(XmlReader xml, ref FudgeWriter writer, FudgeXmlSettings settings, int depth)
    {
        if (xml.IsEmptyElement)
        {
            xml.Read();
            return;
        }
        xml.Read();
        ReadFields(xml, ref writer, settings, depth);
    }

    /// <summary>Reads fields from the current node up to and past the enclosing end element.</summary>
    private static void ReadFields(XmlReader xml, ref FudgeWriter writer, FudgeXmlSettings settings, int depth)
    {
        while (true)
        {
            switch (xml.NodeType)
            {
                case XmlNodeType.Element:
                    ReadField(xml, ref writer, settings, depth);
                    break;
                case XmlNodeType.EndElement:
                    xml.Read();
                    return;
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                case XmlNodeType.Comment:
                case XmlNodeType.ProcessingInstruction:
                    xml.Read();
                    break;
                case XmlNodeType.None:
                    throw Error(xml, "the XML ends inside a message");
                default:
                    throw Error(xml, $"unexpected {xml.NodeType} between the fields of a message");
            }
        }
    }

    private static void ReadField(XmlReader xml, ref FudgeWriter writer, FudgeXmlSettings settings, int depth)
    {
        CheckSize(xml, ref writer, settings);
        string element = xml.LocalName;
        string? name = xml.GetAttribute(FudgeToXml.NameAttribute);
        string? ordinalText = xml.GetAttribute(FudgeToXml.OrdinalAttribute) ?? xml.GetAttribute("index");
        string? keyText = xml.GetAttribute("key");
        string? typeText = xml.GetAttribute(FudgeToXml.TypeAttribute);
        var textForm = ReadTextForm(xml, FudgeToXml.EncodingAttribute);
        var nameForm = ReadTextForm(xml, FudgeToXml.NameEncodingAttribute);
        bool javaName = nameForm == TextForm.Cesu8;
        if (name is not null && nameForm == TextForm.Base64)
            name = DecodeBase64Name(xml, name, out javaName);

        short? ordinal = null;
        if (ordinalText is not null)
        {
            if (!short.TryParse(ordinalText, NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite,
                    CultureInfo.InvariantCulture, out short parsed))
                throw Error(xml, $"the ordinal '{ordinalText}' is not a 16-bit integer");
            ordinal = parsed;
        }
        if (name is null && ordinal is null && keyText is not null)
        {
            if (short.TryParse(keyText, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short keyOrdinal)) ordinal = keyOrdinal;
            else name = keyText;
        }
        if (name is null && !XmlFieldNames.IsGeneric(element)) name = element;
        if (ordinal is null && XmlFieldNames.TryGetGenericOrdinal(element, out short generic)) ordinal = generic;
        if (javaName && name is null) throw Error(xml, $"{FudgeToXml.NameEncodingAttribute}=\"{FudgeToXml.Cesu8}\" on a field without a name");
        var key = javaName ? FudgeFieldKey.Create(name, ordinal, FudgeStringEncoding.JavaCesu8) : FudgeFieldKey.Of(name, ordinal);

        if (typeText is null || !FudgeTypeId.TryParse(typeText, out byte type))
        {
            ReadInferred(xml, ref writer, key, textForm, settings, depth);
            return;
        }
        if (textForm == TextForm.Cesu8 && type != FudgeTypeId.String) throw NotAString(xml);
        if (type == FudgeTypeId.Message)
        {
            CheckDepth(xml, depth, settings);
            var marker = writer.BeginMessage(key);
            ReadMessageContent(xml, ref writer, settings, depth + 1);
            writer.EndMessage(marker);
            return;
        }
        var info = (xml as IXmlLineInfo)?.HasLineInfo() == true ? (IXmlLineInfo)xml : null;
        int line = info?.LineNumber ?? 0, position = info?.LinePosition ?? 0;
        string text = xml.ReadElementContentAsString();
        try
        {
            WriteTyped(ref writer, key, type, text, textForm);
        }
        catch (FormatException e)
        {
            throw new FudgeXmlException($"the text of a {FudgeTypeId.GetName(type)} field is invalid: {e.Message}", line, position, e);
        }
        catch (OverflowException e)
        {
            throw new FudgeXmlException($"a value of a {FudgeTypeId.GetName(type)} field is out of range: {e.Message}", line, position, e);
        }
    }

    /// <summary>No usable type attribute: child elements make a message, an empty element an indicator, text a string.</summary>
    private static void ReadInferred(XmlReader xml, ref FudgeWriter writer, in FudgeFieldKey key, TextForm textForm, FudgeXmlSettings settings, int depth)
    {
        if (xml.IsEmptyElement)
        {
            if (textForm == TextForm.Cesu8) throw NotAString(xml);
            xml.Read();
            writer.WriteIndicator(key);
            return;
        }
        xml.Read();
        var text = new StringBuilder();
        bool any = false;
        while (true)
        {
            switch (xml.NodeType)
            {
                case XmlNodeType.Text:
                case XmlNodeType.CDATA:
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                    text.Append(xml.Value);
                    any = true;
                    xml.Read();
                    break;
                case XmlNodeType.Comment:
                case XmlNodeType.ProcessingInstruction:
                    xml.Read();
                    break;
                case XmlNodeType.EndElement:
                    if (!any && textForm == TextForm.Cesu8) throw NotAString(xml);
                    // A string written without a type (TypeAttributes.WhenNeeded) may still be base64.
                    if (any && textForm == TextForm.Base64) WriteBase64String(xml, ref writer, key, text.ToString());
                    xml.Read();
                    if (!any) writer.WriteIndicator(key);
                    else if (textForm == TextForm.Cesu8) writer.WriteString(key, text.ToString().AsSpan(), FudgeStringEncoding.JavaCesu8);
                    else if (textForm != TextForm.Base64) writer.WriteString(key, text.ToString());
                    return;
                case XmlNodeType.Element:
                    if (text.ToString().Trim().Length > 0) throw Error(xml, "an element mixes text and child elements");
                    if (textForm == TextForm.Cesu8) throw NotAString(xml);
                    CheckDepth(xml, depth, settings);
                    var marker = writer.BeginMessage(key);
                    ReadFields(xml, ref writer, settings, depth + 1);
                    writer.EndMessage(marker);
                    return;
                default:
                    throw Error(xml, $"unexpected {xml.NodeType} in a field");
            }
        }
    }

    /// <summary>Writes a value of an explicit type exactly (no reduction), parsing the element's text.</summary>
    private static void WriteTyped(ref FudgeWriter writer, in FudgeFieldKey key, byte type, string text, TextForm textForm)
    {
        bool base64 = textForm == TextForm.Base64;
        var inv = CultureInfo.InvariantCulture;
        const NumberStyles integer = NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite;
        switch (type)
        {
            case FudgeTypeId.Indicator:
                if (text.Trim().Length > 0) throw new FormatException("an indicator has no text");
                writer.WriteIndicator(key);
                return;
            case FudgeTypeId.Boolean: writer.WriteBoolean(key, ParseBoolean(text)); return;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, sbyte.Parse(text, integer, inv)); return;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, short.Parse(text, integer, inv)); return;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, int.Parse(text, integer, inv)); return;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, long.Parse(text, integer, inv)); return;
            case FudgeTypeId.Float: writer.WriteSingle(key, ParseSingle(text)); return;
            case FudgeTypeId.Double: writer.WriteDouble(key, ParseDouble(text)); return;
            case FudgeTypeId.String:
                if (base64) WriteDecodedString(ref writer, key, Convert.FromBase64String(text));
                else if (textForm == TextForm.Cesu8) writer.WriteString(key, text.AsSpan(), FudgeStringEncoding.JavaCesu8);
                else writer.WriteString(key, text);
                return;
            case FudgeTypeId.Int16Array: writer.WriteInt16Array(key, ParseList(text, s => short.Parse(s, integer, inv))); return;
            case FudgeTypeId.Int32Array: writer.WriteInt32Array(key, ParseList(text, s => int.Parse(s, integer, inv))); return;
            case FudgeTypeId.Int64Array: writer.WriteInt64Array(key, ParseList(text, s => long.Parse(s, integer, inv))); return;
            case FudgeTypeId.FloatArray: writer.WriteSingleArray(key, ParseList(text, ParseSingle)); return;
            case FudgeTypeId.DoubleArray: writer.WriteDoubleArray(key, ParseList(text, ParseDouble)); return;
            case FudgeTypeId.Date:
                if (!FudgeValueText.TryParseDate(text, out var date)) throw new FormatException($"'{text}' is not a date");
                writer.WriteDate(key, date);
                return;
            case FudgeTypeId.Time:
                if (!FudgeValueText.TryParseTime(text, out var time)) throw new FormatException($"'{text}' is not a time");
                writer.WriteTime(key, time);
                return;
            case FudgeTypeId.DateTime:
                if (!FudgeValueText.TryParseDateTime(text, out var dateTime)) throw new FormatException($"'{text}' is not a datetime");
                writer.WriteDateTime(key, dateTime);
                return;
            default:
                byte[] payload;
                if (base64) payload = Convert.FromBase64String(text);
                else if (FudgeTypeId.IsByteArray(type))
                    payload = ParseList(text, ParseByte);
                else if (FudgeUnknownValue.TryParse(text.Trim(), out var unknown)) payload = unknown!.Bytes.ToArray();
                else if (!Hex.TryDecode(text.Trim(), out payload)) throw new FormatException("an unknown type's value must be hexadecimal bytes");
                writer.WriteRawField(key, type, payload);
                return;
        }
    }

    private static void WriteDecodedString(ref FudgeWriter writer, in FudgeFieldKey key, byte[] bytes)
    {
        string decoded = DecodeText(bytes, out bool java);
        if (java) writer.WriteString(key, decoded.AsSpan(), FudgeStringEncoding.JavaCesu8);
        else writer.WriteString(key, decoded);
    }

    /// <summary>The base64 text of an untyped element, reported at the element's end when it is not base64.</summary>
    private static void WriteBase64String(XmlReader xml, ref FudgeWriter writer, in FudgeFieldKey key, string text)
    {
        byte[] bytes;
        try
        {
            bytes = Convert.FromBase64String(text);
        }
        catch (FormatException e)
        {
            throw Error(xml, $"the text of a string marked {FudgeToXml.EncodingAttribute}=\"{FudgeToXml.Base64}\" is invalid: {e.Message}", e);
        }
        WriteDecodedString(ref writer, key, bytes);
    }

    /// <summary>
    /// The value of an <c>encoding</c> or <c>nameEncoding</c> attribute, any case: absent, <c>base64</c> or
    /// <c>cesu-8</c>; anything else is an error rather than text read the wrong way.
    /// </summary>
    private static TextForm ReadTextForm(XmlReader xml, string attribute)
    {
        string? value = xml.GetAttribute(attribute);
        if (value is null) return TextForm.Plain;
        if (string.Equals(value, FudgeToXml.Base64, StringComparison.OrdinalIgnoreCase)) return TextForm.Base64;
        if (string.Equals(value, FudgeToXml.Cesu8, StringComparison.OrdinalIgnoreCase)) return TextForm.Cesu8;
        throw Error(xml, $"{attribute}=\"{value}\" is not an encoding this reader knows (expected \"{FudgeToXml.Base64}\" or \"{FudgeToXml.Cesu8}\")");
    }

    private static FudgeXmlException NotAString(XmlReader xml)
        => Error(xml, $"{FudgeToXml.EncodingAttribute}=\"{FudgeToXml.Cesu8}\" applies to string values only");

    /// <summary>
    /// Text from base64: its bytes are UTF-8, or hold Fudge-Java's CESU-8 pairs (<paramref name="java"/>), which are
    /// written back the same way. Other invalid bytes become U+FFFD, as they always have.
    /// </summary>
    private static string DecodeText(byte[] bytes, out bool java)
    {
        string? text = null;
        java = JavaCesu8.HoldsPairs(bytes) && JavaCesu8.TryDecode(bytes, out text) < 0;
        return java ? text! : Encoding.UTF8.GetString(bytes);
    }

    /// <summary>A name written as base64 of its bytes because XML cannot carry its characters.</summary>
    private static string DecodeBase64Name(XmlReader xml, string encoded, out bool java)
    {
        try
        {
            return DecodeText(Convert.FromBase64String(encoded), out java);
        }
        catch (FormatException e)
        {
            throw Error(xml, $"the base64 field name '{encoded}' is invalid: {e.Message}", e);
        }
    }

    private static bool ParseBoolean(string text) => text.Trim().ToLowerInvariant() switch
    {
        "true" or "t" or "on" or "1" => true,
        "false" or "f" or "off" or "0" => false,
        _ => throw new FormatException($"'{text}' is not a boolean"),
    };

    /// <summary>Signed bytes as the spec writes them; unsigned 128..255 are accepted too.</summary>
    private static byte ParseByte(string text)
    {
        short v = short.Parse(text, NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite, CultureInfo.InvariantCulture);
        if (v is < -128 or > 255) throw new OverflowException($"{v} is not a byte (-128..255)");
        return unchecked((byte)v);
    }

    private static float ParseSingle(string text)
        => FudgeValueText.TryParseSingle(text, out float v) ? v : throw new FormatException($"'{text}' is not a float");

    private static double ParseDouble(string text)
        => FudgeValueText.TryParseDouble(text, out double v) ? v : throw new FormatException($"'{text}' is not a double");

    private static T[] ParseList<T>(string text, Func<string, T> parse)
    {
        if (text.Trim().Length == 0) return Array.Empty<T>();
        var parts = text.Split(',');
        var result = new T[parts.Length];
        for (int i = 0; i < parts.Length; i++) result[i] = parse(parts[i]);
        return result;
    }

    private static void CheckDepth(XmlReader xml, int depth, FudgeXmlSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth;
        if (depth + 1 > max) throw Error(xml, $"sub-messages are nested deeper than the limit of {max} (FudgeReaderOptions.MaxDepth)");
        if (!StackRoom.ForAnotherLevel()) throw Error(xml, $"elements are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth");
    }

    /// <summary>
    /// Enforces <see cref="FudgeReaderOptions.MaxMessageSize"/> while the envelope is written (before each field and once
    /// it is complete), so an oversized document is refused at its line and position.
    /// </summary>
    private static void CheckSize(XmlReader xml, ref FudgeWriter writer, FudgeXmlSettings settings)
    {
        int max = (settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxMessageSize;
        if (writer.BytesPending > max)
            throw Error(xml, $"the envelope grows to {writer.BytesPending} bytes, more than the limit of {max} (FudgeReaderOptions.MaxMessageSize)");
    }

    private static FudgeXmlException Error(XmlReader xml, string reason, Exception? inner = null)
    {
        var info = xml as IXmlLineInfo;
        bool has = info?.HasLineInfo() == true;
        return new FudgeXmlException(reason, has ? info!.LineNumber : 0, has ? info!.LinePosition : 0, inner);
    }
}
