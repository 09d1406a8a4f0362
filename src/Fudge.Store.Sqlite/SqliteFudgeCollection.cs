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

    public async ValueTask<long> InsertAsync(ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        FudgeEnvelopeCheck.Validate(envelope.Span);
        if (StoreWrittenElements() is not { } tables) return await InsertOneAsync(envelope, null, cancellationToken).ConfigureAwait(false);
        // The row and its elements indexes' side rows, all or nothing (the commands made inside the transaction).
        return await AtomicallyAsync(ElementsSavepoint, async () =>
        {
            using var elements = new ElementsWriter(_store, tables);
            return await InsertOneAsync(envelope, elements, cancellationToken).ConfigureAwait(false);
        }, cancellationToken).ConfigureAwait(false);
    }

    private async Task<long> InsertOneAsync(ReadOnlyMemory<byte> envelope, ElementsWriter? elements, CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand($"INSERT INTO {Table} (doc) VALUES ($doc); SELECT last_insert_rowid();");
        byte[] bytes = envelope.ToArray();
        command.Parameters.Add("$doc", SqliteType.Blob).Value = bytes;
        long id = (long)(await GuardWrite(envelope, () => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        if (elements is not null) await elements.WriteAsync(id, bytes, cancellationToken).ConfigureAwait(false);
        return id;
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
        return await AtomicallyAsync(BatchSavepoint, async () =>
        {
            if (!indexesAfter) return await InsertEachAsync(envelopes, cancellationToken).ConfigureAwait(false);
            var indexes = await IndexesAsync(cancellationToken).ConfigureAwait(false);
            foreach (var declared in indexes)
                await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(declared.Number)}", cancellationToken).ConfigureAwait(false);
            long count = await InsertEachAsync(envelopes, cancellationToken).ConfigureAwait(false);
            foreach (var declared in indexes) await BuildIndexAsync(declared, declaring: false, cancellationToken).ConfigureAwait(false);
            return count;
        }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Runs <paramref name="work"/> all or nothing: inside the caller's open transaction, bracketed by a savepoint so
    /// that a failure takes back this work only (as on PostgreSQL); otherwise in a transaction of its own.
    /// </summary>
    private async Task<T> AtomicallyAsync<T>(string savepoint, Func<Task<T>> work, CancellationToken cancellationToken)
    {
        SqliteTransaction? joined = _store.Transaction;
        IFudgeStoreTransaction? own = joined is null ? await _store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false) : null;
        try
        {
            if (joined is not null) await SqliteFudgeStore.Guard(() => joined.SaveAsync(savepoint, cancellationToken)).ConfigureAwait(false);
            T result;
            try
            {
                result = await work().ConfigureAwait(false);
            }
            catch when (joined is not null)
            {
                // Not the caller's token: the work must be taken back even when it was the cancellation that stopped it.
                await SqliteFudgeStore.Guard(() => joined.RollbackAsync(savepoint, CancellationToken.None)).ConfigureAwait(false);
                await SqliteFudgeStore.Guard(() => joined.ReleaseAsync(savepoint, CancellationToken.None)).ConfigureAwait(false);
                throw;
            }
            if (joined is not null) await SqliteFudgeStore.Guard(() => joined.ReleaseAsync(savepoint, cancellationToken)).ConfigureAwait(false);
            if (own is not null) await own.CommitAsync(cancellationToken).ConfigureAwait(false);
            return result;
        }
        finally
        {
            if (own is not null) await own.DisposeAsync().ConfigureAwait(false);
        }
    }

    private const string BatchSavepoint = "fudge_insert_many";

    private async Task<long> InsertEachAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken)
    {
        // In the batch's transaction (InsertManyAsync): each row with its elements indexes' side rows.
        using var elements = StoreWrittenElements() is { } tables ? new ElementsWriter(_store, tables) : null;
        using var command = _store.CreateCommand($"INSERT INTO {Table} (doc) VALUES ($doc){(elements is null ? "" : " RETURNING id")}");
        var doc = command.Parameters.Add("$doc", SqliteType.Blob);
        command.Prepare();
        long count = 0;
        await foreach (var envelope in envelopes.WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            FudgeEnvelopeCheck.Validate(envelope.Span);
            byte[] bytes = envelope.ToArray();
            doc.Value = bytes;
            if (elements is null)
            {
                await GuardWrite(envelope, () => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
            }
            else
            {
                long id = (long)(await GuardWrite(envelope, () => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
                await elements.WriteAsync(id, bytes, cancellationToken).ConfigureAwait(false);
            }
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
        return await GuardWrite(envelope, () => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false) == 1;
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
    /// The WHERE clause for a filter: the indexed part (if any) narrows the rows through the index, SQLite's
    /// <c>instr</c> drops the rows whose bytes lack what every match holds (<see cref="RequiredBytes"/>), and
    /// <c>fudge_match</c> decides exactly on what remains. The filter text and every value are parameters.
    /// </summary>
    private string Where(FudgeFilter? filter, SqliteCommand command)
    {
        if (filter is null) return "";
        command.Parameters.AddWithValue("$filter", filter.Text);
        var indexed = IndexedPredicate.For(filter, _keys);
        for (int i = 0; i < indexed.Values.Count; i++)
            command.Parameters.AddWithValue("$k" + i.ToString(CultureInfo.InvariantCulture), indexed.Values[i]);
        string where = indexed.Sql is null ? "WHERE " : $"WHERE {indexed.Sql} AND ";
        if (RequiredBytes.Of(filter) is byte[] needle && !IndexCompares(indexed, needle))
        {
            // A blob against the blob column: instr then searches bytes (with a text argument it would compare
            // characters). SQLite evaluates the terms an index does not answer in the order written, so the native
            // search runs before the managed call, which copies the row into a new byte[] each time.
            command.Parameters.Add(NeedleParameter, SqliteType.Blob).Value = needle;
            where += $"instr(doc, {NeedleParameter}) > 0 AND ";
        }
        return where + "fudge_match(doc, $filter)";
    }

    /// <summary>
    /// Whether the index condition compares with the string whose bytes are the needle: then its candidates hold
    /// them (an equality's) and a search of each would only add its cost, measured at up to 2.4 times the query's
    /// time on documents of 5 KB. Other needles are searched on the candidates too (a rare value on another path).
    /// </summary>
    private static bool IndexCompares(IndexedPredicate indexed, byte[] needle)
    {
        foreach (var value in indexed.Values)
            if (value is string text && needle.AsSpan().SequenceEqual(System.Text.Encoding.UTF8.GetBytes(text))) return true;
        return false;
    }

    /// <summary>The parameter of the bytes every match holds (<see cref="RequiredBytes"/>).</summary>
    internal const string NeedleParameter = "$needle";

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
