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

/// <summary>Composite and unique typed indexes on PostgreSQL: key columns per typed member, the plan, the answers.</summary>
[NeedsPostgres]
public sealed class PostgresCompositeIndexTests
{
    [StoreFact]
    public async Task A_typed_composite_index_is_one_btree_over_key_columns_searched_by_typed_and_text_queries()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("trades", enabled: false);
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var all = TypedQueryStoreTests.Trades(46).Concat(Enumerable.Range(0, 3000).Select(i => new StoredTrade { Symbol = "S" + i, Price = i })).ToList();
        await trades.InsertManyAsync(all);
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        Assert.Equal(new[] { "$.Symbol, $.Price" }, await trades.ListIndexesAsync());

        await using (var columns = store.Connection.CreateCommand())
        {
            columns.CommandText = $"SELECT string_agg(attname || ' ' || format_type(atttypid, atttypmod), ', ' ORDER BY attnum) FROM pg_attribute WHERE attrelid = '{trades.Table}'::regclass AND attname LIKE 'fudge_k_%' AND NOT attisdropped";
            Assert.Equal("fudge_k_1_0 text, fudge_k_1_1 double precision", (string?)await columns.ExecuteScalarAsync());
            columns.CommandText = $"VACUUM ANALYZE {trades.Table}";
            await columns.ExecuteNonQueryAsync();
        }

        Expression<Func<StoredTrade, bool>> predicate = t => t.Symbol == "AAPL" && t.Price > 50 && t.Price < 150;
        string typed = await trades.ExplainAsync(FudgeTypedQuery.Filter(predicate));
        string text = await trades.ExplainAsync(FudgeFilter.Compile(FudgeCollectionQueryExtensions.ToQueryString(predicate)));
        Assert.Equal(typed, text);
        Assert.Matches($"Index (Only )?Scan (using|on) {trades.Table}_ix_1", typed);
        Assert.Contains("fudge_k_1_0 = ANY", typed, StringComparison.Ordinal);

        var back = all.Select(t => FudgeSerializer.Deserialize<StoredTrade>(FudgeSerializer.Serialize(t))).ToList();
        foreach (var query in new List<Expression<Func<StoredTrade, bool>>> { predicate, t => t.Symbol == "東京" && t.Price >= 100, t => t.Symbol == "S7", t => t.Price < 3 })
        {
            var expected = back.Where(query.Compile()).Select(FudgeSerializer.Serialize).ToList();
            var found = new List<byte[]>();
            await foreach (var trade in trades.FindAsync(query)) found.Add(FudgeSerializer.Serialize(trade));
            Assert.Equal(expected, found);
        }

        Assert.True(await trades.DropIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }));
        Assert.Empty(await trades.ListIndexesAsync());

        // A path with no SQL/JSON form (an ordinal step) cannot be a key on the server: refused, nothing declared.
        var ordinal = await Assert.ThrowsAsync<FudgeStoreException>(async () =>
            await trades.CreateIndexAsync(new FudgeIndexDefinition(new[] { FudgePath.Compile("$.Symbol"), FudgePath.Compile("$.#3") })));
        Assert.Contains("$.#3 has no SQL/JSON equivalent", ordinal.Message, StringComparison.Ordinal);
        Assert.Empty(await trades.ListIndexesAsync());
    }

    [StoreFact]
    public async Task A_copy_batch_refused_by_a_unique_index_names_the_key_when_the_server_gives_its_detail()
    {
        string connection = await Postgres.FreshSchemaAsync() + ";Include Error Detail=true";
        await using var store = await PostgresFudgeStore.OpenAsync(connection);
        var trades = await store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Qty }, unique: true);
        await trades.InsertAsync(new StoredTrade { Symbol = "AAPL", Qty = 7 });
        var batch = new[] { new StoredTrade { Symbol = "MSFT", Qty = 7 }, new StoredTrade { Symbol = "AAPL", Qty = 7 } };
        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertManyAsync(batch));
        Assert.Equal("unique $.Symbol, $.Qty", refused.Index);
        Assert.Equal("(\"AAPL\", 7)", refused.Key);
        Assert.Equal(1, await trades.CountAsync());
    }

    [StoreFact]
    public async Task A_unique_index_is_searched_by_equality_then_range_and_reopened_with_its_keys()
    {
        string connection = await Postgres.FreshSchemaAsync();
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = await store.GetCollectionAsync("trades");
            await trades.InsertManyAsync(Enumerable.Range(0, 2000).Select(i => new StoredTrade { Symbol = "S" + (i % 7), Price = i }));
            await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }, unique: true);
            var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertAsync(new StoredTrade { Symbol = "S3", Price = 3 }));
            Assert.Equal("(\"S3\", 3)", refused.Key);
        }
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            Assert.Equal(new[] { "unique $.Symbol, $.Price" }, await trades.ListIndexesAsync());
            await using (var analyze = store.Connection.CreateCommand())
            {
                analyze.CommandText = $"VACUUM ANALYZE {trades.Table}; SET enable_seqscan = off; SET enable_bitmapscan = off";
                await analyze.ExecuteNonQueryAsync();
            }
            string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "S3" && t.Price > 50 && t.Price < 150));
            // No several-values key to take in: the range on the second key is an index condition too.
            Assert.Matches($"Index Scan using {trades.Table}_ix_1", plan);
            Assert.Matches(@"Index Cond: \(.*'Symbol'.*= .*'Price'.*> .*'Price'.*<", plan.Replace("\n", " "));
            var found = new List<double>();
            await foreach (var trade in trades.FindAsync((StoredTrade t) => t.Symbol == "S3" && t.Price > 50 && t.Price < 150)) found.Add(trade.Price);
            Assert.Equal(Enumerable.Range(0, 2000).Where(i => i % 7 == 3 && i > 50 && i < 150).Select(i => (double)i), found);
        }
    }

    [StoreFact]
    public async Task A_non_unique_composite_searches_its_second_key_range_and_finds_several_values_absent_and_other_kinds()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("trades", enabled: false);
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = Enumerable.Range(0, 3000).Select(i => new FudgeMsg().Add("Symbol", "S" + (i % 7)).Add("Price", (double)i)).ToList();
        // Several prices (one in the range, one not), a price that is a string, none, a symbol that is several values.
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", 20.0).Add("Price", 100.0));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", 200.0).Add("Price", 300.0));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", "100"));
        documents.Add(new FudgeMsg().Add("Symbol", "S3"));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Symbol", "東京").Add("Price", 99.5));
        foreach (var document in documents) await trades.InsertAsync(new FudgeEnvelope(document).ToByteArray());
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"VACUUM ANALYZE {trades.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        Expression<Func<StoredTrade, bool>> predicate = t => t.Symbol == "S3" && t.Price > 50 && t.Price < 150;
        string typed = await trades.ExplainAsync(FudgeTypedQuery.Filter(predicate));
        Assert.Equal(typed, await trades.ExplainAsync(FudgeFilter.Compile("$.Symbol == 'S3' && $.Price > 50 && $.Price < 150")));
        // Each alternative (the range, and the several-values key NaN) searches both keys of the one B-tree; no key is
        // left to a filter of the index's rows. (PostgreSQL's bitmap OR takes the other conditions into each arm, so the
        // undistributed form was searched alike; SQLite needs the distributed one, CompositeIndexTests.)
        string flat = typed.Replace("\n", " ");
        Assert.Matches(@"Index Cond: \(\(fudge_k_1_0 = ANY \(.*\)\) AND \(fudge_k_1_1 > .*\) AND \(fudge_k_1_1 < .*\)\)", flat);
        Assert.Matches(@"Index Cond: \(\(fudge_k_1_0 = ANY \(.*\)\) AND \(fudge_k_1_1 = 'NaN'::double precision\)\)", flat);
        Assert.DoesNotContain("Filter: ((fudge_k_1_1", flat, StringComparison.Ordinal);

        var filter = FudgeFilter.Compile("$.Symbol == 'S3' && $.Price > 50 && $.Price < 150");
        var envelopes = documents.Select(d => new FudgeEnvelope(d).ToByteArray()).ToList();
        var expected = envelopes.Where(e => filter.Matches(e)).ToList();
        var found = new List<byte[]>();
        await foreach (var document in trades.FindAsync("$.Symbol == 'S3' && $.Price > 50 && $.Price < 150")) found.Add(document.Envelope);
        Assert.Equal(expected, found);
        Assert.Contains(envelopes[3000], expected);
        Assert.Equal(expected.Count, await trades.CountAsync("$.Symbol == 'S3' && $.Price > 50 && $.Price < 150"));
    }
}
