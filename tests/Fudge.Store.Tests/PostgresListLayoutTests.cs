using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Json;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class LayoutTrade
{
    public long Id { get; set; }
    public string? Symbol { get; set; }
    public List<LayoutLeg>? Legs { get; set; }
    public List<string>? Tags { get; set; }
}

[FudgeMessage]
public partial class LayoutLeg
{
    public string? Venue { get; set; }
    public int Qty { get; set; }
    public List<LayoutFill>? Fills { get; set; }
}

[FudgeMessage]
public partial class LayoutFill
{
    public double Px { get; set; }
}

/// <summary>
/// The list layout (a list always a jsonb array) and its containment tests: the same answers as the exact filter on the
/// bytes and as LINQ to Objects, on collections of both layouts, with and without the GIN, and through a migration,
/// interrupted or not.
/// </summary>
[NeedsPostgres]
public sealed class PostgresListLayoutTests
{
    /// <summary>Filters of the shapes containment takes, and their neighbours.</summary>
    private static readonly string[] Filters =
    {
        "$.Legs.#.Venue == 'XLON'",
        "$.Legs.#.Venue == 'Zürich'",
        "$.Legs.#.Venue in ['東京', 'BATS']",
        "any($.Legs.#, @.Venue == 'XLON' && @.Qty == 5)",
        "any($.Legs.#, @.Venue == 'BATS' || @.Qty == 7)",
        "$.Legs.#.Qty == 5",
        "$.Legs.#.Qty == 0.1",
        "$.Legs.#.Qty == 70000",
        "$.Tags.# == 'XLON'",
        "$.Tags.# == 1",
        "$.Legs.#.Venue == 'XLON' || $.Tags.# == 'BATS'",
        "$.Legs.#.Venue == 'XLON' && $.Symbol == 'AAPL'",
        "$.Legs.#.Venue == 'XLON' && $.Legs.#.Qty == 7",
        "$.Legs.#.Fills.#.Px == 2.5",
        "any($.Legs.#, @.Fills.#.Px == 2.5 && @.Venue == 'BATS')",
        "$.Legs.#.Venue == 'XLON' && $.Legs.#.Venue == 'BATS'",
        "$.Legs.#.Venue == 'NONE'",
    };

    private static FudgeMsg List(IEnumerable<object?> elements)
    {
        var list = new FudgeMsg();
        foreach (var element in elements) list.Add((string?)null, element);
        return list;
    }

    // A leg of every shape the layout must keep apart: no venue, a repeated venue, an indicator, a number, non-ASCII
    // text; quantities of every width, a float, a long; fills (a list in the list).
    private static FudgeMsg Leg(Random random)
    {
        var leg = new FudgeMsg();
        switch (random.Next(9))
        {
            case 0: break;
            case 1: leg.Add("Venue", "BATS").Add("Venue", "XLON"); break;
            case 2: leg.Add("Venue", FudgeIndicator.Instance); break;
            case 3: leg.Add("Venue", 5); break;
            case 4: leg.Add("Venue", "Zürich"); break;
            case 5: leg.Add("Venue", "東京"); break;
            case 6: leg.Add("Venue", "BATS"); break;
            default: leg.Add("Venue", "XLON"); break;
        }
        object? qty = random.Next(10) switch
        {
            0 => null,
            1 => (sbyte)5,
            2 => (short)7,
            3 => 5,
            4 => 5L,
            5 => 0.1f,
            6 => 5.0,
            7 => 70000L,
            8 => (byte)7,
            _ => 7,
        };
        if (qty is not null) leg.Add("Qty", qty);
        if (random.Next(3) == 0) leg.Add("Fills", List(Enumerable.Range(0, random.Next(0, 3)).Select(_ => (object?)new FudgeMsg().Add("Px", random.Next(2) == 0 ? 2.5 : 1.0))));
        return leg;
    }

    /// <summary>Documents with absent, empty, one-element and longer lists, repeated lists, and elements of other kinds.</summary>
    public static List<byte[]> Documents(int seed, int count)
    {
        var random = new Random(seed);
        var documents = new List<byte[]>(count);
        for (int i = 0; i < count; i++)
        {
            var message = new FudgeMsg().Add("Id", (long)i);
            if (random.Next(3) != 0) message.Add("Symbol", random.Next(2) == 0 ? "AAPL" : "MSFT");
            switch (random.Next(8))
            {
                case 0: break; // no list
                case 1: message.Add("Legs", new FudgeMsg()); break; // an empty list
                case 2: message.Add("Legs", List(new object?[] { Leg(random) })).Add("Legs", List(new object?[] { Leg(random) })); break; // the list twice
                case 3: message.Add("Legs", List(new object?[] { Leg(random), FudgeIndicator.Instance })); break; // a null element
                default: message.Add("Legs", List(Enumerable.Range(0, random.Next(1, 4)).Select(_ => (object?)Leg(random)))); break;
            }
            switch (random.Next(6))
            {
                case 0: break;
                case 1: message.Add("Tags", List(new object?[] { "XLON" })); break; // the value in another list
                case 2: message.Add("Tags", List(new object?[] { new[] { 1, 2 } })); break; // an array element
                case 3: message.Add("Tags", List(new object?[] { 1 })); break;
                case 4: message.Add("Tags", List(new object?[] { "BATS", "XLON", (short)1 })); break;
                default: message.Add("Tags", List(new object?[] { "BATS" })); break;
            }
            documents.Add(new FudgeEnvelope(message).ToByteArray());
        }
        return documents;
    }

    /// <summary>
    /// A collection of the layout before lists were arrays: made, then marked as of layout 0 and opened again by a second
    /// store (which then writes that layout, its rows' flag false).
    /// </summary>
    internal static async Task<PostgresFudgeCollection> OldCollectionAsync(string connection, string name, bool gin, List<PostgresFudgeStore> opened)
    {
        await using var maker = await PostgresFudgeStore.OpenAsync(connection);
        await maker.SetWholeDocumentIndexAsync(name, gin);
        await using (var command = maker.Connection.CreateCommand())
        {
            command.CommandText = "UPDATE fudge_collections SET json_layout = 0 WHERE name = @name";
            command.Parameters.AddWithValue("name", name);
            await command.ExecuteNonQueryAsync();
        }
        var store = await PostgresFudgeStore.OpenAsync(connection);
        opened.Add(store);
        var collection = (PostgresFudgeCollection)await store.GetCollectionAsync(name);
        Assert.False(collection.ListsAsArrays);
        return collection;
    }

    // The documents' own Id field (a raw document need not deserialize as a LayoutTrade).
    // The four collections the layout tests compare: the list layout with and without the GIN, then the layout before
    // it (made by an older store, OldCollectionAsync) with and without.
    internal static async Task<List<PostgresFudgeCollection>> BothLayoutsAsync(PostgresFudgeStore store, string connection, List<PostgresFudgeStore> opened)
    {
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        return new List<PostgresFudgeCollection>
        {
            (PostgresFudgeCollection)await store.GetCollectionAsync("gin"),
            (PostgresFudgeCollection)await store.GetCollectionAsync("bare"),
            await OldCollectionAsync(connection, "old_gin", gin: true, opened),
            await OldCollectionAsync(connection, "old_bare", gin: false, opened),
        };
    }

    internal static long IdOf(byte[] envelope) => Convert.ToInt64(FudgeMsg.Parse(envelope).GetValue("Id"), System.Globalization.CultureInfo.InvariantCulture);

    internal static async Task<List<long>> IdsAsync(IFudgeCollection collection, FudgeFilter filter)
    {
        var ids = new List<long>();
        await foreach (var document in collection.FindAsync(new FudgeQuery { Where = filter })) ids.Add(IdOf(document.Envelope));
        ids.Sort();
        return ids;
    }

    private static async Task AssertAnswersAsync(IEnumerable<PostgresFudgeCollection> collections, List<byte[]> documents)
    {
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = documents.Where(d => filter.Matches(d)).Select(IdOf).Order().ToList();
            foreach (var collection in collections)
            {
                Assert.True(expected.SequenceEqual(await IdsAsync(collection, filter)), $"{text} on {collection.Name} ({collection.Table}, lists as arrays {collection.ListsAsArrays})");
                Assert.Equal(expected.Count, await collection.CountAsync(filter));
            }
        }
    }

    private static async Task<string> ScalarTextAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        return Convert.ToString(await command.ExecuteScalarAsync(), System.Globalization.CultureInfo.InvariantCulture)!;
    }

    [StoreFact]
    public async Task A_new_collection_writes_a_list_of_one_as_an_array_and_the_shared_json_does_not()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var collection = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        Assert.True(collection.ListsAsArrays);
        var trade = new LayoutTrade { Id = 1, Legs = new() { new LayoutLeg { Venue = "XLON", Qty = 96 } }, Tags = new() { "x" } };
        long id = await collection.InsertAsync(FudgeSerializer.Serialize(trade));
        Assert.Equal("""{"Id": 1, "Legs": {"": [{"Qty": 96, "Venue": "XLON"}]}, "Tags": {"": ["x"]}}""",
            await ScalarTextAsync(store, $"SELECT json::text FROM {collection.Table} WHERE id = {id}"));
        Assert.Equal("1 false true", await ScalarTextAsync(store,
            $"SELECT json_layout || ' ' || several_fields::text || ' ' || lists_as_arrays::text FROM fudge_collections, {collection.Table} WHERE name = 'trades'"));
        // Fudge.Json's plain JSON, which ToJson and SQLite's store share, keeps a lone element as its value.
        string shared = FudgeJson.ToJson(FudgeSerializer.Serialize(trade));
        Assert.Contains("XLON", shared, StringComparison.Ordinal);
        Assert.DoesNotContain("[", shared, StringComparison.Ordinal);
    }

    [StoreFact]
    public async Task Containment_answers_as_the_filter_on_both_layouts_with_and_without_the_gin()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            var collections = await BothLayoutsAsync(store, connection, opened);
            var documents = Documents(43, 600);
            foreach (var collection in collections)
            {
                await collection.InsertManyAsync(documents);
                // One through InsertAsync and one replaced, which write the flags as the bulk insert does.
                long id = await collection.InsertAsync(documents[3]);
                Assert.True(await collection.ReplaceAsync(id, documents[5]));
            }
            await AssertAnswersAsync(collections, documents.Append(documents[5]).ToList());

            // The new layout's statement without the GIN tests by containment; with the GIN, and in the old layout, by the
            // jsonpath alone.
            var one = FudgeFilter.Compile(Filters[0]);
            Assert.Matches("\\(\\(json -> 'Legs'::text\\) -> ''::text\\) @> ", await collections[1].ExplainAsync(one));
            foreach (var jsonpath in collections.Where(c => c != collections[1])) Assert.DoesNotContain("@>", await jsonpath.ExplainAsync(one), StringComparison.Ordinal);
            // Rows of a version before the flags (NULL) keep the jsonpath in a collection of the list layout.
            await using (var command = store.Connection.CreateCommand())
            {
                command.CommandText = $"UPDATE {collections[0].Table} SET lists_as_arrays = NULL, several_fields = NULL WHERE id % 3 = 0;"
                    + $"UPDATE {collections[1].Table} SET json = (SELECT json FROM {collections[3].Table} o WHERE o.id = {collections[1].Table}.id), lists_as_arrays = false WHERE id % 2 = 0";
                await command.ExecuteNonQueryAsync();
            }
            await AssertAnswersAsync(collections.Take(2), documents.Append(documents[5]).ToList());
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }

    [StoreFact]
    public async Task A_collection_with_the_gin_searches_it_with_the_jsonpath_and_one_without_tests_containment_in_parallel()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        var bare = (PostgresFudgeCollection)await store.GetCollectionAsync("bare");
        await bare.InsertManyAsync(Documents(7, 3000));
        // The settings that let a scan have workers (GinScanSettings): the CASE is estimated at half the rows.
        Assert.Matches("(?m)^SET parallel_tuple_cost = 0.01; .*CASE WHEN several_fields IS FALSE AND lists_as_arrays THEN json -> 'Legs' -> '' @> @lists",
            bare.Query<LayoutTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).OrderBy(t => t.Id).Select(t => t.Id).ToQueryString());
        var collection = (PostgresFudgeCollection)await store.GetCollectionAsync("gin");
        await collection.InsertManyAsync(Documents(7, 3000));
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"VACUUM ANALYZE {collection.Table}";
            await analyze.ExecuteNonQueryAsync();
        }
        string plan = await collection.ExplainAsync(FudgeFilter.Compile("$.Legs.#.Venue == 'NONE'"));
        Assert.Matches($@"Bitmap Index Scan on {collection.Table}_gin [^\n]*\n\s*Index Cond: \(json @\? ", plan);
    }

    [StoreFact]
    public async Task Typed_queries_answer_as_linq_on_both_layouts()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            var collections = await BothLayoutsAsync(store, connection, opened);
            var random = new Random(4343);
            string[] venues = { "XLON", "BATS", "Zürich", "東京" };
            var trades = Enumerable.Range(0, 500).Select(i => new LayoutTrade
            {
                Id = i,
                Symbol = random.Next(3) == 0 ? null : "AAPL",
                Legs = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(0, 4)).Select(_ => new LayoutLeg
                {
                    Venue = random.Next(5) == 0 ? null : venues[random.Next(venues.Length)],
                    Qty = random.Next(0, 10),
                    Fills = random.Next(2) == 0 ? null : Enumerable.Range(0, random.Next(0, 3)).Select(_ => new LayoutFill { Px = random.Next(2) == 0 ? 2.5 : 1 }).ToList(),
                }).ToList(),
                Tags = random.Next(3) == 0 ? null : Enumerable.Range(0, random.Next(0, 3)).Select(_ => venues[random.Next(venues.Length)]).ToList(),
            }).ToList();
            foreach (var collection in collections) await collection.InsertManyAsync(trades);
            foreach (string venue in venues.Append("NONE"))
            {
                int qty = venue.Length;
                var expected = new[]
                {
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue)).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue && l.Qty == qty)).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Tags != null && t.Tags.Contains(venue)).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue || l.Qty == qty)).Select(t => t.Id).ToList(),
                    trades.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue) && t.Symbol == "AAPL").Select(t => t.Id).ToList(),
                };
                foreach (var collection in collections)
                {
                    var query = collection.Query<LayoutTrade>();
                    var actual = new[]
                    {
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue && l.Qty == qty)).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Tags!.Contains(venue)).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue || l.Qty == qty)).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                        await query.Where(t => t.Legs!.Any(l => l.Venue == venue) && t.Symbol == "AAPL").OrderBy(t => t.Id).Select(t => t.Id).ToListAsync(),
                    };
                    for (int i = 0; i < expected.Length; i++) Assert.True(expected[i].SequenceEqual(actual[i]), $"query {i}, {venue}, on {collection.Name}");
                    Assert.Equal(expected[0].Count, await query.Where(t => t.Legs!.Any(l => l.Venue == venue)).CountAsync());
                }
            }
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }

    /// <summary>An <see cref="IProgress{T}"/> told on the caller's thread (Progress posts to the thread pool).</summary>
    private sealed class Told(Action<long> told) : IProgress<long>
    {
        public List<long> Values { get; } = new();

        public void Report(long value)
        {
            Values.Add(value);
            told(value);
        }
    }

    [StoreFact]
    public async Task A_migration_rewrites_every_row_in_batches_and_the_answers_stay_the_same()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            var old = await OldCollectionAsync(connection, "old", gin: true, opened);
            var documents = Documents(99, 2500);
            await old.InsertManyAsync(documents);
            // Rows of a version before the flags: the migration sets them too.
            await using (var command = store.Connection.CreateCommand())
            {
                command.CommandText = $"UPDATE {old.Table} SET several_fields = NULL, empty_names = NULL, lists_as_arrays = NULL WHERE id % 2 = 0";
                await command.ExecuteNonQueryAsync();
            }
            await AssertAnswersAsync(new[] { old }, documents);
            Assert.NotEqual("0", await ScalarTextAsync(store, $"SELECT count(*) FROM {old.Table} WHERE jsonb_typeof(json -> 'Legs' -> '') = 'object'"));

            // Interrupted after the first batch: the collection stays of the old layout, its answers the same.
            var migrating = (PostgresFudgeCollection)await store.GetCollectionAsync("old");
            using var cancel = new CancellationTokenSource();
            var first = new Told(_ => cancel.Cancel());
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => store.MigrateListLayoutAsync("old", 1000, first, cancel.Token).AsTask());
            Assert.Equal(new long[] { 1000 }, first.Values);
            Assert.False(migrating.ListsAsArrays);
            Assert.Equal("0 1000", await ScalarTextAsync(store, $"SELECT (SELECT json_layout FROM fudge_collections WHERE name = 'old') || ' ' || (SELECT count(*) FROM {old.Table} WHERE lists_as_arrays)"));
            await AssertAnswersAsync(new[] { old, migrating }, documents);

            // Carried on: the rest, then the layout.
            var rest = new Told(_ => { });
            Assert.Equal(1500, await store.MigrateListLayoutAsync("old", 1000, rest));
            Assert.Equal(new long[] { 1000, 1500 }, rest.Values);
            Assert.True(migrating.ListsAsArrays);
            Assert.Equal("1 2500 0", await ScalarTextAsync(store,
                $"SELECT (SELECT json_layout FROM fudge_collections WHERE name = 'old') || ' ' || count(*) FILTER (WHERE lists_as_arrays AND several_fields IS NOT NULL AND empty_names IS NOT NULL) || ' ' || count(*) FILTER (WHERE jsonb_typeof(json -> 'Legs' -> '') = 'object') FROM {old.Table}"));
            Assert.Equal("1", await ScalarTextAsync(store, $"SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '{migrating.GinIndex}%'"));
            await AssertAnswersAsync(new[] { migrating }, documents);

            // The session that opened it before keeps writing the old layout, and says so: still the same answers, and a
            // second migration rewrites those rows only.
            await old.InsertManyAsync(documents.Take(40));
            var all = documents.Concat(documents.Take(40)).ToList();
            await AssertAnswersAsync(new[] { migrating }, all);
            // The estimates its queries kept (GinOrContainment) are forgotten by the migration, which rewrites rows.
            Assert.NotEqual(0, migrating.FormChoice.Count);
            Assert.Equal(40, await store.MigrateListLayoutAsync("old"));
            Assert.Equal(0, migrating.FormChoice.Count);
            await AssertAnswersAsync(new[] { migrating }, all);
            Assert.Equal(0, await store.MigrateListLayoutAsync("old"));
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }

    [StoreFact]
    public async Task An_empty_collection_migrates_at_once_and_a_migration_refuses_a_transaction()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var opened = new List<PostgresFudgeStore>();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        try
        {
            await OldCollectionAsync(connection, "empty", gin: false, opened);
            var empty = (PostgresFudgeCollection)await store.GetCollectionAsync("empty");
            Assert.False(empty.ListsAsArrays);
            Assert.Equal(0, await store.MigrateListLayoutAsync("empty"));
            Assert.True(empty.ListsAsArrays);
            Assert.Equal("1", await ScalarTextAsync(store, "SELECT json_layout FROM fudge_collections WHERE name = 'empty'"));
            // Now written in the list layout and tested by containment.
            var documents = Documents(5, 300);
            await empty.InsertManyAsync(documents);
            Assert.Matches("\\(\\(json -> 'Legs'::text\\) -> ''::text\\) @> ", await empty.ExplainAsync(FudgeFilter.Compile(Filters[0])));
            await AssertAnswersAsync(new[] { empty }, documents);
            await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => store.MigrateListLayoutAsync("empty", 0).AsTask());
            await using var transaction = await store.BeginTransactionAsync();
            var refused = await Assert.ThrowsAsync<FudgeStoreException>(() => store.MigrateListLayoutAsync("empty").AsTask());
            Assert.Contains("inside a transaction", refused.Message, StringComparison.Ordinal);
        }
        finally
        {
            foreach (var other in opened) await other.DisposeAsync();
        }
    }
}
