using System;
using System.Buffers;
using System.IO;
using System.Text;
using System.Xml;

namespace Fudge.Xml;

/// <summary>
/// Converts between Fudge and XML (spec §15), streaming both ways: Fudge bytes are walked with a
/// <see cref="FudgeReader"/> into an <see cref="XmlWriter"/>, and an <see cref="XmlReader"/> drives a
/// <see cref="FudgeWriter"/>. With the default settings every field carries a <c>type</c> attribute and
/// Fudge to XML to Fudge returns the same bytes.
/// </summary>
public static class FudgeXml
{
    /// <summary>Writes one envelope as an element (the root element of a document, or nested in one).</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public static void WriteXml(ReadOnlySpan<byte> envelope, XmlWriter writer, FudgeXmlSettings? settings = null)
    {
        if (writer is null) throw new ArgumentNullException(nameof(writer));
        FudgeToXml.WriteEnvelope(envelope, writer, settings ?? new FudgeXmlSettings());
    }

    /// <summary>One envelope as an XML document, UTF-8 with an XML declaration.</summary>
    public static void WriteXml(ReadOnlySpan<byte> envelope, Stream output, FudgeXmlSettings? settings = null, bool indent = false)
    {
        using var writer = XmlWriter.Create(output, WriterSettings(indent, omitDeclaration: false));
        WriteXml(envelope, writer, settings);
    }

    /// <summary>One envelope as XML text (no XML declaration).</summary>
    public static string ToXml(ReadOnlySpan<byte> envelope, FudgeXmlSettings? settings = null, bool indent = false)
    {
        var text = new StringBuilder();
        using (var writer = XmlWriter.Create(text, WriterSettings(indent, omitDeclaration: true)))
            WriteXml(envelope, writer, settings);
        return text.ToString();
    }

    /// <summary>A message as XML text (no XML declaration).</summary>
    public static string ToXml(FudgeMsg message, FudgeXmlSettings? settings = null, bool indent = false)
    {
        var bytes = message.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(message), () => ToXml(bytes, settings, indent));
    }

    /// <summary>An envelope as XML text (no XML declaration).</summary>
    public static string ToXml(FudgeEnvelope envelope, FudgeXmlSettings? settings = null, bool indent = false)
    {
        var bytes = envelope.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(envelope.Message), () => ToXml(bytes, settings, indent));
    }

    /// <summary>
    /// Reads the element the reader is on (or the document's root element) as one envelope and appends the encoded
    /// bytes to <paramref name="output"/>. The reader must not drop whitespace (<see cref="XmlReaderSettings.IgnoreWhitespace"/>
    /// false), since whitespace inside a string is part of the value.
    /// </summary>
    /// <exception cref="FudgeXmlException">The XML is malformed or does not follow the mapping; names line and position.</exception>
    public static void ReadXml(XmlReader reader, IBufferWriter<byte> output, FudgeXmlSettings? settings = null)
    {
        if (reader is null) throw new ArgumentNullException(nameof(reader));
        if (output is null) throw new ArgumentNullException(nameof(output));
        XmlToFudge.ReadEnvelope(reader, output, settings ?? new FudgeXmlSettings());
    }

    /// <summary>Converts an XML document held in a string to encoded envelope bytes.</summary>
    /// <exception cref="FudgeXmlException">The XML is malformed or does not follow the mapping.</exception>
    public static byte[] ToFudge(string xml, FudgeXmlSettings? settings = null)
    {
        using var reader = CreateReader(xml);
        return ToFudge(reader, settings);
    }

    /// <summary>Converts an XML document read from a stream to encoded envelope bytes.</summary>
    /// <exception cref="FudgeXmlException">The XML is malformed (its first bytes included) or does not follow the mapping.</exception>
    public static byte[] ToFudge(Stream xml, FudgeXmlSettings? settings = null)
    {
        using var reader = CreateReader(xml);
        return ToFudge(reader, settings);
    }

    /// <summary>Reads one envelope element from <paramref name="reader"/> as encoded bytes.</summary>
    public static byte[] ToFudge(XmlReader reader, FudgeXmlSettings? settings = null)
    {
        if (reader is null) throw new ArgumentNullException(nameof(reader));
        return XmlToFudge.ReadEnvelopeBytes(reader, settings ?? new FudgeXmlSettings());
    }

    /// <summary>Converts XML text to an envelope (header values from the root attributes).</summary>
    /// <exception cref="FudgeXmlException">
    /// The XML is malformed, does not follow the mapping, or holds more fields than
    /// <see cref="FudgeReaderOptions.MaxFieldCount"/> (refused at that element, before any field is built).
    /// </exception>
    public static FudgeEnvelope ToEnvelope(string xml, FudgeXmlSettings? settings = null)
    {
        using var reader = CreateReader(xml);
        return ToEnvelope(reader, settings);
    }

    /// <summary>Converts an XML document read from a stream to an envelope (header values from the root attributes).</summary>
    /// <exception cref="FudgeXmlException">As for <see cref="ToEnvelope(string, FudgeXmlSettings?)"/>, its first bytes included.</exception>
    public static FudgeEnvelope ToEnvelope(Stream xml, FudgeXmlSettings? settings = null)
    {
        using var reader = CreateReader(xml);
        return ToEnvelope(reader, settings);
    }

    /// <summary>
    /// Reads one envelope element from <paramref name="reader"/> as an envelope, decoded from pooled bytes: the only
    /// memory kept per element is the message's own (see <see cref="ReadXml"/> about whitespace).
    /// </summary>
    /// <exception cref="FudgeXmlException">As for <see cref="ToEnvelope(string, FudgeXmlSettings?)"/>.</exception>
    public static FudgeEnvelope ToEnvelope(XmlReader reader, FudgeXmlSettings? settings = null)
    {
        if (reader is null) throw new ArgumentNullException(nameof(reader));
        return XmlToFudge.ReadEnvelopeMessage(reader, settings ?? new FudgeXmlSettings());
    }

    /// <summary>Converts XML text to a message.</summary>
    public static FudgeMsg ToMessage(string xml, FudgeXmlSettings? settings = null) => ToEnvelope(xml, settings).Message;

    /// <summary>Converts an XML document read from a stream to a message.</summary>
    public static FudgeMsg ToMessage(Stream xml, FudgeXmlSettings? settings = null) => ToEnvelope(xml, settings).Message;

    /// <summary>
    /// For a decoder's error (<paramref name="cause"/>, at an offset in the envelope converted from the XML document in
    /// <paramref name="xml"/>, which the sender never saw), the same error at the element of that field: its line and
    /// position. Null when the offset is in the envelope header. The document is converted again: call it only once
    /// decoding has failed (Fudge.AspNetCore names a refused XML body so, as it names a JSON one).
    /// </summary>
    /// <param name="xml">The same XML document, from its start.</param>
    /// <param name="settings">The settings it was converted with.</param>
    /// <param name="cause">The error found decoding the converted envelope (its <see cref="FudgeFormatException.Offset"/> is in that envelope).</param>
    /// <returns>The error at the field's element, with <paramref name="cause"/> as its inner exception; null when the offset is in no field.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="xml"/> or <paramref name="cause"/> is null.</exception>
    public static FudgeXmlException? LocateField(Stream xml, FudgeXmlSettings? settings, FudgeFormatException cause)
    {
        if (cause is null) throw new ArgumentNullException(nameof(cause));
        using var reader = CreateReader(xml);
        return XmlToFudge.Locate(reader, settings ?? new FudgeXmlSettings(), cause.Offset, cause.Reason, cause);
    }

    private static XmlReader CreateReader(string xml)
        => CreateReader(() => XmlReader.Create(new StringReader(xml ?? throw new ArgumentNullException(nameof(xml))), ReaderSettings()));

    private static XmlReader CreateReader(Stream xml)
        => CreateReader(() => XmlReader.Create(xml ?? throw new ArgumentNullException(nameof(xml)), ReaderSettings()));

    // A reader over a stream reads its first bytes as it is created, to detect their encoding, and may refuse them there.
    private static XmlReader CreateReader(Func<XmlReader> create)
    {
        try
        {
            return create();
        }
        catch (XmlException e)
        {
            throw new FudgeXmlException("malformed XML: " + e.Message, e.LineNumber, e.LinePosition, e);
        }
    }

    private static XmlWriterSettings WriterSettings(bool indent, bool omitDeclaration) => new()
    {
        Indent = indent,
        OmitXmlDeclaration = omitDeclaration,
        Encoding = new UTF8Encoding(false),
        // Carriage returns in attribute values (names) must survive the reader's line-end normalisation.
        NewLineHandling = NewLineHandling.Entitize,
    };

    private static XmlReaderSettings ReaderSettings() => new()
    {
        IgnoreWhitespace = false,
        IgnoreComments = true,
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
    };
}
