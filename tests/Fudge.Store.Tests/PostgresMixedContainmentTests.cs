using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using NpgsqlTypes;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Filters that join the list layout's containable collection tests with other tests by <c>&amp;&amp;</c>
/// (ContainmentTranslation): the containable tests by containment, the others by their own jsonpath, in one CASE that
/// passes the rows the whole jsonpath passes, on both layouts and on rows the flags send to the jsonpath, with and
/// without the GIN and a declared index, taken where the planner estimates few rows for the containable tests; the
/// answers of the exact filter and of LINQ to Objects; <c>||</c> with other tests keeps the jsonpath.
/// </summary>
[NeedsPostgres]
public sealed class PostgresMixedContainmentTests
{
    /// <summary>Containable tests joined to tests containment does not write (ranges, !=, negations, paths of names).</summary>
    private static readonly string[] Filters =
    {
        "$.Legs.#.Venue == 'XLON' && $.Id > 300",
        "$.Id > 300 && any($.Legs.#, @.Venue == 'BATS' && @.Qty == 7)",
        "$.Legs.#.Venue == 'XLON' && $.Legs.#.Qty > 5",
        "$.Legs.#.Venue == 'XLON' && $.Tags.# == 'BATS' && $.Id >= 250",
        "$.Legs.#.Venue == 'XLON' && $.Legs.#.Venue == 'BATS' && $.Id < 400",
        "$.Legs.#.Venue == 'XLON' && ($.Id < 100 || $.Symbol == 'MSFT')",
        "$.Legs.#.Venue == 'Zürich' && $.Symbol != 'AAPL'",
        "$.Legs.#.Venue == 'XLON' && !($.Id > 5)",
        "$.Legs.#.Fills.#.Px == 2.5 && $.Legs.#.Qty >= 7",
        "$.Legs.#.Venue == 'XLON' || $.Id < 100",
        "$.Tags.# == 'BATS' || $.Legs.#.Qty > 6",
        "$.Legs.#.Venue == 'XLON' || $.Tags.# == 1 || $.Id > 550",
        "$.Legs.#.Venue == 'NONE' && $.Id > 1",
    };

    // The four collections of the layout tests, and the list layout with a declared index on Id, with and without the GIN.
    private static async Task<List<PostgresFudgeCollection>> CollectionsAsync(PostgresFudgeStore store, string connection, List<PostgresFudgeStore> opened)
    {
        var collections = await PostgresListLayoutTests.BothLayoutsAsync(store, connection, opened);
        await store.SetWholeDocumentIndexAsync("bare_id", enabled: false);
        foreach (string name in new[] { "bare_id", "gin_id" })
        {
            var indexed = (PostgresFudgeCollection)await store.GetCollectionAsync(name);
            await indexed.CreateIndexAsync(FudgePath.Compile("$.Id"), FudgeIndexKind.Number);
            collections.Add(indexed);
        }
        return collections;
    }

    // The ids of the rows the filter's jsonpath passes, or its containment (null when it has none).
    private static async Task<List<long>?> RowIdsAsync(PostgresFudgeStore store, PostgresFudgeCollection collection, FudgeFilter filter, bool containment, bool function)
    {
        await using var command = store.Connection.CreateCommand();
        command.Parameters.AddWithValue("where", NpgsqlDbType.JsonPath, JsonPathTranslation.Translate(filter)!);
        string test = function ? "jsonb_path_exists(json, @where, '{}', true)" : "json @? @where";
        if (containment)
        {
            if (ContainmentTranslation.For(filter, command, function) is not string contained) return null;
            test = contained;
        }
        command.CommandText = $"SELECT id FROM {collection.Table} WHERE {test} ORDER BY id";
        var ids = new List<long>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync()) ids.Add(reader.GetInt64(0));
        return ids;
    }

    /// <summary>
    /// Each filter's containment passes the rows its jsonpath passes (the operator and the function form; an || has
    /// none), and the store answers as the filter does.
    /// </summary>
    private static async Task AssertAnswersAsync(PostgresFudgeStore store, IEnumerable<PostgresFudgeCollection> collections, List<byte[]> documents)
    {
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = documents.Where(d => filter.Matches(d)).Select(PostgresListLayoutTests.IdOf).Order().ToList();
            foreach (var collection in collections)
            {
                string where = $"{text} on {collection.Name}";
                foreach (bool function in new[] { false, true })
                {
                    var contained = await RowIdsAsync(store, collection, filter, containment: true, function);
                    if (text.Contains("||", StringComparison.Ordinal) && !text.Contains("(", StringComparison.Ordinal)) Assert.Null(contained);
                    else Assert.True((await RowIdsAsync(store, collection, filter, containment: false, function))!.SequenceEqual(contained!), where);
                }
                Assert.True(expected.SequenceEqual(await PostgresListLayoutTests.IdsAsync(collection, filter)), where);
                Assert.Equal(expected.Count, await collection.CountAsync(filter));
            }
        }
    }

    [StoreFact]
    public async Task Mixed_filters_pass_the_rows_of_the_jsonpath_on_both_layouts_with_and_without_the_gin_and_a_declared_index()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            var collections = await CollectionsAsync(store, connection, opened);
            var documents = PostgresListLayoutTests.Documents(44, 600);
            foreach (var collection in collections)
            {
                await collection.InsertManyAsync(documents);
                await using var analyze = store.Connection.CreateCommand();
                analyze.CommandText = $"VACUUM ANALYZE {collection.Table}";
                await analyze.ExecuteNonQueryAsync();
            }
            // Repeated venues (several fields) are among the rows: the flags send them to the jsonpath.
            Assert.NotEqual("0", await ScalarTextAsync(store, $"SELECT count(*) FROM {collections[1].Table} WHERE several_fields"));
            await AssertAnswersAsync(store, collections, documents);

            // The list layout without the GIN: for a rare venue the containment and the other tests' jsonpath in one test a
            // row; for a common one (a third of the rows) the jsonpath, which costs a row about what the other tests'
            // jsonpath alone costs; an || keeps the jsonpath.
            var bare = collections[1];
            string rare = await bare.ExplainAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'NONE' && $.Id > 300"));
            Assert.Contains("""THEN (((((json -> 'Legs'::text) -> ''::text) @> '[{"Venue": "NONE"}]'::jsonb) IS TRUE) AND (json @? '$?(@."Id" > 300)'::jsonpath)) ELSE (json @? """, rare, StringComparison.Ordinal);
            Assert.DoesNotContain("@>", await bare.ExplainAsync(FudgeFilter.Compile(Filters[0])), StringComparison.Ordinal);
            Assert.DoesNotContain("@>", await bare.ExplainAsync(FudgeFilter.Compile(Filters[9])), StringComparison.Ordinal);
            // The declared index still searched for its side, the containment tested on its rows, with or without the GIN.
            foreach (var indexed in collections.Skip(4))
            {
                string plan = await indexed.ExplainAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'NONE' && $.Id > 595"));
                Assert.Matches($@"Index Scan (using|on) {indexed.Table}_ix_[0-9]+ ", plan);
                Assert.Contains("@> '[{\"Venue\": \"NONE\"}]'::jsonb) IS TRUE) AND jsonb_path_exists(json, '$?(@.\"Id\" > 595)'::jsonpath", plan, StringComparison.Ordinal);
            }
            // The old layout keeps the jsonpath.
            Assert.DoesNotContain("@>", await collections[3].ExplainAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'NONE' && $.Id > 300")), StringComparison.Ordinal);

            // Rows of a version before the flags (NULL) and rows of the old layout in a collection of the list layout.
            foreach (var collection in new[] { collections[0], collections[1], collections[4] })
            {
                await using var command = store.Connection.CreateCommand();
                command.CommandText = $"UPDATE {collection.Table} SET lists_as_arrays = NULL, several_fields = NULL WHERE id % 3 = 0;"
                    + $"UPDATE {collection.Table} SET json = (SELECT json FROM {collections[3].Table} o WHERE o.id = {collection.Table}.id), lists_as_arrays = false WHERE id % 3 = 1";
                await command.ExecuteNonQueryAsync();
            }
            await AssertAnswersAsync(store, new[] { collections[0], collections[1], collections[4] }, documents);
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }

    [StoreFact]
    public async Task Typed_mixed_queries_answer_as_linq_on_both_layouts()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            var collections = await CollectionsAsync(store, connection, opened);
            var random = new Random(4444);
            string[] venues = { "XLON", "BATS", "Zürich" };
            var trades = Enumerable.Range(0, 400).Select(i => new LayoutTrade
            {
                Id = i,
                Symbol = random.Next(3) == 0 ? null : random.Next(2) == 0 ? "AAPL" : "MSFT",
                Legs = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(0, 4)).Select(_ => new LayoutLeg
                {
                    // XPAR in about one leg in sixty: rare enough for the joined form, which then passes some rows.
                    Venue = random.Next(60) == 0 ? "XPAR" : random.Next(5) == 0 ? null : venues[random.Next(venues.Length)],
                    Qty = random.Next(0, 10),
                }).ToList(),
                Tags = random.Next(3) == 0 ? null : Enumerable.Range(0, random.Next(0, 3)).Select(_ => venues[random.Next(venues.Length)]).ToList(),
            }).ToList();
            foreach (var collection in collections)
            {
                await collection.InsertManyAsync(trades);
                await using var analyze = store.Connection.CreateCommand();
                analyze.CommandText = $"ANALYZE {collection.Table}";
                await analyze.ExecuteNonQueryAsync();
            }
            foreach (string venue in venues.Append("XPAR").Append("NONE"))
            {
                var expected = new[]
                {
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue) && t.Id > 150).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Id < 300 && t.Legs != null && t.Legs.Any(l => l.Venue == venue && l.Qty == 3) && t.Symbol != "AAPL").Select(t => t.Id).ToList(),
                    trades.Where(t => (t.Tags != null && t.Tags.Contains(venue)) || t.Id < 40).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue) && t.Legs.Any(l => l.Qty > 6)).Select(t => t.Id).ToList(),
                };
                foreach (var collection in collections)
                {
                    var query = collection.Query<LayoutTrade>();
                    var actual = new[]
                    {
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Id > 150).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Id < 300 && t.Legs!.Any(l => l.Venue == venue && l.Qty == 3) && t.Symbol != "AAPL").OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Tags!.Contains(venue) || t.Id < 40).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Legs!.Any(l => l.Qty > 6)).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                    };
                    for (int i = 0; i < expected.Length; i++) Assert.True(expected[i].SequenceEqual(actual[i]), $"query {i}, {venue}, on {collection.Name}");
                    Assert.Equal(expected[0].Count, await query.Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Id > 150).CountAsync());
                }
            }
            // The typed query's statement in the list layout without the GIN: before its first execution the jsonpath, with
            // the other form in a comment; then, for the rare venue, the containment and the range's jsonpath.
            collections[1].FormChoice.Forget(); // the loop's estimates
            var typed = collections[1].Query<LayoutTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XPAR") && t.Id > 150);
            Assert.Matches(@"(?m)^/\* chosen per execution: the jsonpath below, or where the planner estimates for the contained tests at most 15% of the table's rows, \(CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN \(json -> 'Legs' -> '' @> @lists[0-9]+\) IS TRUE AND json @\? @lists[0-9]+ ELSE json @\? @where END\) \*/\n",
                typed.ToQueryString());
            var xpar = trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "XPAR") && t.Id > 150).Select(t => t.Id).ToList();
            Assert.NotEmpty(xpar);
            Assert.Equal(xpar, await typed.OrderBy(t => t.Id).Select(t => t.Id).ToListAsync());
            // With the settings that let its scan have workers (the planner estimates the CASE at half the rows).
            Assert.Matches(@"(?m)^SET parallel_tuple_cost = 0.01; .*THEN \(json -> 'Legs' -> '' @> @lists[0-9]+\) IS TRUE AND json @\? @lists[0-9]+ ELSE json @\? @where END", typed.ToQueryString());
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }

    private static async Task<string> ScalarTextAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        return Convert.ToString(await command.ExecuteScalarAsync(), System.Globalization.CultureInfo.InvariantCulture)!;
    }
}
