using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using MongoDB.Bson;
using MongoDB.Bson.IO;
using MongoDB.Bson.Serialization;

namespace Fudge.Bson.Tests.Support;

/// <summary>Test helpers around the MongoDB driver's own BSON reader and writer (no server is involved).</summary>
public static class BsonTest
{
    /// <summary>Reads BSON bytes with the driver's BsonBinaryReader.</summary>
    public static BsonDocument Parse(byte[] bson) => BsonSerializer.Deserialize<BsonDocument>(bson);

    /// <summary>Writes a document with the driver's BsonBinaryWriter.</summary>
    public static byte[] Write(BsonDocument document) => document.ToBson();

    /// <summary>One envelope holding one field written by <paramref name="write"/>.</summary>
    public static byte[] Envelope(WriteFields write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var marker = writer.BeginEnvelope();
        write(ref writer);
        writer.EndEnvelope(marker);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    public delegate void WriteFields(ref FudgeWriter writer);

    /// <summary>The envelopes of a file of concatenated envelopes (the samples).</summary>
    public static IEnumerable<byte[]> Envelopes(byte[] stream)
    {
        int offset = 0;
        while (offset < stream.Length)
        {
            var header = FudgeReader.ReadEnvelopeHeader(stream.AsSpan(offset));
            yield return stream.AsSpan(offset, header.MessageSize).ToArray();
            offset += header.MessageSize;
        }
    }

    /// <summary>The samples folder beside tests/interop.</summary>
    public static string SamplesFolder => Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "..", "..", "samples");
}
