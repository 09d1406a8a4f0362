using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Properties;

/// <summary>
/// Many random envelopes written back to back to a stream or a pipe come back equal, in order, with nothing after them.
/// </summary>
public class StreamRoundTripProperties
{
    private const int EnvelopesPerStream = 100;
    private const int Streams = RoundTripProperties.MessageCount / EnvelopesPerStream;

    public static TheoryData<int> StreamSeeds
    {
        get
        {
            var data = new TheoryData<int>();
            for (int i = 0; i < Streams; i++) data.Add(i * EnvelopesPerStream);
            return data;
        }
    }

    [Theory]
    [MemberData(nameof(StreamSeeds))]
    public void Envelopes_written_to_a_stream_read_back_equal_and_in_order(int firstSeed)
    {
        var originals = RandomMessages.Envelopes(EnvelopesPerStream, firstSeed).ToList();
        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true))
            foreach (var (_, envelope) in originals) writer.Write(envelope);

        // A stream that hands out a few hundred bytes per read, so envelopes arrive in pieces.
        using var reader = new FudgeStreamReader(new TricklingStream(stream.ToArray(), 509));
        var decoded = reader.ReadAll().ToList();

        AssertSameEnvelopes(originals, decoded);
    }

    [Theory]
    [MemberData(nameof(StreamSeeds))]
    public async Task Envelopes_written_to_a_stream_asynchronously_read_back_equal_and_in_order(int firstSeed)
    {
        var originals = RandomMessages.Envelopes(EnvelopesPerStream, firstSeed).ToList();
        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true))
            foreach (var (_, envelope) in originals) await writer.WriteAsync(envelope);

        stream.Position = 0;
        using var reader = new FudgeStreamReader(stream);
        var decoded = new List<FudgeEnvelope>();
        await foreach (var envelope in reader.ReadAllAsync()) decoded.Add(envelope);

        AssertSameEnvelopes(originals, decoded);
    }

    [Theory]
    [MemberData(nameof(StreamSeeds))]
    public void The_raw_envelope_bytes_read_from_a_stream_are_the_bytes_written(int firstSeed)
    {
        var originals = RandomMessages.Envelopes(EnvelopesPerStream, firstSeed).Select(e => (e.Seed, Bytes: e.Envelope.ToByteArray())).ToList();
        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true))
            foreach (var (_, bytes) in originals) writer.WriteEncoded(bytes);

        using var reader = new FudgeStreamReader(new MemoryStream(stream.ToArray()));
        var read = new List<byte[]>();
        while (reader.TryReadEnvelope(out var envelope)) read.Add(envelope.ToArray());

        Assert.Equal(originals.Count, read.Count);
        for (int i = 0; i < originals.Count; i++) RoundTripProperties.AssertSameBytes(originals[i].Seed, originals[i].Bytes, read[i]);
    }

    [Theory]
    [MemberData(nameof(StreamSeeds))]
    public async Task Envelopes_sent_through_a_pipe_while_it_is_being_read_arrive_equal_and_in_order(int firstSeed)
    {
        var originals = RandomMessages.Envelopes(EnvelopesPerStream, firstSeed).ToList();
        // A small pause threshold makes the writer wait for the reader, so envelopes are read as they arrive, in pieces.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 2048, resumeWriterThreshold: 1024, minimumSegmentSize: 256, useSynchronizationContext: false));

        var writing = Task.Run(async () =>
        {
            foreach (var (_, envelope) in originals) await pipe.Writer.WriteFudgeEnvelopeAsync(envelope);
            await pipe.Writer.CompleteAsync();
        });
        var decoded = new List<FudgeEnvelope>();
        await foreach (var envelope in pipe.Reader.ReadFudgeEnvelopesAsync()) decoded.Add(envelope);
        await writing;

        AssertSameEnvelopes(originals, decoded);
    }

    private static void AssertSameEnvelopes(IReadOnlyList<(int Seed, FudgeEnvelope Envelope)> expected, IReadOnlyList<FudgeEnvelope> actual)
    {
        Assert.Equal(expected.Count, actual.Count);
        for (int i = 0; i < expected.Count; i++) RoundTripProperties.AssertEqual(expected[i].Seed, expected[i].Envelope, actual[i]);
    }
}
