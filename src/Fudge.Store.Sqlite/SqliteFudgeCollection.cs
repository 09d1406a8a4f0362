using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Transforms;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>One collection: a table of envelope bytes, queried through the functions of <see cref="FudgeSqlFunctions"/>.</summary>
internal sealed partial class SqliteFudgeCollection : IFudgeCollection, IFudgeQueryBackend
{
    private readonly SqliteFudgeStore _store;
    private readonly long _id;
    private readonly List<string> _indexedPaths = new();

    public SqliteFudgeCollection(SqliteFudgeStore store, string name, long id)
    {
        _store = store;
        Name = name;
        _id = id;
        Table = "fudge_docs_" + id.ToString(CultureInfo.InvariantCulture);
    }

    public string Name { get; }

    /// <summary>The table's name: made from the collection's number, never from its name.</summary>
    internal string Table { get; }

    internal async Task LoadIndexesAsync(CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand("SELECT path FROM fudge_indexes WHERE collection_id = $id ORDER BY id");
        command.Parameters.AddWithValue("$id", _id);
        _indexedPaths.Clear();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) _indexedPaths.Add(reader.GetString(0));
    }

    public async ValueTask<long> InsertAsync(ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        FudgeEnvelopeCheck.Validate(envelope.Span);
        using var command = _store.CreateCommand($"INSERT INTO {Table} (doc) VALUES ($doc); SELECT last_insert_rowid();");
        command.Parameters.Add("$doc", SqliteType.Blob).Value = envelope.ToArray();
        return (long)(await SqliteFudgeStore.Guard(() => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
    }

    public ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken = default)
        => InsertManyAsync(envelopes, options: null, cancellationToken);

    /// <summary>
    /// With <see cref="FudgeBulkInsertOptions.BuildIndexesAfterLoad"/>, the collection's expression indexes are dropped,
    /// the rows written and the indexes created again, all inside the batch's transaction (or savepoint): SQLite's
    /// schema changes are transactional, so other connections keep seeing the indexed collection of the last commit,
    /// and a failure rolls the drops back with the rows.
    /// </summary>
    public async ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        bool indexesAfter = options?.BuildIndexesAfterLoad == true;
        // Joins the caller's transaction when one is open, bracketed by a savepoint so that a failure takes back this
        // batch only (as on PostgreSQL); otherwise the batch is its own transaction, all or nothing.
        SqliteTransaction? joined = _store.Transaction;
        IFudgeStoreTransaction? own = joined is null ? await _store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false) : null;
        try
        {
            if (joined is not null) await SqliteFudgeStore.Guard(() => joined.SaveAsync(BatchSavepoint, cancellationToken)).ConfigureAwait(false);
            long count;
            try
            {
                if (!indexesAfter)
                {
                    count = await InsertEachAsync(envelopes, cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    var indexes = await IndexesAsync(cancellationToken).ConfigureAwait(false);
                    foreach (var (number, _) in indexes)
                        await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(number)}", cancellationToken).ConfigureAwait(false);
                    count = await InsertEachAsync(envelopes, cancellationToken).ConfigureAwait(false);
                    foreach (var (number, path) in indexes)
                        await _store.ExecuteAsync(IndexStatement(number, path), cancellationToken).ConfigureAwait(false);
                }
            }
            catch when (joined is not null)
            {
                // Not the caller's token: the batch's rows must go even when it was the cancellation that stopped it.
                await SqliteFudgeStore.Guard(() => joined.RollbackAsync(BatchSavepoint, CancellationToken.None)).ConfigureAwait(false);
                await SqliteFudgeStore.Guard(() => joined.ReleaseAsync(BatchSavepoint, CancellationToken.None)).ConfigureAwait(false);
                throw;
            }
            if (joined is not null) await SqliteFudgeStore.Guard(() => joined.ReleaseAsync(BatchSavepoint, cancellationToken)).ConfigureAwait(false);
            if (own is not null) await own.CommitAsync(cancellationToken).ConfigureAwait(false);
            return count;
        }
        finally
        {
            if (own is not null) await own.DisposeAsync().ConfigureAwait(false);
        }
    }

    private const string BatchSavepoint = "fudge_insert_many";

    private async Task<long> InsertEachAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand($"INSERT INTO {Table} (doc) VALUES ($doc)");
        var doc = command.Parameters.Add("$doc", SqliteType.Blob);
        command.Prepare();
        long count = 0;
        await foreach (var envelope in envelopes.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            FudgeEnvelopeCheck.Validate(envelope.Span);
            doc.Value = envelope.ToArray();
            await SqliteFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
            count++;
        }
        return count;
    }

    public async ValueTask<FudgeStoredDocument?> GetAsync(long id, CancellationToken cancellationToken = default)
    {
        using var command = _store.CreateCommand($"SELECT id, doc FROM {Table} WHERE id = $id");
        command.Parameters.AddWithValue("$id", id);
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? Document(reader) : null;
    }

    public async IAsyncEnumerable<FudgeStoredDocument> FindAsync(FudgeQuery? query = null, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        query ??= new FudgeQuery();
        using var command = _store.CreateCommand("");
        string where = Where(query.Where, command);
        string direction = query.Descending ? "DESC" : "ASC";
        string order = query.OrderBy is FudgePath path && SqlText.Literal(path.Text) is string literal
            ? $"fudge_get(doc, {literal}) {direction}, id {direction}"
            : $"id {direction}";
        if (query.OrderBy is not null && SqlText.Literal(query.OrderBy.Text) is null)
            throw new FudgeStoreException("A path holding a NUL character cannot order a query.");
        command.CommandText = $"SELECT id, doc FROM {Table} {where} ORDER BY {order} LIMIT $limit OFFSET $skip";
        command.Parameters.AddWithValue("$limit", query.Limit is int limit ? limit : -1);
        command.Parameters.AddWithValue("$skip", query.Skip);
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await ReadAsync(reader, cancellationToken).ConfigureAwait(false)) yield return Document(reader);
    }

    public async ValueTask<long> CountAsync(FudgeFilter? where = null, CancellationToken cancellationToken = default)
    {
        using var command = _store.CreateCommand("");
        command.CommandText = $"SELECT count(*) FROM {Table} {Where(where, command)}";
        return (long)(await SqliteFudgeStore.Guard(() => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
    }

    public async ValueTask<bool> ReplaceAsync(long id, ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        FudgeEnvelopeCheck.Validate(envelope.Span);
        using var command = _store.CreateCommand($"UPDATE {Table} SET doc = $doc WHERE id = $id");
        command.Parameters.AddWithValue("$id", id);
        command.Parameters.Add("$doc", SqliteType.Blob).Value = envelope.ToArray();
        return await SqliteFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false) == 1;
    }

    public async ValueTask<long> UpdateAsync(FudgeFilter where, FudgeTransform transform, CancellationToken cancellationToken = default)
    {
        if (where is null) throw new ArgumentNullException(nameof(where));
        if (transform is null) throw new ArgumentNullException(nameof(transform));
        return await CollectionRewrites.TransformAsync(_store, _store.Transaction is not null, this,
            () => FindAsync(new FudgeQuery { Where = where }, cancellationToken), transform, cancellationToken).ConfigureAwait(false);
    }

    public async ValueTask<bool> DeleteAsync(long id, CancellationToken cancellationToken = default)
    {
        using var command = _store.CreateCommand($"DELETE FROM {Table} WHERE id = $id");
        command.Parameters.AddWithValue("$id", id);
        return await SqliteFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false) == 1;
    }

    public async ValueTask<long> DeleteAsync(FudgeFilter where, CancellationToken cancellationToken = default)
    {
        if (where is null) throw new ArgumentNullException(nameof(where));
        using var command = _store.CreateCommand("");
        command.CommandText = $"DELETE FROM {Table} {Where(where, command)}";
        return await SqliteFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    public async ValueTask CreateIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
    {
        if (path is null) throw new ArgumentNullException(nameof(path));
        string text = path.Text.Trim();
        if (_indexedPaths.Contains(text)) return;
        // The index expression must be text, not a parameter, for SQLite to match queries to it: the path is an
        // escaped literal (a NUL would end the statement early, so such paths cannot be indexed).
        _ = SqlText.Literal(text) ?? throw new FudgeStoreException("A path holding a NUL character cannot be indexed.");
        using var register = _store.CreateCommand("INSERT INTO fudge_indexes (collection_id, path) VALUES ($id, $path); SELECT last_insert_rowid();");
        register.Parameters.AddWithValue("$id", _id);
        register.Parameters.AddWithValue("$path", text);
        long number = (long)(await SqliteFudgeStore.Guard(() => register.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        await _store.ExecuteAsync(IndexStatement(number, text), cancellationToken).ConfigureAwait(false);
        _indexedPaths.Add(text);
    }

    /// <summary>The statement that creates index <paramref name="number"/> on a path (checked to hold no NUL when it was registered).</summary>
    private string IndexStatement(long number, string path)
        => $"CREATE INDEX {IndexName(number)} ON {Table} (fudge_index_key(doc, {SqlText.Literal(path)}))";

    /// <summary>The collection's indexes as the database lists them now (another connection may have added one).</summary>
    private async Task<List<(long Number, string Path)>> IndexesAsync(CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand("SELECT id, path FROM fudge_indexes WHERE collection_id = $id ORDER BY id");
        command.Parameters.AddWithValue("$id", _id);
        var indexes = new List<(long, string)>();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) indexes.Add((reader.GetInt64(0), reader.GetString(1)));
        return indexes;
    }

    public async ValueTask<bool> DropIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
    {
        if (path is null) throw new ArgumentNullException(nameof(path));
        string text = path.Text.Trim();
        using var find = _store.CreateCommand("SELECT id FROM fudge_indexes WHERE collection_id = $id AND path = $path");
        find.Parameters.AddWithValue("$id", _id);
        find.Parameters.AddWithValue("$path", text);
        if (await SqliteFudgeStore.Guard(() => find.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false) is not long number) return false;
        await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(number)}", cancellationToken).ConfigureAwait(false);
        using var forget = _store.CreateCommand("DELETE FROM fudge_indexes WHERE id = $number");
        forget.Parameters.AddWithValue("$number", number);
        await SqliteFudgeStore.Guard(() => forget.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
        _indexedPaths.Remove(text);
        return true;
    }

    public ValueTask<IReadOnlyList<string>> ListIndexesAsync(CancellationToken cancellationToken = default)
        => new(_indexedPaths.ToArray());

    /// <summary>The query plan SQLite chooses for a count with this predicate (EXPLAIN QUERY PLAN), one line per step.</summary>
    internal async Task<string> ExplainAsync(FudgeFilter where, CancellationToken cancellationToken = default)
    {
        using var command = _store.CreateCommand("");
        command.CommandText = $"EXPLAIN QUERY PLAN SELECT id, doc FROM {Table} {Where(where, command)}";
        var plan = new System.Text.StringBuilder();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) plan.AppendLine(reader.GetString(3));
        return plan.ToString();
    }

    /// <summary>
    /// The WHERE clause for a filter: the indexed part (if any) narrows the rows through the index, and
    /// <c>fudge_match</c> decides exactly on what remains. The filter text and every value are parameters.
    /// </summary>
    private string Where(FudgeFilter? filter, SqliteCommand command)
    {
        if (filter is null) return "";
        command.Parameters.AddWithValue("$filter", filter.Text);
        var indexed = IndexedPredicate.For(filter, _indexedPaths);
        for (int i = 0; i < indexed.Values.Count; i++)
            command.Parameters.AddWithValue("$k" + i.ToString(CultureInfo.InvariantCulture), indexed.Values[i]);
        return indexed.Sql is null ? "WHERE fudge_match(doc, $filter)" : $"WHERE {indexed.Sql} AND fudge_match(doc, $filter)";
    }

    private string IndexName(long number) => Table + "_ix_" + number.ToString(CultureInfo.InvariantCulture);

    private static FudgeStoredDocument Document(SqliteDataReader reader) => new(reader.GetInt64(0), (byte[])reader.GetValue(1));

    private static async Task<bool> ReadAsync(SqliteDataReader reader, CancellationToken cancellationToken)
    {
        try
        {
            return await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (SqliteException e)
        {
            throw new FudgeStoreException("SQLite refused the operation: " + e.Message, e);
        }
    }
}
