using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

public enum QueryableSide
{
    Buy = 1,
    Sell = 2,
}

[FudgeMessage]
public partial class QueryableTrade
{
    public string? Symbol { get; set; }
    public double Price { get; set; }
    public long Qty { get; set; }
    public int? Lots { get; set; }
    public bool Active { get; set; }
    public QueryableSide Side { get; set; }
    public StoredLeg? Main { get; set; }
    public List<QueryableLeg>? Legs { get; set; }
}

[FudgeMessage]
public partial class QueryableLeg
{
    public string? Venue { get; set; }
    public long Qty { get; set; }
}

/// <summary>
/// The LINQ queries of <see cref="FudgeQueryableExtensions.Query{T}"/> against LINQ to Objects over the same documents:
/// the same results in the same order, for every operator translated, on any store.
/// </summary>
public static class QueryableCases
{
    public static List<QueryableTrade> Trades(int seed, int count)
    {
        var random = new Random(seed);
        string[] symbols = { "AAPL", "MSFT", "東京", "Zürich", "aapl" };
        string[] venues = { "BATS", "XNAS", "ARCA" };
        return Enumerable.Range(0, count).Select(_ => new QueryableTrade
        {
            Symbol = random.Next(6) == 0 ? null : symbols[random.Next(symbols.Length)],
            Price = Math.Round(random.NextDouble() * 200, random.Next(3)),
            Qty = random.Next(3) switch { 0 => random.Next(-5, 100), 1 => random.Next(), _ => (long)random.Next() << 12 },
            Lots = random.Next(3) == 0 ? null : random.Next(-3, 4),
            Active = random.Next(2) == 0,
            Side = (QueryableSide)random.Next(1, 3),
            Main = random.Next(3) == 0 ? null : new StoredLeg { Venue = venues[random.Next(venues.Length)] },
            Legs = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(4)).Select(_ => new QueryableLeg { Venue = venues[random.Next(venues.Length)], Qty = random.Next(-2, 8) }).ToList(),
        }).ToList();
    }

    private static List<byte[]> Bytes(IEnumerable<QueryableTrade> trades) => trades.Select(FudgeSerializer.Serialize).ToList();

    /// <summary>Runs every case on <paramref name="collection"/>, which holds <paramref name="documents"/> in this order.</summary>
    public static async Task AgreeWithLinqAsync(IFudgeCollection collection, List<QueryableTrade> documents)
    {
        // As the store gives them back: LINQ to Objects runs over the deserialized documents.
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        var q = collection.Query<QueryableTrade>();

        Assert.Equal(Bytes(all.Where(t => t.Price > 50)), Bytes(await q.Where(t => t.Price > 50).ToListAsync()));
        Assert.Equal(Bytes(all.Where(t => t.Symbol == "AAPL").OrderBy(t => t.Qty).ThenByDescending(t => t.Price)),
            Bytes(await q.Where(t => t.Symbol == "AAPL").OrderBy(t => t.Qty).ThenByDescending(t => t.Price).ToListAsync()));
        Assert.Equal(Bytes(all.OrderByDescending(t => t.Price).ThenBy(t => t.Lots).Skip(5).Take(10)),
            Bytes(q.OrderByDescending(t => t.Price).ThenBy(t => t.Lots).Skip(5).Take(10).ToList()));
        Assert.Equal(Bytes(all.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" && l.Qty > 2)).OrderBy(t => t.Lots).ThenBy(t => t.Side).ThenBy(t => t.Active)),
            Bytes(await q.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" && l.Qty > 2)).OrderBy(t => t.Lots).ThenBy(t => t.Side).ThenBy(t => t.Active).ToListAsync()));
        Assert.Equal(Bytes(all.Where(t => t.Active).Where(t => t.Qty < 1000).Take(7).Skip(2)),
            Bytes(await q.Where(t => t.Active).Where(t => t.Qty < 1000).Take(7).Skip(2).ToListAsync()));
        // Strings order by code point (ordinal), as the filter language compares them.
        Assert.Equal(Bytes(all.Where(t => t.Symbol != null).OrderBy(t => t.Symbol, StringComparer.Ordinal).ThenBy(t => t.Qty)),
            Bytes(await q.Where(t => t.Symbol != null).OrderBy(t => t.Symbol).ThenBy(t => t.Qty).ToListAsync()));

        // Projections of scalars read only their paths.
        var projected = q.Where(t => t.Price > 20).OrderBy(t => t.Qty).Select(t => new { t.Symbol, t.Qty, t.Lots, Venue = t.Main!.Venue, t.Side, t.Active });
        Assert.DoesNotContain("SELECT doc", projected.ToQueryString(), StringComparison.Ordinal);
        Assert.Equal(all.Where(t => t.Price > 20).OrderBy(t => t.Qty).Select(t => new { t.Symbol, t.Qty, t.Lots, Venue = t.Main?.Venue, t.Side, t.Active }).ToList(),
            await projected.ToListAsync());
        Assert.Equal(all.OrderBy(t => t.Price).Select(t => t.Price).Take(20).ToList(), q.OrderBy(t => t.Price).Select(t => t.Price).Take(20).ToList());
        // A projection of a sub-object reads the documents.
        Assert.Equal(all.Where(t => t.Legs != null).Select(t => t.Legs!.Count).ToList(), await q.Where(t => t.Legs != null).Select(t => t.Legs!.Count).ToListAsync());

        // Operators that end the query.
        Assert.Equal(all.Count(t => t.Qty > 100), q.Count(t => t.Qty > 100));
        Assert.Equal(all.LongCount(t => t.Symbol == "東京"), await q.Where(t => t.Symbol == "東京").LongCountAsync());
        Assert.Equal(all.Skip(3).Take(5).Count(), await q.Skip(3).Take(5).CountAsync());
        Assert.Equal(all.Any(t => t.Symbol == "Zürich"), q.Any(t => t.Symbol == "Zürich"));
        Assert.False(await q.Where(t => t.Symbol == "none").AnyAsync());
        Assert.Equal(FudgeSerializer.Serialize(all.OrderBy(t => t.Price).First(t => t.Active)), FudgeSerializer.Serialize(q.OrderBy(t => t.Price).First(t => t.Active)));
        Assert.Null(await q.Where(t => t.Symbol == "none").FirstOrDefaultAsync());
        var unique = all.GroupBy(t => t.Qty).First(g => g.Count() == 1).Key;
        Assert.Equal(FudgeSerializer.Serialize(all.Single(t => t.Qty == unique)), FudgeSerializer.Serialize(await q.Where(t => t.Qty == unique).SingleAsync()));
        Assert.Throws<InvalidOperationException>(() => q.Single(t => t.Active));
        await Assert.ThrowsAsync<InvalidOperationException>(() => q.Where(t => t.Symbol == "none").FirstAsync());
        Assert.Equal(all.Where(t => t.Active).Select(t => t.Qty).FirstOrDefault(), q.Where(t => t.Active).Select(t => t.Qty).FirstOrDefault());
    }

    /// <summary>Shapes that have no SQL translation are refused where the query is written, naming the call.</summary>
    public static void RefusesUntranslatableShapes(IFudgeCollection collection)
    {
        var q = collection.Query<QueryableTrade>();
        Assert.Contains("Where after Select, Skip or Take", Assert.Throws<FudgeTranslationException>(() => q.Take(5).Where(t => t.Active)).Reason);
        Assert.Contains("Message", Assert.Throws<FudgeTranslationException>(() => q.OrderBy(t => t.Main)).Reason);
        Assert.Contains("GroupBy", Assert.Throws<FudgeTranslationException>(() => q.GroupBy(t => t.Symbol)).Reason);
        Assert.Contains("comparers", Assert.Throws<FudgeTranslationException>(() => q.OrderBy(t => t.Symbol, StringComparer.Ordinal)).Reason);
        Assert.Contains("no field", Assert.Throws<FudgeTranslationException>(() => q.Where(t => t.Price * 2 > 1)).Reason);
        Assert.Equal("t.Symbol.ToUpper()", Assert.Throws<FudgeTranslationException>(() => q.Where(t => t.Symbol!.ToUpper() == "A")).Expression);
    }
}

/// <summary>The LINQ provider on SQLite: the same answers as LINQ to Objects, the SQL shown, and the declared index used.</summary>
public sealed class SqliteQueryableTests() : TemporarySqliteStore("fudge-queryable-")
{
    [Theory]
    [InlineData(4301)]
    [InlineData(4302)]
    [InlineData(4303)]
    public async Task Queries_agree_with_linq_to_objects(int seed)
    {
        var trades = await Store.GetCollectionAsync("trades" + seed);
        var documents = QueryableCases.Trades(seed, 250);
        await trades.InsertManyAsync(documents);
        await QueryableCases.AgreeWithLinqAsync(trades, documents);
    }

    [Fact]
    public async Task Untranslatable_shapes_are_refused_before_running()
    {
        QueryableCases.RefusesUntranslatableShapes(await Store.GetCollectionAsync("trades"));
    }

    [Fact]
    public async Task ToListAsync_gives_what_enumerating_gives_honours_cancellation_and_refuses_other_queries()
    {
        var trades = await Store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(4304, 120);
        await trades.InsertManyAsync(documents);
        var ids = trades.Query<QueryableTrade>().Where(t => t.Price > 50).OrderBy(t => t.Qty).Select(t => t.Qty);
        var enumerated = new List<long>();
        await foreach (long qty in ids.AsAsyncEnumerable()) enumerated.Add(qty);
        Assert.NotEmpty(enumerated);
        Assert.Equal(enumerated, await ids.ToListAsync());
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => ids.ToListAsync(cancelled.Token));
        await Assert.ThrowsAsync<ArgumentException>(() => new[] { 1L }.AsQueryable().ToListAsync());
    }

    [Fact]
    public async Task ToQueryString_shows_the_sql_and_its_parameters()
    {
        var trades = await Store.GetCollectionAsync("trades");
        var query = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL").OrderByDescending(t => t.Price).Skip(2).Take(3).Select(t => new { t.Qty, t.Price });
        string sql = query.ToQueryString();
        Assert.Contains("-- $filter='$.Symbol == ''AAPL'''", sql, StringComparison.Ordinal);
        Assert.Contains("-- $c0='$.Qty'", sql, StringComparison.Ordinal);
        Assert.Contains("SELECT fudge_column(doc, $c0), fudge_column(doc, $c1) FROM ", sql, StringComparison.Ordinal);
        // The bytes of "AAPL", which every match holds, searched for before the filter runs (RequiredBytes).
        Assert.Contains("-- $needle=x'4141504C'", sql, StringComparison.Ordinal);
        Assert.Contains("WHERE instr(doc, $needle) > 0 AND fudge_match(doc, $filter) ORDER BY fudge_order_or_zero(doc, $o0) DESC, id ASC LIMIT $limit OFFSET $skip", sql, StringComparison.Ordinal);
        Assert.Contains("-- $limit=3", sql, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_query_on_a_declared_index_searches_it()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(QueryableCases.Trades(7, 300));
        await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
        var query = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL" && t.Price > 10).OrderBy(t => t.Qty).Select(t => t.Price);
        Assert.Contains("fudge_index_key(doc, '$.Symbol') IN ($k0, x'00')", query.ToQueryString(), StringComparison.Ordinal);
        var plan = FudgeQueryableParser.Parse(query.Expression, typeof(QueryableTrade)).Plan;
        Assert.Contains("USING INDEX", await ((SqliteFudgeCollection)trades).ExplainAsync(plan), StringComparison.Ordinal);
        Assert.Equal(QueryableCases.Trades(7, 300).Where(t => t.Symbol == "AAPL" && t.Price > 10).OrderBy(t => t.Qty).Select(t => t.Price), await query.ToListAsync());
    }
}

/// <summary>
/// The LINQ provider on PostgreSQL: the same answers as LINQ to Objects (so as SQLite), projections without a Where read
/// only their jsonb paths, and the declared B-tree index (on a typed key column) searched.
/// </summary>
[NeedsPostgres]
public sealed class PostgresQueryableTests
{
    [StoreTheory]
    [InlineData(4301)]
    [InlineData(4304)]
    public async Task Queries_agree_with_linq_to_objects(int seed)
    {
        await using var store = await Fudge.Store.PostgreSql.PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var trades = await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(seed, 250);
        await trades.InsertManyAsync(documents);
        await QueryableCases.AgreeWithLinqAsync(trades, documents);
        QueryableCases.RefusesUntranslatableShapes(trades);
    }

    [StoreFact]
    public async Task A_projection_without_a_filter_reads_only_its_paths()
    {
        await using var store = await Fudge.Store.PostgreSql.PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var trades = await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(5, 100);
        await trades.InsertManyAsync(documents);
        var query = trades.Query<QueryableTrade>().OrderBy(t => t.Symbol).ThenBy(t => t.Qty).Skip(3).Take(20).Select(t => new { t.Symbol, t.Qty, t.Lots, t.Side, t.Active, t.Price });
        string sql = query.ToQueryString();
        // Each column the jsonb value as its text (a string quoted: its kind is the bytes' field's); a column on the path
        // of a number ordering is that ordering's key (the member's value: the last of several, a missing long's 0); the
        // documents only where the jsonb does not give a value.
        Assert.Contains("SELECT (json -> 'Symbol')::text, coalesce((CASE WHEN several_fields IS FALSE THEN (json -> 'Qty') ELSE CASE jsonb_typeof((json -> 'Qty')) WHEN 'array' THEN nullif((json -> 'Qty') -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE (json -> 'Qty') END END), '0'::jsonb)::text, (json -> 'Lots')::text, ", sql, StringComparison.Ordinal);
        Assert.Contains("THEN doc END FROM", sql, StringComparison.Ordinal);
        Assert.DoesNotContain("id, doc", sql, StringComparison.Ordinal);
        Assert.Contains("COLLATE \"C\"", sql, StringComparison.Ordinal);
        var expected = documents.OrderBy(t => t.Symbol, StringComparer.Ordinal).ThenBy(t => t.Qty).Skip(3).Take(20).Select(t => new { t.Symbol, t.Qty, t.Lots, t.Side, t.Active, t.Price }).ToList();
        Assert.Equal(expected, await query.ToListAsync());
        Assert.Equal(documents.Skip(10).Take(50).Count(), await trades.Query<QueryableTrade>().Skip(10).Take(50).CountAsync());
    }

    [StoreFact]
    public async Task A_declared_index_is_a_btree_index_that_queries_search()
    {
        await using var store = await Fudge.Store.PostgreSql.PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var trades = (Fudge.Store.PostgreSql.PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(6, 400);
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Qty);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {trades.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        // A range, which the GIN index cannot answer, and the typed query, the text query and the LINQ query alike.
        string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Qty > 1000 && t.Qty < 5000));
        Assert.Matches($"Index Scan (using|on) {trades.Table}_ix_", plan);
        var linq = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL" && t.Qty < 100).OrderBy(t => t.Qty);
        Assert.Contains("fudge_k_2 IN (@k", linq.ToQueryString(), StringComparison.Ordinal); // the text key's column
        var range = trades.Query<QueryableTrade>().Where(t => t.Qty >= 1000 && t.Qty < 5000).OrderBy(t => t.Price);
        Assert.Matches($"Index Scan (using|on) {trades.Table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(range.Expression, typeof(QueryableTrade)).Plan));
        Assert.Equal(documents.Where(t => t.Qty >= 1000 && t.Qty < 5000).OrderBy(t => t.Price).Select(FudgeSerializer.Serialize), (await range.ToListAsync()).Select(FudgeSerializer.Serialize));
        // The index changes no answer: repeated, absent and null values included.
        Assert.Equal(documents.Where(t => t.Symbol == "AAPL" && t.Qty < 100).OrderBy(t => t.Qty).Select(FudgeSerializer.Serialize), (await linq.ToListAsync()).Select(FudgeSerializer.Serialize));
        Assert.Equal(documents.Count(t => t.Qty > 1000 && t.Qty < 5000 || t.Symbol == "東京"), await trades.CountAsync("($.Qty > 1000 && $.Qty < 5000) || $.Symbol == '東京'"));
        Assert.True(await trades.DropIndexAsync(FudgePath.Compile("$.Qty")));
        Assert.DoesNotContain("_ix_1", await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Qty > 1000)));
    }
}
