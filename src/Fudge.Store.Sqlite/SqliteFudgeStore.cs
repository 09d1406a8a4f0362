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
/// <c>fudge_indexes(id, collection_id, path)</c> lists the indexed paths, each an expression index
/// <c>fudge_docs_ID_ix_N</c> on <c>fudge_index_key(doc, 'path')</c>. Names and paths never become SQL identifiers.
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
            await store.ExecuteAsync("""
                CREATE TABLE IF NOT EXISTS fudge_collections (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE IF NOT EXISTS fudge_indexes (id INTEGER PRIMARY KEY, collection_id INTEGER NOT NULL, path TEXT NOT NULL, UNIQUE (collection_id, path));
                """, cancellationToken).ConfigureAwait(false);
            return store;
        }
        catch (SqliteException e)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw new FudgeStoreException($"Cannot open the SQLite store '{pathOrConnectionString}': {e.Message}", e);
        }
    }

    /// <inheritdoc/>
    public async ValueTask<IFudgeCollection> GetCollectionAsync(string name, CancellationToken cancellationToken = default)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A collection name is required.", nameof(name));
        if (_collections.TryGetValue(name, out var known)) return known;
        using var command = CreateCommand("""
            INSERT OR IGNORE INTO fudge_collections (name) VALUES ($name);
            SELECT id FROM fudge_collections WHERE name = $name;
            """);
        command.Parameters.AddWithValue("$name", name);
        long id = (long)(await Guard(() => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
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
        Transaction = _connection.BeginTransaction();
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
}
