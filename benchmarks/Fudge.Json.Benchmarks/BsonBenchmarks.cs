using System;
using System.Buffers;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Fudge.Bson;
using MongoDB.Bson;

namespace Fudge.Json.Benchmarks;

/// <summary>
/// The 2010 MongoDB study redone on .NET: build the small or large document and encode it to BSON bytes, the driver's
/// native way (BsonDocument), by converting a FudgeMsg to a BsonDocument, by handing the FudgeMsg to the driver
/// behind an IBsonSerializer (wrapped), and by streaming Fudge bytes to BSON bytes with no document object. Each
/// benchmark includes building the document; the last one starts from Fudge bytes already in hand (as received).
/// </summary>
[MemoryDiagnoser]
public class BsonBenchmarks
{
    private static readonly FudgeMsgBsonSerializer Serializer = new();
    private readonly ArrayBufferWriter<byte> _fudgeOutput = new(1 << 16);
    private Doc _doc = null!;
    private byte[] _fudgeBytes = null!;

    [Params("Small", "Large")]
    public string Document { get; set; } = "Small";

    [GlobalSetup]
    public void Setup()
    {
        _doc = Document == "Small" ? Documents.Small() : Documents.Large();
        _fudgeBytes = Documents.BuildFudge(_doc).ToByteArray();
        // The Fudge ways must all produce the same BSON. (The native document differs only where Fudge reduces an
        // integer: the large document's 64-bit "id" fits 32 bits, so Fudge sends it as an int32.)
        var fudgeWays = new[] { FudgeConverted(), FudgeWrapped(), FudgeStreamed(), FudgeMsgStreamed(), FudgeBytesTranscoded() };
        if (fudgeWays.Any(b => !b.AsSpan().SequenceEqual(fudgeWays[0])))
            throw new InvalidOperationException("the Fudge ways disagree on the BSON bytes");
        if (!Native().AsSpan().SequenceEqual(fudgeWays[0]) && Document == "Small")
            throw new InvalidOperationException("the small document differs between native and Fudge");
    }

    [Benchmark(Baseline = true)]
    public byte[] Native() => BsonDocuments.BuildNative(_doc).ToBson();

    [Benchmark]
    public byte[] FudgeConverted() => FudgeBson.ToBsonDocument(Documents.BuildFudge(_doc)).ToBson();

    [Benchmark]
    public byte[] FudgeWrapped() => Documents.BuildFudge(_doc).ToBson(Serializer);

    [Benchmark]
    public byte[] FudgeStreamed() => FudgeBson.ToBson(BsonDocuments.WriteFudge(_doc, _fudgeOutput));

    [Benchmark]
    public byte[] FudgeMsgStreamed() => FudgeBson.ToBson(Documents.BuildFudge(_doc).ToByteArray());

    [Benchmark]
    public byte[] FudgeBytesTranscoded() => FudgeBson.ToBson(_fudgeBytes);
}
