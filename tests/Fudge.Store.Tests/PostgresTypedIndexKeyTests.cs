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
            // Declared again with their members' kinds (the typed API does so): rebuilt in place, each typed key in a
            // stored generated column with a plain B-tree on it.
            await trades.CreateIndexAsync((QueryableTrade t) => t.Price);
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            Assert.Equal(new[] { "$.Price", "$.Symbol" }, await trades.ListIndexesAsync());
            Assert.Contains("fudge_k_1 >= @", range.ToQueryString(), StringComparison.Ordinal);
            Assert.Contains("fudge_k_2 IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            // Declaring again without a kind keeps the typed key.
            await trades.CreateIndexAsync("$.Price");
            Assert.Contains("fudge_k_1 >= @", range.ToQueryString(), StringComparison.Ordinal);
            Assert.Equal(expectedRange, await range.ToListAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
        await using (var again = await PostgresFudgeStore.OpenAsync(connection))
        {
            // Read back from the index definitions and the columns' types when the collection opens.
            var trades = (PostgresFudgeCollection)await again.GetCollectionAsync("trades");
            await using (var analyze = again.Connection.CreateCommand())
            {
                analyze.CommandText = $"VACUUM ANALYZE {table}";
                await analyze.ExecuteNonQueryAsync();
                analyze.CommandText = "SET enable_seqscan = off";
                await analyze.ExecuteNonQueryAsync();
            }
            var range = trades.Query<QueryableTrade>().Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty);
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Contains("fudge_k_1 >= @", range.ToQueryString(), StringComparison.Ordinal);
            Assert.Contains("fudge_k_2 IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(range.Expression, typeof(QueryableTrade)).Plan));
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(aapl.Expression, typeof(QueryableTrade)).Plan));
            Assert.Equal(all.Where(t => t.Price >= 50 && t.Price < 60).OrderBy(t => t.Qty).Select(t => t.Qty), await range.ToListAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await trades.CountAsync("$.Symbol == 'AAPL'"));
        }
    }

    private static async Task<object?> ScalarAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        return await command.ExecuteScalarAsync();
    }

    [StoreFact]
    public async Task A_typed_expression_index_of_an_earlier_version_keeps_serving_and_moves_to_a_key_column_when_declared_again()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var documents = QueryableCases.Trades(4344, 300);
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.InsertManyAsync(documents);
            await trades.CreateIndexAsync("$.Symbol");
            // What the previous version built for a typed declaration: an expression index on the typed key.
            await ScalarAsync(store, $"DROP INDEX {table}_ix_1; CREATE INDEX {table}_ix_1 ON {table} (({BTreePredicate.TextKey("Symbol")}))");
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            // Searched with the expression it was built on: no column was added, nothing was rewritten on opening.
            Assert.Contains(BTreePredicate.TextKey("Symbol") + " IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.Null(await ScalarAsync(reopened, $"SELECT 1 FROM pg_attribute WHERE attrelid = '{table}'::regclass AND attname = 'fudge_k_1' AND NOT attisdropped"));
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            // Declared again with its kind: the column is added and the index rebuilt on it, in one transaction.
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            Assert.Contains("fudge_k_1 IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.EndsWith($".{table} USING btree (fudge_k_1)", (string)(await ScalarAsync(reopened, $"SELECT pg_get_indexdef('{table}_ix_1'::regclass)"))!, StringComparison.Ordinal);
            Assert.Equal("text", await ScalarAsync(reopened, $"SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '{table}'::regclass AND attname = 'fudge_k_1'"));
            Assert.Equal("C", await ScalarAsync(reopened, $"SELECT collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation WHERE attrelid = '{table}'::regclass AND attname = 'fudge_k_1'"));
            // Declaring it again is idempotent: the same index, not rebuilt.
            var oid = await ScalarAsync(reopened, $"SELECT '{table}_ix_1'::regclass::oid");
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            await trades.CreateIndexAsync("$.Symbol");
            Assert.Equal(oid, await ScalarAsync(reopened, $"SELECT '{table}_ix_1'::regclass::oid"));
            // Declared with another kind: the column is made again with that kind's key.
            await trades.CreateIndexAsync(FudgePath.Compile("$.Symbol"), FudgeIndexKind.Number);
            Assert.Equal("double precision", await ScalarAsync(reopened, $"SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '{table}'::regclass AND attname = 'fudge_k_1' AND NOT attisdropped"));
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            await trades.CreateIndexAsync(FudgePath.Compile("$.Symbol"), FudgeIndexKind.String);
            // Rows written after the declaration get their keys from the server, by COPY and by INSERT alike.
            var more = QueryableCases.Trades(4345, 40);
            await trades.InsertManyAsync(more);
            foreach (var trade in more.Take(5)) await trades.InsertAsync(trade);
            all.AddRange(more.Concat(more.Take(5)).Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))));
            Assert.Equal((long)all.Count(t => t.Symbol == "AAPL"), await ScalarAsync(reopened, $"SELECT count(*) FROM {table} WHERE fudge_k_1 = 'AAPL'"));
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
        await using (var again = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await again.GetCollectionAsync("trades");
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Contains("fudge_k_1 IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            // Dropping the index drops its column.
            Assert.True(await trades.DropIndexAsync(FudgePath.Compile("$.Symbol")));
            Assert.Null(await ScalarAsync(again, $"SELECT 1 FROM pg_attribute WHERE attrelid = '{table}'::regclass AND attname = 'fudge_k_1' AND NOT attisdropped"));
            Assert.DoesNotContain("fudge_k_", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
    }

    [StoreFact]
    public async Task A_count_on_a_typed_key_is_an_index_only_scan()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        await store.SetWholeDocumentIndexAsync("trades", enabled: false);
        var documents = QueryableCases.Trades(4346, 2000);
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Price);
        // Only pages marked all-visible skip the heap: autovacuum does this after a bulk load, here at once.
        await ScalarAsync(store, $"VACUUM ANALYZE {trades.Table}");
        await ScalarAsync(store, "SET enable_seqscan = off; SET enable_bitmapscan = off");
        var count = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
        string sql = count.ToQueryString();
        Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await count.CountAsync());
        // The store's own count statement: the rows whose key is the literal from the index alone, the few whose key
        // says several values from the index and their jsonb.
        string plan = await trades.ExplainCountAsync(FudgeFilter.Compile("$.Symbol == 'AAPL'"));
        Assert.Matches($"Index Only Scan using {trades.Table}_ix_1 on {trades.Table}", plan);
        Assert.Equal(all.Count(t => t.Symbol == "AAPL"), await trades.CountAsync("$.Symbol == 'AAPL'"));
        Assert.Contains("fudge_k_1 IN (@k0)", sql, StringComparison.Ordinal);
        // A range on the number key: the rows the key decides counted by the server from the index alone, and in the
        // same statement the rows whose key says several values, decided on their bytes.
        var range = trades.Query<QueryableTrade>().Where(t => t.Price >= 50 && t.Price < 60);
        var counted = FudgeQueryableParser.Parse(range.Expression, typeof(QueryableTrade)).Plan;
        counted.Terminal = FudgeQueryTerminal.Count;
        Assert.Contains($"UNION ALL SELECT NULL, NULL, count(*) FROM {trades.Table} WHERE fudge_k_2 >= @t0 AND fudge_k_2 < @t1", trades.Statement(counted).Sql, StringComparison.Ordinal);
        Assert.Matches($"Index Only Scan using {trades.Table}_ix_2 on {trades.Table}", await trades.ExplainCountAsync(FudgeFilter.Compile("$.Price >= 50 && $.Price < 60")));
        Assert.Equal(all.Count(t => t.Price >= 50 && t.Price < 60), await range.CountAsync());
        Assert.Equal(all.Count(t => t.Price >= 50 && t.Price < 60), await trades.CountAsync("$.Price >= 50 && $.Price < 60"));
        Assert.Equal(all.Count(t => t.Price > 60), await trades.Query<QueryableTrade>().Where(t => t.Price > 60).CountAsync());
        Assert.Equal(all.Where(t => t.Price >= 50 && t.Price < 60).Skip(2).Take(5).Count(), await range.Skip(2).Take(5).CountAsync());
    }
}
