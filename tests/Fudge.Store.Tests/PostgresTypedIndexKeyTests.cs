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
/// Declared indexes keyed by typed values (float8 for numbers, text for strings): the key of every kind of value the
/// jsonb holds, the kinds the typed API asks for, and stores whose indexes were built before typed keys.
/// </summary>
[NeedsPostgres]
public sealed class PostgresTypedIndexKeyTests
{
    [Fact]
    public void Typed_members_ask_for_typed_keys()
    {
        Assert.Equal(FudgeIndexKind.Number, FudgeCollectionQueryExtensions.KindOf(typeof(double)));
        Assert.Equal(FudgeIndexKind.Number, FudgeCollectionQueryExtensions.KindOf(typeof(long?)));
        Assert.Equal(FudgeIndexKind.Number, FudgeCollectionQueryExtensions.KindOf(typeof(float)));
        Assert.Equal(FudgeIndexKind.String, FudgeCollectionQueryExtensions.KindOf(typeof(string)));
        Assert.Equal(FudgeIndexKind.Any, FudgeCollectionQueryExtensions.KindOf(typeof(DateTime)));
        Assert.Equal(FudgeIndexKind.Any, FudgeCollectionQueryExtensions.KindOf(typeof(bool)));
        Assert.Equal(FudgeIndexKind.Any, FudgeCollectionQueryExtensions.KindOf(typeof(DayOfWeek)));
    }

    [StoreFact]
    public async Task The_typed_keys_of_every_kind_of_value()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var docs = (PostgresFudgeCollection)await store.GetCollectionAsync("kinds");
        // The value under V, its float8 key and its text key (null: SQL NULL).
        var cases = new List<(FudgeMsg Message, string? Number, string? Text)>
        {
            (new FudgeMsg().Add("V", "AAPL"), null, "AAPL"),
            (new FudgeMsg().Add("V", ""), null, ""),
            (new FudgeMsg().Add("V", 5), "5", null),
            (new FudgeMsg().Add("V", 2.5), "2.5", null),
            (new FudgeMsg().Add("V", 0.1f), "0.1", null),                                  // a float's own text
            (new FudgeMsg().Add("V", 9007199254740993L), "9.007199254740992e+15", null),    // rounded, past 2^53
            (new FudgeMsg().Add("V", double.MaxValue), "1.7976931348623157e+308", null),
            (new FudgeMsg().Add("V", 1e-45f), "1e-45", null),                              // a subnormal float
            (new FudgeMsg().Add("V", double.NaN), null, "NaN"),                            // a string in the jsonb
            (new FudgeMsg().Add("V", true), null, null),
            (new FudgeMsg().Add("V", FudgeIndicator.Instance), null, null),
            (new FudgeMsg().Add("V", new[] { 5.0 }), "NaN", ""),
            (new FudgeMsg().Add("V", new[] { 5, 6 }), "NaN", ""),
            (new FudgeMsg().Add("V", "x").Add("V", "y"), "NaN", ""),
            (new FudgeMsg().Add("V", new FudgeMsg().Add("W", 1)), null, null),
            (new FudgeMsg().Add("Other", 1), null, null),
        };
        await docs.InsertManyAsync(cases.Select(c => new FudgeEnvelope(c.Message).ToByteArray()));
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"SELECT ({BTreePredicate.NumberKey("V")})::text, {BTreePredicate.TextKey("V")} FROM {docs.Table} ORDER BY id";
        var keys = new List<(string?, string?)>();
        await using (var reader = await command.ExecuteReaderAsync())
            while (await reader.ReadAsync()) keys.Add((reader.IsDBNull(0) ? null : reader.GetString(0), reader.IsDBNull(1) ? null : reader.GetString(1)));
        Assert.Equal(cases.Select(c => (c.Number, c.Text)), keys);
    }

    [StoreFact]
    public async Task An_index_built_before_typed_keys_is_searched_as_built_and_rebuilt_typed_when_declared_with_a_kind()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var documents = QueryableCases.Trades(4343, 300);
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.InsertManyAsync(documents);
            // What a declaration built before typed keys (or one without a kind) builds: jsonb keys.
            await trades.CreateIndexAsync("$.Price");
            await trades.CreateIndexAsync("$.Symbol");
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            var range = trades.Query<QueryableTrade>().Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty);
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Contains(BTreePredicate.IndexKeyOf(FudgePath.Compile("$.Price"))!, range.ToQueryString(), StringComparison.Ordinal);
            Assert.Contains(BTreePredicate.IndexKeyOf(FudgePath.Compile("$.Symbol"))! + " IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            var expectedRange = all.Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty).ToList();
            Assert.Equal(expectedRange, await range.ToListAsync());
            // Declared again with their members' kinds (the typed API does so): rebuilt with typed keys, in place.
            await trades.CreateIndexAsync((QueryableTrade t) => t.Price);
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            Assert.Equal(new[] { "$.Price", "$.Symbol" }, await trades.ListIndexesAsync());
            Assert.Contains(BTreePredicate.NumberKey("Price"), range.ToQueryString(), StringComparison.Ordinal);
            Assert.Contains(BTreePredicate.TextKey("Symbol") + " IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            // Declaring again without a kind keeps the typed key.
            await trades.CreateIndexAsync("$.Price");
            Assert.Contains(BTreePredicate.NumberKey("Price"), range.ToQueryString(), StringComparison.Ordinal);
            Assert.Equal(expectedRange, await range.ToListAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
        await using (var again = await PostgresFudgeStore.OpenAsync(connection))
        {
            // Read back from the index definitions when the collection opens.
            var trades = (PostgresFudgeCollection)await again.GetCollectionAsync("trades");
            await using (var analyze = again.Connection.CreateCommand())
            {
                analyze.CommandText = $"ANALYZE {table}; SET enable_seqscan = off";
                await analyze.ExecuteNonQueryAsync();
            }
            var range = trades.Query<QueryableTrade>().Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty);
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Contains(BTreePredicate.NumberKey("Price"), range.ToQueryString(), StringComparison.Ordinal);
            Assert.Contains(BTreePredicate.TextKey("Symbol") + " IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(range.Expression, typeof(QueryableTrade)).Plan));
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(aapl.Expression, typeof(QueryableTrade)).Plan));
            Assert.Equal(all.Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty), await range.ToListAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await trades.CountAsync("$.Symbol == 'AAPL'"));
        }
    }
}
