using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// <see cref="FudgeBulkInsertOptions.BuildIndexesAfterLoad"/> on a real database (an SQLite file, the PostgreSQL
/// server): a load into a collection that already holds indexed documents, a load that fails midway, and a second
/// connection reading and writing while the load is held open halfway. Every answer is compared with what the
/// documents say, and the query plan shows whether the index is there.
/// </summary>
public abstract class BulkLoadIndexContractTests
{
    protected const string HostPath = "$.System.Hostname";
    protected static readonly FudgeFilter Node5 = FudgeFilter.Compile("$.System.Hostname == 'node-5'");
    protected static readonly FudgeBulkInsertOptions IndexesAfter = new() { BuildIndexesAfterLoad = true };

    /// <summary>A new, empty database; every <see cref="OpenAsync"/> of it is a connection of its own.</summary>
    protected abstract Task<string> NewDatabaseAsync();

    protected abstract ValueTask<IFudgeStore> OpenAsync(string database);

    /// <summary>Whether the database would answer the filter from the collection's index (its query plan says so).</summary>
    protected abstract Task<bool> IndexUsedAsync(IFudgeStore store, IFudgeCollection collection, FudgeFilter filter);

    /// <summary>Whether another connection still finds the index while a load with the option is in progress.</summary>
    protected abstract bool IndexSeenByOthersDuringLoad { get; }

    [StoreFact]
    public async Task A_load_into_an_indexed_collection_builds_the_index_over_old_and_new_documents()
    {
        await using var store = await OpenAsync(await NewDatabaseAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.CreateIndexAsync(HostPath);
        await logs.InsertManyAsync(Logs(0, 500));

        long loaded = await logs.InsertManyAsync(Logs(500, 2000), IndexesAfter);

        Assert.Equal(2000, loaded);
        Assert.Equal(2500, await logs.CountAsync());
        Assert.Equal(500, await logs.CountAsync(Node5));                        // every fifth of 0..2499
        Assert.Equal(new[] { HostPath }, await logs.ListIndexesAsync());
        Assert.True(await IndexUsedAsync(store, logs, Node5));
    }

    [StoreFact]
    public async Task A_load_that_fails_midway_stores_nothing_and_the_index_is_back()
    {
        await using var store = await OpenAsync(await NewDatabaseAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.CreateIndexAsync(HostPath);
        await logs.InsertManyAsync(Logs(0, 500));
        var broken = Logs(500, 2000).ToList();
        broken[1000] = broken[1000][..^1];

        await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(broken, IndexesAfter));

        Assert.Equal(500, await logs.CountAsync());
        Assert.Equal(100, await logs.CountAsync(Node5));
        Assert.True(await IndexUsedAsync(store, logs, Node5));
    }

    [StoreFact]
    public async Task A_cancelled_load_stores_nothing_and_the_index_is_back()
    {
        await using var store = await OpenAsync(await NewDatabaseAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.CreateIndexAsync(HostPath);
        await logs.InsertManyAsync(Logs(0, 500));
        using var cancel = new CancellationTokenSource();
        var held = new HeldLoad(Logs(500, 2000), holdAfter: 1000);

        var load = logs.InsertManyAsync(held.Documents(), IndexesAfter, cancel.Token).AsTask();
        await held.Reached;
        cancel.Cancel();
        held.Release();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => load);
        Assert.Equal(500, await logs.CountAsync());
        Assert.True(await IndexUsedAsync(store, logs, Node5));
    }

    [StoreFact]
    public async Task Another_connection_reads_and_writes_during_the_load_with_the_same_answers()
    {
        string database = await NewDatabaseAsync();
        await using var loader = await OpenAsync(database);
        var logs = await loader.GetCollectionAsync("logs");
        await logs.CreateIndexAsync(HostPath);
        await logs.InsertManyAsync(Logs(0, 500));
        var held = new HeldLoad(Logs(500, 2000), holdAfter: 1000);

        var load = logs.InsertManyAsync(held.Documents(), IndexesAfter).AsTask();
        await held.Reached;
        await using var other = await OpenAsync(database);
        var otherLogs = await other.GetCollectionAsync("logs");
        long countDuringLoad = await otherLogs.CountAsync(Node5);
        bool indexDuringLoad = await IndexUsedAsync(other, otherLogs, Node5);
        // A writer beside the load: on PostgreSQL it goes straight in; SQLite queues it behind the load's write lock.
        var write = Task.Run(async () => await otherLogs.InsertAsync(LogDocuments.Number(4)));
        held.Release();
        await load;
        await write;

        Assert.Equal(100, countDuringLoad);                                       // only committed documents, whether the index is there or not
        Assert.Equal(IndexSeenByOthersDuringLoad, indexDuringLoad);
        Assert.Equal(2501, await otherLogs.CountAsync());
        Assert.Equal(501, await otherLogs.CountAsync(Node5));                    // the writer's node-5 document is in the built index
        Assert.True(await IndexUsedAsync(other, otherLogs, Node5));
    }

    protected static IEnumerable<byte[]> Logs(int first, int count) => Enumerable.Range(first, count).Select(LogDocuments.Number);

    /// <summary>A load's documents that stop after <c>holdAfter</c> of them until released: the load is then open, halfway.</summary>
    protected sealed class HeldLoad
    {
        private readonly IEnumerable<byte[]> _documents;
        private readonly int _holdAfter;
        private readonly TaskCompletionSource _reached = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource _released = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public HeldLoad(IEnumerable<byte[]> documents, int holdAfter)
        {
            _documents = documents;
            _holdAfter = holdAfter;
        }

        public Task Reached => _reached.Task;

        public void Release() => _released.TrySetResult();

        public async IAsyncEnumerable<ReadOnlyMemory<byte>> Documents([EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            int taken = 0;
            foreach (var document in _documents)
            {
                if (taken++ == _holdAfter)
                {
                    _reached.TrySetResult();
                    await _released.Task.WaitAsync(TimeSpan.FromSeconds(60), CancellationToken.None);
                }
                yield return document;
            }
        }
    }
}

/// <summary>The option on an SQLite file: everything happens in the load's transaction, so other connections keep the index.</summary>
public sealed class SqliteBulkLoadIndexTests : BulkLoadIndexContractTests, IDisposable
{
    private readonly TemporarySqliteFiles _files = new("fudge-bulk-");

    protected override Task<string> NewDatabaseAsync() => Task.FromResult(_files.NewFile());

    protected override async ValueTask<IFudgeStore> OpenAsync(string database) => await Sqlite.SqliteFudgeStore.OpenAsync(database);

    protected override async Task<bool> IndexUsedAsync(IFudgeStore store, IFudgeCollection collection, FudgeFilter filter)
        => (await ((Sqlite.SqliteFudgeCollection)collection).ExplainAsync(filter)).Contains("USING INDEX", StringComparison.Ordinal);

    protected override bool IndexSeenByOthersDuringLoad => true;

    [Fact]
    public async Task A_load_into_a_collection_without_indexes_is_a_plain_load()
    {
        await using var store = await OpenAsync(await NewDatabaseAsync());
        var logs = await store.GetCollectionAsync("logs");

        Assert.Equal(100, await logs.InsertManyAsync(Logs(0, 100), IndexesAfter));
        Assert.Equal(20, await logs.CountAsync(Node5));
        Assert.Empty(await logs.ListIndexesAsync());
    }

    [Fact]
    public async Task Inside_a_transaction_a_failed_load_takes_back_its_rows_and_keeps_the_indexes()
    {
        await using var store = await OpenAsync(await NewDatabaseAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.CreateIndexAsync(HostPath);

        await using (var transaction = await store.BeginTransactionAsync())
        {
            await logs.InsertManyAsync(Logs(0, 100), IndexesAfter);
            await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(Logs(100, 10).Append(new byte[] { 1, 2, 3 }), IndexesAfter));
            await transaction.CommitAsync();
        }

        Assert.Equal(100, await logs.CountAsync());
        Assert.Equal(20, await logs.CountAsync(Node5));
        Assert.True(await IndexUsedAsync(store, logs, Node5));
    }

    public void Dispose() => _files.Dispose();
}
