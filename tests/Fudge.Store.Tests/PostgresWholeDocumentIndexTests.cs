using System;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// A collection without its GIN index (<see cref="PostgresFudgeStore.SetWholeDocumentIndexAsync"/>): the declared
/// indexes alone are maintained and searched, the choice outlives the store that made it, a bulk load has nothing to
/// build after itself, and turning the index back on builds it. Answers never change.
/// </summary>
[NeedsPostgres]
public sealed class PostgresWholeDocumentIndexTests
{
    [StoreFact]
    public async Task A_collection_without_the_whole_document_index_keeps_its_declared_indexes_and_its_answers()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var documents = QueryableCases.Trades(4346, 400);
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            await store.SetWholeDocumentIndexAsync("trades", enabled: false);
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            await trades.InsertManyAsync(documents.Take(200));
            await trades.InsertManyAsync(documents.Skip(200), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true });
            Assert.False(await IndexExistsAsync(store, $"{table}_gin"));
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            // Opened again, the collection is not taken for one a bulk load left without its index.
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            Assert.False(await IndexExistsAsync(reopened, $"{table}_gin"));
            await ExecuteAsync(reopened, $"ANALYZE {table}; SET enable_seqscan = off");
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(aapl.Expression, typeof(QueryableTrade)).Plan));
            Assert.Equal(documents.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            var venue = trades.Query<QueryableTrade>().Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS")).OrderBy(t => t.Qty);
            Assert.Equal(
                documents.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS")).OrderBy(t => t.Qty).Select(FudgeSerializer.Serialize),
                (await venue.ToListAsync()).Select(FudgeSerializer.Serialize));

            await reopened.SetWholeDocumentIndexAsync("trades", enabled: true);
            Assert.True(await IndexExistsAsync(reopened, $"{table}_gin"));
            Assert.Contains("_gin", await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Main!.Venue == "BATS")), StringComparison.Ordinal);
        }
    }

    [StoreFact]
    public async Task The_change_is_refused_inside_a_transaction()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.GetCollectionAsync("trades");
        await using var transaction = await store.BeginTransactionAsync();
        await Assert.ThrowsAsync<FudgeStoreException>(async () => await store.SetWholeDocumentIndexAsync("trades", enabled: false));
    }

    [StoreFact]
    public async Task A_store_made_before_the_choice_gets_it_with_every_collection_indexed()
    {
        string connection = await Postgres.FreshSchemaAsync();
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            await store.GetCollectionAsync("trades");
            await ExecuteAsync(store, "ALTER TABLE fudge_collections DROP COLUMN whole_index");
        }
        await using var reopened = await PostgresFudgeStore.OpenAsync(connection);
        var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
        Assert.True(trades.WholeDocumentIndex);
        Assert.True(await IndexExistsAsync(reopened, $"{trades.Table}_gin"));
    }

    private static async Task<bool> IndexExistsAsync(PostgresFudgeStore store, string index)
    {
        await using var command = new NpgsqlCommand($"SELECT to_regclass('{index}') IS NOT NULL", store.Connection);
        return (bool)(await command.ExecuteScalarAsync())!;
    }

    private static async Task ExecuteAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }
}
