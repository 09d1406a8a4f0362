using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class DatedTrade
{
    public string? Symbol { get; set; }
    public DateTime Time { get; set; }
    public DateTimeOffset At { get; set; }
    public DateOnly Day { get; set; }
    public DateTime? Settled { get; set; }
}

/// <summary>
/// LINQ orderings by date-time members on the stores against LINQ to Objects over the documents read back: the
/// instants C# compares (a zone's offset taken off, no zone as UTC), ties by insertion order, to the 100 ns tick.
/// </summary>
public static class DateOrderingCases
{
    private static readonly TimeSpan[] Offsets =
    {
        TimeSpan.Zero, TimeSpan.FromHours(1), TimeSpan.FromHours(-5), new(5, 30, 0), new(5, 45, 0), TimeSpan.FromHours(14),
        TimeSpan.FromHours(-12), new(5, 17, 0), // not whole quarter hours: written as text
    };

    public static List<DatedTrade> Trades(int seed, int count)
    {
        var random = new Random(seed);
        var start = new DateTime(2026, 11, 29, 0, 0, 0);
        // Few distinct minutes, so that values tie (and equal instants with other offsets tie too); some values with
        // ticks below the microsecond.
        DateTime Clock() => start.AddMinutes(random.Next(40) * 30).AddTicks(random.Next(3) == 0 ? random.Next(10_000) : 0);
        return Enumerable.Range(0, count).Select(_ =>
        {
            var offset = Offsets[random.Next(Offsets.Length)];
            var clock = Clock();
            return new DatedTrade
            {
                Symbol = random.Next(2) == 0 ? "A" : "B",
                Time = DateTime.SpecifyKind(Clock(), random.Next(3) switch { 0 => DateTimeKind.Utc, 1 => DateTimeKind.Unspecified, _ => DateTimeKind.Local }),
                At = new DateTimeOffset(clock, offset),
                Day = DateOnly.FromDateTime(start.AddDays(random.Next(5))),
                Settled = random.Next(3) == 0 ? null : DateTime.SpecifyKind(Clock(), DateTimeKind.Utc),
            };
        }).ToList();
    }

    private static List<byte[]> Bytes(IEnumerable<DatedTrade> trades) => trades.Select(FudgeSerializer.Serialize).ToList();

    public static async Task AgreeWithLinqAsync(IFudgeCollection collection, List<DatedTrade> documents)
    {
        var all = documents.Select(t => FudgeSerializer.Deserialize<DatedTrade>(FudgeSerializer.Serialize(t))).ToList();
        var q = collection.Query<DatedTrade>();
        Assert.Equal(Bytes(all.OrderBy(t => t.Time)), Bytes(await q.OrderBy(t => t.Time).ToListAsync()));
        Assert.Equal(Bytes(all.OrderByDescending(t => t.At).ThenBy(t => t.Time)), Bytes(await q.OrderByDescending(t => t.At).ThenBy(t => t.Time).ToListAsync()));
        Assert.Equal(Bytes(all.OrderBy(t => t.Settled).ThenByDescending(t => t.Day).ThenBy(t => t.At)),
            Bytes(await q.OrderBy(t => t.Settled).ThenByDescending(t => t.Day).ThenBy(t => t.At).ToListAsync()));
        Assert.Equal(Bytes(all.Where(t => t.Symbol == "A").OrderBy(t => t.At).Skip(3).Take(10)),
            Bytes(await q.Where(t => t.Symbol == "A").OrderBy(t => t.At).Skip(3).Take(10).ToListAsync()));
        Assert.Equal(all.OrderByDescending(t => t.Settled).Select(t => t.Settled).Take(15).ToList(),
            await q.OrderByDescending(t => t.Settled).Select(t => t.Settled).Take(15).ToListAsync());
    }
}

public sealed class SqliteDateOrderingTests() : TemporarySqliteStore("fudge-dates-")
{
    [Theory]
    [InlineData(4311)]
    [InlineData(4312)]
    public async Task Orderings_by_date_times_agree_with_linq_to_objects(int seed)
    {
        var trades = await Store.GetCollectionAsync("dated" + seed);
        var documents = DateOrderingCases.Trades(seed, 200);
        await trades.InsertManyAsync(documents);
        await DateOrderingCases.AgreeWithLinqAsync(trades, documents);
        // By instant; a missing DateTimeOffset as its default's (tick 0), a missing DateTime? as null.
        Assert.Contains("fudge_order_instant_or_zero(doc, $o0)", trades.Query<DatedTrade>().OrderBy(t => t.At).ToQueryString(), StringComparison.Ordinal);
        Assert.Contains("fudge_order_instant(doc, $o0)", trades.Query<DatedTrade>().OrderBy(t => t.Settled).ToQueryString(), StringComparison.Ordinal);
    }
}

[NeedsPostgres]
public sealed class PostgresDateOrderingTests
{
    [StoreTheory]
    [InlineData(4311)]
    [InlineData(4313)]
    public async Task Orderings_by_date_times_agree_with_linq_to_objects(int seed)
    {
        await using var store = await Fudge.Store.PostgreSql.PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = await store.GetCollectionAsync("dated");
        var documents = DateOrderingCases.Trades(seed, 200);
        await trades.InsertManyAsync(documents);
        await DateOrderingCases.AgreeWithLinqAsync(trades, documents);
        Assert.Contains("::timestamptz", trades.Query<DatedTrade>().OrderBy(t => t.At).ToQueryString(), StringComparison.Ordinal);
    }
}
