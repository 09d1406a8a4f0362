using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Json;
using Fudge.Query;
using Fudge.Transforms;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// One collection: a table of envelope bytes and their jsonb form. The server selects candidates with the filter's
/// SQL/JSON path translation (<see cref="JsonPathTranslation"/>); the exact filter then decides on their bytes, so
/// what the translation leaves out never changes an answer, it only lets more candidates travel.
/// </summary>
internal sealed partial class PostgresFudgeCollection : IFudgeCollection, IFudgeQueryBackend
{
    private readonly PostgresFudgeStore _store;
    private readonly long _id;
    private readonly List<string> _indexedPaths = new();
    // Each indexed path's key: the expression its index was built on (LoadIndexesAsync) and its form.
    private readonly Dictionary<string, IndexKey> _indexKeys = new(StringComparer.Ordinal);
    private JsonbText _jsonb;

    public PostgresFudgeCollection(PostgresFudgeStore store, string name, long id, bool listsAsArrays)
    {
        _store = store;
        Name = name;
        _id = id;
        ListsAsArrays = listsAsArrays;
        _jsonb = new JsonbText(listsAsArrays ? store.ListJson : store.Json);
        Table = "fudge_docs_" + id.ToString(CultureInfo.InvariantCulture);
    }

    public string Name { get; }

    /// <summary>The collection's number in <c>fudge_collections</c>.</summary>
    internal long Id => _id;

    /// <summary>
    /// Whether the collection keeps its GIN index on the whole jsonb (the default; <see cref="PostgresFudgeStore.SetWholeDocumentIndexAsync"/>).
    /// Without it, a bulk load has no index to build after itself, and an opening never rebuilds one.
    /// </summary>
    internal bool WholeDocumentIndex { get; set; } = true;

    /// <summary>The planner's estimates that choose the GIN's jsonpath or the list layout's containment (<see cref="GinOrContainment"/>).</summary>
    private readonly GinOrContainment _formChoice = new();

    internal GinOrContainment FormChoice => _formChoice;

    /// <summary>The table's name: made from the collection's number, never from its name.</summary>
    internal string Table { get; }

    public async ValueTask<long> InsertAsync(ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand($"INSERT INTO {Table} (doc, json, {EmptyNamesColumn}, {SeveralFieldsFlag}, {ListsColumn}) VALUES (@doc, @json, @empty, @several, @lists) RETURNING id");
        Bind(command, envelope);
        try
        {
            return (long)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
        }
        catch (NpgsqlException e)
        {
            throw Refused(e, envelope.ToArray());
        }
    }

    /// <summary>
    /// One binary <c>COPY ... FROM STDIN</c> for the whole batch, each row's jsonb written in the same pass as its
    /// bytes; ids come from the table's sequence, row by row, so they are unique whoever else writes at the same time.
    /// Inside the caller's transaction the batch is bracketed by a savepoint: a failure takes back the batch only.
    /// </summary>
    public ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken = default)
        => InsertManyAsync(envelopes, options: null, cancellationToken);

    /// <summary>
    /// With <see cref="FudgeBulkInsertOptions.BuildIndexesAfterLoad"/>: see <see cref="GinAfterLoad"/>; otherwise one
    /// <c>COPY</c>, the GIN index maintained row by row.
    /// </summary>
    public ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        return options?.BuildIndexesAfterLoad == true && WholeDocumentIndex
            ? new GinAfterLoad(this, options).InsertManyAsync(envelopes, cancellationToken)
            : InsertBatchAsync(envelopes, cancellationToken);
    }

    /// <summary>The GIN index's definition, used when the collection is created and whenever the index is built again.</summary>
    internal string CreateGinSql => $"CREATE INDEX IF NOT EXISTS {GinIndex} ON {Table} USING gin (json jsonb_path_ops)";

    /// <summary>The GIN index's name.</summary>
    internal string GinIndex => Table + "_gin";

    internal PostgresFudgeStore Store => _store;

    /// <summary>
    /// One binary <c>COPY</c> for the whole batch in its own transaction, or inside the caller's bracketed by a savepoint.
    /// </summary>
    internal async ValueTask<long> InsertBatchAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken)
    {
        NpgsqlTransaction? joined = _store.Transaction;
        IFudgeStoreTransaction? own = joined is null ? await _store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false) : null;
        try
        {
            if (joined is not null) await PostgresFudgeStore.Guard(() => joined.SaveAsync(BatchSavepoint, cancellationToken)).ConfigureAwait(false);
            long count;
            try
            {
                count = await CopyAsync(envelopes, cancellationToken).ConfigureAwait(false);
            }
            catch when (joined is not null)
            {
                await RollBackBatchAsync(joined).ConfigureAwait(false);
                throw;
            }
            if (joined is not null) await PostgresFudgeStore.Guard(() => joined.ReleaseAsync(BatchSavepoint, cancellationToken)).ConfigureAwait(false);
            if (own is not null) await own.CommitAsync(cancellationToken).ConfigureAwait(false);
            // A load changes the rows the planner's estimates counted: the next query estimates its form again.
            if (count > 0) _formChoice.Forget();
            return count;
        }
        catch when (own is not null)
        {
            await RollBackOwnAsync(own).ConfigureAwait(false);
            own = null;
            throw;
        }
        finally
        {
            if (own is not null) await own.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>Rolls back the batch's own transaction after a failure, which stays the error reported.</summary>
    private static async Task RollBackOwnAsync(IFudgeStoreTransaction own)
    {
        try
        {
            await own.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception e) when (e is NpgsqlException or InvalidOperationException)
        {
            // A dropped connection: the server rolled the transaction back when the session ended.
        }
    }

    private const string BatchSavepoint = "fudge_insert_many";

    /// <summary>Takes back a failed batch inside the caller's transaction; on a dropped connection there is nothing to take back.</summary>
    private static async Task RollBackBatchAsync(NpgsqlTransaction joined)
    {
        try
        {
            GinScanSettings.SavepointRolledBack(joined.Connection);
            await joined.RollbackAsync(BatchSavepoint).ConfigureAwait(false);
        }
        catch (Exception e) when (e is NpgsqlException or InvalidOperationException)
        {
            // The connection is gone, and the server has rolled back the whole transaction with it.
        }
    }

    private async Task<long> CopyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken)
    {
        var importer = await PostgresFudgeStore.Guard(() => _store.Connection.BeginBinaryImportAsync(
            $"COPY {Table} (doc, json, {EmptyNamesColumn}, {SeveralFieldsFlag}, {ListsColumn}) FROM STDIN (FORMAT BINARY)", cancellationToken)).ConfigureAwait(false);
        bool completed = false;
        try
        {
            long count = 0;
            await foreach (var envelope in envelopes.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                // Checked between rows, so a cancelled batch ends with a clean CopyFail rather than a broken connection.
                cancellationToken.ThrowIfCancellationRequested();
                bool emptyName = FudgeEnvelopeCheck.ValidateFindingEmptyName(envelope.Span);
                var json = _jsonb.Of(envelope.Span);
                await importer.StartRowAsync(CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(envelope, NpgsqlDbType.Bytea, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(json, NpgsqlDbType.Jsonb, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(emptyName, NpgsqlDbType.Boolean, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(_jsonb.SeveralFields, NpgsqlDbType.Boolean, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(ListsAsArrays, NpgsqlDbType.Boolean, CancellationToken.None).ConfigureAwait(false);
                count++;
            }
            await importer.CompleteAsync(cancellationToken).ConfigureAwait(false);
            completed = true;
            return count;
        }
        catch (NpgsqlException e)
        {
            throw Refused(e, null);
        }
        finally
        {
            // Disposing an importer that did not complete sends CopyFail: the server keeps none of its rows.
            await DisposeQuietlyAsync(importer, completed).ConfigureAwait(false);
        }
    }

    private static async Task DisposeQuietlyAsync(NpgsqlBinaryImporter importer, bool completed)
    {
        try
        {
            await importer.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception e) when (!completed && e is NpgsqlException or InvalidOperationException or System.IO.IOException)
        {
            // The batch already failed; that error is the one to report, not the cancelled COPY's.
        }
    }

    public async ValueTask<FudgeStoredDocument?> GetAsync(long id, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand($"SELECT id, doc FROM {Table} WHERE id = @id");
        command.Parameters.AddWithValue("id", id);
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        return await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? new FudgeStoredDocument(reader.GetInt64(0), (byte[])reader.GetValue(1)) : null;
    }

    public IAsyncEnumerable<FudgeStoredDocument> FindAsync(FudgeQuery? query = null, CancellationToken cancellationToken = default)
        => FindAsync(query ?? new FudgeQuery(), lockForUpdate: false, cancellationToken);

    // lockForUpdate locks the rows the server returns (FOR UPDATE) until the transaction ends: a row another
    // transaction has changed is then waited for and read at its committed version, so a read-transform-replace never
    // starts from a version that is about to be overwritten.
    private async IAsyncEnumerable<FudgeStoredDocument> FindAsync(FudgeQuery query, bool lockForUpdate, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        string direction = query.Descending ? "DESC" : "ASC";
        string order = $"id {direction}";
        await using var command = _store.CreateCommand("");
        if (query.OrderBy is FudgePath orderBy)
        {
            string value = ValueOf(orderBy, command, "order") ?? throw new FudgeStoreException($"The path {orderBy.Text} has no SQL/JSON equivalent to order by (ordinal, anonymous and indexed steps).");
            // Documents without the value first, as SQLite orders NULL.
            order = $"{value} {direction} NULLS {(query.Descending ? "LAST" : "FIRST")}, id {direction}";
        }
        var decided = Decision(query.Where, command);
        string where = Where(query.Where, command, decided);
        // Without a predicate, or with one the server decides exactly, the server applies the window; with another,
        // the exact filter decides first, except on the rows the server's decision passed.
        var decidedHere = ServerDecides(query.Where) ? null : query.Where;
        string window = decidedHere is null ? " LIMIT @limit OFFSET @skip" : "";
        command.Parameters.AddWithValue("limit", query.Limit is int limit ? (object)limit : DBNull.Value);
        command.Parameters.AddWithValue("skip", query.Skip);
        string passed = decided is { } rows ? $"({rows.Sql}) IS TRUE" : "false";
        command.CommandText = $"SELECT id, doc, {passed} FROM {Table} {where} ORDER BY {order}{window}{(lockForUpdate ? " FOR UPDATE" : "")}";
        int skipped = 0, returned = 0;
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var document = new FudgeStoredDocument(reader.GetInt64(0), (byte[])reader.GetValue(1));
            var decision = Decide(decidedHere, document, query.Skip, query.Limit, ref skipped, ref returned, reader.GetBoolean(2));
            if (decision == Candidate.Passed) yield return document;
            else if (decision == Candidate.PastWindow) yield break;
        }
    }

    public async ValueTask<long> CountAsync(FudgeFilter? where = null, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand("");
        var counted = CountStatement(where, command);
        if (counted == CountForm.Server) return (long)(await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        long count = 0;
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (counted == CountForm.KeyCountAndRows && !reader.IsDBNull(2)) count += reader.GetInt64(2);
            else if (reader.IsDBNull(1) || Matches(where!, new FudgeStoredDocument(reader.GetInt64(0), (byte[])reader.GetValue(1)))) count++;
        }
        return count;
    }

    /// <summary>How <see cref="CountStatement"/>'s statement answers.</summary>
    private enum CountForm
    {
        /// <summary>One row, the count.</summary>
        Server,

        /// <summary>Rows of <c>id, doc</c>: a document to decide on its bytes, or a NULL <c>doc</c> the server passed.</summary>
        Rows,

        /// <summary>As <see cref="Rows"/>, and one row whose third column is the count of the rows a key decided.</summary>
        KeyCountAndRows,
    }

    /// <summary>
    /// The statement of a count (into <paramref name="command"/>): counted by the server when it decides the filter
    /// whole; when a typed key decides it (<see cref="BTreePredicate.TryKeyDecision"/>), the rows the key passes counted
    /// by the server (from the index alone, on a key column) and, in the same statement (one snapshot), the few rows
    /// whose key says several values sent to be decided on their bytes; otherwise the candidates, the documents only
    /// where the server's decision leaves them undecided, in no particular order.
    /// </summary>
    private CountForm CountStatement(FudgeFilter? where, NpgsqlCommand command)
    {
        if (ServerDecides(where))
        {
            command.CommandText = $"SELECT count(*) FROM {Source(where, command)}";
            return CountForm.Server;
        }
        var decided = Decision(where, command);
        if (decided is { KeyExact: string passes, KeyUndecided: string open })
        {
            command.CommandText = $"SELECT id, doc, NULL::bigint FROM {Table} WHERE {open} UNION ALL SELECT NULL, NULL, count(*) FROM {Table} WHERE {passes}";
            return CountForm.KeyCountAndRows;
        }
        string doc = decided is null ? "doc" : $"CASE WHEN {DecisionColumn} IS TRUE THEN NULL ELSE doc END";
        command.CommandText = decided is null ? $"SELECT id, doc FROM {Table} {Where(where, command)}" : $"SELECT id, {doc} FROM {Source(where, command, decided)}";
        return CountForm.Rows;
    }

    public async ValueTask<bool> ReplaceAsync(long id, ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand($"UPDATE {Table} SET doc = @doc, json = @json, {EmptyNamesColumn} = @empty, {SeveralFieldsFlag} = @several, {ListsColumn} = @lists WHERE id = @id");
        Bind(command, envelope);
        command.Parameters.AddWithValue("id", id);
        try
        {
            return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) == 1;
        }
        catch (NpgsqlException e)
        {
            throw Refused(e, envelope.ToArray());
        }
    }

    public async ValueTask<long> UpdateAsync(FudgeFilter where, FudgeTransform transform, CancellationToken cancellationToken = default)
    {
        if (where is null) throw new ArgumentNullException(nameof(where));
        if (transform is null) throw new ArgumentNullException(nameof(transform));
        // Locked as read: two transforms of one document at once queue, the second transforming the first's result.
        return await CollectionRewrites.TransformAsync(_store, _store.Transaction is not null, this,
            () => FindAsync(new FudgeQuery { Where = where }, lockForUpdate: true, cancellationToken), transform, cancellationToken).ConfigureAwait(false);
    }

    public async ValueTask<bool> DeleteAsync(long id, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand($"DELETE FROM {Table} WHERE id = @id");
        command.Parameters.AddWithValue("id", id);
        return await PostgresFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false) == 1;
    }

    public async ValueTask<long> DeleteAsync(FudgeFilter where, CancellationToken cancellationToken = default)
    {
        if (where is null) throw new ArgumentNullException(nameof(where));
        var ids = new List<long>();
        await foreach (var document in FindAsync(new FudgeQuery { Where = where }, cancellationToken).ConfigureAwait(false)) ids.Add(document.Id);
        if (ids.Count == 0) return 0;
        await using var command = _store.CreateCommand($"DELETE FROM {Table} WHERE id = ANY(@ids)");
        command.Parameters.AddWithValue("ids", ids.ToArray());
        return await PostgresFudgeStore.Guard(() => command.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    /// <summary>The server's plan for the candidate query of a filter (EXPLAIN), one line per step.</summary>
    internal async Task<string> ExplainAsync(FudgeFilter where, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand("");
        command.CommandText = $"EXPLAIN SELECT id, doc FROM {Table} {Where(where, command, Decision(where, command))}";
        var plan = new StringBuilder();
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) plan.AppendLine(reader.GetString(0));
        return plan.ToString();
    }

    /// <summary>The server's plan for the statement <see cref="CountAsync"/> sends (EXPLAIN).</summary>
    internal async Task<string> ExplainCountAsync(FudgeFilter where, CancellationToken cancellationToken = default)
    {
        await using var command = _store.CreateCommand("");
        CountStatement(where, command);
        command.CommandText = "EXPLAIN " + command.CommandText;
        var plan = new StringBuilder();
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) plan.AppendLine(reader.GetString(0));
        return plan.ToString();
    }

    /// <summary>
    /// The server side of a filter: <c>json @? jsonpath</c> (the GIN index; the jsonpath a parameter) and the part the
    /// declared B-tree indexes answer (<see cref="BTreePredicate"/>); nothing when neither translates. With a
    /// <paramref name="decision"/> (<see cref="Decision"/>), the rows it fails are left out (unless
    /// <paramref name="decisionInWhere"/> is false: <see cref="Source"/> tests it once per row itself). Without a declared
    /// index to search the jsonpath still selects the rows (a scan or the GIN index: it costs less per row than the
    /// decision); on a declared index's rows it is evaluated only where the decision leaves a row undecided, and not
    /// at all when the decision is complete (<paramref name="undecided"/>: that test, or null).
    /// </summary>
    private string Where(FudgeFilter? filter, NpgsqlCommand command, RowDecision? decision, bool decisionInWhere, out string? undecided)
    {
        undecided = null;
        if (filter is null) return "";
        var parts = new List<string>(3);
        string? indexed = BTreePredicate.For(filter, _indexKeys, command, _store.CodePointStrings);
        // Without a declared index the jsonpath selects the rows (through the GIN index where it can), and costs less per
        // row than the decision, which is then computed on its rows only.
        bool scan = decision is null || indexed is null || decision.Value.AfterJsonPath;
        // An elements index that decides the filter's jsonpath (ElementsIndex.Decides) leaves nothing for it to do.
        bool elementsDecide = indexed is not null && ElementsIndex.Decides(filter, _indexKeys);
        // A scan (or the GIN's candidates) first searches each row's bytes for what every match holds
        // (RequiredBytes): a native substring search that spares the jsonb test, or the trip to the client when no
        // jsonpath translates, to most rows of a rare value. A declared index's rows are left as they are.
        if (indexed is null && RequiredBytes.Of(filter) is byte[] needle)
        {
            command.Parameters.AddWithValue(NeedleParameter, NpgsqlDbType.Bytea, needle);
            parts.Add($"position(@{NeedleParameter} in doc) > 0");
        }
        if ((scan || !decision!.Value.Complete) && !elementsDecide && JsonPathTranslation.Translate(filter) is string path)
        {
            command.Parameters.AddWithValue("where", NpgsqlDbType.JsonPath, path);
            // With a declared index to search, the jsonpath is a filter on its rows, written as the function (silent,
            // as the operator is) so that the GIN index is not also searched: a BitmapAnd of both would recheck the
            // index key, two jsonpath evaluations, on every row the GIN index returns.
            bool whole = ListsAsArrays && ContainmentTranslation.Whole(filter);
            if (scan && indexed is null && whole && !WholeDocumentIndex && ContainmentTranslation.For(filter, command) is string contained)
            {
                // The list layout's containment where the row allows it, the jsonpath on the others (ContainmentTranslation).
                parts.Add(contained);
                GinScanSettings.Mark(command, filter);
            }
            else if (scan && indexed is null)
            {
                parts.Add(ContainmentTranslation.JsonPathTest("where", function: false));
                // The GIN index serves the operator: a bitmap heap scan, which at a common value reads the whole table.
                // Without it, the settings too where the containment may be taken: the planner estimates its CASE at half
                // the rows, and with the server's defaults then plans the scan without workers.
                if ((ListsAsArrays && OfferContainment(filter, command, function: false, gin: WholeDocumentIndex)) || WholeDocumentIndex)
                    GinScanSettings.Mark(command, filter);
            }
            else
            {
                // On a declared index's rows (or where its decision leaves a row undecided) the function, which no GIN
                // serves: there the list layout's containment costs a row less than the jsonpath, with or without the GIN.
                string function = ContainmentTranslation.JsonPathTest("where", function: true);
                string test = whole && ContainmentTranslation.For(filter, command, function: true) is string onIndexRows ? onIndexRows : function;
                if (!whole && ListsAsArrays) OfferContainment(filter, command, function: true, gin: false);
                if (scan) parts.Add(test);
                else undecided = test;
            }
        }
        if (indexed is not null) parts.Add(indexed);
        if (elementsDecide) GinScanSettings.Mark(command, filter);
        if (decision is { } decided && decisionInWhere)
            parts.Add(undecided is null ? $"({decided.Sql}) IS NOT FALSE" : $"coalesce(({decided.Sql}), {undecided})");
        return parts.Count == 0 ? "" : "WHERE " + string.Join(" AND ", parts);
    }

    /// <summary>The parameter of the bytes every match holds (<see cref="RequiredBytes"/>).</summary>
    internal const string NeedleParameter = "needle";

    private string Where(FudgeFilter? filter, NpgsqlCommand command, RowDecision? decision = null)
        => Where(filter, command, decision, decisionInWhere: true, out _);

    /// <summary>
    /// A filter decided row by row on the server (<see cref="ServerDecision"/>), and whether every test of it has a part;
    /// or decided by a typed index key (<see cref="BTreePredicate.TryKeyDecision"/>): then <see cref="KeyExact"/>, the
    /// key condition of the rows that pass, and <see cref="KeyUndecided"/>, of those left to their bytes.
    /// <see cref="AfterJsonPath"/>: the decision holds only on rows the filter's jsonpath passed, which then selects the
    /// rows whatever index serves the rest.
    /// </summary>
    private readonly record struct RowDecision(string Sql, bool Complete, string? KeyExact = null, string? KeyUndecided = null, bool AfterJsonPath = false);

    /// <summary>
    /// The filter decided row by row on the server (<see cref="ServerDecision"/>; its values added to
    /// <paramref name="command"/>), or null: when the server decides it whole already, when no part of it can be
    /// decided, or with a taxonomy resolver (the jsonb then names ordinal-only fields the filter does not).
    /// </summary>
    private RowDecision? Decision(FudgeFilter? filter, NpgsqlCommand command)
    {
        if (filter is null || ServerDecides(filter) || _store.Json.ReaderOptions?.TaxonomyResolver is not null) return null;
        if (BTreePredicate.TryKeyDecision(filter, _indexKeys, command, out string? exact, out string? undecided))
            return new RowDecision($"(CASE WHEN {exact} THEN true WHEN {undecided} THEN NULL ELSE false END)", true, exact, undecided);
        // Anonymous steps and any(): exact on the rows the jsonpath passes, unless a field's name is empty (or unknown).
        if (JsonPathTranslation.IsExactWithoutEmptyNames(filter))
            return new RowDecision($"(CASE WHEN {EmptyNamesColumn} IS FALSE THEN true END)", false, AfterJsonPath: true);
        return ServerDecision.For(filter, command, out bool complete) is string sql ? new RowDecision(sql, complete) : null;
    }

    /// <summary>
    /// The rows a filter's candidates come from, as SQL after <c>FROM</c>: the table with <c>Where</c>, or, for one
    /// equality or membership test on an indexed path (<see cref="BTreePredicate.TryKeyEquality"/>) and no
    /// <paramref name="decision"/>, the rows whose key is a literal (searched in the index, no jsonpath evaluated: most
    /// of such a query's time on the server was the jsonpath on every row) and, apart, the rows whose path selects
    /// several values, filtered by the jsonpath. With a <paramref name="decision"/>, the table's candidates with the
    /// decision as the column <see cref="DecisionColumn"/>, the rows it fails left out. The same rows as the table with
    /// <c>Where</c>; the union or subquery is named as the table, so the rest of the statement reads it alike.
    /// <paramref name="carried"/>: a column of the table the rest of the statement also reads (a key column,
    /// <see cref="KeyColumnOrderedCommand"/>), carried through the union or subquery.
    /// </summary>
    private string Source(FudgeFilter? filter, NpgsqlCommand command, RowDecision? decision = null, string? carried = null)
    {
        string columns = carried is null ? $"id, doc, json, {SeveralFieldsFlag}" : $"id, doc, json, {SeveralFieldsFlag}, " + carried;
        if (filter is not null && decision is null && BTreePredicate.TryKeyEquality(filter, _indexKeys, command, out string? exact, out string? key, out string? several)
            && JsonPathTranslation.Translate(filter) is string path)
        {
            command.Parameters.AddWithValue("where", NpgsqlDbType.JsonPath, path);
            return $"(SELECT {columns} FROM {Table} WHERE {exact} UNION ALL "
                + $"SELECT {columns} FROM {Table} WHERE {key} = {several} AND jsonb_path_exists(json, @where, '{{}}', true)) AS {Table}";
        }
        if (decision is { KeyExact: string passes, KeyUndecided: string open })
        {
            // The rows the key decides, and apart the few whose bytes decide: no test evaluated per row but the index's.
            return $"(SELECT {columns}, true AS {DecisionColumn} FROM {Table} WHERE {passes} UNION ALL "
                + $"SELECT {columns}, NULL::boolean FROM {Table} WHERE {open}) AS {Table}";
        }
        if (decision is { } decided)
        {
            // Evaluated once per row (the fence, OFFSET 0, keeps the planner from copying the expression into each of
            // its uses: the WHERE and the select list), then read as a column.
            string inner = Where(filter, command, decided, decisionInWhere: false, out string? undecided);
            string kept = undecided is null ? $"{DecisionColumn} IS NOT FALSE" : $"coalesce({DecisionColumn}, {undecided})";
            // The list flag too where the rows the decision leaves undecided are tested outside: the containment's CASE
            // (ContainmentTranslation) reads it there.
            if (undecided is not null) columns += ", " + ListsColumn;
            return $"(SELECT {columns}, ({decided.Sql}) AS {DecisionColumn} FROM {Table} {inner} OFFSET 0) AS {Table} WHERE {kept}";
        }
        string where = Where(filter, command);
        return where.Length == 0 ? Table : $"{Table} {where}";
    }

    /// <summary>The column of <see cref="Source"/>'s rows that holds the server's decision (true, false or NULL).</summary>
    internal const string DecisionColumn = "fudge_decision";

    /// <summary>
    /// True when the server's condition passes exactly the documents <paramref name="where"/> passes (none, or a filter
    /// whose jsonpath is exact: <see cref="JsonPathTranslation.IsExact"/>), so no document needs the exact filter on
    /// its bytes. Not with a taxonomy resolver: the jsonb then names ordinal-only fields the filter does not.
    /// </summary>
    private bool ServerDecides(FudgeFilter? where)
        => where is null || (_store.Json.ReaderOptions?.TaxonomyResolver is null && JsonPathTranslation.IsExact(where));

    /// <summary>What becomes of a document the server returned (<see cref="Decide"/>).</summary>
    private enum Candidate
    {
        /// <summary>It fails the exact filter, or falls before the window: passed over.</summary>
        Left,
        /// <summary>It is a result.</summary>
        Passed,
        /// <summary>The window is full: no more results.</summary>
        PastWindow,
    }

    // The server's filter is a superset: with a filter, the exact test decides on the document's bytes and the window
    // (skip, limit) is applied to the documents that pass it; without one, the server applied the window. Counts in
    // skipped and returned, zero before the first document.
    // A document the server's decision passed (passed) needs no test on its bytes (document null: none were sent).
    private static Candidate Decide(FudgeFilter? where, FudgeStoredDocument? document, int skip, int? limit, ref int skipped, ref int returned, bool passed = false)
    {
        if (where is not null)
        {
            if ((!passed && !Matches(where, document!)) || skipped++ < skip) return Candidate.Left;
            if (limit is int most && returned >= most) return Candidate.PastWindow;
        }
        returned++;
        return Candidate.Passed;
    }

    private static bool Matches(FudgeFilter filter, FudgeStoredDocument document)
    {
        try
        {
            return filter.Matches(document.Envelope);
        }
        catch (FudgeFormatException e)
        {
            throw new FudgeStoreException($"The stored document {document.Id} is not a valid envelope: {e.Message}", e);
        }
    }

    private void Bind(NpgsqlCommand command, ReadOnlyMemory<byte> envelope)
    {
        bool emptyName = FudgeEnvelopeCheck.ValidateFindingEmptyName(envelope.Span);
        command.Parameters.Add(new NpgsqlParameter<ReadOnlyMemory<byte>>("doc", NpgsqlDbType.Bytea) { TypedValue = envelope });
        command.Parameters.Add(new NpgsqlParameter<ReadOnlyMemory<byte>>("json", NpgsqlDbType.Jsonb) { TypedValue = _jsonb.Of(envelope.Span) });
        command.Parameters.Add(new NpgsqlParameter<bool>("empty", NpgsqlDbType.Boolean) { TypedValue = emptyName });
        command.Parameters.Add(new NpgsqlParameter<bool>("several", NpgsqlDbType.Boolean) { TypedValue = _jsonb.SeveralFields });
        command.Parameters.Add(new NpgsqlParameter<bool>("lists", NpgsqlDbType.Boolean) { TypedValue = ListsAsArrays });
    }

    /// <summary>
    /// The column that says whether a document has a field whose name is empty, which its jsonb keys as it keys a field
    /// with neither name nor ordinal (<c>""</c>): false for nearly every document, whose anonymous steps the jsonb then
    /// names exactly (<see cref="JsonPathTranslation.IsExactWithoutEmptyNames"/>); NULL for rows written before the
    /// column (or by a version without it), which are decided on their bytes.
    /// </summary>
    internal const string EmptyNamesColumn = "empty_names";

    /// <summary>
    /// Adds <see cref="EmptyNamesColumn"/>, <see cref="SeveralFieldsFlag"/> and <see cref="ListsColumn"/> to a table
    /// made before them (its rows NULL: decided on their bytes, ordered by the key that reads every jsonb form, tested
    /// by the jsonpath). Looked up first: <c>ALTER TABLE</c> locks the table even when the columns exist.
    /// </summary>
    internal async Task AddMissingColumnsAsync(CancellationToken cancellationToken)
    {
        await using var find = _store.CreateCommand("SELECT count(*) FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attname IN (@column, @several, @lists) AND NOT attisdropped");
        find.Parameters.AddWithValue("table", Table);
        find.Parameters.AddWithValue("column", EmptyNamesColumn);
        find.Parameters.AddWithValue("several", SeveralFieldsFlag);
        find.Parameters.AddWithValue("lists", ListsColumn);
        if (await PostgresFudgeStore.Guard(() => find.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false) is 3L) return;
        await _store.CreateIfMissingAsync($"ALTER TABLE {Table} ADD COLUMN IF NOT EXISTS {EmptyNamesColumn} boolean, ADD COLUMN IF NOT EXISTS {SeveralFieldsFlag} boolean, ADD COLUMN IF NOT EXISTS {ListsColumn} boolean", cancellationToken).ConfigureAwait(false);
    }
}
