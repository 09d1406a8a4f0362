using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// A projection replays the layouts of the envelopes it read before (where each projected field was, found again by the
/// structure bytes): on streams whose layouts change from one envelope to the next (shapes mixed, optional fields
/// present or absent, fields reordered, one integer in several widths, fields no member maps) it must give, element for
/// element, what deserializing each tick and selecting gives.
/// </summary>
public class ProjectionLayoutPropertyTests
{
    private static readonly string[] Symbols = { "A", "IBM", "AAPL", "MSFT", "GOOGL", "Zürich", "東京", "A-very-long-symbol-name" };

    /// <summary>How the ticks of one shape are written: the order of their fields, which are left out, how wide integers are.</summary>
    private sealed record Shape(string[] Order, HashSet<string> Absent, int Width, bool Extra, bool TradeFirst);

    private static Shape RandomShape(Random random)
    {
        string[] names = { "Symbol", "Sequence", "Flags", "Lots", "Side", "Ratio", "Active", "Level", "Trade" };
        var absent = new HashSet<string>(names.Where(_ => random.Next(7) == 0));
        return new Shape(names.OrderBy(_ => random.Next()).ToArray(), absent, random.Next(4), random.Next(3) == 0, random.Next(2) == 0);
    }

    private static PTick RandomTick(Random random) => new()
    {
        Symbol = random.Next(12) == 0 ? null : Symbols[random.Next(Symbols.Length)],
        Sequence = random.Next(3) switch { 0 => random.Next(100), 1 => random.Next(), _ => (long)random.Next() << 16 },
        Flags = random.Next(-300, 300),
        Lots = random.Next(3) == 0 ? null : random.Next(-2, 70_000),
        Side = (QSide)random.Next(1, 4),
        Ratio = (float)random.NextDouble(),
        Active = random.Next(2) == 0,
        Level = (byte)random.Next(256),
        Trade = random.Next(4) == 0 ? null : new PTrade { Price = Math.Round(random.NextDouble() * 500, 2), Size = random.Next(0, 100_000) },
    };

    // An integer at least as wide as the shape asks (0: as narrow as its value allows, then 16, 32, 64 bits).
    private static (byte Type, object Value) Integer(long value, int width)
    {
        if (width <= 0 && value is >= sbyte.MinValue and <= sbyte.MaxValue) return (FudgeTypeId.Int8, (sbyte)value);
        if (width <= 1 && value is >= short.MinValue and <= short.MaxValue) return (FudgeTypeId.Int16, (short)value);
        if (width <= 2 && value is >= int.MinValue and <= int.MaxValue) return (FudgeTypeId.Int32, (int)value);
        return (FudgeTypeId.Int64, value);
    }

    // The tick as its generated serializer writes it, then rewritten field by field as the shape says.
    private static byte[] Write(PTick tick, Shape shape)
    {
        var written = FudgeSerializer.ToFudgeMsg(tick);
        var message = new FudgeMsg();
        if (shape.Extra) message.Add("Unmapped", "x");
        foreach (var name in shape.Order)
        {
            if (shape.Absent.Contains(name) || written.GetField(name) is not { } field) continue;
            if (field.Value is FudgeMsg trade)
            {
                var rewritten = new FudgeMsg();
                var order = shape.TradeFirst ? new[] { "Price", "Size" } : new[] { "Size", "Price" };
                foreach (var inner in order)
                    if (trade.GetField(inner) is { } value) Add(rewritten, inner, value.Value, shape.Width);
                if (shape.Extra) rewritten.Add("Note", 1);
                message.Add(name, rewritten);
                continue;
            }
            Add(message, name, field.Value, shape.Width);
        }
        return message.ToByteArray();
    }

    private static void Add(FudgeMsg message, string name, object? value, int width)
    {
        if (value is sbyte or short or int or long)
        {
            var (type, wide) = Integer(Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture), width);
            message.Add(name, null, type, wide);
        }
        else message.Add(name, value);
    }

    private static (List<PTick> Ticks, byte[] Stream) RandomStream(int seed, int count)
    {
        var random = new Random(seed);
        var shapes = Enumerable.Range(0, 12).Select(_ => RandomShape(random)).ToArray();
        var output = new MemoryStream();
        var ticks = new List<PTick>();
        for (int i = 0; i < count; i++)
        {
            // Runs of one shape, then another: layouts recur, change, and come back.
            var shape = shapes[(i / (1 + random.Next(8)) + random.Next(2)) % shapes.Length];
            var bytes = Write(RandomTick(random), shape);
            output.Write(bytes, 0, bytes.Length);
            ticks.Add(FudgeSerializer.Deserialize<PTick>(bytes));
        }
        return (ticks, output.ToArray());
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Projections_over_changing_layouts_equal_deserializing_and_selecting(int seed)
    {
        var (ticks, stream) = RandomStream(seed, 1_500);

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(ticks.Select(t => new { t.Symbol, t.Sequence }), reader.Query<PTick>().Select(t => new { t.Symbol, t.Sequence }).ToList());

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var projection = reader.Query<PTick>().Select(t => new { t.Trade!.Price, t.Level, t.Symbol });
            Assert.True(projection.ReadsFieldsOnly);
            Assert.Equal(ticks.Select(t => new { Price = t.Trade?.Price ?? 0, t.Level, t.Symbol }), projection.ToList());
        }

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var expected = ticks.Select(t => new { t.Symbol, t.Sequence, t.Flags, t.Lots, t.Side, t.Ratio, t.Active, t.Level, Price = t.Trade?.Price ?? 0, Size = t.Trade?.Size ?? 0 });
            var projection = reader.Query<PTick>().Select(t => new { t.Symbol, t.Sequence, t.Flags, t.Lots, t.Side, t.Ratio, t.Active, t.Level, t.Trade!.Price, t.Trade.Size });
            Assert.Equal(expected, projection.ToList());
        }
    }

    [Fact]
    public async Task A_filtered_window_of_a_projection_equals_linq_synchronously_and_asynchronously()
    {
        var (ticks, stream) = RandomStream(seed: 9, count: 600);
        var expected = ticks.Where(t => t.Flags > 10).Skip(7).Take(120).Select(t => (t.Symbol, t.Trade?.Size ?? 0)).ToList();

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(expected, reader.Query<PTick>().Where(t => t.Flags > 10).Skip(7).Take(120).Select(t => ValueTuple.Create(t.Symbol, t.Trade!.Size)).ToList());

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var got = new List<(string?, long)>();
            await foreach (var value in reader.Query<PTick>().Where(t => t.Flags > 10).Skip(7).Take(120).Select(t => ValueTuple.Create(t.Symbol, t.Trade!.Size))) got.Add(value);
            Assert.Equal(expected, got);
        }
    }
    [Theory]
    [InlineData(4)]
    [InlineData(5)]
    public void Envelopes_the_reader_frames_project_as_those_read_with_their_headers_looked_at(int seed)
    {
        // A projection of every envelope of a reader takes the reader's framing (its size checks) and looks at no header
        // itself; with a filter, or a taxonomy resolver (ordinal-only fields may then carry names), each envelope's
        // header is looked at. The same selector shape shares its layouts from one query to the next, across readers
        // with other options too, so the queries below alternate.
        var (ticks, stream) = RandomStream(seed, 900);
        var expected = ticks.Select(t => new { t.Symbol, t.Lots, Price = t.Trade?.Price ?? 0 }).ToList();
        var resolving = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(9, new FudgeTaxonomy(new[] { new KeyValuePair<short, string>(1, "Symbol") })) };
        var small = new FudgeReaderOptions { MaxMessageSize = 4096 };
        for (int round = 0; round < 2; round++)
        {
            using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
                Assert.Equal(expected, reader.Query<PTick>().Select(t => new { t.Symbol, t.Lots, t.Trade!.Price }).ToList());
            using (var reader = new FudgeStreamReader(new MemoryStream(stream), resolving))
                Assert.Equal(expected, reader.Query<PTick>().Select(t => new { t.Symbol, t.Lots, t.Trade!.Price }).ToList());
            using (var reader = new FudgeStreamReader(new MemoryStream(stream), small, leaveOpen: true))
                Assert.Equal(expected, reader.Query<PTick>().Select(t => new { t.Symbol, t.Lots, t.Trade!.Price }).ToList());
            using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
                Assert.Equal(expected.Where(t => t.Lots != 3).ToList(), reader.Query<PTick>().Where(t => t.Lots != 3).Select(t => new { t.Symbol, t.Lots, t.Trade!.Price }).ToList());
        }
    }

    [Fact]
    public void An_envelope_past_the_readers_limit_is_the_readers_error_after_the_ones_before_are_projected()
    {
        var (ticks, stream) = RandomStream(seed: 6, count: 50);
        // The first 20 envelopes, then one declaring more than the largest of them (the reader's limit): the 20 project,
        // then the reader refuses the 21st at its size field.
        var framed = new MemoryStream();
        int offset = 0, limit = 0;
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            for (int i = 0; i < 20 && reader.TryReadEnvelope(out var envelope); i++)
            {
                framed.Write(envelope.Span.ToArray(), 0, envelope.Length);
                offset += envelope.Length;
                limit = Math.Max(limit, envelope.Length);
            }
        }
        var bytes = FudgeSerializer.Serialize(new PTick { Symbol = new string('x', limit), Sequence = 1 });
        framed.Write(bytes, 0, bytes.Length);
        var options = new FudgeReaderOptions { MaxMessageSize = limit };
        var got = new List<string?>();
        using var limited = new FudgeStreamReader(new MemoryStream(framed.ToArray()), options);
        var error = Assert.Throws<FudgeFormatException>(() =>
        {
            foreach (var symbol in limited.Query<PTick>().Select(t => t.Symbol)) got.Add(symbol);
        });
        Assert.Equal(ticks.Take(20).Select(t => t.Symbol), got);
        Assert.Equal(offset + 4, error.Offset);
    }
    [Fact]
    public void A_taxonomy_resolver_set_on_the_options_during_a_projection_names_the_ordinal_only_fields_read_after_it()
    {
        // Envelopes of taxonomy 9 whose symbol is an ordinal-only field: without a resolver no field is named Symbol
        // (null), with it every one is. The options are settable, and the projection reads the envelopes after the
        // change as deserializing them with the resolver does, though it began with none.
        var resolver = new FudgeTaxonomyResolver(9, new FudgeTaxonomy(new[] { new KeyValuePair<short, string>(1, "Symbol") }));
        var envelopes = Enumerable.Range(0, 400)
            .Select(i => new FudgeEnvelope(new FudgeMsg().Add(1, Symbols[i % 5]).Add("Sequence", (long)i), taxonomyId: 9).ToByteArray())
            .ToList();
        var options = new FudgeReaderOptions();
        var named = new FudgeReaderOptions { TaxonomyResolver = resolver };
        var expected = envelopes.Select((bytes, i) => FudgeSerializer.Deserialize<PTick>(bytes, i < 200 ? options : named))
            .Select(t => (t.Symbol, t.Sequence)).ToList();
        Assert.Null(expected[0].Symbol);
        Assert.Equal(Symbols[0], expected[200].Symbol);

        using var reader = new FudgeStreamReader(new MemoryStream(envelopes.SelectMany(bytes => bytes).ToArray()), options);
        var got = new List<(string?, long)>();
        foreach (var value in reader.Query<PTick>().Select(t => ValueTuple.Create(t.Symbol, t.Sequence)))
        {
            got.Add(value);
            if (got.Count == 200) options.TaxonomyResolver = resolver;
        }
        Assert.Equal(expected, got);
    }
}
