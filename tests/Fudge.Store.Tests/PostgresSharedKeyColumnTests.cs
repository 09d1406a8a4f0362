using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// One typed key column per (path, kind) on PostgreSQL, whatever the number of declared indexes on it (docs/store.md,
/// "Typed keys"): the composites (Symbol, Qty) and (Price, Qty) and an index on Qty alone read one Qty column. Declared
/// and dropped in every order, a column comes with the first index that needs it and goes with the last; the answers,
/// the listing and the plans stay those of separate columns.
/// </summary>
[NeedsPostgres]
public sealed class PostgresSharedKeyColumnTests
{
    private static readonly FudgeIndexDefinition SymbolQty = FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { t.Symbol, t.Qty });
    private static readonly FudgeIndexDefinition PriceQty = FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { t.Price, t.Qty });
    private static readonly FudgeIndexDefinition QtyAlone = FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => t.Qty);

    private static readonly FudgeIndexDefinition[] Indexes = { SymbolQty, PriceQty, QtyAlone };

    private static List<StoredTrade> Trades(int seed)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, 400).Select(i => new StoredTrade
        {
            Symbol = "S" + (char)('A' + i % 5),
            Price = random.Next(0, 100),
            Qty = random.Next(-300, 300),
        }).ToList();
    }

    // Every permutation of the three indexes.
    private static IEnumerable<int[]> Orders()
    {
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                if (b != a) yield return new[] { a, b, 3 - a - b };
    }

    [StoreFact]
    public async Task Declared_and_dropped_in_every_order_the_indexes_share_one_column_per_path_and_kind_with_unchanged_answers()
    {
        var orders = Orders().ToList();
        for (int run = 0; run < orders.Count; run++)
        {
            int[] declare = orders[run], drop = orders[(run + 2) % orders.Count]; // each order once to declare, once to drop
            await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
            await store.SetWholeDocumentIndexAsync("trades", enabled: false);
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            var all = Trades(4300 + run);
            await trades.InsertManyAsync(all);
            var declared = new List<FudgeIndexDefinition>();
            foreach (int i in declare)
            {
                await trades.CreateIndexAsync(Indexes[i]);
                declared.Add(Indexes[i]);
                await AssertStateAsync(store, trades, all, declared);
            }
            // Declaring again changes nothing: the same indexes, no column added.
            var indexes = await IndexOidsAsync(store, trades);
            foreach (var index in Indexes) await trades.CreateIndexAsync(index);
            Assert.Equal(indexes, await IndexOidsAsync(store, trades));
            await AssertStateAsync(store, trades, all, declared);
            // Rows written with the indexes there get their one key per column from the server.
            var more = Trades(4400 + run).Take(50).ToList();
            await trades.InsertManyAsync(more);
            all.AddRange(more);
            foreach (int i in drop)
            {
                Assert.True(await trades.DropIndexAsync(Indexes[i]));
                declared.Remove(Indexes[i]);
                await AssertStateAsync(store, trades, all, declared);
            }
        }
    }

    [StoreFact]
    public async Task The_composite_answered_from_its_index_alone_reads_the_shared_column()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("trades", enabled: false);
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var all = Trades(4343);
        await trades.InsertManyAsync(all);
        foreach (var index in Indexes) await trades.CreateIndexAsync(index);
        Assert.Equal("fudge_k_1_0 text, fudge_k_1_1 double precision, fudge_k_2_0 double precision", await KeyColumnsAsync(store, trades));
        await ExecuteAsync(store, $"VACUUM ANALYZE {trades.Table}; SET enable_seqscan = off; SET enable_bitmapscan = off");

        var range = trades.Query<StoredTrade>().Where(t => t.Price >= 10 && t.Price < 20).OrderBy(t => t.Qty).Select(t => t.Qty);
        string plan = (await trades.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(range.Expression, typeof(StoredTrade)).Plan))!;
        Assert.Matches($"Index Only Scan using {trades.Table}_ix_2 on {trades.Table}", plan);
        Assert.Contains("fudge_k_1_1", plan, StringComparison.Ordinal); // (Price, Qty) keys Qty in (Symbol, Qty)'s column
        Assert.Equal(all.Where(t => t.Price >= 10 && t.Price < 20).OrderBy(t => t.Qty).Select(t => t.Qty), await range.ToListAsync());
        var equality = trades.Query<StoredTrade>().Where(t => t.Symbol == "SC").OrderBy(t => t.Qty).Select(t => t.Qty);
        string equalityPlan = (await trades.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(equality.Expression, typeof(StoredTrade)).Plan))!;
        Assert.Matches($"Index Only Scan using {trades.Table}_ix_1 on {trades.Table}", equalityPlan);
        Assert.DoesNotContain("Sort", equalityPlan, StringComparison.Ordinal);
        // The one-path index on Qty is a B-tree on the same column, which the text language's range searches.
        Assert.Contains("fudge_k_1_1 >= @", trades.Query<StoredTrade>().Where(t => t.Qty >= 100).ToQueryString(), StringComparison.Ordinal);
        await ExecuteAsync(store, "SET enable_bitmapscan = on");
        string qtyPlan = await trades.ExplainAsync(FudgeFilter.Compile("$.Qty >= 250"));
        Assert.True(qtyPlan.Contains($"Index Scan on {trades.Table}_ix_3", StringComparison.Ordinal), qtyPlan);
    }

    [StoreFact]
    public async Task A_collection_whose_indexes_each_made_their_own_columns_keeps_them_and_shares_from_then_on()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var all = Trades(4345);
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            await store.SetWholeDocumentIndexAsync("trades", enabled: false);
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.InsertManyAsync(all);
            await trades.CreateIndexAsync(SymbolQty);
            // What an earlier version built for (Price, Qty): columns of its own, Qty computed twice.
            await ExecuteAsync(store, $"""
                INSERT INTO fudge_indexes (id, collection_id, path) VALUES (2, {trades.Id}, '{PriceQty.StoredText()}');
                ALTER TABLE {table} ADD COLUMN {BTreePredicate.KeyColumnSql("Price", KeyForm.Number, "fudge_k_2_0")},
                  ADD COLUMN {BTreePredicate.KeyColumnSql("Qty", KeyForm.Number, "fudge_k_2_1")};
                CREATE INDEX {table}_ix_2 ON {table} (fudge_k_2_0, fudge_k_2_1);
                SELECT setval(pg_get_serial_sequence('fudge_indexes', 'id'), 2);
                """);
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            Assert.Equal(new[] { SymbolQty.Text, PriceQty.Text }, await trades.ListIndexesAsync());
            // Each composite reads its own columns, as it was built.
            var range = trades.Query<StoredTrade>().Where(t => t.Price >= 10 && t.Price < 20).OrderBy(t => t.Qty).Select(t => t.Qty);
            Assert.Contains("fudge_k_2_1", (await trades.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(range.Expression, typeof(StoredTrade)).Plan))!, StringComparison.Ordinal);
            await AssertAnswersAsync(trades, all);
            // A new index on Qty shares one of its columns: none added, nothing rewritten.
            await trades.CreateIndexAsync(QtyAlone);
            Assert.Equal("fudge_k_1_0 text, fudge_k_1_1 double precision, fudge_k_2_0 double precision, fudge_k_2_1 double precision", await KeyColumnsAsync(reopened, trades));
            await AssertAnswersAsync(trades, all);
            // Each column goes with the last index on it.
            Assert.True(await trades.DropIndexAsync(PriceQty));
            Assert.Equal("fudge_k_1_0 text, fudge_k_1_1 double precision", await KeyColumnsAsync(reopened, trades));
            await AssertAnswersAsync(trades, all);
            Assert.True(await trades.DropIndexAsync(SymbolQty));
            Assert.Equal("fudge_k_1_1 double precision", await KeyColumnsAsync(reopened, trades));
            await AssertAnswersAsync(trades, all);
        }
    }

    [StoreFact]
    public async Task A_one_path_index_declared_again_with_another_kind_keeps_the_column_a_composite_still_reads()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var all = Trades(4346);
        await trades.InsertManyAsync(all);
        await trades.CreateIndexAsync(QtyAlone);
        await trades.CreateIndexAsync(SymbolQty);
        Assert.Equal("fudge_k_1 double precision, fudge_k_2_0 text", await KeyColumnsAsync(store, trades));
        // Qty keyed as text: a column of its own (the number column is the composite's too), under a free name.
        await trades.CreateIndexAsync(FudgePath.Compile("$.Qty"), FudgeIndexKind.String);
        Assert.Equal("fudge_k_1 double precision, fudge_k_2_0 text, fudge_k_1_k1 text", await KeyColumnsAsync(store, trades));
        await AssertAnswersAsync(trades, all);
        // And back: the composite's number column again, the text column gone with its last index.
        await trades.CreateIndexAsync(QtyAlone.Paths[0], FudgeIndexKind.Number);
        Assert.Equal("fudge_k_1 double precision, fudge_k_2_0 text", await KeyColumnsAsync(store, trades));
        await AssertAnswersAsync(trades, all);
        Assert.True(await trades.DropIndexAsync(QtyAlone));
        Assert.Equal("fudge_k_1 double precision, fudge_k_2_0 text", await KeyColumnsAsync(store, trades));
        Assert.True(await trades.DropIndexAsync(SymbolQty));
        Assert.Equal("", await KeyColumnsAsync(store, trades));
        await AssertAnswersAsync(trades, all);
    }

    // The columns each declared index needs, once each; the listing; the answers.
    private static async Task AssertStateAsync(PostgresFudgeStore store, PostgresFudgeCollection trades, List<StoredTrade> all, List<FudgeIndexDefinition> declared)
    {
        var paths = declared.SelectMany(d => d.Paths.Select(p => p.Text.Trim())).Distinct().OrderBy(p => p, StringComparer.Ordinal).ToList();
        var columns = await KeyColumnPathsAsync(store, trades);
        Assert.Equal(paths, columns);
        Assert.Equal(declared.Select(d => d.Text).OrderBy(t => t, StringComparer.Ordinal), (await trades.ListIndexesAsync()).OrderBy(t => t, StringComparer.Ordinal));
        Assert.Equal(declared.Count, (await IndexOidsAsync(store, trades)).Count);
        await AssertAnswersAsync(trades, all);
    }

    private static async Task AssertAnswersAsync(PostgresFudgeCollection trades, List<StoredTrade> all)
    {
        Assert.Equal(all.Where(t => t.Symbol == "SC").OrderBy(t => t.Qty).Select(t => t.Qty),
            await trades.Query<StoredTrade>().Where(t => t.Symbol == "SC").OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
        Assert.Equal(all.Where(t => t.Price >= 10 && t.Price < 20).OrderBy(t => t.Qty).Select(t => t.Qty),
            await trades.Query<StoredTrade>().Where(t => t.Price >= 10 && t.Price < 20).OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
        Assert.Equal(all.Count(t => t.Qty > 100 && t.Qty <= 200), await trades.Query<StoredTrade>().Where(t => t.Qty > 100 && t.Qty <= 200).CountAsync());
        Assert.Equal(all.LongCount(t => t.Qty == 7), await trades.CountAsync(FudgeFilter.Compile("$.Qty == 7")));
        Assert.Equal(all.LongCount(t => t.Symbol == "SA" && t.Qty < 0), await trades.CountAsync(FudgeFilter.Compile("$.Symbol == \"SA\" && $.Qty < 0")));
    }

    // The paths the table's key columns are generated from, read from each column's expression (json -> 'Name').
    private static async Task<List<string>> KeyColumnPathsAsync(PostgresFudgeStore store, PostgresFudgeCollection trades)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"""
            SELECT substring(pg_get_expr(d.adbin, d.adrelid) from 'json -> ''(\w+)''') FROM pg_attribute a
              JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE a.attrelid = '{trades.Table}'::regclass AND a.attname LIKE 'fudge\_k\_%' AND NOT a.attisdropped
            """;
        var paths = new List<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync()) paths.Add("$." + reader.GetString(0));
        paths.Sort(StringComparer.Ordinal);
        return paths;
    }

    private static async Task<string> KeyColumnsAsync(PostgresFudgeStore store, PostgresFudgeCollection trades)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"SELECT coalesce(string_agg(attname || ' ' || format_type(atttypid, atttypmod), ', ' ORDER BY attnum), '') FROM pg_attribute WHERE attrelid = '{trades.Table}'::regclass AND attname LIKE 'fudge\\_k\\_%' AND NOT attisdropped";
        return (string)(await command.ExecuteScalarAsync())!;
    }

    private static async Task<List<uint>> IndexOidsAsync(PostgresFudgeStore store, PostgresFudgeCollection trades)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"SELECT indexrelid::oid FROM pg_index WHERE indrelid = '{trades.Table}'::regclass AND NOT indisprimary ORDER BY indexrelid";
        var oids = new List<uint>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync()) oids.Add(reader.GetFieldValue<uint>(0));
        return oids;
    }

    private static async Task ExecuteAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }
}
