using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Store.PostgreSql;

// The client sort of LINQ queries (ClientOrder): which queries are sorted on the client, the statement's rows read and
// held (ClientRows), the documents fetched again for rows whose columns the jsonb did not give exactly.
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>A lone column with no value, as a client-sorted row holds it (<see cref="StoredColumns"/>).</summary>
    private static readonly object NoValue = new();

    /// <summary>
    /// The columns the server computed, from field <paramref name="first"/> on, as a client-sorted row holds them until
    /// they are read (<see cref="RowsAsync"/>): a lone column's value itself (<see cref="NoValue"/> when it has none),
    /// else an array of the values (null: none). No holder or row array per row.
    /// </summary>
    private static object StoredColumns(FudgeQueryPlan plan, FieldTexts texts, int count, int first)
    {
        if (count == 1) return ColumnValue(plan, texts, first, 0) ?? NoValue;
        var values = new object?[count];
        for (int i = 0; i < values.Length; i++) values[i] = ColumnValue(plan, texts, first, i);
        return values;
    }

    private static object? ColumnValue(FudgeQueryPlan plan, FieldTexts texts, int first, int i)
        => texts[first + i] is not string sent ? null : JsonScalar(sent);

    /// <summary>A row's lone column that is its first sort key's integer (<see cref="ClientSortedAsync"/>).</summary>
    private static readonly object KeyIsValue = new();

    // KeyIsValue when the column is the key's own field and the key is an integer ClientOrder holds as a long (the
    // text Scalar reads as that same long), else null.
    private static object? KeyHeld(bool keyIsColumn, bool keyed, in ClientOrder.Key key)
        => keyIsColumn && keyed && key.IsInteger ? KeyIsValue : null;

    // The column types whose value Scalar reads from an integer's text as a long: integers and enums.
    private static bool IsIntegerColumn(System.Type type)
    {
        var bare = System.Nullable.GetUnderlyingType(type) ?? type;
        if (bare.IsEnum) bare = System.Enum.GetUnderlyingType(bare);
        return bare == typeof(long) || bare == typeof(int) || bare == typeof(short) || bare == typeof(sbyte)
            || bare == typeof(ulong) || bare == typeof(uint) || bare == typeof(ushort) || bare == typeof(byte);
    }

    /// <summary>
    /// True when the rows are sorted on the client (<see cref="ClientOrder"/>): a filtered query whose whole result is
    /// wanted (no limit: with one, the server's sort lets the client stop reading at the window's end; no filter: the
    /// rows would all be held on the client, where the primary key gives them in order), with no ordering by instant
    /// (whose keys are computed from text the client would have to parse as the server does). The server then only
    /// selects: the candidates, or the projected columns when it decides the filter itself.
    /// </summary>
    private static bool ClientSorts(FudgeQueryPlan plan)
    {
        if (plan.Terminal != FudgeQueryTerminal.Sequence || plan.Limit is not null || plan.Where is null) return false;
        foreach (var ordering in plan.Order)
            if (ordering.Instant) return false;
        return true;
    }

    /// <summary>
    /// The rows of the result in the order of the server's <c>ORDER BY</c>, from rows sent unsorted with their ids and
    /// sort keys: each a document that passed the exact filter, or the server's columns (<c>object?[]</c>); null when a
    /// key is of a kind <see cref="ClientOrder"/> does not compare (the caller then asks the server to sort). The
    /// window's skip is the caller's. Every row is held until the last is read, as the server's sort held them.
    /// </summary>
    private async Task<ClientRows?> ClientSortedAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        var order = new ClientOrder(plan.Order);
        var passed = new ClientRows();
        List<int>? refetch = null;
        await using (var command = Command(plan, clientSort: true, out var layout))
        {
            var where = ServerDecides(plan.Where) ? null : plan.Where;
            await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
            var texts = new FieldTexts(reader);
            // A lone integer column read from the first ordering's own field is that key's integer: held as the key
            // (KeyIsValue), not boxed a row. The columns start at field 1 (the server's columns alone) or 3.
            bool keyIsColumn = layout.Columns == 1 && plan.Order.Count > 0 && IsIntegerColumn(plan.ColumnTypes![0])
                && layout.KeyFields[0] == (layout.Documents ? 3 : 1);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                texts.NextRow();
                long id = reader.GetInt64(0);
                // The first key inline, the others (a query with several orderings) in an array; none without an
                // ordering (the rows then go by id).
                ClientOrder.Key firstKey = default;
                bool keyed = plan.Order.Count == 0 || order.TryKey(0, texts[layout.KeyFields[0]], out firstKey);
                object value;
                if ((!layout.Documents || reader.IsDBNull(1)) && SeveralFields(reader, layout) is { } several)
                {
                    // Passed by the server (a filter it decides whole, or its decision), with a column the jsonb does
                    // not give: read from the document that came with it.
                    value = new FudgeStoredDocument(id, several);
                }
                else if (!layout.Documents)
                {
                    value = KeyHeld(keyIsColumn, keyed, firstKey) ?? StoredColumns(plan, texts, layout.Columns!.Value, first: 1);
                }
                else if (reader.IsDBNull(1))
                {
                    // Passed by the server's decision, its columns read from the jsonb where they are the bytes' own
                    // values; otherwise its bytes are fetched once every row is read.
                    bool exact = true;
                    for (int i = 0; i < layout.Columns!.Value && exact; i++)
                        exact = IsExactColumn(texts[3 + i], plan.ColumnTypes![i]);
                    if (exact)
                    {
                        value = KeyHeld(keyIsColumn, keyed, firstKey) ?? StoredColumns(plan, texts, layout.Columns.Value, first: 3);
                    }
                    else
                    {
                        (refetch ??= new List<int>()).Add(passed.Count);
                        value = id;
                    }
                }
                else
                {
                    var document = new FudgeStoredDocument(id, (byte[])reader.GetValue(1));
                    bool decided = layout.Decided && reader.GetBoolean(2);
                    if (where is not null && !decided && !Matches(where, document)) continue;
                    value = document;
                }
                if (!keyed) return null;
                ClientOrder.Key[]? rest = plan.Order.Count > 1 ? new ClientOrder.Key[plan.Order.Count - 1] : null;
                for (int i = 1; i < plan.Order.Count; i++)
                    if (!order.TryKey(i, texts[layout.KeyFields[i]], out rest![i - 1])) return null;
                passed.Add(new ClientOrder.Row(id, firstKey, rest, value));
            }
        }
        if (refetch is not null) await RefetchAsync(plan, passed, refetch, cancellationToken).ConfigureAwait(false);
        // Rows often come in the order asked for already, or nearly (an id-like key read in insertion order).
        passed.Order(order);
        return passed;
    }

    // The documents of the rows at the positions given, whose columns the jsonb did not give exactly, in their place. Read
    // by a second statement: a document replaced in between is decided again as it is now, and one deleted is left out,
    // as a later read would find them.
    private async Task RefetchAsync(FudgeQueryPlan plan, ClientRows rows, List<int> positions, CancellationToken cancellationToken)
    {
        var ids = new long[positions.Count];
        for (int i = 0; i < ids.Length; i++) ids[i] = rows[positions[i]].Id;
        var documents = new Dictionary<long, byte[]>(ids.Length);
        await using (var command = _store.CreateCommand($"SELECT id, doc FROM {Table} WHERE id = ANY(@ids)"))
        {
            command.Parameters.AddWithValue("ids", ids);
            await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) documents[reader.GetInt64(0)] = (byte[])reader.GetValue(1);
        }
        var gone = new HashSet<long>();
        foreach (int at in positions)
        {
            var row = rows[at];
            if (documents.TryGetValue(row.Id, out var bytes) && Matches(plan.Where!, new FudgeStoredDocument(row.Id, bytes)))
                rows[at] = row.With(new FudgeStoredDocument(row.Id, bytes));
            else
                gone.Add(row.Id);
        }
        if (gone.Count > 0) rows.RemoveAll(row => gone.Contains(row.Id));
    }
}
