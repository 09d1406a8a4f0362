using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class StoredTrade
{
    public string? Symbol { get; set; }
    public double Price { get; set; }
    public long Qty { get; set; }
    public StoredLeg? Main { get; set; }
    public List<StoredLeg>? Legs { get; set; }
}

[FudgeMessage]
public partial class StoredLeg
{
    public string? Venue { get; set; }
}

/// <summary>Typed predicates over an SQLite collection: the same answers as LINQ to Objects, and the declared index used.</summary>
public sealed class TypedQueryStoreTests() : TemporarySqliteStore("fudge-typed-")
{
    private readonly List<StoredTrade> _trades = Trades(43);

    /// <summary>300 trades drawn from <paramref name="seed"/>: some without a symbol or a main leg, some quantities past 32 bits.</summary>
    public static List<StoredTrade> Trades(int seed)
    {
        var random = new Random(seed);
        string[] symbols = { "AAPL", "MSFT", "東京", "Zürich" };
        return Enumerable.Range(0, 300).Select(_ => new StoredTrade
        {
            Symbol = random.Next(5) == 0 ? null : symbols[random.Next(symbols.Length)],
            Price = Math.Round(random.NextDouble() * 200, 2),
            Qty = random.Next(3) == 0 ? random.Next(100) : (long)random.Next() << 8,
            Main = random.Next(3) == 0 ? null : new StoredLeg { Venue = random.Next(2) == 0 ? "BATS" : "XNAS" },
            Legs = Enumerable.Range(0, random.Next(3)).Select(_ => new StoredLeg { Venue = random.Next(2) == 0 ? "BATS" : "ARCA" }).ToList(),
        }).ToList();
    }

    public static IEnumerable<object[]> Predicates() => new List<Expression<Func<StoredTrade, bool>>>
    {
        t => t.Symbol == "AAPL",
        t => t.Symbol != "AAPL",
        t => t.Price > 100 && t.Qty < 50,
        t => t.Main != null && t.Main.Venue == "BATS",
        t => t.Legs != null && t.Legs.Any(l => l.Venue == "ARCA"),
        t => new[] { "東京", "MSFT" }.Contains(t.Symbol),
    }.Select(p => new object[] { p });

    [Theory]
    [MemberData(nameof(Predicates))]
    public async Task Typed_predicates_agree_with_linq_and_use_the_declared_index(Expression<Func<StoredTrade, bool>> predicate)
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(_trades);
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol);
        Assert.Equal(new[] { "$.Symbol" }, await trades.ListIndexesAsync());

        var expected = _trades.Select(t => FudgeSerializer.Deserialize<StoredTrade>(FudgeSerializer.Serialize(t))).Where(predicate.Compile()).Select(FudgeSerializer.Serialize).ToList();
        var found = new List<byte[]>();
        await foreach (var trade in trades.FindAsync(predicate)) found.Add(FudgeSerializer.Serialize(trade));
        Assert.Equal(expected, found);
        Assert.Equal(expected.Count, await trades.CountAsync(predicate));

        // The typed query is the string query: its filter text, evaluated by the store, gives the same count.
        string text = FudgeCollectionQueryExtensions.ToQueryString(predicate);
        Assert.Equal(expected.Count, await trades.CountAsync(text));
    }

    [Fact]
    public async Task An_equality_on_a_declared_index_searches_the_index()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(_trades);
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol);
        var plan = await ((SqliteFudgeCollection)trades).ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "AAPL" && t.Price > 1));
        Assert.Contains("USING INDEX", plan, StringComparison.Ordinal);

        var ordered = new List<StoredTrade>();
        await foreach (var trade in trades.FindAsync((StoredTrade t) => t.Qty < 50, t => t.Price, descending: true, limit: 5)) ordered.Add(trade);
        var expected = _trades.Where(t => t.Qty < 50).OrderByDescending(t => t.Price).Take(5).Select(t => t.Price).ToList();
        Assert.Equal(expected, ordered.Select(t => t.Price));
        Assert.True(await trades.AnyAsync((StoredTrade t) => t.Symbol == "東京"));
    }
}

/// <summary>The same typed predicates on the PostgreSQL store: the same answers, and the GIN index serving them.</summary>
[NeedsPostgres]
public sealed class PostgresTypedQueryStoreTests
{
    [StoreFact]
    public async Task Typed_predicates_agree_with_linq_and_use_the_gin_index()
    {
        await using var store = await Fudge.Store.PostgreSql.PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = (Fudge.Store.PostgreSql.PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var all = TypedQueryStoreTests.Trades(44);
        await trades.InsertManyAsync(all);
        var back = all.Select(t => FudgeSerializer.Deserialize<StoredTrade>(FudgeSerializer.Serialize(t))).ToList();
        foreach (var row in TypedQueryStoreTests.Predicates())
        {
            var predicate = (Expression<Func<StoredTrade, bool>>)row[0];
            var expected = back.Where(predicate.Compile()).Select(FudgeSerializer.Serialize).ToList();
            var found = new List<byte[]>();
            await foreach (var trade in trades.FindAsync(predicate)) found.Add(FudgeSerializer.Serialize(trade));
            Assert.Equal(expected, found);
            Assert.Equal(expected.Count, await trades.CountAsync(predicate));
        }
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {trades.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "AAPL"));
        Assert.Contains($"Bitmap Index Scan on {trades.Table}_gin", plan);
    }
}
