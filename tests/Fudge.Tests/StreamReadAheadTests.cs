using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Tests.Support;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests;

/// <summary>
/// A <see cref="FudgeStreamReader"/> that owns its stream reads it ahead in chunks and hands envelopes out of its
/// buffer; one made with <c>leaveOpen: true</c> reads exactly each envelope's bytes. Both must give the same envelopes,
/// offsets and errors, whatever the chunks cut (an envelope straddling two chunks, one larger than a chunk, a header cut
/// by the end of the stream), and the second must leave the stream where its last envelope ends.
/// </summary>
public class StreamReadAheadTests
{
    // Envelopes of 13 bytes to 3 KB, and one of 200 KB (larger than the 64 KiB the reader reads ahead to start with).
    private static List<byte[]> Envelopes(int seed, int count)
    {
        var random = new Random(seed);
        var envelopes = new List<byte[]>();
        for (int i = 0; i < count; i++)
        {
            int payload = i == count / 2 ? 200_000 : random.Next(4) == 0 ? random.Next(3000) : random.Next(40);
            var bytes = new byte[payload];
            random.NextBytes(bytes);
            envelopes.Add(new FudgeEnvelope(new FudgeMsg().Add("seq", i).Add("payload", bytes)).ToByteArray());
        }
        return envelopes;
    }

    // What a reader gives until it returns false or has raised three errors: each envelope with its offset, each
    // error with its offset and message.
    private static List<string> Outcomes(FudgeStreamReader reader)
    {
        var outcomes = new List<string>();
        for (int errors = 0; errors < 3;)
        {
            try
            {
                if (!reader.TryReadEnvelope(out var envelope)) break;
                outcomes.Add($"{reader.EnvelopeOffset}: {Convert.ToHexString(envelope.Span)}");
            }
            catch (FudgeFormatException e)
            {
                outcomes.Add($"error at {e.Offset}: {e.Message}");
                errors++;
            }
        }
        return outcomes;
    }

    private static async Task<List<string>> OutcomesAsync(FudgeStreamReader reader)
    {
        var outcomes = new List<string>();
        for (int errors = 0; errors < 3;)
        {
            try
            {
                if (await reader.ReadEnvelopeAsync() is not { } envelope) break;
                outcomes.Add($"{reader.EnvelopeOffset}: {Convert.ToHexString(envelope.Span)}");
            }
            catch (FudgeFormatException e)
            {
                outcomes.Add($"error at {e.Offset}: {e.Message}");
                errors++;
            }
        }
        return outcomes;
    }

    // The same as Outcomes, read with ReadEnvelopeSpanOrEmpty (a projection's enumerator reads so): empty at the end.
    private static List<string> SpanOutcomes(FudgeStreamReader reader)
    {
        var outcomes = new List<string>();
        for (int errors = 0; errors < 3;)
        {
            try
            {
                var envelope = reader.ReadEnvelopeSpanOrEmpty();
                if (envelope.IsEmpty) break;
                outcomes.Add($"{reader.EnvelopeOffset}: {Convert.ToHexString(envelope)}");
            }
            catch (FudgeFormatException e)
            {
                outcomes.Add($"error at {e.Offset}: {e.Message}");
                errors++;
            }
        }
        return outcomes;
    }

    [Fact]
    public void Envelopes_returned_as_spans_are_the_envelopes_offsets_and_errors_of_TryReadEnvelope()
    {
        var envelopes = Envelopes(seed: 4, count: 300);
        var whole = Concat(envelopes.ToArray());
        // A size under the header's in the middle (the reader raises and goes on), and the last envelope cut short.
        var corrupt = (byte[])whole.Clone();
        int middle = envelopes.Take(150).Sum(envelope => envelope.Length);
        corrupt[middle + 4] = corrupt[middle + 5] = corrupt[middle + 6] = 0;
        corrupt[middle + 7] = 3;
        var cut = whole.AsSpan(0, whole.Length - 5).ToArray();
        foreach (var stream in new[] { whole, corrupt, cut })
        {
            List<string> expected;
            using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
                expected = Outcomes(reader);
            Assert.Equal(stream != whole, expected.Any(outcome => outcome.StartsWith("error", StringComparison.Ordinal)));
            using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
                Assert.Equal(expected, SpanOutcomes(reader));
            using (var reader = new FudgeStreamReader(new TricklingStream(stream, 70_001)))
                Assert.Equal(expected, SpanOutcomes(reader));
            using (var reader = new FudgeStreamReader(new TricklingStream(stream, 509), leaveOpen: true))
                Assert.Equal(expected, SpanOutcomes(reader));
        }
    }

    [Fact]
    public void Envelopes_straddling_the_chunks_read_back_as_written_with_their_offsets()
    {
        var envelopes = Envelopes(seed: 1, count: 600);
        var stream = Concat(envelopes.ToArray());
        var expected = new List<string>();
        long offset = 0;
        foreach (var envelope in envelopes)
        {
            expected.Add($"{offset}: {Convert.ToHexString(envelope)}");
            offset += envelope.Length;
        }

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(expected, Outcomes(reader));
        // A stream handing out at most 70,001 bytes a read: envelopes cut at every sort of place.
        using (var reader = new FudgeStreamReader(new TricklingStream(stream, 70_001)))
            Assert.Equal(expected, Outcomes(reader));
        using (var reader = new FudgeStreamReader(new TricklingStream(stream, 509), leaveOpen: true))
            Assert.Equal(expected, Outcomes(reader));
    }

    [Fact]
    public async Task Asynchronous_reads_give_the_same_envelopes_and_offsets()
    {
        var stream = Concat(Envelopes(seed: 2, count: 400).ToArray());
        List<string> expected;
        using (var reader = new FudgeStreamReader(new MemoryStream(stream), leaveOpen: true))
            expected = Outcomes(reader);

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(expected, await OutcomesAsync(reader));
        using (var reader = new FudgeStreamReader(new TricklingStream(stream, 70_001)))
            Assert.Equal(expected, await OutcomesAsync(reader));
    }

    [Fact]
    public void An_owning_reader_reads_small_envelopes_a_chunk_at_a_time_and_one_left_open_an_envelope_at_a_time()
    {
        // 2,000 envelopes of 13 or 14 bytes: about 28 KB, less than one chunk.
        var stream = Concat(Enumerable.Range(0, 2000).Select(i => new FudgeEnvelope(new FudgeMsg().Add("n", i)).ToByteArray()).ToArray());

        var owned = new CountingStream(new MemoryStream(stream));
        using (var reader = new FudgeStreamReader(owned))
            while (reader.TryReadEnvelope(out _)) { }
        var left = new CountingStream(new MemoryStream(stream));
        using (var reader = new FudgeStreamReader(left, leaveOpen: true))
            while (reader.TryReadEnvelope(out _)) { }

        Assert.Equal(2, owned.Reads); // the chunk, then the end of the stream
        Assert.Equal(2 * 2000 + 1, left.Reads); // each header, each body, then the end
    }

    [Fact]
    public void A_reader_left_open_reads_no_byte_past_the_envelope_it_returns()
    {
        var envelopes = Envelopes(seed: 3, count: 3).ToArray();
        var tail = new byte[] { 1, 2, 3, 4, 5 };
        var stream = new MemoryStream(Concat(envelopes[0], envelopes[1], envelopes[2], tail));

        using (var reader = new FudgeStreamReader(stream, leaveOpen: true))
        {
            Assert.True(reader.TryReadEnvelope(out _));
            Assert.True(reader.TryReadEnvelope(out _));
            Assert.Equal(envelopes[0].Length + envelopes[1].Length, stream.Position);
        }

        // The caller goes on with the stream: the third envelope is still there, then its own bytes.
        var third = new byte[envelopes[2].Length];
        stream.ReadExactly(third);
        Assert.Equal(envelopes[2], third);
        var rest = new byte[16];
        Assert.Equal(tail, rest.AsSpan(0, stream.Read(rest)).ToArray());
    }

    [Fact]
    public void An_owning_reader_hands_out_each_envelope_when_its_bytes_arrive()
    {
        var envelopes = Envelopes(seed: 4, count: 3).ToArray();
        var live = new ArrivingStream();
        using var reader = new FudgeStreamReader(live);

        // The first envelope and half the second have arrived: the first is read without waiting for more.
        live.Arrive(envelopes[0]);
        live.Arrive(envelopes[1].AsSpan(0, envelopes[1].Length / 2).ToArray());
        Assert.True(reader.TryReadEnvelope(out var first));
        Assert.Equal(envelopes[0], first.ToArray());

        live.Arrive(envelopes[1].AsSpan(envelopes[1].Length / 2).ToArray());
        live.Arrive(envelopes[2]);
        live.End();
        Assert.True(reader.TryReadEnvelope(out var second));
        Assert.Equal(envelopes[1], second.ToArray());
        Assert.True(reader.TryReadEnvelope(out var third));
        Assert.Equal(envelopes[2], third.ToArray());
        Assert.False(reader.TryReadEnvelope(out _));
    }

    /// <summary>
    /// Streams cut anywhere, or with a header's size field rewritten to a size below 8 or above the limit, give the same
    /// envelopes and the same errors (offsets and messages) read ahead as read an envelope at a time, synchronously or
    /// not, and the reader goes on after an error as it did.
    /// </summary>
    [Fact]
    public async Task Cut_and_corrupt_streams_give_the_same_envelopes_and_errors_read_ahead_or_not()
    {
        var random = new Random(43);
        var envelopes = Envelopes(seed: 5, count: 300);
        var whole = Concat(envelopes.ToArray());
        var starts = new List<int>();
        for (int i = 0, at = 0; i < envelopes.Count; at += envelopes[i++].Length) starts.Add(at);
        var options = new FudgeReaderOptions { MaxMessageSize = 300_000 };
        for (int round = 0; round < 40; round++)
        {
            var bytes = (byte[])whole.Clone();
            if (round % 2 == 0) bytes = bytes[..random.Next(bytes.Length)];
            else
            {
                int at = starts[random.Next(starts.Count)];
                int size = random.Next(3) switch { 0 => random.Next(0, 8), 1 => random.Next(300_001, int.MaxValue), _ => -random.Next(1, 100) };
                System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(at + 4), size);
            }

            List<string> expected;
            using (var exact = new FudgeStreamReader(new MemoryStream(bytes), options, leaveOpen: true))
                expected = Outcomes(exact);
            if (round % 2 == 1) Assert.Contains(expected, outcome => outcome.StartsWith("error", StringComparison.Ordinal));
            using (var ahead = new FudgeStreamReader(new MemoryStream(bytes), options))
                Assert.Equal(expected, Outcomes(ahead));
            using (var trickled = new FudgeStreamReader(new TricklingStream(bytes, 70_001), options))
                Assert.Equal(expected, Outcomes(trickled));
            using (var ahead = new FudgeStreamReader(new MemoryStream(bytes), options))
                Assert.Equal(expected, await OutcomesAsync(ahead));
        }
    }

    /// <summary>Counts the reads made of the stream it wraps.</summary>
    private sealed class CountingStream : Stream
    {
        private readonly Stream _inner;

        public CountingStream(Stream inner) => _inner = inner;

        public int Reads { get; private set; }

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count)
        {
            Reads++;
            return _inner.Read(buffer, offset, count);
        }

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>
    /// A stream whose bytes arrive as the test gives them, like a socket: a read returns what has arrived, and a read
    /// when nothing has (before the end) fails the test, since a socket would block there.
    /// </summary>
    private sealed class ArrivingStream : Stream
    {
        private readonly Queue<byte> _arrived = new();
        private bool _ended;

        public void Arrive(byte[] bytes)
        {
            foreach (var b in bytes) _arrived.Enqueue(b);
        }

        public void End() => _ended = true;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (_arrived.Count == 0 && !_ended) throw new InvalidOperationException("the reader waited for bytes that have not arrived");
            int n = Math.Min(count, _arrived.Count);
            for (int i = 0; i < n; i++) buffer[offset + i] = _arrived.Dequeue();
            return n;
        }

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
