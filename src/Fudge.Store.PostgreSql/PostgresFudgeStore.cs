using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Json;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The Fudge document store on a PostgreSQL server: each document kept as its exact bytes (<c>bytea</c>) and as
/// <c>jsonb</c> derived from them, with a GIN index; predicates run on the server as SQL/JSON path, so only candidate
/// documents travel back, and the exact filter then decides on their bytes.
/// </summary>
/// <remarks>
/// Layout (docs/store.md): <c>fudge_collections(id, name, whole_index, json_layout)</c>; per collection <c>fudge_docs_ID(id bigserial,
/// doc bytea, json jsonb, empty_names boolean, several_fields boolean, lists_as_arrays boolean)</c> with the GIN index <c>fudge_docs_ID_gin</c> (<c>jsonb_path_ops</c>, unless
/// <see cref="SetWholeDocumentIndexAsync"/> turned it off); <c>fudge_indexes(id, collection_id, path)</c>, each path's
/// B-tree index <c>fudge_docs_ID_ix_N</c> (for a typed key, on the stored generated column <c>fudge_k_N</c>). The
/// jsonb is Fudge.Json's plain form (names as keys, repeated names as arrays, ordinal-only fields under their
/// ordinal's text, numbers as numbers, dates as ISO 8601 strings), with U+0000 in text stored as U+FFFD because jsonb
/// cannot hold it; in a collection of the list layout (<c>json_layout</c> 1: every collection made since; older ones
/// until <see cref="MigrateListLayoutAsync"/>) a list's elements are always one array, also when there is one.
/// </remarks>
public sealed class PostgresFudgeStore : IFudgeStore
{
    private readonly NpgsqlConnection _connection;
    private bool _disposed;
    private readonly Dictionary<string, PostgresFudgeCollection> _collections = new(StringComparer.Ordinal);

    private PostgresFudgeStore(NpgsqlConnection connection, FudgeJsonSettings json)
    {
        _connection = connection;
        Json = json;
        ListJson = new FudgeJsonSettings { ReaderOptions = json.ReaderOptions, ListsAsArrays = true };
    }

    internal FudgeJsonSettings Json { get; }

    /// <summary>
    /// <see cref="Json"/> with a list always an array (<see cref="FudgeJsonSettings.ListsAsArrays"/>): the jsonb of a
    /// collection of the list layout (<see cref="PostgresFudgeCollection.ListsAsArrays"/>).
    /// </summary>
    internal FudgeJsonSettings ListJson { get; }

    internal NpgsqlConnection Connection => _connection;

    /// <summary>
    /// True when the database's default collation orders strings by code point, as the filter does: a libc collation
    /// named C, POSIX or C.UTF-8 (glibc's and musl's C.UTF-8 sort by code point). jsonb compares strings by the
    /// default collation (there is no <c>COLLATE</c> on jsonb), so only then may a string range search a jsonb-keyed
    /// index (<see cref="BTreePredicate"/>); under another (ICU's en-US: <c>"a"</c> before <c>"Z"</c>) it would leave
    /// out documents the filter passes. Read when the store opens.
    /// </summary>
    internal bool CodePointStrings { get; private set; }

    internal NpgsqlTransaction? Transaction { get; private set; }

    /// <summary>
    /// Connects to a store: an Npgsql connection string (<c>Host=...;Database=...</c>) or a URL
    /// (<c>postgres://user:password@host:port/database</c>). The tables are created when missing.
    /// </summary>
    /// <param name="connectionStringOrUrl">Where the server is.</param>
    /// <param name="readerOptions">Limits, and the taxonomy resolver that names ordinal-only fields in the jsonb form (so that name paths find them, as they do in the filter).</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeStoreException">The server cannot be reached or refuses.</exception>
    public static async ValueTask<PostgresFudgeStore> OpenAsync(string connectionStringOrUrl, FudgeReaderOptions? readerOptions = null, CancellationToken cancellationToken = default)
    {
        if (string.IsNullOrEmpty(connectionStringOrUrl)) throw new ArgumentException("A connection string or URL is required.", nameof(connectionStringOrUrl));
        string connectionString = PostgresUrl.ToConnectionString(connectionStringOrUrl);
        var json = FudgeJsonSettings.Plain;
        if (readerOptions is not null) json.ReaderOptions = readerOptions;
        NpgsqlConnection connection;
        try
        {
            connection = new NpgsqlConnection(connectionString);
        }
        catch (ArgumentException e)
        {
            throw new FudgeStoreException("Not a PostgreSQL connection string: " + e.Message, e);
        }
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            var store = new PostgresFudgeStore(connection, json);
            await store.CreateIfMissingAsync("""
                CREATE TABLE IF NOT EXISTS fudge_collections (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, whole_index boolean NOT NULL DEFAULT true);
                CREATE TABLE IF NOT EXISTS fudge_indexes (id bigserial PRIMARY KEY, collection_id bigint NOT NULL, path text NOT NULL, UNIQUE (collection_id, path));
                """, cancellationToken).ConfigureAwait(false);
            // Stores made before whole_index get the column (every collection keeping its GIN index, as it had). Looked
            // up first: ALTER TABLE locks the table even when the column exists, and would wait for every transaction
            // that has read it.
            await store.CreateIfMissingAsync("""
                DO $do$ BEGIN
                  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('fudge_collections') AND attname = 'whole_index' AND NOT attisdropped) THEN
                    ALTER TABLE fudge_collections ADD COLUMN IF NOT EXISTS whole_index boolean NOT NULL DEFAULT true;
                  END IF;
                END $do$;
                """, cancellationToken).ConfigureAwait(false);
            // The same for json_layout: the collections already there keep the layout they were written with (0), as
            // does one a version before the column creates later (the default); this version creates them with 1.
            await store.CreateIfMissingAsync("""
                DO $do$ BEGIN
                  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('fudge_collections') AND attname = 'json_layout' AND NOT attisdropped) THEN
                    ALTER TABLE fudge_collections ADD COLUMN IF NOT EXISTS json_layout smallint NOT NULL DEFAULT 0;
                  END IF;
                END $do$;
                """, cancellationToken).ConfigureAwait(false);
            await store.CreateIfMissingAsync(BTreePredicate.KeyFunctionSql, cancellationToken).ConfigureAwait(false);
            // The row as jsonb, so that a server before datlocprovider (PostgreSQL 15; libc then) answers too.
            await using (var collation = new NpgsqlCommand(
                "SELECT coalesce(to_jsonb(d) ->> 'datlocprovider', 'c') = 'c' AND datcollate IN ('C', 'POSIX', 'C.UTF-8', 'C.utf8') FROM pg_database d WHERE datname = current_database()",
                connection))
                store.CodePointStrings = await collation.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is true;
            return store;
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw new FudgeStoreException($"Cannot open the PostgreSQL store: {e.Message}", e);
        }
    }

    /// <inheritdoc/>
    public async ValueTask<IFudgeCollection> GetCollectionAsync(string name, CancellationToken cancellationToken = default)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A collection name is required.", nameof(name));
        if (name.IndexOf('\0') >= 0) throw new FudgeStoreException("PostgreSQL text cannot hold U+0000: a collection name cannot contain it.");
        if (_collections.TryGetValue(name, out var known)) return known;
        // An existing collection is opened without DDL: CREATE INDEX IF NOT EXISTS takes a share lock on the table even
        // when the index exists, so it would wait for every open writing transaction on it (a long import) and make
        // later writers queue behind it. The table and its GIN index are created in one statement batch (one implicit
        // transaction), so a table without its index is one whose index a bulk load took away (GinAfterLoad): while
        // that load runs the collection opens as it is (queries scan); when the load's session is gone, the index is
        // built again here.
        // A collection set to have no GIN index (SetWholeDocumentIndexAsync) is opened as it is.
        long existing = -1;
        bool indexed = false, wholeIndex = true, lists = false;
        await using (var find = CreateCommand("SELECT id, to_regclass('fudge_docs_' || id || '_gin') IS NOT NULL, whole_index, json_layout FROM fudge_collections WHERE name = @name AND to_regclass('fudge_docs_' || id) IS NOT NULL"))
        {
            find.Parameters.AddWithValue("name", name);
            await using var reader = await Guard(() => find.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
            if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
                (existing, indexed, wholeIndex, lists) = (reader.GetInt64(0), reader.GetBoolean(1), reader.GetBoolean(2), reader.GetInt16(3) >= PostgresFudgeCollection.ListLayout);
        }
        if (existing >= 0)
        {
            var opened = new PostgresFudgeCollection(this, name, existing, lists) { WholeDocumentIndex = wholeIndex };
            if (!indexed && wholeIndex) await GinAfterLoad.RestoreAbandonedAsync(opened, cancellationToken).ConfigureAwait(false);
            await opened.AddMissingColumnsAsync(cancellationToken).ConfigureAwait(false);
            await opened.LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
            _collections[name] = opened;
            return opened;
        }
        await using var command = CreateCommand("""
            INSERT INTO fudge_collections (name, json_layout) VALUES (@name, @layout) ON CONFLICT (name) DO NOTHING;
            SELECT id, json_layout FROM fudge_collections WHERE name = @name;
            """);
        command.Parameters.AddWithValue("name", name);
        command.Parameters.AddWithValue("layout", (short)PostgresFudgeCollection.ListLayout);
        long id;
        bool listLayout;
        // Another session may have made the collection first (its own version's layout).
        await using (var made = await Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false))
        {
            await made.ReadAsync(cancellationToken).ConfigureAwait(false);
            (id, listLayout) = (made.GetInt64(0), made.GetInt16(1) >= PostgresFudgeCollection.ListLayout);
        }
        var collection = new PostgresFudgeCollection(this, name, id, listLayout);
        await CreateIfMissingAsync($"""
            CREATE TABLE IF NOT EXISTS {collection.Table} (id bigserial PRIMARY KEY, doc bytea NOT NULL, json jsonb NOT NULL, {PostgresFudgeCollection.EmptyNamesColumn} boolean, {PostgresFudgeCollection.SeveralFieldsFlag} boolean, {PostgresFudgeCollection.ListsColumn} boolean);
            {collection.CreateGinSql};
            """, cancellationToken).ConfigureAwait(false);
        // Another session (of a version before the column) may have created the table first.
        await collection.AddMissingColumnsAsync(cancellationToken).ConfigureAwait(false);
        await collection.LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
        _collections[name] = collection;
        return collection;
    }

    /// <summary>
    /// Keeps (<paramref name="enabled"/> true, every collection's default) or removes the GIN index a collection has on
    /// its whole jsonb (<c>jsonb_path_ops</c>, which serves equality and membership tests on every path). Without it the
    /// collection's declared indexes (<see cref="IFudgeCollection.CreateIndexAsync(Fudge.Query.FudgePath, System.Threading.CancellationToken)"/>) are its only ones: inserts no longer
    /// maintain the GIN index, most of their cost on the server, and a test on a path with no declared index scans the
    /// table. Answers never change. The choice is kept in the store (<c>fudge_collections.whole_index</c>); turning the
    /// index back on builds it on every document. The collection is created when missing.
    /// </summary>
    /// <param name="collection">The collection's name.</param>
    /// <param name="enabled">Whether the collection has the index.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeStoreException">The server refuses, or a transaction of this store is open (the change commits on its own).</exception>
    public async ValueTask SetWholeDocumentIndexAsync(string collection, bool enabled, CancellationToken cancellationToken = default)
    {
        var opened = (PostgresFudgeCollection)await GetCollectionAsync(collection, cancellationToken).ConfigureAwait(false);
        await GinAfterLoad.SetWholeDocumentIndexAsync(opened, enabled, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Rewrites a collection made before the list layout (a version that wrote a list's one element as its value) in
    /// that layout: every row's jsonb from its bytes, in batches (the table vacuumed every eighth of it, so that it grows
    /// by about that much), then the collection marked as of the layout, the table vacuumed and its indexes, the GIN
    /// among them, built again (<c>REINDEX TABLE CONCURRENTLY</c>). Queries then test a collection
    /// <c>Any</c> by containment where the collection has no whole-document GIN (docs/store.md, "The list layout"). Answers never change, before, during or after:
    /// each row says which layout it has, and a row not yet rewritten is tested by the jsonpath. Safe to interrupt (each
    /// batch commits on its own; a second call carries on where the first stopped) and to run beside writers and
    /// readers (a batch locks its rows until it commits); a session that opened the collection before the migration
    /// ended keeps writing the older layout until it opens the collection again, and such rows are tested by the
    /// jsonpath until a second call rewrites them. Also sets the columns a row of an older version lacks
    /// (<c>several_fields</c>, <c>empty_names</c>), so that its orderings and decisions take the short way. Collections
    /// made by this version are in the layout already: the call then rewrites nothing, or only such rows.
    /// </summary>
    /// <param name="collection">The collection's name (created, in the layout, when missing).</param>
    /// <param name="batchSize">Rows rewritten in one transaction (10,000 by default).</param>
    /// <param name="progress">Told the number of rows rewritten so far after each batch.</param>
    /// <param name="cancellationToken">Cancels the operation (between batches, or the batch under way, which is rolled back).</param>
    /// <returns>The number of rows rewritten.</returns>
    /// <exception cref="FudgeStoreException">The server refuses, a stored document is not a valid envelope, or a transaction of this store is open (each batch commits on its own).</exception>
    public async ValueTask<long> MigrateListLayoutAsync(string collection, int batchSize = 10_000, IProgress<long>? progress = null, CancellationToken cancellationToken = default)
    {
        if (batchSize < 1) throw new ArgumentOutOfRangeException(nameof(batchSize), batchSize, "A batch holds at least one row.");
        if (Transaction is not null) throw new FudgeStoreException("The list layout's migration commits batch by batch: it cannot run inside a transaction of this store.");
        var opened = (PostgresFudgeCollection)await GetCollectionAsync(collection, cancellationToken).ConfigureAwait(false);
        return await opened.MigrateListLayoutAsync(batchSize, progress, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public async ValueTask<IReadOnlyList<string>> ListCollectionsAsync(CancellationToken cancellationToken = default)
    {
        await using var command = CreateCommand("SELECT name FROM fudge_collections");
        var names = new List<string>();
        await using (var reader = await Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) names.Add(reader.GetString(0));
        }
        names.Sort(StringComparer.Ordinal);
        return names;
    }

    /// <inheritdoc/>
    public async ValueTask<IFudgeStoreTransaction> BeginTransactionAsync(CancellationToken cancellationToken = default)
    {
        if (Transaction is not null) throw new FudgeStoreException("A transaction is already open on this store.");
        // READ COMMITTED named here rather than left to the server's default_transaction_isolation, so the guarantees
        // of docs/store.md hold whatever the server is configured with: each statement sees what was committed
        // before it began, and a write to a row another transaction has changed waits for that one to end.
        Transaction = await _connection.BeginTransactionAsync(System.Data.IsolationLevel.ReadCommitted, cancellationToken).ConfigureAwait(false);
        GinScanSettings.TransactionBoundary(_connection);
        return new DbStoreTransaction(Transaction, EndTransaction);
    }

    private void EndTransaction(System.Data.Common.DbTransaction transaction)
    {
        GinScanSettings.TransactionBoundary(_connection);
        if (ReferenceEquals(Transaction, transaction)) Transaction = null;
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        // Safe to call more than once, as .NET's rule for DisposeAsync asks.
        if (_disposed) return;
        _disposed = true;
        if (Transaction is not null) await Transaction.DisposeAsync().ConfigureAwait(false);
        Transaction = null;
        await _connection.DisposeAsync().ConfigureAwait(false);
    }

    internal NpgsqlCommand CreateCommand(string sql) => new(sql, _connection, Transaction);

    internal async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = CreateCommand(sql);
        await Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>
    /// Runs <c>CREATE ... IF NOT EXISTS</c> statements. Two sessions creating the same object at the same instant both
    /// find it missing; the second waits for the first's catalog rows and, when the first commits, fails with a unique
    /// key error (23505, or 42P07 "already exists") instead of finding it; two sessions replacing the same function's
    /// body (<see cref="BTreePredicate.KeyFunctionSql"/>) fail the second with "tuple concurrently updated". Run again,
    /// the statements see the committed object and do nothing, so the race is retried once. Inside a caller's transaction a savepoint keeps the
    /// transaction usable for that retry.
    /// </summary>
    internal async Task CreateIfMissingAsync(string sql, CancellationToken cancellationToken)
    {
        const string Savepoint = "fudge_create";
        for (int attempt = 1; ; attempt++)
        {
            var joined = Transaction;
            if (joined is not null) await Guard(() => joined.SaveAsync(Savepoint, cancellationToken)).ConfigureAwait(false);
            try
            {
                await ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
                if (joined is not null) await Guard(() => joined.ReleaseAsync(Savepoint, cancellationToken)).ConfigureAwait(false);
                return;
            }
            catch (FudgeStoreException e) when (attempt == 1 && e.InnerException is PostgresException { SqlState: PostgresErrorCodes.UniqueViolation or PostgresErrorCodes.DuplicateTable }
                or PostgresException { SqlState: PostgresErrorCodes.InternalError, MessageText: "tuple concurrently updated" })
            {
                if (joined is not null)
                {
                    GinScanSettings.SavepointRolledBack(_connection);
                    await Guard(() => joined.RollbackAsync(Savepoint, cancellationToken)).ConfigureAwait(false);
                }
            }
        }
    }

    /// <summary>Runs a server call, turning the driver's errors into the store's own (with the server's reason).</summary>
    internal static async Task<T> Guard<T>(Func<Task<T>> call)
    {
        try
        {
            return await call().ConfigureAwait(false);
        }
        catch (NpgsqlException e)
        {
            throw Refused(e);
        }
    }

    /// <summary>Runs a server call that returns nothing, turning the driver's errors into the store's own.</summary>
    internal static async Task Guard(Func<Task> call)
    {
        try
        {
            await call().ConfigureAwait(false);
        }
        catch (NpgsqlException e)
        {
            throw Refused(e);
        }
    }

    /// <summary>The store's own exception for a driver error, with the server's reason.</summary>
    internal static FudgeStoreException Refused(NpgsqlException e) => new("PostgreSQL refused the operation: " + e.Message, e);
}
