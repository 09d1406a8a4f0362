using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Npgsql;

namespace Fudge.Store.PostgreSql;

// Queries ordered by and selecting a member a typed number key column holds (a declared index on the member, or a
// composite that carries it: the side-by-side's (Symbol, Id) and (Price, Id)), with a filter the server decides:
// Where(t => t.Legs.Any(l => l.Venue == "XLON")).OrderBy(t => t.Id).Select(t => t.Id). The server sorts by the
// column and sends it as a float8, where otherwise each row's jsonb value is sent as text, parsed, boxed and sorted on
// the client (ClientOrder): at 1,000,000 documents the Any's 229,558 rows took 131 bytes and about 400 ms of client CPU
// that way, 27 bytes and under 230 ms this way (marten-side-by-side-plans.md). Marten reads its id column and sorts on
// the server; this is the same statement over the key column.
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>
    /// The stored number key column that holds the first value of <paramref name="path"/> (a declared typed index on it,
    /// or a non-unique composite with it among its members), or null.
    /// </summary>
    private string? NumberKeyColumn(string path)
    {
        if (_indexKeys.TryGetValue(path, out var key) && key is { Stored: true, Form: KeyForm.Number }) return key.Sql;
        foreach (var (number, index) in _declared)
        {
            if (index.IsUnique) continue;
            var members = MemberKeys(number, index);
            for (int i = 0; i < index.Paths.Count; i++)
                if (index.Paths[i].Text.Trim() == path && members[i] is { Stored: true, Form: KeyForm.Number } member) return member.Sql;
        }
        return null;
    }

    /// <summary>
    /// The statement of a query ordered by and selecting one member whose number key column exists, with a filter the
    /// server decides (the jsonpath exactly, or a row decision: <see cref="Decision"/>), or null: <c>SELECT key FROM
    /// source ORDER BY 1</c>, the key NULL for a row the decision leaves to its bytes. One float8 a row, sorted alone:
    /// rows with equal keys project equal values, so their order among themselves (by id, in the server's jsonb sort)
    /// changes nothing, and a sort of one column is the narrowest the server can hold in its <c>work_mem</c>. A window
    /// is read from its start: the rows before it are checked as the rows in it.
    /// </summary>
    private NpgsqlCommand? KeyColumnOrderedCommand(FudgeQueryPlan plan)
    {
        if (OrderedAndSelected(plan) is not { } query) return null;
        var (where, ordering, ordered) = query;
        if (NumberKeyColumn(ordered) is not string key) return null;
        var command = _store.CreateCommand("");
        string source, value;
        var decision = ServerDecides(where) ? null : Decision(where, command);
        if (ServerDecides(where))
        {
            source = Source(where, command, carried: key);
            value = key;
        }
        else if (decision is { AfterJsonPath: true } afterJsonPath)
        {
            // The Any's decision (true, or NULL for a document with a field of empty name) is never false: no
            // subquery that keeps the rows it passes, whose fence (OFFSET 0) would keep the server from scanning the
            // table in parallel workers as Marten's statement is.
            source = $"{Table} {Where(where, command, afterJsonPath, decisionInWhere: false, out _)}";
            value = $"CASE WHEN {afterJsonPath.Sql} THEN {key} END";
        }
        else if (decision is { } rowDecision)
        {
            source = Source(where, command, rowDecision, carried: key);
            value = $"CASE WHEN {DecisionColumn} THEN {key} END";
        }
        else
        {
            command.Dispose();
            return null;
        }
        // NULLs first either way: a row the key cannot answer for (absent, or a string or boolean, whose jsonb order is
        // not the number's; or left to its bytes) is then read before any row of the window. NaN (several values, whose
        // member is the last of them) sorts above every number: first descending; ascending it is read as NULL, so
        // that it comes first too and a window never ends before it (ascending NULLS FIRST is no index's order, so
        // the expression changes no plan).
        if (!ordering.Descending) value = $"nullif({value}, 'NaN'::float8)";
        string direction = ordering.Descending ? "DESC NULLS FIRST" : "ASC NULLS FIRST";
        string limit = plan.Limit is int most ? $" LIMIT {(long)most + plan.Skip}" : "";
        command.CommandText = $"SELECT {value} FROM {source} ORDER BY 1 {direction}{limit}";
        return command;
    }

    /// <summary>
    /// The ordered key of each row of a query <see cref="KeyColumnOrderedCommand"/> answers, from the window's start on,
    /// or null when it does not answer it, or when a row read is one the key cannot answer for: left to its bytes by
    /// the decision, or whose member is absent, of another kind, several values, not an integer or past 2^24 (the
    /// float8 of such a value may not be what the client reads from the bytes: <see cref="IsExactColumn"/>'s rule).
    /// The caller then runs the query as any other. Every key read is an integer the document's member holds, so the
    /// order of the keys is the order of the server's jsonb sort.
    /// </summary>
    private async Task<IntegerRows?> KeyColumnOrderedRowsAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        await using var command = KeyColumnOrderedCommand(plan);
        if (command is null) return null;
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        return await ExactIntegerKeysAsync(reader, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The server's plan of <see cref="KeyColumnOrderedCommand"/>'s statement (EXPLAIN), or null.</summary>
    internal async Task<string?> ExplainKeyColumnOrderedAsync(FudgeQueryPlan plan, CancellationToken cancellationToken = default)
    {
        await using var command = KeyColumnOrderedCommand(plan);
        if (command is null) return null;
        return await ExplainAsync(command, command.CommandText, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The rows of a result whose columns are all one integer, in order (<see cref="KeyColumnOrderedRowsAsync"/>,
    /// <see cref="KeyOrderedRowsAsync"/>): one row array and one holder for the whole result, the holder set to each
    /// row's integer unboxed (<see cref="FudgeColumnValue.SetInteger"/>), the window's skip and limit applied here.
    /// </summary>
    private static IEnumerable<object?[]> IntegerResult(FudgeQueryPlan plan, IntegerRows keys)
    {
        var value = new FudgeColumnValue(null);
        var row = new object?[plan.Columns!.Count];
        for (int c = 0; c < row.Length; c++) row[c] = value;
        long end = plan.Limit is int limit ? Math.Min(keys.Count, (long)plan.Skip + limit) : keys.Count;
        for (long i = plan.Skip; i < end; i++)
        {
            value.SetInteger(keys[(int)i]);
            yield return row;
        }
    }

    /// <summary>
    /// Integers read in order, in chunks of 8,192 (64 KB, below the large object heap's threshold) that are never copied
    /// as the result grows.
    /// </summary>
    private sealed class IntegerRows
    {
        private const int ChunkShift = 13;
        private const int Chunk = 1 << ChunkShift;
        private readonly List<long[]> _chunks = new();

        public int Count { get; private set; }

        public long this[int index] => _chunks[index >> ChunkShift][index & (Chunk - 1)];

        public void Add(long value)
        {
            int at = Count & (Chunk - 1);
            if (at == 0) _chunks.Add(new long[Count == 0 ? 64 : Chunk]);
            else if (Count < Chunk && at == _chunks[0].Length)
            {
                // The first chunk grows to its full size (a small result takes a small array).
                var first = _chunks[0];
                Array.Resize(ref first, Math.Min(Chunk, at * 4));
                _chunks[0] = first;
            }
            _chunks[^1][at] = value;
            Count++;
        }
    }
}
