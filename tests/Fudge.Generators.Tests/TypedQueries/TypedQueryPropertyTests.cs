using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// Typed queries against LINQ to Objects over the deserialized values, on random trades with absent members, nulls,
/// numbers of every width and non-ASCII strings: the filter on the bytes, the stream query, its projections, counts
/// and windows give the same answers, in the same order.
/// </summary>
public class TypedQueryPropertyTests
{
    private static readonly string[] Symbols = { "AAPL", "MSFT", "aapl", "Zürich", "東京", "A'B", "", "ÀÉÎ\U0001F600" };
    private static readonly string[] Venues = { "XNAS", "BATS", "ARCA", "ß" };

    public static List<QTrade> Trades(int seed, int count)
    {
        var random = new Random(seed);
        var trades = new List<QTrade>();
        for (int i = 0; i < count; i++)
        {
            // Quantities across every integer width, so the wire holds int8..int64 and the filter widens them.
            long qty = random.Next(5) switch { 0 => random.Next(-3, 10), 1 => random.Next(-200, 200), 2 => random.Next(), 3 => (long)random.Next() << 20, _ => 7 };
            trades.Add(new QTrade
            {
                Symbol = random.Next(6) == 0 ? null : Symbols[random.Next(Symbols.Length)],
                Price = random.Next(40) == 0 ? double.NaN : Math.Round(random.NextDouble() * 200, random.Next(4)),
                Qty = qty,
                Lots = random.Next(3) == 0 ? null : random.Next(-2, 6),
                Active = random.Next(2) == 0,
                Side = (QSide)random.Next(1, 4),
                Time = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(random.Next(100_000)),
                Day = new DateOnly(2024, 1, 1).AddDays(random.Next(60)),
                Age = TimeSpan.FromMilliseconds(random.Next(5000)),
                Ratio = (float)random.NextDouble(),
                Main = random.Next(3) == 0 ? null : new QLeg { Venue = random.Next(4) == 0 ? null : Venues[random.Next(Venues.Length)], Qty = random.Next(10) },
                Legs = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(4)).Select(_ => new QLeg { Venue = Venues[random.Next(Venues.Length)], Qty = random.Next(-2, 10) }).ToList(),
                Tags = random.Next(3) == 0 ? null : Enumerable.Range(0, random.Next(3)).Select(_ => Symbols[random.Next(Symbols.Length)] ?? "x").ToList(),
                Codes = random.Next(3) == 0 ? null : new HashSet<int>(Enumerable.Range(0, random.Next(3)).Select(_ => random.Next(10))),
                Instrument = random.Next(3) switch { 0 => null, 1 => new QStock { Name = "s", Ticker = "T" }, _ => new QBond { Name = "b", Coupon = random.Next(5) } },
            });
        }
        return trades;
    }

    private static readonly string Captured = "AAPL";

    /// <summary>Predicates over every supported shape, null-safe in C# so that LINQ to Objects gives an answer.</summary>
    public static IEnumerable<object[]> Predicates()
    {
        var list = new List<Expression<Func<QTrade, bool>>>
        {
            t => t.Symbol == "AAPL",
            t => t.Symbol == Captured || t.Symbol == "東京",
            t => t.Symbol != "AAPL",
            t => t.Symbol == null,
            t => t.Symbol != null && t.Symbol.StartsWith("A", StringComparison.Ordinal),
            t => t.Symbol != null && t.Symbol.Contains("ü"),
            t => t.Symbol != null && t.Symbol.EndsWith("\U0001F600", StringComparison.Ordinal),
            t => string.Equals(t.Symbol, "AAPL", StringComparison.OrdinalIgnoreCase),
            t => string.IsNullOrEmpty(t.Symbol),
            t => string.CompareOrdinal(t.Symbol, "M") > 0,
            t => t.Price > 100,
            t => t.Price != 42.5,
            t => t.Price == 42.5,
            t => t.Price <= 50.5 && t.Qty > 1000,
            t => t.Qty == 7 || t.Qty < 0,
            t => t.Qty > 1L << 30,
            t => t.Lots == 3,
            t => t.Lots != 3,
            t => t.Lots > 1,
            t => t.Lots.HasValue,
            t => !t.Lots.HasValue,
            t => t.Active,
            t => !t.Active && t.Price > 10,
            t => t.Side == QSide.Sell,
            t => t.Side != QSide.Buy,
            t => t.Time >= new DateTime(2024, 2, 1, 0, 0, 0, DateTimeKind.Utc),
            t => t.Day < new DateOnly(2024, 1, 20),
            t => t.Age > TimeSpan.FromSeconds(2),
            t => t.Ratio > 0.5f,
            t => t.Main != null && t.Main.Venue == "BATS",
            t => t.Main != null && t.Main.Qty >= 5,
            t => t.Main == null,
            t => t.Legs != null && t.Legs.Any(),
            t => t.Legs != null && t.Legs.Any(l => l.Venue == "ß"),
            t => t.Legs != null && t.Legs.Any(l => l.Qty > 7 || l.Venue == "ARCA"),
            t => t.Legs != null && t.Legs.All(l => l.Qty >= 0),
            t => t.Legs != null && t.Legs.Count >= 2,
            t => t.Legs != null && t.Legs.Count > 0 && t.Legs[0].Venue == "XNAS",
            t => t.Tags != null && t.Tags.Contains("Zürich"),
            t => t.Codes != null && t.Codes.Contains(3),
            t => new[] { "MSFT", "", "A'B" }.Contains(t.Symbol),
            t => t.Instrument is QStock,
            t => t.Instrument is QBond && ((QBond)t.Instrument).Coupon >= 2,
            t => !(t.Price > 100 || t.Symbol == "MSFT"),
        };
        return list.Select(p => new object[] { p });
    }

    [Theory]
    [MemberData(nameof(Predicates))]
    public void The_filter_on_the_bytes_agrees_with_linq_to_objects(Expression<Func<QTrade, bool>> predicate)
    {
        var filter = FudgeTypedQuery.Filter(predicate);
        var linq = predicate.Compile();
        foreach (var trade in Trades(seed: 43, count: 300))
        {
            var bytes = FudgeSerializer.Serialize(trade);
            var back = FudgeSerializer.Deserialize<QTrade>(bytes);
            Assert.True(linq(back) == filter.Matches(bytes), $"{predicate} / {filter.Text} on {Describe(back)}");
            // The same text through the string language: the same plan, the same answer.
            Assert.Equal(filter.Matches(bytes), FudgeFilter.Compile(filter.Text).Matches(bytes));
        }
    }

    [Theory]
    [MemberData(nameof(Predicates))]
    public void The_stream_query_agrees_with_linq_to_objects(Expression<Func<QTrade, bool>> predicate)
    {
        var trades = Trades(seed: 7, count: 120);
        var stream = Stream(trades);
        var expected = trades.Select(t => FudgeSerializer.Deserialize<QTrade>(FudgeSerializer.Serialize(t))).Where(predicate.Compile()).ToList();

        using var reader = new FudgeStreamReader(new MemoryStream(stream));
        var got = reader.Query<QTrade>().Where(predicate).ToList();
        Assert.Equal(expected.Select(FudgeSerializer.Serialize), got.Select(FudgeSerializer.Serialize));

        using var counting = new FudgeStreamReader(new MemoryStream(stream));
        Assert.Equal(expected.Count, counting.Query<QTrade>().Count(predicate));

        using var window = new FudgeStreamReader(new MemoryStream(stream));
        var page = window.Query<QTrade>().Where(predicate).Skip(2).Take(3).ToList();
        Assert.Equal(expected.Skip(2).Take(3).Select(FudgeSerializer.Serialize), page.Select(FudgeSerializer.Serialize));
    }

    [Fact]
    public void Projections_read_only_the_projected_fields_and_agree_with_linq()
    {
        var trades = Trades(seed: 11, count: 200);
        var stream = Stream(trades);
        var back = trades.Select(t => FudgeSerializer.Deserialize<QTrade>(FudgeSerializer.Serialize(t))).ToList();

        using var reader = new FudgeStreamReader(new MemoryStream(stream));
        var projection = reader.Query<QTrade>().Where(t => t.Price > 20).Select(t => new { t.Symbol, t.Qty, t.Lots, Venue = t.Main!.Venue, t.Side, t.Time, t.Day });
        Assert.True(projection.ReadsFieldsOnly);
        var expected = back.Where(t => t.Price > 20).Select(t => new { t.Symbol, t.Qty, t.Lots, Venue = t.Main?.Venue, t.Side, t.Time, t.Day }).ToList();
        Assert.Equal(expected, projection.ToList());
    }

    [Fact]
    public void A_projection_of_a_whole_sub_object_deserializes_the_match()
    {
        var trades = Trades(seed: 12, count: 50);
        using var reader = new FudgeStreamReader(new MemoryStream(Stream(trades)));
        var projection = reader.Query<QTrade>().Select(t => new { t.Symbol, Legs = t.Legs == null ? 0 : t.Legs.Count });
        Assert.False(projection.ReadsFieldsOnly);
        Assert.Equal(trades.Select(t => new { t.Symbol, Legs = t.Legs == null ? 0 : t.Legs.Count }), projection.ToList());
    }

    [Fact]
    public async Task Async_enumeration_first_and_any()
    {
        var trades = Trades(seed: 13, count: 80);
        var stream = Stream(trades);
        var expected = trades.Where(t => t.Qty == 7).Select(FudgeSerializer.Serialize).ToList();

        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var got = new List<byte[]>();
            await foreach (var trade in reader.Query<QTrade>().Where(t => t.Qty == 7)) got.Add(FudgeSerializer.Serialize(trade));
            Assert.Equal(expected, got);
        }
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(expected.Count, await reader.Query<QTrade>().Where(t => t.Qty == 7).CountAsync());
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.Equal(expected[0], FudgeSerializer.Serialize(reader.Query<QTrade>().First(t => t.Qty == 7)));
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
            Assert.False(reader.Query<QTrade>().Any(t => t.Qty == 7 && t.Qty == 8));
    }

    [Fact]
    public void A_refused_predicate_throws_before_the_stream_is_read()
    {
        var stream = new MemoryStream(Stream(Trades(seed: 1, count: 3)));
        using var reader = new FudgeStreamReader(stream);
        Assert.Throws<FudgeTranslationException>(() => reader.Query<QTrade>().Where(t => t.Symbol!.ToLower() == "x"));
        Assert.Equal(0, stream.Position);
    }

    internal static byte[] Stream(IEnumerable<QTrade> trades)
    {
        var output = new MemoryStream();
        foreach (var trade in trades) FudgeSerializer.Serialize(output, trade);
        return output.ToArray();
    }

    private static string Describe(QTrade t)
        => $"Symbol={t.Symbol ?? "null"} Price={t.Price} Qty={t.Qty} Lots={t.Lots?.ToString() ?? "null"} Main={(t.Main is null ? "null" : t.Main.Venue ?? "venue null")} Legs={t.Legs?.Count.ToString() ?? "null"}";
}
