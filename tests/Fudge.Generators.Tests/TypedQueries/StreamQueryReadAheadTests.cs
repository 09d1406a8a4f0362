using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// Typed queries over a reader that reads its stream ahead in chunks: a query that stops early leaves every envelope
/// it did not consume to the reader and to the next query, and projections give the same values and the same errors
/// (offsets and messages) as over a reader that reads each envelope exactly, on cut and corrupted streams too.
/// </summary>
public class StreamQueryReadAheadTests
{
    private static readonly string[] Symbols = { "A", "IBM", "AAPL", "MSFT", "GOOGL", "Zürich", "東京" };

    // About 250 KB of ticks: several chunks of the reader's buffer.
    private static List<PTick> Ticks(int seed, int count = 4_000)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(i => new PTick
        {
            Symbol = Symbols[random.Next(Symbols.Length)],
            Sequence = i,
            Flags = random.Next(-5, 300),
            Lots = random.Next(3) == 0 ? null : random.Next(-2, 100_000),
            Side = (QSide)random.Next(1, 4),
            Level = (byte)random.Next(256),
            Trade = random.Next(5) == 0 ? null : new PTrade { Price = Math.Round(random.NextDouble() * 500, 2), Size = random.Next(1, 1000) },
        }).ToList();
    }

    private static byte[] Stream(IEnumerable<PTick> ticks)
    {
        var output = new MemoryStream();
        foreach (var tick in ticks) FudgeSerializer.Serialize(output, tick);
        return output.ToArray();
    }

    [Fact]
    public void A_query_that_stops_early_leaves_the_rest_of_the_stream_to_the_reader_and_the_next_query()
    {
        var ticks = Ticks(seed: 1);
        using var reader = new FudgeStreamReader(new MemoryStream(Stream(ticks)));

        var first = reader.Query<PTick>().Where(t => t.Flags > 100).Take(5).Select(t => new { t.Sequence, t.Symbol }).ToList();
        Assert.Equal(ticks.Where(t => t.Flags > 100).Take(5).Select(t => new { t.Sequence, t.Symbol }), first);

        // The envelope after the fifth match is the reader's next one, then the next query goes on from there.
        long next = first[^1].Sequence + 1;
        Assert.True(reader.TryReadEnvelope(out var envelope));
        Assert.Equal(FudgeSerializer.Serialize(ticks[(int)next]), envelope.ToArray());
        var rest = ticks.Skip((int)next + 1).ToList();
        Assert.Equal(rest.Take(1_000).Select(t => t.Symbol), reader.Query<PTick>().Take(1_000).Select(t => t.Symbol).ToList());
        Assert.Equal(rest.Skip(1_000).Count(t => t.Lots > 50), reader.Query<PTick>().Count(t => t.Lots > 50));
        Assert.False(reader.TryReadEnvelope(out _));
    }

    [Fact]
    public async Task An_asynchronous_query_that_stops_early_leaves_the_rest_to_the_next_one()
    {
        var ticks = Ticks(seed: 2);
        using var reader = new FudgeStreamReader(new MemoryStream(Stream(ticks)));

        var got = new List<long>();
        await foreach (var sequence in reader.Query<PTick>().Where(t => t.Side == QSide.Sell).Take(700).Select(t => t.Sequence)) got.Add(sequence);
        Assert.Equal(ticks.Where(t => t.Side == QSide.Sell).Take(700).Select(t => t.Sequence), got);

        var rest = ticks.Skip((int)got[^1] + 1).ToList();
        Assert.Equal(rest.Count(t => t.Trade is not null), await reader.Query<PTick>().Where(t => t.Trade!.Size > 0).CountAsync());
    }

    /// <summary>
    /// A projection of the ticks, cut anywhere or with bytes overwritten: what it gives before an error, and the error,
    /// are the same read ahead as read an envelope at a time, and an error is the library's own, with an offset in the
    /// stream (for a cut stream, inside the envelope the projection stopped at).
    /// </summary>
    [Fact]
    public void Projections_of_cut_and_corrupt_streams_fail_alike_read_ahead_or_not()
    {
        var ticks = Ticks(seed: 3, count: 1_500);
        var whole = Stream(ticks);
        var starts = new List<long> { 0 };
        foreach (var tick in ticks) starts.Add(starts[^1] + FudgeSerializer.Serialize(tick).Length);
        var random = new Random(43);
        for (int round = 0; round < 60; round++)
        {
            var bytes = (byte[])whole.Clone();
            if (round % 3 == 0) bytes = bytes[..random.Next(bytes.Length)];
            else for (int flips = 1 + random.Next(3); flips > 0; flips--) bytes[random.Next(bytes.Length)] = (byte)random.Next(256);

            var exact = Outcome(new FudgeStreamReader(new MemoryStream(bytes), leaveOpen: true));
            var ahead = Outcome(new FudgeStreamReader(new MemoryStream(bytes)));
            Assert.Equal(exact.Values, ahead.Values);
            Assert.Equal(exact.Error, ahead.Error);
            if (ahead.Error is not { } error || error.Offset < 0) continue;
            Assert.InRange(error.Offset, 0, bytes.Length);
            // A cut stream: the envelope after the last one projected, up to its end.
            int failed = ahead.Values.Count;
            if (round % 3 == 0) Assert.InRange(error.Offset, starts[failed], starts[failed + 1]);
        }
    }

    /// <summary>
    /// A count of cut and corrupt streams (its own loop, with no window): the same count or error as the filter called
    /// on each envelope by hand, the filter's errors at their offsets in the stream and naming the envelope, the
    /// reader's as the reader raises them.
    /// </summary>
    [Fact]
    public void Counts_of_cut_and_corrupt_streams_fail_as_the_filter_called_by_hand()
    {
        var whole = Stream(Ticks(seed: 4, count: 1_500));
        var random = new Random(44);
        for (int round = 0; round < 60; round++)
        {
            var bytes = (byte[])whole.Clone();
            if (round % 3 == 0) bytes = bytes[..random.Next(bytes.Length)];
            else for (int flips = 1 + random.Next(3); flips > 0; flips--) bytes[random.Next(bytes.Length)] = (byte)random.Next(256);

            object counted, byHand;
            using (var reader = new FudgeStreamReader(new MemoryStream(bytes)))
            {
                try
                {
                    counted = reader.Query<PTick>().Where(t => t.Symbol == "IBM" || t.Trade!.Size > 500).Count();
                }
                catch (FudgeFormatException e)
                {
                    counted = (e.Offset, e.Message);
                }
            }
            var filter = FudgeTypedQuery.Filter<PTick>(t => t.Symbol == "IBM" || t.Trade!.Size > 500);
            using (var reader = new FudgeStreamReader(new MemoryStream(bytes)))
            {
                int count = 0;
                try
                {
                    while (reader.TryReadEnvelope(out var envelope))
                    {
                        try
                        {
                            if (filter.Matches(envelope.Span)) count++;
                        }
                        catch (FudgeFormatException e)
                        {
                            throw new FudgeFormatException(reader.EnvelopeOffset + e.Offset, $"message {reader.MessageCount - 1}: {e.Reason}", e);
                        }
                    }
                    byHand = count;
                }
                catch (FudgeFormatException e)
                {
                    byHand = (e.Offset, e.Message);
                }
            }
            Assert.Equal(byHand, counted);
        }
    }

    /// <summary>
    /// One envelope in the middle of a stream whose layouts the projection knows, changed at each of its offsets in turn
    /// (its declared size aside): the projection raises only the library's exceptions, and where the changed envelope
    /// still deserializes, every projected tick is what deserializing and selecting gives.
    /// </summary>
    [Fact]
    public void A_projection_of_an_envelope_changed_at_every_offset_gives_the_deserialized_values_or_a_fudge_exception()
    {
        var ticks = Ticks(seed: 8, count: 300);
        var envelopes = ticks.Select(tick => FudgeSerializer.Serialize(tick)).ToList();
        const int Changed = 200;
        for (int at = 0; at < envelopes[Changed].Length; at++)
        {
            if (at is >= 4 and < 8) continue;
            var changed = envelopes.Select(envelope => (byte[])envelope.Clone()).ToList();
            changed[Changed][at] ^= (byte)(at % 3 == 0 ? 0xFF : 0x21);
            var bytes = changed.SelectMany(envelope => envelope).ToArray();
            List<(string?, long, int?)>? expected;
            try
            {
                expected = changed.Select(envelope => FudgeSerializer.Deserialize<PTick>(envelope)).Select(t => (t.Symbol, t.Sequence, t.Lots)).ToList();
            }
            catch (FudgeException)
            {
                expected = null; // the projection may read past what broke the deserializer, or raise
            }
            var got = new List<(string?, long, int?)>();
            using var reader = new FudgeStreamReader(new MemoryStream(bytes));
            try
            {
                foreach (var tick in reader.Query<PTick>().Select(t => new { t.Symbol, t.Sequence, t.Lots })) got.Add((tick.Symbol, tick.Sequence, tick.Lots));
            }
            catch (FudgeException) when (expected is null)
            {
                continue;
            }
            if (expected is not null) Assert.Equal(expected, got);
            else Assert.Equal(ticks.Count, got.Count);
        }
    }

    private static (List<(string?, double, long)> Values, (string Type, long Offset, string Message)? Error) Outcome(FudgeStreamReader reader)
    {
        var values = new List<(string?, double, long)>();
        using (reader)
        {
            try
            {
                foreach (var value in reader.Query<PTick>().Select(t => ValueTuple.Create(t.Symbol, t.Trade!.Price, t.Sequence))) values.Add(value);
            }
            catch (FudgeFormatException e)
            {
                return (values, (e.GetType().Name, e.Offset, e.Message));
            }
            catch (FudgeException e)
            {
                return (values, (e.GetType().Name, -1, e.Message));
            }
        }
        return (values, null);
    }
}
