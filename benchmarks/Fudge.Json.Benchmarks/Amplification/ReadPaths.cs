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
    };

    public static object Run(string path, byte[] input, FudgeReaderOptions options) => path switch
    {
        "Parse" => FudgeEnvelope.Parse(input, options),
        "StreamReader" => new FudgeStreamReader(new MemoryStream(input, writable: false), options).ReadEnvelope()!,
        "PipeReader" => PipeReader.Create(new MemoryStream(input, writable: false)).ReadFudgeEnvelopeAsync(options).AsTask().GetAwaiter().GetResult()!,
        "Deserialize (extensible)" => FudgeSerializer.Deserialize<KeepsEverything>(input, options),
        "JSON lossless out" => FudgeJson.ToJson(input, new FudgeJsonSettings { Mode = FudgeJsonMode.Lossless, ReaderOptions = options }),
        "JSON plain out" => FudgeJson.ToJson(input, new FudgeJsonSettings { RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys, ReaderOptions = options }),
        "XML out" => FudgeXml.ToXml(input, new FudgeXmlSettings { ReaderOptions = options }),
        _ => throw new ArgumentException("unknown path " + path, nameof(path)),
    };
}
