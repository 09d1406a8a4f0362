using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>
/// The embedded Fudge document store: one SQLite database file (or an in-memory database), with the path and
/// predicate language running inside SQLite. Nothing to install: SQLite comes with the package.
/// </summary>
/// <remarks>
/// Layout (docs/store.md): <c>fudge_collections(id, name)</c> maps collection names to tables
/// <c>fudge_docs_ID(id INTEGER PRIMARY KEY, doc BLOB)</c> holding each envelope's exact bytes;
/// <c>fudge_indexes(id, collection_id, path)</c> lists the declared indexes (a composite's paths separated by NUL), each
/// an expression index <c>fudge_docs_ID_ix_N</c> on <c>fudge_index_key(doc, 'path')</c> for each path;
/// <c>fudge_unique_indexes(index_id)</c> marks the unique ones, which are on <c>fudge_unique_key(doc, 'path')</c>.
/// Names and paths never become SQL identifiers.
/// </remarks>
/// <example>
/// <code>
/// await using var store = await SqliteFudgeStore.OpenAsync("logs.db");
/// var logs = await store.GetCollectionAsync("logs");
/// await logs.CreateIndexAsync("$.System.Hostname");
/// await foreach (var doc in logs.FindAsync("$.System.Hostname == 'node-5' &amp;&amp; $.Log.Type in ['AUDIT', 'SECURITY']"))
///     Handle(doc.Envelope);
/// </code>
/// </example>
public sealed class SqliteFudgeStore : IFudgeStore
{
    private readonly SqliteConnection _connection;
    private bool _disposed;
    private readonly Dictionary<string, SqliteFudgeCollection> _collections = new(StringComparer.Ordinal);

    private SqliteFudgeStore(SqliteConnection connection) => _connection = connection;

    internal SqliteConnection Connection => _connection;

    /// <summary>The open transaction, which every command of this store joins; null when none is open.</summary>
    internal SqliteTransaction? Transaction { get; private set; }

    /// <summary>
    /// Opens (creating if needed) a store: a file path, or an SQLite connection string (recognised by its
    /// <c>=</c>, e.g. <c>Data Source=:memory:</c> or <c>Data Source=logs.db;Mode=ReadOnly</c>).
    /// </summary>
    /// <exception cref="FudgeStoreException">The database cannot be opened or is not a store.</exception>
    public static async ValueTask<SqliteFudgeStore> OpenAsync(string pathOrConnectionString, CancellationToken cancellationToken = default)
    {
        if (string.IsNullOrEmpty(pathOrConnectionString)) throw new ArgumentException("A database path or connection string is required.", nameof(pathOrConnectionString));
        string connectionString = pathOrConnectionString.Contains('=')
            ? pathOrConnectionString
            : new SqliteConnectionStringBuilder { DataSource = pathOrConnectionString }.ToString();
        var connection = new SqliteConnection(connectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            FudgeSqlFunctions.Register(connection);
            var store = new SqliteFudgeStore(connection);
            // An elements index's insert trigger asks whether this connection's insert writes the side rows itself.
            connection.CreateFunction<long, bool>("fudge_elements_written", number => store.ElementsWritten.Contains(number), isDeterministic: false);
            await store.ConfigureConcurrencyAsync(new SqliteConnectionStringBuilder(connectionString), cancellationToken).ConfigureAwait(false);
            await store.ExecuteAsync("""
                CREATE TABLE IF NOT EXISTS fudge_collections (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE IF NOT EXISTS fudge_indexes (id INTEGER PRIMARY KEY, collection_id INTEGER NOT NULL, path TEXT NOT NULL, UNIQUE (collection_id, path));
                CREATE TABLE IF NOT EXISTS fudge_unique_indexes (index_id INTEGER PRIMARY KEY);
                """, cancellationToken).ConfigureAwait(false);
            return store;
        }
        catch (SqliteException e)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw new FudgeStoreException($"Cannot open the SQLite store '{pathOrConnectionString}': {e.Message}", e);
        }
    }

    /// <summary>
    /// Sets what lets several processes share the file (docs/store.md, "Concurrency and durability"): SQLite's own
    /// busy handler waits as long as the connection's <c>Default Timeout</c>; a file database opened for writing is
    /// switched to write-ahead logging (persistent in the file, so an older rollback-journal store converts on its
    /// first read-write open) with <c>synchronous=FULL</c>, so a commit is on disk before it returns.
    /// </summary>
    private async Task ConfigureConcurrencyAsync(SqliteConnectionStringBuilder settings, CancellationToken cancellationToken)
    {
        // Microsoft.Data.Sqlite leaves busy_timeout at 0 and instead re-runs a busy statement every 150 ms until
        // Default Timeout (30 s unless the connection string says otherwise) has passed. SQLite's own handler retries
        // within milliseconds of the lock coming free, so a queued writer is not outrun by writers polling less often;
        // with both set to the same time the wait still ends after Default Timeout.
        int busyMilliseconds = settings.DefaultTimeout <= 0 ? int.MaxValue : (int)Math.Min(int.MaxValue, settings.DefaultTimeout * 1000L);
        await ExecuteAsync("PRAGMA busy_timeout = " + busyMilliseconds.ToString(System.Globalization.CultureInfo.InvariantCulture), cancellationToken).ConfigureAwait(false);
        if (settings.Mode == SqliteOpenMode.ReadOnly) return;
        using var mode = CreateCommand("PRAGMA journal_mode");
        string journal = (string)(await Guard(() => mode.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        // In-memory databases keep "memory"; a temporary one (empty Data Source) answers "delete" and ignores WAL.
        if (journal is "memory" || string.IsNullOrEmpty(settings.DataSource)) return;
        if (journal != "wal") await ExecuteAsync("PRAGMA journal_mode = WAL", cancellationToken).ConfigureAwait(false);
        // FULL is SQLite's default, set here so the guarantee does not depend on how the bundled library was built:
        // in WAL mode the log is synced at every commit, so a committed transaction survives a power loss.
        await ExecuteAsync("PRAGMA synchronous = FULL", cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc/>
    public async ValueTask<IFudgeCollection> GetCollectionAsync(string name, CancellationToken cancellationToken = default)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A collection name is required.", nameof(name));
        if (_collections.TryGetValue(name, out var known)) return known;
        // Looked up before it is created: a reader (fudge serve, a query) opening an existing collection then takes
        // no write lock, so it never waits behind a long import in another process.
        using var find = CreateCommand("SELECT id FROM fudge_collections WHERE name = $name");
        find.Parameters.AddWithValue("$name", name);
        if (await Guard(() => find.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false) is not long id)
        {
            using var create = CreateCommand("""
                INSERT OR IGNORE INTO fudge_collections (name) VALUES ($name);
                SELECT id FROM fudge_collections WHERE name = $name;
                """);
            create.Parameters.AddWithValue("$name", name);
            id = (long)(await Guard(() => create.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        }
        var collection = new SqliteFudgeCollection(this, name, id);
        await ExecuteAsync($"CREATE TABLE IF NOT EXISTS {collection.Table} (id INTEGER PRIMARY KEY, doc BLOB NOT NULL)", cancellationToken).ConfigureAwait(false);
        await collection.LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
        _collections[name] = collection;
        return collection;
    }

    /// <inheritdoc/>
    public async ValueTask<IReadOnlyList<string>> ListCollectionsAsync(CancellationToken cancellationToken = default)
    {
        using var command = CreateCommand("SELECT name FROM fudge_collections");
        var names = new List<string>();
        using (var reader = await Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) names.Add(reader.GetString(0));
        }
        names.Sort(StringComparer.Ordinal);
        return names;
    }

    /// <inheritdoc/>
    public ValueTask<IFudgeStoreTransaction> BeginTransactionAsync(CancellationToken cancellationToken = default)
    {
        if (Transaction is not null) throw new FudgeStoreException("A transaction is already open on this store.");
        // BEGIN IMMEDIATE (deferred: false): the write lock is taken at the start, waiting in the busy handler while
        // another writer holds it. A deferred transaction that reads first and then writes cannot wait: if another
        // process committed meanwhile, its snapshot is stale and SQLite refuses the upgrade with SQLITE_BUSY_SNAPSHOT
        // at once, which no retry can cure ("database is locked" after the whole timeout).
        Transaction = _connection.BeginTransaction(deferred: false);
        return new ValueTask<IFudgeStoreTransaction>(new DbStoreTransaction(Transaction, EndTransaction));
    }

    private void EndTransaction(System.Data.Common.DbTransaction transaction)
    {
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

    /// <summary>
    /// The elements indexes (by number) whose side rows the insert running on this connection writes itself
    /// (<see cref="SqliteFudgeCollection"/>): their insert triggers then do nothing.
    /// </summary>
    internal HashSet<long> ElementsWritten { get; } = new();

    internal SqliteCommand CreateCommand(string sql)
    {
        var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.Transaction = Transaction;
        return command;
    }

    internal async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        using var command = CreateCommand(sql);
        await Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>Runs a database call, turning the driver's errors into the store's own (with the reason SQLite gave).</summary>
    internal static async Task<T> Guard<T>(Func<Task<T>> call)
    {
        try
        {
            return await call().ConfigureAwait(false);
        }
        catch (SqliteException e)
        {
            throw new FudgeStoreException("SQLite refused the operation: " + e.Message, e);
        }
    }

    /// <summary>Runs a database call that returns nothing, turning the driver's errors into the store's own.</summary>
    internal static Task Guard(Func<Task> call) => Guard(async () =>
    {
        await call().ConfigureAwait(false);
        return true;
    });
}
