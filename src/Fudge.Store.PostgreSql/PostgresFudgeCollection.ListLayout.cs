using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

// The list layout: a list's elements (the anonymous fields of a sub-message, the jsonb's "" key) always one array, so
// that the collection Any is one containment a row (ContainmentTranslation). Kept per collection
// (fudge_collections.json_layout) and per row (lists_as_arrays), and reached by an older collection through
// MigrateListLayoutAsync. The containment that may stand for part of a filter is offered to the planner's estimate
// here (OfferContainment).
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>The <c>fudge_collections.json_layout</c> of the list layout (0: a list's one element as its value).</summary>
    internal const int ListLayout = 1;

    /// <summary>
    /// The column that says a row's jsonb was written in the list layout: true for the rows written by a collection of
    /// that layout or rewritten by <see cref="MigrateListLayoutAsync"/>; false or NULL for the others (written before
    /// the layout, or by a session that opened the collection before its migration), which every query tests by the
    /// jsonpath. So a row's layout is never a guess, whoever wrote it and whenever.
    /// </summary>
    internal const string ListsColumn = "lists_as_arrays";

    /// <summary>
    /// Whether this collection writes the list layout and its queries test rows by containment where the row allows
    /// (<see cref="ContainmentTranslation"/>): its <c>json_layout</c> when it was opened, or true once migrated here.
    /// </summary>
    internal bool ListsAsArrays { get; private set; }

    /// <summary>The temporary table a batch of the migration is copied into (the session's own, emptied at commit).</summary>
    private const string RelayoutTable = "fudge_relayout";

    /// <summary>
    /// Rewrites every row not yet in the list layout from its bytes (<see cref="PostgresFudgeStore.MigrateListLayoutAsync"/>):
    /// in batches of <paramref name="batchSize"/> rows by ascending id, each in its own transaction (its rows locked,
    /// their jsonb, <see cref="EmptyNamesColumn"/>, <see cref="SeveralFieldsFlag"/> and <see cref="ListsColumn"/>
    /// written from a <c>COPY</c> into a temporary table), then the collection's <c>json_layout</c>, then a vacuum and
    /// the GIN index built again. The number of rows rewritten.
    /// </summary>
    internal async Task<long> MigrateListLayoutAsync(int batchSize, IProgress<long>? progress, CancellationToken cancellationToken)
    {
        var connection = _store.Connection;
        var text = new JsonbText(_store.ListJson);
        await PostgresFudgeStore.Guard(async () =>
        {
            await using var temp = new NpgsqlCommand(
                $"CREATE TEMP TABLE IF NOT EXISTS {RelayoutTable} (id bigint, json jsonb, empty boolean, several boolean) ON COMMIT DELETE ROWS", connection);
            await temp.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }).ConfigureAwait(false);
        // Vacuumed every eighth of the table: the space of the row versions a batch left dead is then taken by the next
        // batches' new versions, so the table grows by about an eighth instead of doubling (1,000,000 ticks without
        // it: 51,000 pages became 85,000-104,000, which every later scan reads).
        long vacuumEvery = Math.Max(batchSize, await EstimatedRowsAsync(cancellationToken).ConfigureAwait(false) / 8), sinceVacuum = 0;
        long after = long.MinValue, total = 0;
        var ids = new List<long>(Math.Min(batchSize, 100_000));
        var docs = new List<byte[]>(ids.Capacity);
        while (true)
        {
            ids.Clear();
            docs.Clear();
            await using var transaction = await PostgresFudgeStore.Guard(() => connection.BeginTransactionAsync(cancellationToken).AsTask()).ConfigureAwait(false);
            // Locked, so that a replacement of a row waits for its rewrite (and is not overwritten by the old bytes' jsonb).
            await using (var select = new NpgsqlCommand(
                $"SELECT id, doc FROM {Table} WHERE id > @after AND {ListsColumn} IS NOT TRUE ORDER BY id LIMIT @n FOR UPDATE", connection, transaction))
            {
                select.Parameters.AddWithValue("after", after);
                select.Parameters.AddWithValue("n", batchSize);
                await using var reader = await PostgresFudgeStore.Guard(() => select.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
                while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
                {
                    ids.Add(reader.GetInt64(0));
                    docs.Add((byte[])reader.GetValue(1));
                }
            }
            if (ids.Count == 0) break;
            await CopyRelayoutAsync(text, ids, docs, cancellationToken).ConfigureAwait(false);
            await using (var update = new NpgsqlCommand(
                $"UPDATE {Table} AS t SET json = v.json, {EmptyNamesColumn} = v.empty, {SeveralFieldsFlag} = v.several, {ListsColumn} = true FROM {RelayoutTable} AS v WHERE t.id = v.id",
                connection, transaction))
                await PostgresFudgeStore.Guard(() => update.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
            await PostgresFudgeStore.Guard(() => transaction.CommitAsync(cancellationToken)).ConfigureAwait(false);
            after = ids[^1];
            total += ids.Count;
            sinceVacuum += ids.Count;
            progress?.Report(total);
            if (sinceVacuum >= vacuumEvery)
            {
                await _store.ExecuteAsync($"VACUUM {Table}", cancellationToken).ConfigureAwait(false);
                sinceVacuum = 0;
            }
        }
        // Every row is in the list layout (or was written after the walk by a session of the old one, and says so).
        await using (var record = new NpgsqlCommand("UPDATE fudge_collections SET json_layout = @layout WHERE id = @id", connection))
        {
            record.Parameters.AddWithValue("layout", (short)ListLayout);
            record.Parameters.AddWithValue("id", _id);
            await PostgresFudgeStore.Guard(() => record.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
        }
        ListsAsArrays = true;
        _jsonb = new JsonbText(_store.ListJson);
        if (total > 0)
        {
            await CompactAsync(cancellationToken).ConfigureAwait(false);
            _formChoice.Forget(); // the rewritten rows' estimates (GinOrContainment), as after a load
        }
        return total;
    }

    // The rewritten rows' jsonb, as an insert sends it (binary COPY, each document's text in the reused buffer).
    // The COPY runs in the batch's transaction, the connection's open one.
    private async Task CopyRelayoutAsync(JsonbText text, List<long> ids, List<byte[]> docs, CancellationToken cancellationToken)
    {
        var importer = await PostgresFudgeStore.Guard(() => _store.Connection.BeginBinaryImportAsync(
            $"COPY {RelayoutTable} (id, json, empty, several) FROM STDIN (FORMAT BINARY)", cancellationToken)).ConfigureAwait(false);
        bool completed = false;
        try
        {
            for (int i = 0; i < ids.Count; i++)
            {
                bool emptyName;
                ReadOnlyMemory<byte> json;
                try
                {
                    emptyName = FudgeEnvelopeCheck.ValidateFindingEmptyName(docs[i]);
                    json = text.Of(docs[i]);
                }
                catch (FudgeFormatException e)
                {
                    throw new FudgeStoreException($"The stored document {ids[i]} is not a valid envelope: {e.Message}", e);
                }
                await importer.StartRowAsync(CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(ids[i], NpgsqlDbType.Bigint, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(json, NpgsqlDbType.Jsonb, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(emptyName, NpgsqlDbType.Boolean, CancellationToken.None).ConfigureAwait(false);
                await importer.WriteAsync(text.SeveralFields, NpgsqlDbType.Boolean, CancellationToken.None).ConfigureAwait(false);
            }
            await PostgresFudgeStore.Guard(() => importer.CompleteAsync(cancellationToken).AsTask()).ConfigureAwait(false);
            completed = true;
        }
        finally
        {
            await DisposeQuietlyAsync(importer, completed).ConfigureAwait(false);
        }
    }

    /// <summary>The server's estimate of the table's rows (<c>pg_class.reltuples</c>; 0 when never analyzed).</summary>
    private async Task<long> EstimatedRowsAsync(CancellationToken cancellationToken)
    {
        await using var estimate = _store.CreateCommand("SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = to_regclass(@table)");
        estimate.Parameters.AddWithValue("table", Table);
        return await PostgresFudgeStore.Guard(() => estimate.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false) is long rows ? rows : 0;
    }

    /// <summary>
    /// After a rewrite of many rows: the dead row versions vacuumed and the table's indexes (its GIN, its declared ones)
    /// built again without blocking readers or writers (<c>REINDEX TABLE CONCURRENTLY</c>: each index had an entry
    /// for both versions of every row; what an earlier run left unfinished, an invalid <c>_ccnew</c> index, dropped
    /// first).
    /// </summary>
    private async Task CompactAsync(CancellationToken cancellationToken)
    {
        await _store.ExecuteAsync($"VACUUM (ANALYZE) {Table}", cancellationToken).ConfigureAwait(false);
        await _store.ExecuteAsync($"""
            DO $do$ DECLARE leftover text; BEGIN
              FOR leftover IN SELECT i.indexrelid::regclass::text FROM pg_index i WHERE i.indrelid = to_regclass('{Table}') AND NOT i.indisvalid
                AND i.indexrelid::regclass::text LIKE '%\_ccnew%' LOOP
                EXECUTE 'DROP INDEX IF EXISTS ' || leftover;
              END LOOP;
            END $do$;
            """, cancellationToken).ConfigureAwait(false);
        await _store.ExecuteAsync($"REINDEX TABLE CONCURRENTLY {Table}", cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Offers the statement whose filter is tested by its jsonpath (<paramref name="function"/>: the function form, else
    /// the operator) the list layout's
    /// containment, chosen per execution by the planner's estimate of the tests containment takes
    /// (<see cref="GinOrContainment"/>). With the GIN (<paramref name="gin"/>), for one equality (the side by side's Any;
    /// several keep the bitmap on its candidates, <see cref="GinScanSettings.OneTest"/>), alone or joined to other tests
    /// by <c>&amp;&amp;</c>, taken for a common value: the GIN's bitmap reads the rows of that equality (the other tests
    /// are not in the index), so the estimate is of its jsonpath alone. Without it, or on a declared index's rows, for
    /// containable tests joined to others by <c>&amp;&amp;</c>, taken for a rare value: their jsonpath runs on the rows the
    /// containment passes (<see cref="ContainmentTranslation.For"/>). A filter containment takes whole is not offered
    /// here: without the GIN it is always the containment. True when offered.
    /// </summary>
    private bool OfferContainment(FudgeFilter filter, NpgsqlCommand command, bool function, bool gin)
    {
        if (ContainmentTranslation.Tested(filter) is not { } tested) return false;
        bool whole = ReferenceEquals(tested, filter.Root);
        if (gin ? !GinScanSettings.OneTest(tested) : whole) return false;
        if (JsonPathTranslation.Translate(tested) is not string estimated) return false;
        int before = command.Parameters.Count;
        if (ContainmentTranslation.For(filter, command, function) is not string contained) return false;
        var added = new string[command.Parameters.Count - before];
        for (int i = 0; i < added.Length; i++) added[i] = command.Parameters[before + i].ParameterName;
        string jsonPathTest = ContainmentTranslation.JsonPathTest("where", function);
        _formChoice.Offer(command, Table, estimated, jsonPathTest, contained, added, whenCommon: gin);
        return true;
    }
}
