using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Bson.Tests.Support;
using Fudge.Json.Tests.Support;
using Fudge.Tests.Support;
using MongoDB.Bson;
using Xunit;

namespace Fudge.Bson.Tests;

/// <summary>
/// Every interop vector, every sample envelope and 200 seeded random envelopes, through both paths: the streaming
/// transcoder (Fudge bytes ⇄ BSON bytes) and the document path (FudgeMsg → BsonDocument → driver's writer). Lossless
/// gives back the same Fudge bytes; in both modes the streamed bytes equal the driver's for the equivalent document.
/// </summary>
public class RoundTripTests
{
    public static IEnumerable<object[]> Seeds => Enumerable.Range(1, 200).Select(seed => new object[] { seed });

    public static IEnumerable<object[]> Samples =>
        Directory.GetFiles(BsonTest.SamplesFolder, "*.fudge").OrderBy(f => f).Select(f => new object[] { Path.GetFileName(f) });

    private static void AssertBothPaths(byte[] envelope)
    {
        // Lossless: the stream gives back the same bytes, the driver reads the stream and writes it back identically,
        // the document path builds the same document, and reading the document back gives the same bytes.
        byte[] lossless = FudgeBson.ToBson(envelope, FudgeBsonSettings.Lossless);
        Assert.Equal(envelope, FudgeBson.ToFudge(lossless, FudgeBsonSettings.Lossless));
        var document = FudgeBson.ToBsonDocument(envelope, FudgeBsonSettings.Lossless);
        Assert.Equal(lossless, BsonTest.Write(document));
        Assert.Equal(lossless, BsonTest.Write(BsonTest.Parse(lossless)));
        Assert.Equal(envelope, FudgeBson.ToEnvelope(document, FudgeBsonSettings.Lossless).ToByteArray());

        // Plain: streamed bytes equal the driver's bytes for the converted document, and both read back the same.
        byte[] plain = FudgeBson.ToBson(envelope);
        var plainDocument = FudgeBson.ToBsonDocument(envelope);
        Assert.Equal(plain, BsonTest.Write(plainDocument));
        Assert.Equal(plain, BsonTest.Write(BsonTest.Parse(plain)));
        Assert.Equal(FudgeBson.ToFudge(plain), FudgeBson.ToEnvelope(plainDocument).ToByteArray());
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_interop_vector_survives_both_paths(string vector) => AssertBothPaths(InteropVectors.Read(vector));

    [Theory]
    [MemberData(nameof(Samples))]
    public void Every_sample_envelope_survives_both_paths(string sample)
    {
        foreach (var envelope in BsonTest.Envelopes(File.ReadAllBytes(Path.Combine(BsonTest.SamplesFolder, sample)))) AssertBothPaths(envelope);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Random_envelopes_survive_both_paths(int seed) => AssertBothPaths(RandomMessages.Envelope(seed));

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Plain_bson_read_back_streams_to_the_same_document(int seed)
    {
        // Plain is lossy once (widths, accuracies, repeats): after one trip it is a fixed point.
        byte[] once = FudgeBson.ToFudge(FudgeBson.ToBson(RandomMessages.Envelope(seed)));
        byte[] plain = FudgeBson.ToBson(once);

        Assert.Equal(plain, FudgeBson.ToBson(FudgeBson.ToFudge(plain)));
    }

    [Fact]
    public void Raw_bson_documents_go_both_ways()
    {
        byte[] envelope = InteropVectors.Read("subMsg.dat");

        using var raw = FudgeBson.ToRawBsonDocument(envelope, FudgeBsonSettings.Lossless);

        Assert.Equal(FudgeBson.ToBsonDocument(envelope, FudgeBsonSettings.Lossless), raw.ToBsonDocument<BsonDocument>());
        Assert.Equal(envelope, FudgeBson.ToFudge(raw, FudgeBsonSettings.Lossless));
    }

    [Fact]
    public void Streaming_appends_to_a_buffer_writer()
    {
        byte[] envelope = InteropVectors.Read("allNames.dat");
        var bson = new System.Buffers.ArrayBufferWriter<byte>();
        System.Buffers.BuffersExtensions.Write(bson, new byte[] { 42 });

        FudgeBson.WriteBson(envelope, bson, FudgeBsonSettings.Lossless);
        var fudge = new System.Buffers.ArrayBufferWriter<byte>();
        FudgeBson.ReadBson(bson.WrittenSpan.Slice(1), fudge, FudgeBsonSettings.Lossless);

        Assert.Equal(envelope, fudge.WrittenSpan.ToArray());
    }
}
