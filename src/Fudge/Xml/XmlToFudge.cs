using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Xml;
using Fudge.Serialization;

namespace Fudge.Xml;

/// <summary>
/// Reads an XML document node by node and drives a <see cref="FudgeWriter"/>. A field without a <c>type</c>
/// attribute is inferred (spec §15): child elements make a sub-message, an empty element an indicator, text a
/// string; only the text seen before the first child element is held while deciding.
/// </summary>
/// <remarks>
/// Nothing is allocated per element beyond what the result keeps (issue 34: a hostile document of tiny elements must
/// not buy more memory than the message it becomes): element names are the reader's atomised strings, attribute
/// values and text are copied into two reused buffers (<see cref="XmlTextBuffer"/>) and parsed there, and the
/// envelope is encoded into pooled memory, from which the caller copies the bytes once or decodes the message.
/// </remarks>
internal sealed class XmlToFudge : IDisposable
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

    private const NumberStyles Integer = NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite;

    private readonly XmlReader _xml;
    private readonly int _maxDepth;
    private readonly int _maxMessageSize;
    private readonly int _maxFieldCount;
    private readonly bool _countFields;
    private int _fields;
    private FieldLocator? _locator;
    private readonly XmlFieldAttributes _attributes = new();
    private readonly XmlTextBuffer _text = new(256);

    private XmlToFudge(XmlReader xml, FudgeXmlSettings settings, bool countFields)
    {
        _xml = xml;
        var limits = settings.ReaderOptions ?? FudgeReaderOptions.Default;
        _maxDepth = limits.MaxDepth;
        _maxMessageSize = limits.MaxMessageSize;
        _maxFieldCount = limits.MaxFieldCount;
        _countFields = countFields;
    }

    /// <summary>Appends the envelope's bytes to <paramref name="output"/>.</summary>
    public static void ReadEnvelope(XmlReader xml, IBufferWriter<byte> output, FudgeXmlSettings settings)
    {
        var writer = new FudgeWriter(output, settings.WriterOptions);
        try
        {
            Encode(xml, ref writer, settings, countFields: false);
            writer.Flush();
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>The envelope's bytes, encoded in pooled memory and copied once into an exactly sized array.</summary>
    public static byte[] ReadEnvelopeBytes(XmlReader xml, FudgeXmlSettings settings)
    {
        using var scratch = new PooledBufferWriter();
        var writer = new FudgeWriter(scratch, settings.WriterOptions);
        try
        {
            Encode(xml, ref writer, settings, countFields: false);
            return writer.WrittenSpan.ToArray();
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>
    /// The envelope as a message, decoded straight from the pooled bytes. Fields are counted as they are read, so a
    /// document over <see cref="FudgeReaderOptions.MaxFieldCount"/> is refused at the element that passes the limit,
    /// before any field is built.
    /// </summary>
    public static FudgeEnvelope ReadEnvelopeMessage(XmlReader xml, FudgeXmlSettings settings)
    {
        using var scratch = new PooledBufferWriter();
        var writer = new FudgeWriter(scratch, settings.WriterOptions);
        try
        {
            Encode(xml, ref writer, settings, countFields: true);
            return FudgeEnvelope.Parse(writer.WrittenSpan, settings.ReaderOptions);
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>
    /// Where a field of the envelope converted from XML was written from: the conversion runs again and notes the line
    /// and position of the last element whose field starts at or before <see cref="Offset"/> (fields are written in
    /// document order, so that is the innermost field holding the offset). Two integers per field, nothing else.
    /// </summary>
    private sealed class FieldLocator
    {
        public FieldLocator(long offset) => Offset = offset;

        public long Offset { get; }

        public bool Found;
        public int Line;
        public int Position;

        public void AtField(XmlReader xml, int fieldStart)
        {
            if (fieldStart > Offset) return;
            var info = xml as IXmlLineInfo;
            bool has = info?.HasLineInfo() == true;
            Found = true;
            Line = has ? info!.LineNumber : 0;
            Position = has ? info!.LinePosition : 0;
        }
    }

    /// <summary>
    /// For a decoder's error at <paramref name="offset"/> in the envelope converted from the XML <paramref name="xml"/>
    /// reads (what the caller sent), the same error at the element of that field: its line and position. Null when the
    /// offset is before the first field (the envelope header). Converts the XML again: call it only once decoding failed.
    /// </summary>
    public static FudgeXmlException? Locate(XmlReader xml, FudgeXmlSettings settings, long offset, string reason, Exception cause)
    {
        var locator = new FieldLocator(offset);
        using var scratch = new PooledBufferWriter();
        var writer = new FudgeWriter(scratch, settings.WriterOptions);
        try
        {
            Encode(xml, ref writer, settings, countFields: false, locator);
        }
        finally
        {
            writer.Dispose();
        }
        return locator.Found
            ? new FudgeXmlException(reason, locator.Line, locator.Position, cause, cause is FudgeFormatException { IsLimitExceeded: true })
            : null;
    }

    private static void Encode(XmlReader xml, ref FudgeWriter writer, FudgeXmlSettings settings, bool countFields, FieldLocator? locator = null)
    {
        try
        {
            if (xml.MoveToContent() != XmlNodeType.Element) throw Error(xml, "expected the envelope's root element");
            byte directives = (byte)HeaderValue(xml.GetAttribute(FudgeToXml.ProcessingDirectivesAttribute), 0, 255);
            byte schema = (byte)HeaderValue(xml.GetAttribute(FudgeToXml.SchemaVersionAttribute), 0, 255);
            short taxonomy = (short)HeaderValue(xml.GetAttribute(FudgeToXml.TaxonomyAttribute), short.MinValue, short.MaxValue);
            using var reader = new XmlToFudge(xml, settings, countFields) { _locator = locator };
            var marker = writer.BeginEnvelope(directives, schema, taxonomy);
            reader.ReadMessageContent(ref writer, 0);
            writer.EndEnvelope(marker);
            reader.CheckSize(ref writer);
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

    public void Dispose()
    {
        _attributes.Dispose();
        _text.Dispose();
    }

    /// <summary>The spec: a missing, out-of-range or non-numeric header value (such as a taxonomy URL) means 0.</summary>
    private static long HeaderValue(string? text, long min, long max)
        => long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long v) && v >= min && v <= max ? v : 0;

    /// <summary>Reader on a start element: reads its child elements as fields and moves past its end.</summary>
    private void ReadMessageContent(ref FudgeWriter writer, int depth)
    {
        if (_xml.IsEmptyElement)
        {
            _xml.Read();
            return;
        }
        _xml.Read();
        ReadFields(ref writer, depth);
    }

    /// <summary>Reads fields from the current node up to and past the enclosing end element.</summary>
    private void ReadFields(ref FudgeWriter writer, int depth)
    {
        while (true)
        {
            switch (_xml.NodeType)
            {
                case XmlNodeType.Element:
                    ReadField(ref writer, depth);
                    break;
                case XmlNodeType.EndElement:
                    _xml.Read();
                    return;
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                case XmlNodeType.Comment:
                case XmlNodeType.ProcessingInstruction:
                    _xml.Read();
                    break;
                case XmlNodeType.None:
                    throw Error(_xml, "the XML ends inside a message");
                default:
                    throw Error(_xml, $"unexpected {_xml.NodeType} between the fields of a message");
            }
        }
    }

    private void ReadField(ref FudgeWriter writer, int depth)
    {
        CheckSize(ref writer);
        CountField();
        _locator?.AtField(_xml, writer.BytesPending);
        string element = _xml.LocalName;
        var attributes = _attributes;
        attributes.Read(_xml);
        string? name = attributes.String(XmlFieldAttributes.Name);
        var textForm = ReadTextForm(XmlFieldAttributes.Encoding, FudgeToXml.EncodingAttribute);
        var nameForm = ReadTextForm(XmlFieldAttributes.NameEncoding, FudgeToXml.NameEncodingAttribute);
        bool javaName = nameForm == TextForm.Cesu8;
        if (name is not null && nameForm == TextForm.Base64)
            name = DecodeBase64Name(_xml, name, out javaName);

        short? ordinal = null;
        int ordinalAttribute = attributes.Has(XmlFieldAttributes.Ordinal) ? XmlFieldAttributes.Ordinal : XmlFieldAttributes.Index;
        if (attributes.Has(ordinalAttribute))
        {
            var ordinalText = attributes.Value(ordinalAttribute);
            if (!SpanNumbers.TryParseInt16(ordinalText, Integer, out short parsed))
                throw Error(_xml, $"the ordinal '{ordinalText.ToString()}' is not a 16-bit integer");
            ordinal = parsed;
        }
        if (name is null && ordinal is null && attributes.Has(XmlFieldAttributes.Key))
        {
            if (SpanNumbers.TryParseInt16(attributes.Value(XmlFieldAttributes.Key), NumberStyles.AllowLeadingSign, out short keyOrdinal)) ordinal = keyOrdinal;
            else name = attributes.String(XmlFieldAttributes.Key);
        }
        if (name is null && !XmlFieldNames.IsGeneric(element)) name = element;
        if (ordinal is null && XmlFieldNames.TryGetGenericOrdinal(element, out short generic)) ordinal = generic;
        if (javaName && name is null) throw Error(_xml, $"{FudgeToXml.NameEncodingAttribute}=\"{FudgeToXml.Cesu8}\" on a field without a name");
        var key = javaName ? FudgeFieldKey.Create(name, ordinal, FudgeStringEncoding.JavaCesu8) : FudgeFieldKey.Of(name, ordinal);

        if (!attributes.Has(XmlFieldAttributes.Type) || !FudgeTypeId.TryParseChars(attributes.Value(XmlFieldAttributes.Type), out byte type))
        {
            ReadInferred(ref writer, key, textForm, depth);
            return;
        }
        if (textForm == TextForm.Cesu8 && type != FudgeTypeId.String) throw NotAString(_xml);
        if (type == FudgeTypeId.Message)
        {
            CheckDepth(depth);
            var marker = writer.BeginMessage(key);
            ReadMessageContent(ref writer, depth + 1);
            writer.EndMessage(marker);
            return;
        }
        var info = (_xml as IXmlLineInfo)?.HasLineInfo() == true ? (IXmlLineInfo)_xml : null;
        int line = info?.LineNumber ?? 0, position = info?.LinePosition ?? 0;
        ReadElementText(type);
        try
        {
            WriteTyped(ref writer, key, type, _text, textForm);
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

    /// <summary>
    /// The text of a typed field into the text buffer, the reader moved past the element, as
    /// <see cref="XmlReader.ReadElementContentAsString()"/> reads it (text, white space and CDATA joined; comments and
    /// processing instructions skipped; entity references resolved where the reader can) but without a string.
    /// </summary>
    private void ReadElementText(byte type)
    {
        _text.Clear();
        if (_xml.IsEmptyElement)
        {
            _xml.Read();
            return;
        }
        _xml.Read();
        while (true)
        {
            switch (_xml.NodeType)
            {
                case XmlNodeType.Text:
                case XmlNodeType.CDATA:
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                    _text.AppendValue(_xml);
                    break;
                case XmlNodeType.Comment:
                case XmlNodeType.ProcessingInstruction:
                case XmlNodeType.EndEntity:
                    break;
                case XmlNodeType.EntityReference when _xml.CanResolveEntity:
                    _xml.ResolveEntity();
                    break;
                case XmlNodeType.EndElement:
                    _xml.Read();
                    return;
                case XmlNodeType.Element:
                    throw Error(_xml, $"a {FudgeTypeId.GetName(type)} field holds child elements (only a message does)");
                case XmlNodeType.None:
                    throw Error(_xml, "the XML ends inside a field");
                default:
                    throw Error(_xml, $"unexpected {_xml.NodeType} in a field");
            }
            _xml.Read();
        }
    }

    /// <summary>No usable type attribute: child elements make a message, an empty element an indicator, text a string.</summary>
    private void ReadInferred(ref FudgeWriter writer, in FudgeFieldKey key, TextForm textForm, int depth)
    {
        if (_xml.IsEmptyElement)
        {
            if (textForm == TextForm.Cesu8) throw NotAString(_xml);
            _xml.Read();
            writer.WriteIndicator(key);
            return;
        }
        _xml.Read();
        var text = _text;
        text.Clear();
        bool any = false;
        while (true)
        {
            switch (_xml.NodeType)
            {
                case XmlNodeType.Text:
                case XmlNodeType.CDATA:
                case XmlNodeType.Whitespace:
                case XmlNodeType.SignificantWhitespace:
                    text.AppendValue(_xml);
                    any = true;
                    _xml.Read();
                    break;
                case XmlNodeType.Comment:
                case XmlNodeType.ProcessingInstruction:
                    _xml.Read();
                    break;
                case XmlNodeType.EndElement:
                    if (!any && textForm == TextForm.Cesu8) throw NotAString(_xml);
                    // A string written without a type (TypeAttributes.WhenNeeded) may still be base64.
                    if (any && textForm == TextForm.Base64) WriteBase64String(_xml, ref writer, key, text.ToString());
                    _xml.Read();
                    if (!any) writer.WriteIndicator(key);
                    else if (textForm == TextForm.Cesu8) writer.WriteString(key, text.Span, FudgeStringEncoding.JavaCesu8);
                    else if (textForm != TextForm.Base64) writer.WriteString(key, text.Span);
                    return;
                case XmlNodeType.Element:
                    if (text.Span.Trim().Length > 0) throw Error(_xml, "an element mixes text and child elements");
                    if (textForm == TextForm.Cesu8) throw NotAString(_xml);
                    CheckDepth(depth);
                    var marker = writer.BeginMessage(key);
                    ReadFields(ref writer, depth + 1);
                    writer.EndMessage(marker);
                    return;
                default:
                    throw Error(_xml, $"unexpected {_xml.NodeType} in a field");
            }
        }
    }

    /// <summary>
    /// Writes a value of an explicit type exactly (no reduction), parsing the element's text: indicators, booleans,
    /// integers and strings in place, the other types (whose text is never a single character) from a string.
    /// </summary>
    private static void WriteTyped(ref FudgeWriter writer, in FudgeFieldKey key, byte type, XmlTextBuffer textBuffer, TextForm textForm)
    {
        var text = textBuffer.Span;
        switch (type)
        {
            case FudgeTypeId.Indicator:
                if (text.Trim().Length > 0) throw new FormatException("an indicator has no text");
                writer.WriteIndicator(key);
                return;
            case FudgeTypeId.Boolean: writer.WriteBoolean(key, ParseBoolean(text)); return;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, SpanNumbers.ParseSByte(text, Integer)); return;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, SpanNumbers.ParseInt16(text, Integer)); return;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, SpanNumbers.ParseInt32(text, Integer)); return;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, SpanNumbers.ParseInt64(text, Integer)); return;
            case FudgeTypeId.String when textForm == TextForm.Cesu8: writer.WriteString(key, text, FudgeStringEncoding.JavaCesu8); return;
            case FudgeTypeId.String when textForm == TextForm.Plain: writer.WriteString(key, text); return;
            case FudgeTypeId.Int16Array: writer.WriteInt16Array(key, ParseList(text, static part => SpanNumbers.ParseInt16(part, Integer))); return;
            case FudgeTypeId.Int32Array: writer.WriteInt32Array(key, ParseList(text, static part => SpanNumbers.ParseInt32(part, Integer))); return;
            case FudgeTypeId.Int64Array: writer.WriteInt64Array(key, ParseList(text, static part => SpanNumbers.ParseInt64(part, Integer))); return;
            case FudgeTypeId.FloatArray: writer.WriteSingleArray(key, ParseList(text, static part => ParseSingle(part.ToString()))); return;
            case FudgeTypeId.DoubleArray: writer.WriteDoubleArray(key, ParseList(text, static part => ParseDouble(part.ToString()))); return;
            case var _ when textForm != TextForm.Base64 && FudgeTypeId.IsByteArray(type): writer.WriteRawField(key, type, ParseList(text, ParseByte)); return;
            default: WriteTyped(ref writer, key, type, textBuffer.ToString(), textForm); return;
        }
    }

    private static void WriteTyped(ref FudgeWriter writer, in FudgeFieldKey key, byte type, string text, TextForm textForm)
    {
        bool base64 = textForm == TextForm.Base64;
        switch (type)
        {
            case FudgeTypeId.Float: writer.WriteSingle(key, ParseSingle(text)); return;
            case FudgeTypeId.Double: writer.WriteDouble(key, ParseDouble(text)); return;
            case FudgeTypeId.String: WriteDecodedString(ref writer, key, Convert.FromBase64String(text)); return;
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
    private TextForm ReadTextForm(int attribute, string attributeName)
    {
        if (!_attributes.Has(attribute)) return TextForm.Plain;
        var value = _attributes.Value(attribute);
        if (value.Equals(FudgeToXml.Base64.AsSpan(), StringComparison.OrdinalIgnoreCase)) return TextForm.Base64;
        if (value.Equals(FudgeToXml.Cesu8.AsSpan(), StringComparison.OrdinalIgnoreCase)) return TextForm.Cesu8;
        throw Error(_xml, $"{attributeName}=\"{value.ToString()}\" is not an encoding this reader knows (expected \"{FudgeToXml.Base64}\" or \"{FudgeToXml.Cesu8}\")");
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

    private static bool ParseBoolean(ReadOnlySpan<char> text)
    {
        var trimmed = text.Trim();
        Span<char> lower = stackalloc char[5];
        if (trimmed.Length <= lower.Length)
        {
            switch (lower.Slice(0, trimmed.ToLowerInvariant(lower)))
            {
                case "true" or "t" or "on" or "1": return true;
                case "false" or "f" or "off" or "0": return false;
            }
        }
        throw new FormatException($"'{text.ToString()}' is not a boolean");
    }

    /// <summary>Signed bytes as the spec writes them; unsigned 128..255 are accepted too.</summary>
    private static byte ParseByte(ReadOnlySpan<char> text)
    {
        short v = SpanNumbers.ParseInt16(text, Integer);
        if (v is < -128 or > 255) throw new OverflowException($"{v} is not a byte (-128..255)");
        return unchecked((byte)v);
    }

    private static float ParseSingle(string text)
        => FudgeValueText.TryParseSingle(text, out float v) ? v : throw new FormatException($"'{text}' is not a float");

    private static double ParseDouble(string text)
        => FudgeValueText.TryParseDouble(text, out double v) ? v : throw new FormatException($"'{text}' is not a double");

    private delegate T PartParser<T>(ReadOnlySpan<char> part);

    /// <summary>Comma-separated values, each parsed in place (as <see cref="string.Split(char[])"/> would cut them, empty parts included).</summary>
    private static T[] ParseList<T>(ReadOnlySpan<char> text, PartParser<T> parse)
    {
        if (text.Trim().Length == 0) return Array.Empty<T>();
        int count = 1;
        foreach (char c in text) if (c == ',') count++;
        var result = new T[count];
        for (int i = 0; i < count; i++)
        {
            int comma = text.IndexOf(',');
            result[i] = parse(comma < 0 ? text : text.Slice(0, comma));
            text = comma < 0 ? default : text.Slice(comma + 1);
        }
        return result;
    }

    private void CheckDepth(int depth)
    {
        if (depth + 1 > _maxDepth) throw Error(_xml, $"sub-messages are nested deeper than the limit of {_maxDepth} (FudgeReaderOptions.MaxDepth)", limit: true);
        if (!StackRoom.ForAnotherLevel()) throw Error(_xml, $"elements are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", limit: true);
    }

    /// <summary>
    /// Enforces <see cref="FudgeReaderOptions.MaxMessageSize"/> while the envelope is written (before each field and once
    /// it is complete), so an oversized document is refused at its line and position.
    /// </summary>
    private void CheckSize(ref FudgeWriter writer)
    {
        if (writer.BytesPending > _maxMessageSize)
            throw Error(_xml, $"the envelope grows to {writer.BytesPending} bytes, more than the limit of {_maxMessageSize} (FudgeReaderOptions.MaxMessageSize)", limit: true);
    }

    /// <summary>
    /// Enforces <see cref="FudgeReaderOptions.MaxFieldCount"/> (fields at every depth, as decoding counts them) when the
    /// document becomes a message: the element that passes the limit is refused before any field is built.
    /// </summary>
    private void CountField()
    {
        if (_countFields && ++_fields > _maxFieldCount)
            throw Error(_xml, $"the envelope holds more than {_maxFieldCount} fields (FudgeReaderOptions.MaxFieldCount)", limit: true);
    }

    private static FudgeXmlException Error(XmlReader xml, string reason, Exception? inner = null, bool limit = false)
    {
        var info = xml as IXmlLineInfo;
        bool has = info?.HasLineInfo() == true;
        return new FudgeXmlException(reason, has ? info!.LineNumber : 0, has ? info!.LinePosition : 0, inner, limit || inner is FudgeFormatException { IsLimitExceeded: true });
    }
}
