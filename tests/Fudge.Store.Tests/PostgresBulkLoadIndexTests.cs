using System;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The option on the PostgreSQL server: the GIN index is dropped for the load and built after it, so other sessions
/// query without it meanwhile; a load refused inside a transaction, a build that fails after the rows are in, and a
/// loader killed midway, whose index the next open builds again.
/// </summary>
[NeedsPostgres]
public sealed class PostgresBulkLoadIndexTests : BulkLoadIndexContractTests
{
    protected override Task<string> NewDatabaseAsync() => Postgres.FreshSchemaAsync();

    protected override async ValueTask<IFudgeStore> OpenAsync(string database) => await PostgresFudgeStore.OpenAsync(database);

    /// <summary>
    /// The GIN index the load took away exists again and is valid, and with sequential scans priced out the filter's
    /// plan searches an index: the GIN index, or the declared B-tree index on the filter's path, which is searched
    /// instead of it when there is one (the jsonpath is then a filter on its rows).
    /// </summary>
    protected override async Task<bool> IndexUsedAsync(IFudgeStore store, IFudgeCollection collection, FudgeFilter filter)
    {
        var connection = ((PostgresFudgeStore)store).Connection;
        var postgres = (PostgresFudgeCollection)collection;
        await using (var gin = new NpgsqlCommand($"SELECT coalesce((SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass('{postgres.Table}_gin')), false)", connection))
        {
            if (!(bool)(await gin.ExecuteScalarAsync())!) return false;
        }
        await using (var off = new NpgsqlCommand("SET enable_seqscan = off", connection)) await off.ExecuteNonQueryAsync();
        try
        {
            string plan = await postgres.ExplainAsync(filter);
            return plan.Contains("_gin", StringComparison.Ordinal) || plan.Contains("_ix_", StringComparison.Ordinal);
        }
        finally
        {
            await using var on = new NpgsqlCommand("RESET enable_seqscan", connection);
            await on.ExecuteNonQueryAsync();
        }
    }

    protected override bool IndexSeenByOthersDuringLoad => false;

    [StoreFact]
    public async Task Inside_a_transaction_the_option_is_refused_and_nothing_changes()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Logs(0, 100));

        await using (var transaction = await store.BeginTransactionAsync())
        {
            var refused = await Assert.ThrowsAsync<FudgeStoreException>(async () => await logs.InsertManyAsync(Logs(100, 10), IndexesAfter));
            Assert.Contains("cannot join a transaction", refused.Message, StringComparison.Ordinal);
            await transaction.CommitAsync();
        }

        Assert.Equal(100, await logs.CountAsync());
        Assert.True(await IndexUsedAsync(store, logs, Node5));
    }

    [StoreFact]
    public async Task A_build_that_fails_after_the_load_is_reported_and_the_next_open_builds_the_index()
    {
        string database = await Postgres.FreshSchemaAsync();
        // A lock timeout on the loader's session: its CREATE INDEX gives up waiting for the open transaction below.
        string impatient = new NpgsqlConnectionStringBuilder(database) { Options = "-c lock_timeout=500" }.ConnectionString;
        await using var loader = await PostgresFudgeStore.OpenAsync(impatient);
        var logs = (PostgresFudgeCollection)await loader.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Logs(0, 500));
        var held = new HeldLoad(Logs(500, 2000), holdAfter: 1000);
        var load = logs.InsertManyAsync(held.Documents(), IndexesAfter).AsTask();
        await held.Reached;
        await using var writer = new NpgsqlConnection(database);
        await writer.OpenAsync();
        await using var open = await writer.BeginTransactionAsync();
        await using (var insert = new NpgsqlCommand($"INSERT INTO {logs.Table} (doc, json) SELECT doc, json FROM {logs.Table} WHERE id = 5", writer, open))
            await insert.ExecuteNonQueryAsync();

        held.Release();
        var failed = await Assert.ThrowsAsync<FudgeStoreException>(() => load);
        await open.CommitAsync();

        Assert.StartsWith("2000 documents were stored, but building the collection's index after them failed", failed.Message, StringComparison.Ordinal);
        Assert.Equal(2501, await logs.CountAsync());
        Assert.False(await IndexUsedAsync(loader, logs, Node5));
        await using var reopened = await PostgresFudgeStore.OpenAsync(database);
        var again = await reopened.GetCollectionAsync("logs");
        Assert.True(await IndexUsedAsync(reopened, again, Node5));
        Assert.Equal(501, await again.CountAsync(Node5));
    }

    [StoreFact]
    public async Task A_loader_killed_midway_stores_nothing_and_the_next_open_builds_the_index()
    {
        string database = await Postgres.FreshSchemaAsync();
        var loader = await PostgresFudgeStore.OpenAsync(database);
        var logs = await loader.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Logs(0, 500));
        var held = new HeldLoad(Logs(500, 2000), holdAfter: 1000);
        var load = logs.InsertManyAsync(held.Documents(), IndexesAfter).AsTask();
        await held.Reached;

        // While the load lives, an open leaves the index to it (no build, no wait); once it is dead, an open builds it.
        await using (var duringLoad = await PostgresFudgeStore.OpenAsync(database))
            Assert.False(await IndexUsedAsync(duringLoad, await duringLoad.GetCollectionAsync("logs"), Node5));
        await Terminate(loader.Connection.ProcessID);
        held.Release();
        await Assert.ThrowsAsync<FudgeStoreException>(() => load);
        await loader.DisposeAsync();

        await using var reopened = await PostgresFudgeStore.OpenAsync(database);
        var again = await reopened.GetCollectionAsync("logs");
        Assert.Equal(500, await again.CountAsync());
        Assert.True(await IndexUsedAsync(reopened, again, Node5));
    }

    [StoreFact]
    public async Task The_build_memory_asked_for_lasts_only_for_the_build_and_must_be_positive()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Logs(0, 10));

        Assert.Throws<ArgumentOutOfRangeException>(() => new FudgeBulkInsertOptions { IndexBuildMemoryMegabytes = 0 });
        Assert.Equal(10, await logs.InsertManyAsync(Logs(10, 10), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true, IndexBuildMemoryMegabytes = 1024 }));
        Assert.True(await IndexUsedAsync(store, logs, Node5));
        await using var setting = new NpgsqlCommand("SHOW maintenance_work_mem", store.Connection);
        Assert.NotEqual("1GB", (string)(await setting.ExecuteScalarAsync())!);   // SET LOCAL: the session's own setting is back
    }

    private static async Task Terminate(int backend)
    {
        await using var admin = new NpgsqlConnection(Postgres.ConnectionString);
        await admin.OpenAsync();
        await using var terminate = new NpgsqlCommand("SELECT pg_terminate_backend(@pid)", admin);
        terminate.Parameters.AddWithValue("pid", backend);
        await terminate.ExecuteScalarAsync();
    }
}
