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
/// Filters over anonymous fields (a list's elements, <c>$.Legs.#.Venue</c>, <c>any()</c>) decided by the server for the
/// documents with no field whose name is empty: the jsonb keys such a field as it keys an anonymous one, so only those
/// documents (and rows written before the column that says so) are decided on their bytes.
/// </summary>
[NeedsPostgres]
public sealed class PostgresAnonymousDecisionTests
{
    private static readonly string[] Filters =
    {
        "$.Legs.#.Venue == 'XLON'", "any($.Legs.#, @.Venue == 'XLON')", "any($.Legs.#, @.Venue == 'XLON' && @.Side == 'Buy')",
        "$.Legs.#.Venue in ['XLON', 'BATS']", "$.Legs.#.Venue == 'XLON' || $.Symbol == 'AAPL'", "$.Symbol == 'AAPL' && any($.Legs.#, @.Venue == 'BATS')",
        "any($.Legs.#, @.Venue == 'XLON' || @.Side == 'Sell')",
    };

    private static FudgeMsg Leg(string venue, string side) => new FudgeMsg().Add("Venue", venue).Add("Side", side);

    private static List<byte[]> Documents()
    {
        var messages = new List<FudgeMsg>
        {
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", new FudgeMsg().Add((string?)null, Leg("XLON", "Buy")).Add((string?)null, Leg("BATS", "Sell"))),
            new FudgeMsg().Add("Symbol", "MSFT").Add("Legs", new FudgeMsg().Add((string?)null, Leg("XLON", "Sell"))),
            new FudgeMsg().Add("Symbol", "MSFT").Add("Legs", new FudgeMsg().Add((string?)null, Leg("BATS", "Buy"))),
            // Elements answering different tests: no one element is XLON and Buy.
            new FudgeMsg().Add("Symbol", "GOOG").Add("Legs", new FudgeMsg().Add((string?)null, Leg("XLON", "Sell")).Add((string?)null, Leg("BATS", "Buy"))),
            // A field named with the empty string: the jsonb keys it as an element, the filter's # does not select it.
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", new FudgeMsg().Add("", Leg("XLON", "Buy"))),
            new FudgeMsg().Add("Symbol", "GOOG").Add("Legs", new FudgeMsg().Add("", Leg("XLON", "Buy")).Add((string?)null, Leg("ARCA", "Buy"))),
            // An empty name elsewhere in the document.
            new FudgeMsg().Add("Symbol", "GOOG").Add("", 5).Add("Legs", new FudgeMsg().Add((string?)null, Leg("XLON", "Buy"))),
            // Ordinal-only elements, repeated Legs, a leg that is not a message, no legs.
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", new FudgeMsg().Add(3, Leg("XLON", "Buy"))),
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", new FudgeMsg().Add((string?)null, Leg("ARCA", "Buy"))).Add("Legs", new FudgeMsg().Add((string?)null, Leg("XLON", "Buy"))),
            new FudgeMsg().Add("Symbol", "AMZN").Add("Legs", new FudgeMsg().Add((string?)null, "XLON")),
            new FudgeMsg().Add("Symbol", "AAPL"),
            new FudgeMsg().Add("Symbol", "AAPL").Add("Legs", new FudgeMsg().Add((string?)null, new FudgeMsg().Add("Venue", "XLON").Add("Venue", "BATS"))),
        };
        return messages.Select(m => new FudgeEnvelope(m).ToByteArray()).ToList();
    }

    [StoreFact]
    public async Task Anonymous_steps_are_decided_on_the_server_except_where_a_name_is_empty()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var bytes = Documents();
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        var withGin = (PostgresFudgeCollection)await store.GetCollectionAsync("legs");
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        var bare = (PostgresFudgeCollection)await store.GetCollectionAsync("bare");
        var indexed = (PostgresFudgeCollection)await store.GetCollectionAsync("indexed");
        await indexed.CreateIndexAsync("$.Symbol", FudgeIndexKind.String);
        var collections = new[] { withGin, bare, indexed };
        foreach (var collection in collections) await collection.InsertManyAsync(bytes);
        // One more through InsertAsync and one replaced, which set the column as the bulk insert does.
        foreach (var collection in collections)
        {
            long id = await collection.InsertAsync(bytes[0]);
            Assert.True(await collection.ReplaceAsync(id, bytes[4]));
        }
        var all = bytes.Append(bytes[4]).ToList();
        await AssertAnswersAsync(collections, all);
        string sql = withGin.Query<QueryableTrade>().Where(t => t.Legs!.Any(l => l.Venue == "XLON")).OrderBy(t => t.Qty).Select(t => t.Qty).ToQueryString();
        Assert.Contains("((CASE WHEN empty_names IS FALSE THEN true END)) AS fudge_decision FROM fudge_docs_1 WHERE position(@needle in doc) > 0 AND json @? @where", sql, StringComparison.Ordinal);
        Assert.Contains("CASE WHEN fudge_decision IS TRUE THEN NULL ELSE doc END", sql, StringComparison.Ordinal);

        // Rows written before the column (NULL) are decided on their bytes, and the column is added when a store opens.
        await using (var command = store.Connection.CreateCommand())
        {
            command.CommandText = $"UPDATE {withGin.Table} SET empty_names = NULL WHERE id % 2 = 0; ALTER TABLE {bare.Table} DROP COLUMN empty_names";
            await command.ExecuteNonQueryAsync();
        }
        await using var reopened = await PostgresFudgeStore.OpenAsync(connection);
        var again = new[] { "legs", "bare", "indexed" }.Select(name => (PostgresFudgeCollection)reopened.GetCollectionAsync(name).AsTask().Result).ToArray();
        await AssertAnswersAsync(again, all);
        await again[1].InsertManyAsync(bytes.Take(6));
        Assert.Equal(all.Count(b => FudgeFilter.Compile(Filters[0]).Matches(b)) + bytes.Take(6).Count(b => FudgeFilter.Compile(Filters[0]).Matches(b)),
            await again[1].CountAsync(FudgeFilter.Compile(Filters[0])));
    }

    private static async Task AssertAnswersAsync(PostgresFudgeCollection[] collections, List<byte[]> all)
    {
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            Assert.True(JsonPathTranslation.IsExactWithoutEmptyNames(filter), text);
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
