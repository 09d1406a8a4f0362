using System.Buffers;
using System.IO;
using System.Xml;
using Fudge.Cli.Console;
using Fudge.Xml;

namespace Fudge.Cli.Conversion;

/// <summary>
/// <c>fudge from-xml</c>: reads every top-level element of the input (a document, or a fragment of sibling envelope
/// elements as <c>to-xml</c> writes them) as one envelope and writes the envelopes back to back.
/// </summary>
internal sealed class FromXmlCommand
{
    private readonly Stream _output;
    private readonly FudgeXmlSettings _settings;

    /// <param name="output">Where the envelopes go.</param>
    /// <param name="mode">The XML mapping the input follows.</param>
    /// <param name="writerOptions">How names and strings are encoded (Java-compatible CESU-8 or standard UTF-8 when null).</param>
    public FromXmlCommand(Stream output, ConvertMode mode, FudgeWriterOptions? writerOptions = null)
    {
        _output = output;
        // Reading honours whatever type attributes are present; the mode only matters for writing.
        _settings = new FudgeXmlSettings
        {
            TypeAttributes = mode == ConvertMode.Lossless ? FudgeXmlTypeAttributes.Always : FudgeXmlTypeAttributes.WhenNeeded,
            WriterOptions = writerOptions,
        };
    }

    /// <summary>Converts every top-level element; returns 0.</summary>
    /// <exception cref="FudgeXmlException">The XML is malformed or does not follow the mapping (line and position given).</exception>
    public int Run(Stream input, ProgressReporter progress)
    {
        var readerSettings = new XmlReaderSettings
        {
            ConformanceLevel = ConformanceLevel.Fragment,
            IgnoreWhitespace = false, // whitespace inside a string value is part of it
            IgnoreComments = true,
            IgnoreProcessingInstructions = true,
            DtdProcessing = DtdProcessing.Prohibit,
            XmlResolver = null,
            CloseInput = false,
        };
        var buffer = new ArrayBufferWriter<byte>(4096);
        int count = 0;
        try
        {
            using var xml = XmlReader.Create(input, readerSettings);
            xml.Read();
            while (!xml.EOF)
            {
                switch (xml.NodeType)
                {
                    case XmlNodeType.Element:
                        buffer.Clear();
                        FudgeXml.ReadXml(xml, buffer, _settings); // leaves the reader after the element
                        _output.Write(buffer.WrittenSpan);
                        progress.Report(++count, 0);
                        break;
                    case XmlNodeType.Text:
                    case XmlNodeType.CDATA:
                        throw new FudgeXmlException("text outside an envelope element", LineInfo(xml).Line, LineInfo(xml).Position);
                    default:
                        xml.Read(); // declaration, whitespace between envelopes
                        break;
                }
            }
        }
        catch (XmlException e)
        {
            throw new FudgeXmlException("malformed XML: " + e.Message, e.LineNumber, e.LinePosition, e);
        }
        _output.Flush();
        return 0;
    }

    private static (int Line, int Position) LineInfo(XmlReader xml)
        => xml is IXmlLineInfo info ? (info.LineNumber, info.LinePosition) : (0, 0);
}
