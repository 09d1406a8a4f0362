using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The planner settings around a statement a GIN index can serve (GinScanSettings): a selective value is searched in
/// the index (the whole-document GIN, or the venues' elements index), a value in a large share of the documents is
/// tested in a scan, and the answers are LINQ to Objects' either way; the settings hold for the statement only.
/// </summary>
[NeedsPostgres]
public sealed class PostgresGinScanSettingsTests
{
    // BATS in about 30% of the trades (one test a row: the scan's side of the crossover, where the server's defaults
    // search the index), XPAR in four (the index's side), XLON in half.
    internal static List<StoredTrade> Trades()
    {
        var random = new Random(4343);
        return Enumerable.Range(0, 4000).Select(i => new StoredTrade
        {
            Symbol = "S" + (char)('A' + i % 7),
            Price = random.Next(0, 300),
            Qty = i,
            Legs = Enumerable.Range(0, random.Next(0, 3))
                .Select(_ => new StoredLeg { Venue = i % 1000 == 7 ? "XPAR" : random.Next(3) != 0 ? "XLON" : "BATS" }).ToList(),
        }).ToList();
    }

    internal static IQueryable<long> AnyVenue(IFudgeCollection collection, string venue)
        => collection.Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Qty).Select(t => t.Qty);

    private static FudgeQueryPlan Plan(IQueryable<long> query) => FudgeQueryableParser.Parse(query.Expression, typeof(StoredTrade)).Plan;

    private static async Task<(PostgresFudgeStore Store, PostgresFudgeCollection Gin, PostgresFudgeCollection Legs, List<StoredTrade> Trades)> OpenAsync()
    {
        var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("legs", enabled: false);
        var gin = (PostgresFudgeCollection)await store.GetCollectionAsync("gin");
        var legs = (PostgresFudgeCollection)await store.GetCollectionAsync("legs");
        // The Qty key column (the composite), which the Any ordered by Qty reads; the venues' index on the second.
        foreach (var collection in new[] { gin, legs }) await collection.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Qty });
        await legs.CreateIndexAsync((StoredTrade t) => t.Legs!.Select(l => l.Venue));
        var trades = Trades();
        foreach (var collection in new[] { gin, legs })
        {
            await collection.InsertManyAsync(trades);
            await using var analyze = store.Connection.CreateCommand();
            analyze.CommandText = $"VACUUM ANALYZE {collection.Table}";
            await analyze.ExecuteNonQueryAsync();
        }
        return (store, gin, legs, trades);
    }

    [StoreFact]
    public async Task A_rare_value_searches_the_gin_and_a_common_one_is_tested_in_a_scan_with_the_answers_of_linq()
    {
        var (store, gin, legs, trades) = await OpenAsync();
        await using var _ = store;
        foreach (string venue in new[] { "XPAR", "BATS" })
        {
            var expected = trades.Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Qty).Select(t => t.Qty).ToList();
            Assert.InRange(expected.Count, venue == "XPAR" ? 1 : 1000, venue == "XPAR" ? 10 : 1500);
            bool rare = venue == "XPAR";
            // The whole-document GIN: the typed Any (ordered by the key column) and the string filter alike.
            string typed = (await gin.ExplainKeyColumnOrderedAsync(Plan(AnyVenue(gin, venue))))!;
            string text = await gin.ExplainAsync(FudgeFilter.Compile($"$.Legs.#.Venue == '{venue}'"));
            foreach (string plan in new[] { typed, text })
            {
                if (rare) Assert.Contains($"Bitmap Index Scan on {gin.Table}_gin", plan, StringComparison.Ordinal);
                else
                {
                    Assert.Matches($@"Seq Scan on {gin.Table} [^\n]*\n\s*Filter: [^\n]*json @\? ", plan);
                    Assert.DoesNotContain("Bitmap", plan, StringComparison.Ordinal);
                }
            }
            // The venues' elements index: its column's containment, searched or tested in the scan.
            string elements = (await legs.ExplainKeyColumnOrderedAsync(Plan(AnyVenue(legs, venue))))!;
            if (rare) Assert.Matches($"Bitmap Index Scan on {legs.Table}_ix_[0-9]+", elements);
            else Assert.Matches($@"Seq Scan on {legs.Table} [^\n]*\n\s*Filter: \(fudge_k_[0-9]+ @> ", elements);
            foreach (var collection in new[] { gin, legs })
            {
                Assert.Equal(expected, await AnyVenue(collection, venue).ToListAsync());
                var found = new List<long>();
                await foreach (var document in collection.FindAsync(new FudgeQuery { Where = FudgeFilter.Compile($"$.Legs.#.Venue == '{venue}'") }))
                    found.Add(FudgeSerializer.Deserialize<StoredTrade>(document.Envelope).Qty);
                Assert.Equal(expected, found.Order());
                Assert.Equal(expected.Count, await collection.CountAsync(FudgeFilter.Compile($"$.Legs.#.Venue == '{venue}'")));
            }
        }
    }

    [StoreFact]
    public async Task The_settings_go_with_the_statements_the_gin_serves_and_the_defaults_with_the_others()
    {
        var (store, gin, legs, trades) = await OpenAsync();
        await using var _ = store;
        // Shown with the statement; one equality also raises the index tuple's cost, several tests do not.
        Assert.Matches("(?m)^SET parallel_tuple_cost = 0.01; SET cpu_index_tuple_cost = 0.05; SELECT ", AnyVenue(gin, "XLON").ToQueryString());
        string several = gin.Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON" || l.Venue == "XPAR")).ToQueryString();
        Assert.Matches("(?m)^SET parallel_tuple_cost = 0.01; SELECT ", several);
        Assert.Matches("(?m)^SET parallel_tuple_cost = 0.01; SET cpu_index_tuple_cost = 0.05; SELECT ", AnyVenue(legs, "XLON").ToQueryString());
        // Not where no GIN serves the filter: an equality a B-tree key column answers.
        var symbol = gin.Query<StoredTrade>().Where(t => t.Symbol == "SA").OrderBy(t => t.Qty).Select(t => t.Qty);
        Assert.Matches("(?m)^SELECT ", symbol.ToQueryString());
        Assert.DoesNotContain("SET ", symbol.ToQueryString(), StringComparison.Ordinal);
        int xlon = trades.Count(t => t.Legs!.Any(l => l.Venue == "XLON"));
        // The session keeps a GIN statement's settings for the next such statement, and is back to its defaults for
        // a statement no GIN serves.
        Assert.Equal(xlon, (await AnyVenue(gin, "XLON").ToListAsync()).Count);
        Assert.Equal("0.01 0.05", await SettingsAsync(store));
        Assert.Equal(xlon, await gin.CountAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'XLON'")));
        Assert.Equal("0.01 0.05", await SettingsAsync(store));
        await foreach (var first in gin.FindAsync(new FudgeQuery { Where = FudgeFilter.Compile("$.Legs.#.Venue == 'XLON' || $.Legs.#.Venue == 'XPAR'") }))
            break;
        Assert.Equal("0.01 0.005", await SettingsAsync(store));
        Assert.Equal(trades.Where(t => t.Symbol == "SA").Select(t => t.Qty).Order(), await symbol.ToListAsync());
        Assert.Equal("0.1 0.005", await SettingsAsync(store));
        // A change inside a transaction is SET LOCAL: when the transaction ends the session has its own settings again
        // (every ending: PostgresGinScanSettingsTransactionTests).
        await using (var transaction = await store.BeginTransactionAsync())
        {
            Assert.Equal(xlon, await legs.CountAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'XLON'")));
            Assert.Equal("0.01 0.05", await SettingsAsync(store));
        }
        Assert.Equal("0.1 0.005", await SettingsAsync(store));
        Assert.Equal(xlon, (await AnyVenue(legs, "XLON").ToListAsync()).Count);
        Assert.Equal("0.01 0.05", await SettingsAsync(store));
    }

    private static async Task<string?> SettingsAsync(PostgresFudgeStore store)
    {
        await using var show = store.Connection.CreateCommand();
        show.CommandText = "SELECT current_setting('parallel_tuple_cost') || ' ' || current_setting('cpu_index_tuple_cost')";
        return (string?)await show.ExecuteScalarAsync();
    }
}
