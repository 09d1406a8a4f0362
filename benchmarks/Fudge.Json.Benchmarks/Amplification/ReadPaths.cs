using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using Fudge.Serialization;
using Fudge.Xml;

namespace Fudge.Json.Benchmarks.Amplification;

/// <summary>Every way untrusted bytes are turned into objects or text, as one call each.</summary>
public static class ReadPaths
{
    public static IReadOnlyList<string> Names { get; } = new[]
    {
        "Parse", "StreamReader", "PipeReader", "Deserialize (extensible)", "JSON lossless out", "JSON plain out", "XML out",
        "JSON in (FudgeMsg)", "JSON in ([FudgeMessage])", "JSON in (FudgeMsg, Newtonsoft reader)", "JSON in ([FudgeMessage], Newtonsoft reader)",
        "XML in (FudgeMsg)",
    };

    /// <summary>True for the paths that read text (JSON or XML), false for those that read Fudge bytes.</summary>
    public static bool ReadsText(string path) => path.Contains(" in ");

    /// <summary>The input a path reads for a kind: Fudge bytes, or UTF-8 JSON or XML text (null when there is none).</summary>
    public static byte[]? Input(string path, string kind)
        => !ReadsText(path) ? TinyFieldInputs.Envelope(kind) : TinyFieldInputs.Text(kind, xml: path.StartsWith("XML"));

    private static readonly Newtonsoft.Json.JsonSerializer MessageJson = Newtonsoft.Json.JsonSerializer.Create(
        new Newtonsoft.Json.JsonSerializerSettings { Converters = { new FudgeMsgJsonConverter(), new FudgeMessageJsonConverter() }, MaxDepth = 128 });

    /// <summary>Disposed as an application would, so the reader's pooled buffer goes back to the pool.</summary>
    private static FudgeEnvelope ReadFromStream(byte[] input, FudgeReaderOptions options)
    {
        using var reader = new FudgeStreamReader(new MemoryStream(input, writable: false), options);
        return reader.ReadEnvelope()!;
    }

    /// <summary>Through the JsonConverters, for users who hand Newtonsoft a reader of their own.</summary>
    private static T FromJson<T>(byte[] utf8)
    {
        using var reader = new Newtonsoft.Json.JsonTextReader(new StreamReader(new MemoryStream(utf8, writable: false))) { MaxDepth = 128 };
        return MessageJson.Deserialize<T>(reader)!;
    }

    public static object Run(string path, byte[] input, FudgeReaderOptions options) => path switch
    {
        "Parse" => FudgeEnvelope.Parse(input, options),
        "StreamReader" => ReadFromStream(input, options),
        "PipeReader" => PipeReader.Create(new MemoryStream(input, writable: false)).ReadFudgeEnvelopeAsync(options).AsTask().GetAwaiter().GetResult()!,
        "Deserialize (extensible)" => FudgeSerializer.Deserialize<KeepsEverything>(input, options),
        "JSON lossless out" => FudgeJson.ToJson(input, new FudgeJsonSettings { Mode = FudgeJsonMode.Lossless, ReaderOptions = options }),
        "JSON plain out" => FudgeJson.ToJson(input, new FudgeJsonSettings { RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys, ReaderOptions = options }),
        "XML out" => FudgeXml.ToXml(input, new FudgeXmlSettings { ReaderOptions = options }),
        "JSON in (FudgeMsg)" => FudgeJson.ToMessage(input, new FudgeJsonSettings { ReaderOptions = options }),
        "JSON in ([FudgeMessage])" => FudgeJson.Deserialize<KeepsEverything>(input, new FudgeJsonSettings { ReaderOptions = options }),
        "JSON in (FudgeMsg, Newtonsoft reader)" => FromJson<FudgeMsg>(input),
        "JSON in ([FudgeMessage], Newtonsoft reader)" => FromJson<KeepsEverything>(input),
        "XML in (FudgeMsg)" => FudgeXml.ToEnvelope(new MemoryStream(input, writable: false), new FudgeXmlSettings { ReaderOptions = options }),
        _ => throw new ArgumentException("unknown path " + path, nameof(path)),
    };
}
