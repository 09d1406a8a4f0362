using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using NpgsqlTypes;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The collection <c>Any</c> of one equality in a collection of the list layout with its whole-document GIN
/// (GinOrContainment): a rare value searches the GIN through the jsonpath, a common one is tested by the containment of
/// the list's subtree, chosen by the planner's estimate before the statement is sent and kept for the next execution;
/// the answers are LINQ to Objects' either way.
/// </summary>
[NeedsPostgres]
public sealed class PostgresGinOrContainmentTests
{
    // The settings tests' trades: XLON in about half of them (far past the 5% crossover), XPAR in four.
    private static List<StoredTrade> Trades() => PostgresGinScanSettingsTests.Trades();

    private static IQueryable<long> AnyVenue(IFudgeCollection collection, string venue) => PostgresGinScanSettingsTests.AnyVenue(collection, venue);

    private static async Task<(PostgresFudgeStore Store, PostgresFudgeCollection Gin, List<StoredTrade> Trades)> OpenAsync(string? connection = null)
    {
        var store = await PostgresFudgeStore.OpenAsync(connection ?? await Postgres.FreshSchemaAsync());
        var gin = (PostgresFudgeCollection)await store.GetCollectionAsync("gin");
        var trades = Trades();
        await gin.InsertManyAsync(trades);
        await using var analyze = store.Connection.CreateCommand();
        analyze.CommandText = $"VACUUM ANALYZE {gin.Table}";
        await analyze.ExecuteNonQueryAsync();
        return (store, gin, trades);
    }

    [StoreFact]
    public async Task A_rare_value_searches_the_gin_and_a_common_one_is_tested_by_containment_with_the_answers_of_linq()
    {
        var (store, gin, trades) = await OpenAsync();
        await using var _ = store;
        Assert.True(gin.WholeDocumentIndex && gin.ListsAsArrays);
        foreach (string venue in new[] { "XPAR", "XLON" })
        {
            bool rare = venue == "XPAR";
            var expected = trades.Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Qty).Select(t => t.Qty).ToList();
            Assert.InRange(expected.Count, rare ? 1 : 1500, rare ? 10 : 3000);
            // Before the first execution the statement says that it chooses.
            Assert.Contains("/* chosen per execution: the GIN's jsonpath below, or where the planner estimates more than 5% of the table's rows, (CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN json -> 'Legs' -> '' @> @lists",
                AnyVenue(gin, venue).ToQueryString(), StringComparison.Ordinal);
            int estimated = gin.FormChoice.Estimated;
            Assert.Equal(expected, await AnyVenue(gin, venue).ToListAsync());
            Assert.Equal(estimated + 1, gin.FormChoice.Estimated);
            // Then the form chosen, kept: the same query, its count and FindAsync make no second estimate.
            string shown = AnyVenue(gin, venue).ToQueryString();
            Assert.DoesNotContain("chosen per execution", shown, StringComparison.Ordinal);
            if (rare)
            {
                Assert.Contains("WHERE position(@needle in doc) > 0 AND json @? @where", shown, StringComparison.Ordinal);
                Assert.DoesNotContain("@>", shown, StringComparison.Ordinal);
            }
            else Assert.Contains("WHERE position(@needle in doc) > 0 AND (CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN json -> 'Legs' -> '' @> @lists", shown, StringComparison.Ordinal);
            var filter = FudgeFilter.Compile($"$.Legs.#.Venue == '{venue}'");
            Assert.Equal(expected, await AnyVenue(gin, venue).ToListAsync());
            Assert.Equal(expected.Count, await gin.CountAsync(filter));
            var found = new List<long>();
            await foreach (var document in gin.FindAsync(new FudgeQuery { Where = filter }))
                found.Add(FudgeSerializer.Deserialize<StoredTrade>(document.Envelope).Qty);
            Assert.Equal(expected, found.Order());
            Assert.Equal(estimated + 1, gin.FormChoice.Estimated);
            // The plans: the GIN searched for the rare value, the subtree's containment tested in a scan for the common one.
            string plan = await gin.ExplainAsync(filter);
            if (rare) Assert.Contains($"Bitmap Index Scan on {gin.Table}_gin", plan, StringComparison.Ordinal);
            else
            {
                Assert.Matches($@"Seq Scan on {gin.Table} [^\n]*\n\s*Filter: [^\n]*\(\(json -> 'Legs'::text\) -> ''::text\) @> ", plan);
                Assert.DoesNotContain("Bitmap", plan, StringComparison.Ordinal);
            }
        }
    }

    [StoreFact]
    public async Task Several_tests_keep_the_jsonpath_and_the_estimates_kept_are_bounded()
    {
        var (store, gin, trades) = await OpenAsync();
        await using var _ = store;
        // Two equalities: the bitmap on its candidates beats a scan that tests both on every row (any43c), no choice.
        var two = gin.Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON" || l.Venue == "XPAR")).OrderBy(t => t.Qty).Select(t => t.Qty);
        Assert.DoesNotContain("chosen per execution", two.ToQueryString(), StringComparison.Ordinal);
        Assert.Equal(trades.Where(t => t.Legs!.Any(l => l.Venue == "XLON" || l.Venue == "XPAR")).OrderBy(t => t.Qty).Select(t => t.Qty), await two.ToListAsync());
        Assert.Equal(0, gin.FormChoice.Estimated);
        // As many values as the estimates kept, and more: each one estimated once, never more kept than the bound.
        for (int i = 0; i < GinOrContainment.MostKept + 20; i++)
        {
            Assert.Equal(0, await gin.CountAsync(FudgeFilter.Compile($"$.Legs.#.Venue == 'V{i}'")));
            Assert.InRange(gin.FormChoice.Count, 1, GinOrContainment.MostKept);
        }
        Assert.Equal(GinOrContainment.MostKept + 20, gin.FormChoice.Estimated);
        Assert.Equal(20, gin.FormChoice.Count);
    }

    private static IQueryable<long> AnyVenueAbove(IFudgeCollection collection, string venue, double price)
        => collection.Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Price > price).OrderBy(t => t.Qty).Select(t => t.Qty);

    [StoreFact]
    public async Task An_equality_joined_to_a_range_is_chosen_by_the_estimate_of_the_equality_alone()
    {
        var (store, gin, trades) = await OpenAsync();
        await using var _ = store;
        // The pure Any estimates each venue once; the range joined to it by && shares that estimate: the GIN's bitmap
        // reads the rows of the equality, whatever the range leaves of them.
        foreach (string venue in new[] { "XPAR", "XLON" }) await AnyVenue(gin, venue).ToListAsync();
        int estimated = gin.FormChoice.Estimated;
        foreach (string venue in new[] { "XPAR", "XLON" })
        {
            var expected = trades.Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Price > 280).OrderBy(t => t.Qty).Select(t => t.Qty).ToList();
            Assert.Equal(expected, await AnyVenueAbove(gin, venue, 280).ToListAsync());
            string shown = AnyVenueAbove(gin, venue, 280).ToQueryString();
            string plan = await gin.ExplainAsync(FudgeFilter.Compile($"$.Legs.#.Venue == '{venue}' && $.Price > 280"));
            if (venue == "XPAR")
            {
                Assert.Contains("WHERE position(@needle in doc) > 0 AND json @? @where", shown, StringComparison.Ordinal);
                Assert.Contains($"Bitmap Index Scan on {gin.Table}_gin", plan, StringComparison.Ordinal);
            }
            else
            {
                Assert.Matches(@"WHERE position\(@needle in doc\) > 0 AND \(CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN \(json -> 'Legs' -> '' @> @lists[0-9]+\) IS TRUE AND json @\? @lists[0-9]+ ELSE", shown);
                Assert.Matches($@"Seq Scan on {gin.Table} [^\n]*\n\s*Filter: [^\n]*@> '\[{{""Venue"": ""XLON""}}\]'::jsonb\) IS TRUE\) AND \(json @\? '\$\?\(@\.""Price"" > 280\)'", plan);
            }
        }
        Assert.Equal(estimated, gin.FormChoice.Estimated);
    }

    [StoreFact]
    public async Task A_bulk_insert_forgets_the_kept_choices_so_that_a_value_it_made_common_is_tested_by_containment()
    {
        var (store, gin, trades) = await OpenAsync();
        await using var _ = store;
        var rare = trades.Where(t => t.Legs!.Any(l => l.Venue == "XPAR")).OrderBy(t => t.Qty).Select(t => t.Qty).ToList();
        Assert.Equal(rare, await AnyVenue(gin, "XPAR").ToListAsync());
        // Kept: the jsonpath, whose statement shows no containment parameter (the comment that would use them is gone).
        string shown = AnyVenue(gin, "XPAR").ToQueryString();
        Assert.DoesNotContain("@lists", shown, StringComparison.Ordinal);
        Assert.Contains("-- @where=", shown, StringComparison.Ordinal);
        Assert.Equal(1, gin.FormChoice.Count);

        // Loads of XPAR, by each bulk path: the estimates are forgotten, and once the statistics say so (the ANALYZE the
        // server's autovacuum makes after a load), the next query takes the containment.
        var loaded = Enumerable.Range(0, 3000).Select(i => new StoredTrade { Qty = 10_000 + i, Legs = new() { new StoredLeg { Venue = "XPAR" } } }).ToList();
        await gin.InsertManyAsync(loaded.Take(1500));
        Assert.Equal(0, gin.FormChoice.Count);
        Assert.Equal(rare, (await AnyVenue(gin, "XPAR").ToListAsync()).Where(q => q < 10_000));
        Assert.Equal(1, gin.FormChoice.Count);
        await gin.InsertManyAsync(loaded.Skip(1500).Select(t => (ReadOnlyMemory<byte>)Fudge.Serialization.FudgeSerializer.Serialize(t)), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true });
        Assert.Equal(0, gin.FormChoice.Count);
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {gin.Table}";
            await analyze.ExecuteNonQueryAsync();
        }
        Assert.Equal(rare.Concat(loaded.Select(t => t.Qty)).ToList(), await AnyVenue(gin, "XPAR").ToListAsync());
        shown = AnyVenue(gin, "XPAR").ToQueryString();
        Assert.Contains("WHERE position(@needle in doc) > 0 AND (CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN json -> 'Legs' -> '' @> @lists", shown, StringComparison.Ordinal);
        Assert.Contains("-- @lists", shown, StringComparison.Ordinal);
        // An insert of nothing changes nothing.
        await gin.InsertManyAsync(Array.Empty<byte[]>());
        Assert.Equal(1, gin.FormChoice.Count);
    }

    /// <summary>The planner's row estimate of the jsonpath of a venue, by an EXPLAIN prepared as the store's may be.</summary>
    private static async Task<double> PreparedEstimateAsync(NpgsqlConnection connection, string table, string venue)
    {
        await using var explain = new NpgsqlCommand($"EXPLAIN (FORMAT JSON) SELECT 1 FROM {table} WHERE json @? @where", connection);
        explain.Parameters.AddWithValue("where", NpgsqlDbType.JsonPath, $"$ ? (@.\"Legs\".\"\".\"Venue\" == \"{venue}\")");
        await explain.PrepareAsync();
        using var plan = System.Text.Json.JsonDocument.Parse((string)(await explain.ExecuteScalarAsync())!);
        return plan.RootElement[0].GetProperty("Plan").GetProperty("Plan Rows").GetDouble();
    }

    [StoreFact]
    public async Task Prepared_statements_and_generic_plans_leave_the_estimate_to_the_value()
    {
        // Npgsql's auto-prepare (every statement prepared at its second use) and the server told to plan prepared
        // statements generically: an EXPLAIN is a utility statement, planned at each execution with its parameters'
        // values as constants, so its estimate still follows the value.
        string connection = new NpgsqlConnectionStringBuilder(await Postgres.FreshSchemaAsync())
        {
            MaxAutoPrepare = 20,
            AutoPrepareMinUsages = 2,
            Options = "-c plan_cache_mode=force_generic_plan",
        }.ConnectionString;
        var (store, gin, trades) = await OpenAsync(connection);
        await using var _ = store;
        for (int i = 0; i < 3; i++)
        {
            Assert.InRange(await PreparedEstimateAsync(store.Connection, gin.Table, "XPAR"), 0, 0.05 * trades.Count);
            Assert.InRange(await PreparedEstimateAsync(store.Connection, gin.Table, "XLON"), 0.3 * trades.Count, trades.Count);
        }
        // Whereas the query itself, prepared on the server and planned generically, is estimated alike for both values.
        await using (var prepare = new NpgsqlCommand($"PREPARE venue_rows(jsonpath) AS SELECT 1 FROM {gin.Table} WHERE json @? $1", store.Connection))
            await prepare.ExecuteNonQueryAsync();
        var generic = new List<string>();
        foreach (string venue in new[] { "XPAR", "XLON" })
        {
            await using var explain = new NpgsqlCommand($"EXPLAIN EXECUTE venue_rows('$ ? (@.\"Legs\".\"\".\"Venue\" == \"{venue}\")')", store.Connection);
            generic.Add((string)(await explain.ExecuteScalarAsync())!);
        }
        Assert.Matches(@"rows=\d+", generic[0]);
        Assert.Equal(generic[0], generic[1]);

        // The store's own estimates, forgotten before each query: the rare value keeps the GIN's jsonpath, the common one
        // takes the containment, however often the estimate's statement has been prepared and run.
        for (int i = 0; i < 4; i++)
            foreach (string venue in new[] { "XPAR", "XLON" })
            {
                gin.FormChoice.Forget();
                Assert.Equal(trades.Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Qty).Select(t => t.Qty), await AnyVenue(gin, venue).ToListAsync());
                Assert.Equal(venue == "XLON", AnyVenue(gin, venue).ToQueryString().Contains("@> @lists", StringComparison.Ordinal));
            }
        Assert.Equal(8, gin.FormChoice.Estimated);
    }
}
