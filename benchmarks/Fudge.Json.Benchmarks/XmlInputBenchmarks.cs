using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using Fudge.Xml;

namespace Fudge.Json.Benchmarks;

/// <summary>
/// Reading a 1 MB XML document: the large document-store message repeated as sub-messages until its XML passes 1 MB,
/// written with a type on every field (<c>Typed</c>, the default) or only where the text needs one (<c>Inferred</c>,
/// as Fudge-Java writes), read into Fudge bytes from a stream and into a message from a string.
/// </summary>
[MemoryDiagnoser]
public class XmlInputBenchmarks
{
    private const int TargetBytes = 1_000_000;

    private byte[] _utf8 = null!;
    private string _text = null!;

    [Params("Typed", "Inferred")]
    public string Form { get; set; } = "Typed";

    [GlobalSetup]
    public void Setup()
    {
        var large = Documents.BuildFudge(Documents.Large());
        var settings = new FudgeXmlSettings
        {
            TypeAttributes = Form == "Typed" ? FudgeXmlTypeAttributes.Always : FudgeXmlTypeAttributes.WhenNeeded,
        };
        var message = new FudgeMsg();
        do message.Add("doc", large);
        while (Encoding.UTF8.GetByteCount(FudgeXml.ToXml(message, settings)) < TargetBytes);
        _text = FudgeXml.ToXml(message, settings);
        _utf8 = Encoding.UTF8.GetBytes(_text);
    }

    /// <summary>UTF-8 XML from a stream to the envelope's bytes.</summary>
    [Benchmark]
    public byte[] Xml_ToFudgeBytes() => FudgeXml.ToFudge(new MemoryStream(_utf8, writable: false));

    /// <summary>XML text to a message.</summary>
    [Benchmark]
    public FudgeMsg Xml_ToMessage() => FudgeXml.ToMessage(_text);
}
