using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// A query whose filter the server decides, ordered by and selecting a member a key column holds (a composite
/// (Symbol, Qty) declared): the side-by-side's <c>Where(t =&gt; t.Legs.Any(l =&gt; l.Venue == "XLON")).OrderBy(t =&gt;
/// t.Id).Select(t =&gt; t.Id)</c>, sorted by the server on the column (docs/store.md, "Ordered by a key column"), with
/// the answers of LINQ to Objects and of the store without the column, whatever the documents hold.
/// </summary>
[NeedsPostgres]
public sealed class PostgresKeyColumnOrderTests
{
    private static readonly string[] Venues = { "XLON", "BATS", "東京" };

    private static List<StoredTrade> Trades(int count)
    {
        var random = new Random(4343);
        return Enumerable.Range(0, count).Select(i => new StoredTrade
        {
            Symbol = "S" + (char)('A' + i % 7),
            Price = random.Next(0, 300),
            Qty = random.Next(-500, 500), // repeated values: ties, which go by the row's id as the server's jsonb sort
            Legs = Enumerable.Range(0, random.Next(0, 3)).Select(_ => new StoredLeg { Venue = Venues[random.Next(Venues.Length)] }).ToList(),
        }).ToList();
    }

    // The harness's three Fudge collections (the GIN; no GIN; no GIN and the venues' elements index), each with the
    // composite that gives Qty its key column, and a collection without it, whose answers are the store's as before.
    private static async Task<(PostgresFudgeCollection[] Keyed, IFudgeCollection Plain)> CollectionsAsync(PostgresFudgeStore store)
    {
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        await store.SetWholeDocumentIndexAsync("legs", enabled: false);
        var keyed = new[]
        {
            (PostgresFudgeCollection)await store.GetCollectionAsync("gin"),
            (PostgresFudgeCollection)await store.GetCollectionAsync("bare"),
            (PostgresFudgeCollection)await store.GetCollectionAsync("legs"),
        };
        foreach (var collection in keyed) await collection.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Qty });
        await keyed[2].CreateIndexAsync((StoredTrade t) => t.Legs!.Select(l => l.Venue));
        return (keyed, await store.GetCollectionAsync("plain"));
    }

    private static IQueryable<long> AnyXlon(IFudgeCollection collection, bool descending = false)
    {
        var filtered = collection.Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON"));
        return (descending ? filtered.OrderByDescending(t => t.Qty) : filtered.OrderBy(t => t.Qty)).Select(t => t.Qty);
    }

    [StoreFact]
    public async Task The_collection_Any_ordered_by_a_key_column_is_sorted_by_the_server_with_the_answers_of_linq()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var (keyed, plain) = await CollectionsAsync(store);
        var trades = Trades(3000);
        await plain.InsertManyAsync(trades);
        foreach (var collection in keyed)
        {
            await collection.InsertManyAsync(trades);
            await using var vacuum = store.Connection.CreateCommand();
            vacuum.CommandText = $"VACUUM ANALYZE {collection.Table}";
            await vacuum.ExecuteNonQueryAsync();
        }
        var xlon = trades.Where(t => t.Legs!.Any(l => l.Venue == "XLON")).ToList();
        string[] searched = { "json @? ", "json @? ", "@> " };
        for (int i = 0; i < keyed.Length; i++)
        {
            var collection = keyed[i];
            string plan = (await collection.ExplainKeyColumnOrderedAsync(FudgeQueryableParser.Parse(AnyXlon(collection).Expression, typeof(StoredTrade)).Plan))!;
            // The server sorts by the composite's Qty column (fudge_k_N_1) alone: the rows come in order, no client sort.
            Assert.Matches(@"Sort Key: [^\n]*fudge_k_\d+_1[^\n]* NULLS FIRST\n", plan);
            Assert.Contains(searched[i], plan, StringComparison.Ordinal);
            Assert.Equal(xlon.OrderBy(t => t.Qty).Select(t => t.Qty), await AnyXlon(collection).ToListAsync());
            Assert.Equal(xlon.OrderByDescending(t => t.Qty).Select(t => t.Qty), await AnyXlon(collection, descending: true).ToListAsync());
            Assert.Equal(xlon.OrderBy(t => t.Qty).Skip(7).Take(40).Select(t => t.Qty), await AnyXlon(collection).Skip(7).Take(40).ToListAsync());
            // A filter the jsonpath decides exactly, and a range a row decision settles: the same statement's shape.
            Assert.Equal(trades.Where(t => t.Price > 250).OrderBy(t => t.Qty).Select(t => t.Qty),
                await collection.Query<StoredTrade>().Where(t => t.Price > 250).OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
        }
        // Without the column the client sorts the rows, each Qty held as its sort key's integer (no box a row).
        Assert.Null(await ((PostgresFudgeCollection)plain).ExplainKeyColumnOrderedAsync(FudgeQueryableParser.Parse(AnyXlon(plain).Expression, typeof(StoredTrade)).Plan));
        Assert.Equal(xlon.OrderBy(t => t.Qty).Select(t => t.Qty), await AnyXlon(plain).ToListAsync());
        Assert.Equal(xlon.OrderByDescending(t => t.Qty).Select(t => t.Qty), await AnyXlon(plain, descending: true).ToListAsync());
        // With the elements index, the containment of its column decides (no jsonpath on its rows); XLON is in half the
        // documents, so the planner tests the column in a scan rather than search the index (GinScanSettings; a rare
        // venue searches it: PostgresGinScanSettingsTests).
        string legsPlan = (await keyed[2].ExplainKeyColumnOrderedAsync(FudgeQueryableParser.Parse(AnyXlon(keyed[2]).Expression, typeof(StoredTrade)).Plan))!;
        Assert.Matches(@"Seq Scan on [^\n]*\n\s*Filter: \(fudge_k_[0-9]+ @> ", legsPlan);
        Assert.DoesNotContain("jsonb_path_exists", legsPlan, StringComparison.Ordinal);
        // Not the shape: another member selected, or ordered by a member without a key column.
        Assert.Null(await keyed[0].ExplainKeyColumnOrderedAsync(FudgeQueryableParser.Parse(
            keyed[0].Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).OrderBy(t => t.Qty).Select(t => t.Price).Expression, typeof(StoredTrade)).Plan));
        Assert.Null(await keyed[0].ExplainKeyColumnOrderedAsync(FudgeQueryableParser.Parse(
            keyed[0].Query<StoredTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).OrderBy(t => t.Price).Select(t => t.Price).Expression, typeof(StoredTrade)).Plan));
    }

    public static TheoryData<string, string> Edges => new()
    {
        { "long.MinValue", "min" },
        { "long.MaxValue", "max" },
        { "2^24+1", "2p24" },
        { "1.5", "half" },
        { "NaN", "nan" },
        { "the string 7", "string" },
        { "true", "boolean" },
        { "absent", "absent" },
        { "several values", "several" },
        { "a field with an empty name (decided on its bytes)", "empty" },
        { "a tie with a document before it", "tie" },
    };

    private static FudgeMsg Edge(string edge)
    {
        var legs = new FudgeMsg().Add((string?)null, new FudgeMsg().Add("Venue", "XLON"));
        var message = new FudgeMsg().Add("Symbol", "SD").Add("Price", 105.0).Add("Legs", legs);
        return edge switch
        {
            "min" => message.Add("Qty", long.MinValue),
            "max" => message.Add("Qty", long.MaxValue),
            "2p24" => message.Add("Qty", (1L << 24) + 1),
            "half" => message.Add("Qty", 1.5),
            "nan" => message.Add("Qty", double.NaN),
            "string" => message.Add("Qty", "7"),
            "boolean" => message.Add("Qty", true),
            "absent" => message,
            "several" => message.Add("Qty", 4L).Add("Qty", -4L),
            "empty" => message.Add("Qty", 3L).Add("", "unnamed"),
            _ => message.Add("Qty", 0L),
        };
    }

    [StoreTheory]
    [MemberData(nameof(Edges))]
    public async Task A_document_the_key_column_cannot_answer_for_gives_the_answers_of_the_store_without_it(string description, string edge)
    {
        Assert.NotNull(description);
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var (keyed, plain) = await CollectionsAsync(store);
        var envelopes = Trades(300).Select(t => FudgeSerializer.Serialize(t)).Append(new FudgeEnvelope(Edge(edge)).ToByteArray()).ToList();
        foreach (var envelope in envelopes)
        {
            await plain.InsertAsync(envelope);
            foreach (var collection in keyed) await collection.InsertAsync(envelope);
        }
        string expected = await OutcomeAsync(AnyXlon(plain)), expectedDescending = await OutcomeAsync(AnyXlon(plain, descending: true));
        string expectedWindow = await OutcomeAsync(AnyXlon(plain).Skip(2).Take(5));
        foreach (var collection in keyed)
        {
            Assert.Equal(expected, await OutcomeAsync(AnyXlon(collection)));
            Assert.Equal(expectedDescending, await OutcomeAsync(AnyXlon(collection, descending: true)));
            Assert.Equal(expectedWindow, await OutcomeAsync(AnyXlon(collection).Skip(2).Take(5)));
        }
    }

    // The values, or the exception's type and message: a 1.5, a "7" or a NaN read as a long is refused, with or without
    // the column; several values projected by the server's columns raise what the store without the column raises.
    private static async Task<string> OutcomeAsync(IQueryable<long> query)
    {
        try
        {
            return string.Join(",", await query.ToListAsync());
        }
        catch (Exception e) when (e is FudgeException or FormatException or InvalidCastException or OverflowException)
        {
            return e.GetType().Name + ": " + e.Message;
        }
    }
}
