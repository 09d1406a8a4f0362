using System;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace Fudge.Tests;

/// <summary>Sequences of envelopes on streams and pipes.</summary>
public class StreamTests
{
    private static FudgeEnvelope[] Messages(int count) => Enumerable.Range(0, count)
        .Select(i => new FudgeEnvelope(new FudgeMsg().Add("seq", i).Add("payload", new byte[i * 37 % 3000]), schemaVersion: (byte)(i % 3)))
        .ToArray();

    [Fact]
    public void Envelopes_written_to_a_stream_read_back_in_order_until_a_clean_end()
    {
        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true))
            foreach (var m in Messages(100)) writer.Write(m);
        stream.Position = 0;

        using var reader = new FudgeStreamReader(stream);

        Assert.Equal(Messages(100), reader.ReadAll().ToArray());
        Assert.Equal(100, reader.MessageCount);
    }

    [Fact]
    public async Task Async_reading_matches_sync_writing()
    {
        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true))
            foreach (var m in Messages(20)) await writer.WriteAsync(m);
        stream.Position = 0;

        using var reader = new FudgeStreamReader(stream);
        var read = new System.Collections.Generic.List<FudgeEnvelope>();
        await foreach (var envelope in reader.ReadAllAsync()) read.Add(envelope);

        Assert.Equal(Messages(20), read);
    }

    [Fact]
    public void An_end_inside_an_envelope_is_an_error_with_the_stream_offset()
    {
        var bytes = Messages(2).SelectMany(m => m.ToByteArray()).ToArray();
        int firstLength = Messages(1)[0].ToByteArray().Length;
        using var reader = new FudgeStreamReader(new MemoryStream(bytes[..^3]));

        Assert.NotNull(reader.ReadEnvelope());
        var error = Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());
        Assert.InRange(error.Offset, firstLength, bytes.Length);
        Assert.Contains("message 1", error.Message);
    }

    [Theory]
    [InlineData(3, "the envelope declares a size of 3 bytes; the minimum is 8")]
    [InlineData(-1, "the envelope declares a size of -1 bytes; the minimum is 8")]
    [InlineData(5000, "declares 5000 bytes")]
    public void A_bad_declared_size_is_an_error_at_its_place_in_the_stream(int declared, string reason)
    {
        // The second envelope's size field rewritten: the reader checks it before reading on, whether the size is
        // below the header's or past the options' limit, and says where in the stream it is.
        var first = new FudgeMsg().Add("seq", 1).ToByteArray();
        var second = new FudgeMsg().Add("seq", 2).ToByteArray();
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(second.AsSpan(4), declared);
        var options = new FudgeReaderOptions { MaxMessageSize = 4096 };
        using var reader = new FudgeStreamReader(new MemoryStream(first.Concat(second).ToArray()), options);

        Assert.NotNull(reader.ReadEnvelope());
        var error = Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());
        Assert.Equal(first.Length + 4, error.Offset);
        Assert.StartsWith("message 1: ", error.Reason);
        Assert.Contains(reason, error.Reason);
    }

    [Fact]
    public async Task Pipes_carry_envelopes_both_ways()
    {
        var pipe = new Pipe();
        foreach (var m in Messages(50)) await pipe.Writer.WriteFudgeEnvelopeAsync(m);
        await pipe.Writer.CompleteAsync();

        var read = new System.Collections.Generic.List<FudgeEnvelope>();
        await foreach (var envelope in pipe.Reader.ReadFudgeEnvelopesAsync()) read.Add(envelope);

        Assert.Equal(Messages(50), read);
    }

    [Fact]
    public async Task A_pipe_that_completes_inside_an_envelope_is_an_error()
    {
        var pipe = new Pipe();
        var bytes = Messages(1)[0].ToByteArray();
        await pipe.Writer.WriteAsync(bytes.AsMemory(0, bytes.Length - 1));
        await pipe.Writer.CompleteAsync();

        await Assert.ThrowsAsync<FudgeFormatException>(async () => await pipe.Reader.ReadFudgeEnvelopeAsync());
    }
}
