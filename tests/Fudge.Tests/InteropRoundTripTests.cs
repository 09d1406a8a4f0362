using System;
using System.Buffers;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>Every shared vector decodes and re-encodes byte for byte, through the DOM and through the raw reader/writer.</summary>
public class InteropRoundTripTests
{
    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Dom_decode_then_encode_gives_identical_bytes(string vector)
    {
        byte[] original = InteropVectors.Read(vector);

        var envelope = FudgeEnvelope.Parse(original);

        Assert.Equal(original, envelope.ToByteArray());
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Raw_reader_to_writer_copy_gives_identical_bytes(string vector)
    {
        byte[] original = InteropVectors.Read(vector);
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var reader = new FudgeReader(original);

        var header = reader.EnvelopeHeader;
        var envelope = writer.BeginEnvelope(header.ProcessingDirectives, header.SchemaVersion, header.TaxonomyId);
        CopyFields(ref reader, ref writer);
        writer.EndEnvelope(envelope);
        writer.Flush();

        Assert.Equal(original, output.WrittenSpan.ToArray());
    }

    private static void CopyFields(ref FudgeReader reader, ref FudgeWriter writer)
    {
        while (reader.Read())
        {
            var key = FudgeFieldKey.Of(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                var marker = writer.BeginMessage(key);
                CopyFields(ref sub, ref writer);
                writer.EndMessage(marker);
            }
            else
            {
                writer.WriteRawField(key, reader.TypeId, reader.ValueSpan);
            }
        }
    }
}
