using System;
using System.IO;
using System.Xml;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Xml;

namespace Fudge.Cli.Conversion;

/// <summary>
/// <c>fudge to-xml</c>: writes each envelope of the input as one root element (spec §15) through the core's XML adapter,
/// one per line and without an XML declaration. A single message is therefore an XML document; many messages are an
/// XML fragment of sibling elements, which <c>from-xml</c> (and any reader set to fragment conformance) reads back.
/// </summary>
internal sealed class ToXmlCommand
{
    private readonly TextWriter _out;
    private readonly FudgeXmlSettings _settings;
    private readonly bool _indent;

    public ToXmlCommand(TextWriter output, ConvertMode mode, bool indent)
    {
        _out = output;
        _settings = new FudgeXmlSettings
        {
            TypeAttributes = mode == ConvertMode.Lossless ? FudgeXmlTypeAttributes.Always : FudgeXmlTypeAttributes.WhenNeeded,
            TaxonomyNames = mode == ConvertMode.Plain, // readable element names; lossless keeps fudgeFieldN so the bytes come back
        };
        _indent = indent;
    }

    /// <summary>Converts every envelope; returns 0.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed (what came before it has been written).</exception>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        _settings.ReaderOptions = input.Options;
        var writerSettings = new XmlWriterSettings
        {
            ConformanceLevel = ConformanceLevel.Fragment,
            OmitXmlDeclaration = true,
            Indent = _indent,
            NewLineChars = "\n",
            // Carriage returns in names and values must survive a reader's line-end normalisation.
            NewLineHandling = NewLineHandling.Entitize,
            CloseOutput = false,
        };
        int count = 0;
        using var xml = XmlWriter.Create(_out, writerSettings);
        while (input.TryRead(out var envelope))
        {
            try
            {
                FudgeXml.WriteXml(envelope.Bytes.Span, xml, _settings);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            catch (ArgumentException e)
            {
                // XmlWriter refuses characters XML 1.0 cannot hold (most control characters) in names and strings.
                throw new FudgeException($"message {envelope.Index} (byte offset {envelope.Offset}) cannot be written as XML: {e.Message}", e);
            }
            xml.WriteWhitespace("\n");
            progress.Report(++count, input.Position);
        }
        return 0;
    }
}
