using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// A bulk load that builds the collection's GIN index once after the rows instead of updating it row by row
/// (<see cref="FudgeBulkInsertOptions.BuildIndexesAfterLoad"/>; docs/store.md, "Bulk loads"):
/// <list type="number">
/// <item>the load takes the collection's bulk-load lock, a session advisory lock on the table, so loads of this kind
/// queue, and a session that opens the collection meanwhile can tell a running load from an abandoned one;</item>
/// <item><c>DROP INDEX</c> in a transaction of its own: it waits for the statements running on the table and holds up
/// new ones only for that moment, and after it other connections query by scanning, with the same answers;</item>
/// <item>the rows are copied in the batch's own transaction (the same <c>COPY</c> as without the option);</item>
/// <item><c>CREATE INDEX</c> on every row, in a transaction of its own (which raises <c>maintenance_work_mem</c> for
/// itself only when the options ask), whether the batch succeeded or failed. A failed build leaves nothing (it is one transaction) and is reported; a
/// session that dies holding the lock (a killed process) leaves the collection without its index until the next
/// <c>GetCollectionAsync</c> of it, which builds it again (<see cref="RestoreAbandonedAsync"/>).</item>
/// </list>
/// PostgreSQL has no supported way to switch an index off and on (only writing <c>pg_index.indisready</c> in the
/// catalog, which a client library must not do), so the index is dropped and created.
/// </summary>
internal sealed class GinAfterLoad
{
    /// <summary>The advisory lock's first key ("Fudg"): the second is the table's oid, unique in the database.</summary>
    private const int LockSpace = 0x46756467;

    private readonly PostgresFudgeCollection _collection;
    private readonly int? _buildMemoryMegabytes;

    public GinAfterLoad(PostgresFudgeCollection collection, FudgeBulkInsertOptions options)
    {
        _collection = collection;
        _buildMemoryMegabytes = options.IndexBuildMemoryMegabytes;
    }

    private PostgresFudgeStore Store => _collection.Store;

    public async ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken)
    {
        // The drop and the build must commit on their own for readers to go on meanwhile; inside the caller's
        // transaction the drop would lock the table against every reader until the caller commits.
        if (Store.Transaction is not null)
            throw new FudgeStoreException("Building the indexes after a load cannot join a transaction: the index is dropped and built in transactions of their own, so that other connections can query during the load. Insert without BuildIndexesAfterLoad inside a transaction.");
        await ExecuteWithoutTimeoutAsync(Store, $"SELECT pg_advisory_lock({LockKey(_collection)})", cancellationToken).ConfigureAwait(false);
        try
        {
            await Store.ExecuteAsync($"DROP INDEX IF EXISTS {_collection.GinIndex}", cancellationToken).ConfigureAwait(false);
            long count;
            try
            {
                count = await _collection.InsertBatchAsync(envelopes, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception loadFailure) when (loadFailure is not OutOfMemoryException)
            {
                await BuildAfterFailureAsync(loadFailure).ConfigureAwait(false);
                throw;
            }
            try
            {
                await BuildAsync(_collection, _buildMemoryMegabytes).ConfigureAwait(false);
            }
            catch (FudgeStoreException e)
            {
                throw new FudgeStoreException(
                    $"{count.ToString(CultureInfo.InvariantCulture)} documents were stored, but building the collection's index after them failed ({e.Message}). Queries are correct without the index, only slower; it is built again when the collection is next opened.", e);
            }
            return count;
        }
        finally
        {
            await UnlockAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Builds the index again after a failed load (nothing of the batch was stored). When that fails too, the error says
    /// both; on a dropped connection there is nothing to do here: the next open builds it.
    /// </summary>
    private async Task BuildAfterFailureAsync(Exception loadFailure)
    {
        if (Store.Connection.State != System.Data.ConnectionState.Open) return;
        try
        {
            await BuildAsync(_collection, _buildMemoryMegabytes).ConfigureAwait(false);
        }
        catch (FudgeStoreException buildFailure)
        {
            throw new FudgeStoreException(
                $"The batch failed and nothing of it was stored ({loadFailure.Message}); building the collection's index again after it failed too ({buildFailure.Message}). Queries are correct without the index, only slower; it is built again when the collection is next opened.",
                new AggregateException(loadFailure, buildFailure));
        }
    }

    private Task UnlockAsync() => UnlockAsync(_collection);

    private static async Task UnlockAsync(PostgresFudgeCollection collection)
    {
        var store = collection.Store;
        if (store.Connection.State != System.Data.ConnectionState.Open) return;   // the server released it with the session
        try
        {
            await store.ExecuteAsync($"SELECT pg_advisory_unlock({LockKey(collection)})", CancellationToken.None).ConfigureAwait(false);
        }
        catch (FudgeStoreException)
        {
            // The session broke after the load: its end released the lock.
        }
    }

    /// <summary>
    /// Called when a collection is opened without its GIN index: if no session holds its bulk-load lock, the load that
    /// dropped the index died before building it, and the index is built now (holding the lock, so a load started
    /// meanwhile waits); if one does, a load is running and the collection is opened as it is.
    /// </summary>
    public static async Task RestoreAbandonedAsync(PostgresFudgeCollection collection, CancellationToken cancellationToken)
    {
        var store = collection.Store;
        await using (var attempt = store.CreateCommand($"SELECT pg_try_advisory_lock({LockKey(collection)})"))
        {
            if (!(bool)(await PostgresFudgeStore.Guard(() => attempt.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!) return;
        }
        try
        {
            if (store.Transaction is null) await BuildAsync(collection, memoryMegabytes: null).ConfigureAwait(false);
            else await ExecuteWithoutTimeoutAsync(store, collection.CreateGinSql, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await store.ExecuteAsync($"SELECT pg_advisory_unlock({LockKey(collection)})", CancellationToken.None).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// <c>CREATE INDEX</c> in a transaction of its own, with <c>maintenance_work_mem</c> raised for that transaction only
    /// when asked (never lowered below the server's setting). Not cancellable: the index must be back when the load returns.
    /// </summary>
    private static async Task BuildAsync(PostgresFudgeCollection collection, int? memoryMegabytes)
    {
        var store = collection.Store;
        await using var build = await store.BeginTransactionAsync(CancellationToken.None).ConfigureAwait(false);
        if (memoryMegabytes is not null)
        {
            await using var memory = store.CreateCommand(
                "SELECT set_config('maintenance_work_mem', greatest(setting::bigint, @kilobytes)::text || 'kB', true) FROM pg_settings WHERE name = 'maintenance_work_mem'");
            memory.Parameters.AddWithValue("kilobytes", memoryMegabytes.Value * 1024L);
            await PostgresFudgeStore.Guard(() => memory.ExecuteNonQueryAsync(CancellationToken.None)).ConfigureAwait(false);
        }
        await ExecuteWithoutTimeoutAsync(store, collection.CreateGinSql, CancellationToken.None).ConfigureAwait(false);
        await build.CommitAsync(CancellationToken.None).ConfigureAwait(false);
    }

    /// <summary>
    /// Keeps or removes the collection's GIN index for good (<see cref="PostgresFudgeStore.SetWholeDocumentIndexAsync"/>):
    /// the choice recorded in <c>fudge_collections.whole_index</c> and the index built or dropped in one transaction,
    /// holding the bulk-load lock so that a load building the index after itself is waited for, never undone.
    /// </summary>
    public static async Task SetWholeDocumentIndexAsync(PostgresFudgeCollection collection, bool enabled, CancellationToken cancellationToken)
    {
        var store = collection.Store;
        if (store.Transaction is not null)
            throw new FudgeStoreException("Adding or removing the whole-document index cannot join a transaction: it waits for a running bulk load and commits on its own.");
        await ExecuteWithoutTimeoutAsync(store, $"SELECT pg_advisory_lock({LockKey(collection)})", cancellationToken).ConfigureAwait(false);
        try
        {
            await using (var change = await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false))
            {
                await using (var record = store.CreateCommand("UPDATE fudge_collections SET whole_index = @enabled WHERE id = @id"))
                {
                    record.Parameters.AddWithValue("enabled", enabled);
                    record.Parameters.AddWithValue("id", collection.Id);
                    await PostgresFudgeStore.Guard(() => record.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
                }
                await ExecuteWithoutTimeoutAsync(store, enabled ? collection.CreateGinSql : $"DROP INDEX IF EXISTS {collection.GinIndex}", cancellationToken).ConfigureAwait(false);
                await change.CommitAsync(cancellationToken).ConfigureAwait(false);
            }
            collection.WholeDocumentIndex = enabled;
        }
        finally
        {
            await UnlockAsync(collection).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Runs a statement that may rightly take minutes (an index build on millions of rows, waiting for another load)
    /// without Npgsql's 30 s command timeout.
    /// </summary>
    private static async Task ExecuteWithoutTimeoutAsync(PostgresFudgeStore store, string sql, CancellationToken cancellationToken)
    {
        await using var command = store.CreateCommand(sql);
        command.CommandTimeout = 0;
        await PostgresFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>The two keys of the collection's bulk-load lock: a constant and the table's oid (as PostgreSQL's int4 cast gives it).</summary>
    private static string LockKey(PostgresFudgeCollection collection)
        => $"{LockSpace.ToString(CultureInfo.InvariantCulture)}, '{collection.Table}'::regclass::oid::int";
}
