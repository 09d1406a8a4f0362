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
        RawCopy.Fields(ref reader, ref writer);
        writer.EndEnvelope(envelope);
        writer.Flush();

        Assert.Equal(original, output.WrittenSpan.ToArray());
    }
}
