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

[FudgeMessage]
public partial class TaggedTrade
{
    public string? Symbol { get; set; }
    public List<string>? Tags { get; set; }
}

/// <summary>
/// A declared index on a collection's members (<c>$.Legs.#.Venue</c>, typed <c>t =&gt; t.Legs.Select(l =&gt; l.Venue)</c>):
/// a jsonb array column of every value with a GIN index, searched by the equality, <c>in [...]</c> and <c>||</c> tests
/// an <c>Any</c> translates into, with the answers of the filter on the bytes whatever the documents hold.
/// </summary>
[NeedsPostgres]
public sealed class PostgresElementsIndexTests
{
    internal static readonly string[] Filters =
    {
        "$.Legs.#.Venue == 'XLON'", "$.Legs.#.Venue in ['XLON', '東京']", "$.Legs.#.Venue == 'XLON' || $.Legs.#.Venue == 'BATS'",
        "$.Legs.#.Venue == 5", "$.Legs.#.Venue == 0.1", "$.Legs.#.Venue == ''", "$.Legs.#.Venue == true",
        "$.Legs.#.Venue == 'XLON' && $.Symbol == 'AAPL'", "$.Legs.#.Venue == 'XLON' || $.Symbol == 'GOOG'",
        "any($.Legs.#, @.Venue == 'XLON' && @.Side == 'Buy')", "$.Legs.#.Venue != 'XLON'", "$.Legs.#.Venue > 'B'",
    };

    private static FudgeMsg Leg(object? venue, string side = "Buy")
        => venue is null ? new FudgeMsg().Add("Side", side) : new FudgeMsg().Add("Venue", venue).Add("Side", side);

    private static FudgeMsg Legs(params FudgeMsg[] legs)
    {
        var list = new FudgeMsg();
        foreach (var leg in legs) list.Add((string?)null, leg);
        return list;
    }

    internal static List<byte[]> Documents()
    {
        var messages = new List<FudgeMsg>
        {
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", Legs(Leg("XLON"), Leg("BATS", "Sell"))),       // several: an array
            new FudgeMsg().Add("Symbol", "MSFT").Add("Legs", Legs(Leg("XLON", "Sell"))),                    // one: an object
            new FudgeMsg().Add("Symbol", "MSFT").Add("Legs", Legs(Leg("東京"), Leg("Zürich"))),              // non-ASCII
            new FudgeMsg().Add("Symbol", "GOOG").Add("Legs", new FudgeMsg()),                               // an empty list
            new FudgeMsg().Add("Symbol", "GOOG"),                                                          // no list
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", Legs(Leg(null), Leg(FudgeIndicator.Instance))), // no venue, a null one
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(Leg(5), Leg(5.0), Leg("5"))),              // type-mixed
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(Leg(0.1f), Leg(true), Leg(""))),
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(new FudgeMsg().Add("Venue", "XLON").Add("Venue", "BATS"))), // a repeated member
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(Leg(new[] { 5, 6 }))),                     // a primitive array
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(Leg("ARCA"))).Add("Legs", Legs(Leg("XLON"))), // a repeated list
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", new FudgeMsg().Add(3, Leg("XLON"))),             // an ordinal, not an element
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", new FudgeMsg().Add("", Leg("XLON"))),            // an empty name, not an element
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", Legs(Leg(new FudgeMsg().Add("", "XLON")))),     // a sub-message venue
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", new FudgeMsg().Add((string?)null, "XLON")),     // an element that is a value
        };
        return messages.Select(m => new FudgeEnvelope(m).ToByteArray()).ToList();
    }

    [StoreFact]
    public async Task The_elements_index_finds_what_the_filter_finds_and_is_searched()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var bytes = Documents();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        await store.SetWholeDocumentIndexAsync("indexed", enabled: false);
        var bare = (PostgresFudgeCollection)await store.GetCollectionAsync("bare");
        var indexed = (PostgresFudgeCollection)await store.GetCollectionAsync("indexed");
        var late = (PostgresFudgeCollection)await store.GetCollectionAsync("late");
        await indexed.CreateIndexAsync("$.Legs.#.Venue");
        await indexed.CreateIndexAsync("$.Legs.#.Venue"); // idempotent
        foreach (var collection in new[] { bare, indexed, late }) await collection.InsertManyAsync(bytes);
        // Written one by one and replaced: the server computes the column on every write.
        long id = await indexed.InsertAsync(bytes[4]);
        Assert.True(await indexed.ReplaceAsync(id, bytes[0]));
        await bare.InsertAsync(bytes[0]);
        await late.InsertAsync(bytes[0]);
        await late.CreateIndexAsync("$.Legs.#.Venue", FudgeIndexKind.String); // declared over rows already there
        var all = bytes.Append(bytes[0]).ToList();
        Assert.Equal(new[] { "$.Legs.#.Venue" }, await indexed.ListIndexesAsync());

        await AssertAnswersAsync(new[] { bare, indexed, late }, all);
        await using (var off = store.Connection.CreateCommand())
        {
            off.CommandText = $"ANALYZE {indexed.Table}; SET enable_seqscan = off";
            await off.ExecuteNonQueryAsync();
        }
        foreach (string text in new[] { Filters[0], Filters[1], Filters[2] })
            Assert.Contains($"Bitmap Index Scan on {indexed.Table}_ix_", await indexed.ExplainAsync(FudgeFilter.Compile(text)), StringComparison.Ordinal);

        // Read back when the store opens; dropped with its column.
        await using var reopened = await PostgresFudgeStore.OpenAsync(connection);
        var again = (PostgresFudgeCollection)await reopened.GetCollectionAsync("indexed");
        await AssertAnswersAsync(new[] { again }, all);
        await using (var off = reopened.Connection.CreateCommand())
        {
            off.CommandText = "SET enable_seqscan = off";
            await off.ExecuteNonQueryAsync();
        }
        Assert.Contains($"Bitmap Index Scan on {again.Table}_ix_", await again.ExplainAsync(FudgeFilter.Compile(Filters[0])), StringComparison.Ordinal);
        Assert.True(await again.DropIndexAsync(FudgePath.Compile("$.Legs.#.Venue")));
        Assert.Empty(await again.ListIndexesAsync());
        await using (var columns = reopened.Connection.CreateCommand())
        {
            columns.CommandText = $"SELECT count(*) FROM pg_attribute WHERE attrelid = '{again.Table}'::regclass AND attname LIKE 'fudge_k_%' AND NOT attisdropped";
            Assert.Equal(0L, (long)(await columns.ExecuteScalarAsync())!);
        }
        await AssertAnswersAsync(new[] { again }, all);
    }

    [StoreFact]
    public async Task Typed_any_contains_and_or_use_the_index_declared_on_the_elements_member()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("trades", enabled: false);
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(4343, 400);
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Legs!.Select(l => l.Venue));
        Assert.Equal(new[] { "$.Legs.#.Venue" }, await trades.ListIndexesAsync());
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        var q = trades.Query<QueryableTrade>();
        string venue = "BATS";
        Assert.Equal(all.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == venue)).Select(t => t.Qty).ToList(),
            await q.Where(t => t.Legs!.Any(l => l.Venue == venue)).Select(t => t.Qty).ToListAsync());
        Assert.Equal(all.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" || l.Venue == "ARCA")).OrderBy(t => t.Qty).Select(t => t.Qty).ToList(),
            await q.Where(t => t.Legs!.Any(l => l.Venue == "BATS" || l.Venue == "ARCA")).OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
        var wanted = new[] { "XNAS", "東京" };
        Assert.Equal(all.Where(t => t.Legs != null && t.Legs.Any(l => wanted.Contains(l.Venue))).Select(t => t.Qty).ToList(),
            await q.Where(t => t.Legs!.Any(l => wanted.Contains(l.Venue))).Select(t => t.Qty).ToListAsync());
        Assert.Equal(all.Count(t => t.Legs != null && t.Legs.Any(l => l.Venue == "ARCA")), await trades.CountAsync((QueryableTrade t) => t.Legs!.Any(l => l.Venue == "ARCA")));
        // Correlated tests of one element are an any(...) the index does not key: still answered.
        Assert.Equal(all.Count(t => t.Legs != null && t.Legs.Any(l => l.Venue == "ARCA" && l.Qty > 2)), q.Count(t => t.Legs!.Any(l => l.Venue == "ARCA" && l.Qty > 2)));

        // Equalities on strings the containment decides alone; a number is still tested by the jsonpath on its rows.
        string decided = q.Where(t => t.Legs!.Any(l => l.Venue == "BATS" || l.Venue == "ARCA")).Select(t => t.Qty).ToQueryString();
        Assert.Contains(" @> @k", decided, StringComparison.Ordinal);
        Assert.DoesNotContain("@where", decided, StringComparison.Ordinal);
        Assert.Contains("jsonb_path_exists", trades.Query<QueryableTrade>().Where(t => t.Legs!.Any(l => l.Venue == "BATS") && t.Symbol == "AAPL").ToQueryString(), StringComparison.Ordinal);

        await using (var off = store.Connection.CreateCommand())
        {
            off.CommandText = $"ANALYZE {trades.Table}; SET enable_seqscan = off";
            await off.ExecuteNonQueryAsync();
        }
        Assert.Contains($"Bitmap Index Scan on {trades.Table}_ix_",
            await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Legs!.Any(l => l.Venue == "BATS" || l.Venue == "ARCA"))), StringComparison.Ordinal);
        Assert.True(await trades.DropIndexAsync((QueryableTrade t) => t.Legs!.Select(l => l.Venue)));
    }

    [StoreFact]
    public async Task An_index_an_earlier_version_built_on_the_path_serves_until_declared_again()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var bytes = Documents();
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            await store.SetWholeDocumentIndexAsync("legs", enabled: false);
            var legs = (PostgresFudgeCollection)await store.GetCollectionAsync("legs");
            table = legs.Table;
            await legs.InsertManyAsync(bytes);
            // What the store built for the path before elements indexes: a B-tree on its one value (fudge_key).
            await using var older = store.Connection.CreateCommand();
            older.CommandText = $"""
                INSERT INTO fudge_indexes (collection_id, path) SELECT id, '$.Legs.#.Venue' FROM fudge_collections WHERE name = 'legs';
                CREATE INDEX {table}_ix_1 ON {table} ((fudge_key(json, '$."Legs".""."Venue"[*]'::jsonpath)));
                """;
            await older.ExecuteNonQueryAsync();
        }
        await using var reopened = await PostgresFudgeStore.OpenAsync(connection);
        var again = (PostgresFudgeCollection)await reopened.GetCollectionAsync("legs");
        Assert.Equal(new[] { "$.Legs.#.Venue" }, await again.ListIndexesAsync());
        Assert.Contains("fudge_key", again.Query<QueryableTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).ToQueryString(), StringComparison.Ordinal);
        await AssertAnswersAsync(new[] { again }, bytes);
        await again.CreateIndexAsync((QueryableTrade t) => t.Legs!.Select(l => l.Venue));
        Assert.Contains("@> @k0", again.Query<QueryableTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).ToQueryString(), StringComparison.Ordinal);
        await AssertAnswersAsync(new[] { again }, bytes);
        await using var reopenedAgain = await PostgresFudgeStore.OpenAsync(connection);
        var third = (PostgresFudgeCollection)await reopenedAgain.GetCollectionAsync("legs");
        Assert.Contains("@> @k0", third.Query<QueryableTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).ToQueryString(), StringComparison.Ordinal);
        Assert.Equal(new[] { "$.Legs.#.Venue" }, await third.ListIndexesAsync());
    }

    [StoreFact]
    public async Task A_list_of_values_is_indexed_by_its_elements_for_contains()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("tagged", enabled: false);
        var tagged = (PostgresFudgeCollection)await store.GetCollectionAsync("tagged");
        await tagged.CreateIndexAsync((TaggedTrade t) => t.Tags!.Select(tag => tag));
        Assert.Equal(new[] { "$.Tags.#" }, await tagged.ListIndexesAsync());
        var random = new Random(4344);
        string[] tags = { "a", "b", "東京", "" };
        var documents = Enumerable.Range(0, 300).Select(i => new TaggedTrade
        {
            Symbol = "S" + i,
            Tags = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(4)).Select(_ => tags[random.Next(tags.Length)]).ToList(),
        }).ToList();
        await tagged.InsertManyAsync(documents);
        var all = documents.Select(t => FudgeSerializer.Deserialize<TaggedTrade>(FudgeSerializer.Serialize(t))).ToList();
        foreach (string tag in tags)
            Assert.Equal(all.Where(t => t.Tags != null && t.Tags.Contains(tag)).Select(t => t.Symbol).ToList(),
                await tagged.Query<TaggedTrade>().Where(t => t.Tags!.Contains(tag)).Select(t => t.Symbol).ToListAsync());
        await using (var off = store.Connection.CreateCommand())
        {
            off.CommandText = $"ANALYZE {tagged.Table}; SET enable_seqscan = off";
            await off.ExecuteNonQueryAsync();
        }
        Assert.Contains($"Bitmap Index Scan on {tagged.Table}_ix_",
            await tagged.ExplainAsync(FudgeTypedQuery.Filter<TaggedTrade>(t => t.Tags!.Contains("東京"))), StringComparison.Ordinal);
    }

    [Fact]
    public void The_typed_selector_of_a_collections_member_is_its_elements_path()
    {
        Assert.Equal("$.Legs.#.Venue", FudgeCollectionQueryExtensions.IndexOf((QueryableTrade t) => t.Legs!.Select(l => l.Venue)).Text);
        Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((QueryableTrade t) => t.Legs!.Select(l => l.Venue), unique: true));
        Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((QueryableTrade t) => t.Legs!.Select(l => l.Venue!.Length)));
    }

    // Every filter of Filters answers on each collection (count and documents, in order) as on the bytes themselves; the
    // SQLite tests use it too.
    internal static async Task AssertAnswersAsync(IFudgeCollection[] collections, List<byte[]> all)
    {
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = string.Join(" ", all.Where(b => filter.Matches(b)).Select(Convert.ToHexString));
            foreach (var collection in collections)
            {
                Assert.Equal((text, collection.Name, all.Count(b => filter.Matches(b))), (text, collection.Name, (int)await collection.CountAsync(filter)));
                var found = new List<string>();
                await foreach (var document in collection.FindAsync(new FudgeQuery { Where = filter })) found.Add(Convert.ToHexString(document.Envelope));
                Assert.Equal((text, collection.Name, expected), (text, collection.Name, string.Join(" ", found)));
            }
        }
    }
}
