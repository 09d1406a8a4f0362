using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Npgsql;

namespace Fudge.Store.PostgreSql;

// Queries answered from a composite index alone, in its order: Where(a == x).OrderBy(b).Select(b) (or a range on a)
// with a non-unique typed composite index on (a, b), b a number key column. The B-tree holds b's key beside a's, so the
// server reads the result from the index (an index-only scan once the table is vacuumed) and, for an equality, in b's
// order without a sort; a range on a is sorted by the server over the index's entries. Marten's
// Where(...).OrderBy(t => t.Id).Select(t => t.Id) reads its id column (its primary key) and sorts on the server: the
// composite that carries the member is Fudge's counterpart.
internal sealed partial class PostgresFudgeCollection
{
    // Integers of magnitude up to 2^24: every integer, double and float field holding such a value is written in the
    // jsonb as its digits, so the float8 key is the value the client reads from the bytes (IsExactColumn's rule).
    private const double ExactKeyBound = 16_777_216d;

    /// <summary>
    /// The filter, the ordering and its path of a query that a number key can answer in order, or null: a sequence with
    /// a filter, one ordering that is not by instant or text, and every column that ordering's own member, of a type
    /// whose jsonb value is the bytes' own (<see cref="ExactColumnTypes"/>). With a taxonomy resolver the jsonb names
    /// ordinal-only fields the filter does not, so no key decides anything.
    /// </summary>
    private (FudgeFilter Where, FudgeQueryOrder Ordering, string Path)? OrderedAndSelected(FudgeQueryPlan plan)
    {
        if (plan.Terminal != FudgeQueryTerminal.Sequence || plan.Where is not { } where || plan.Order.Count != 1
            || plan.Columns is not { Count: > 0 } columns || !ExactColumnTypes(plan)
            || _store.Json.ReaderOptions?.TaxonomyResolver is not null) return null;
        var ordering = plan.Order[0];
        if (ordering.Instant || ordering.Text) return null;
        string ordered = ordering.Path.Text.Trim();
        foreach (var column in columns)
            if (column.Text.Trim() != ordered) return null;
        return (where, ordering, ordered);
    }

    /// <summary>
    /// The keys of the reader's rows as integers, or null at the first a key cannot answer for: NULL (absent, another
    /// kind, or left to its bytes), NaN (several values), not an integer, or past 2^24 (the float8 of such a value may
    /// not be what the client reads from the bytes).
    /// </summary>
    private static async Task<IntegerRows?> ExactIntegerKeysAsync(NpgsqlDataReader reader, CancellationToken cancellationToken)
    {
        var keys = new IntegerRows();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (reader.IsDBNull(0)) return null;
            double key = reader.GetDouble(0);
            if (!(Math.Abs(key) <= ExactKeyBound) || Math.Floor(key) != key) return null;
            keys.Add((long)key);
        }
        return keys;
    }

    /// <summary>The server's plan of one statement (EXPLAIN), as its lines.</summary>
    private static async Task<string> ExplainAsync(NpgsqlCommand command, string statement, CancellationToken cancellationToken)
    {
        command.CommandText = "EXPLAIN " + statement;
        var lines = new System.Text.StringBuilder();
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) lines.AppendLine(reader.GetString(0));
        return lines.ToString();
    }

    /// <summary>
    /// The statements of a query a composite index answers alone (<see cref="KeyOrderedRowsAsync"/>), or null: first
    /// whether any document the index leaves undecided (several values, decided on the bytes) is in the result, then
    /// the ordered key of each document the index decides.
    /// </summary>
    private NpgsqlCommand? KeyOrderedCommand(FudgeQueryPlan plan)
    {
        if (OrderedAndSelected(plan) is not { } query) return null;
        var (where, ordering, ordered) = query;
        foreach (var (number, index) in _declared)
        {
            if (index.IsUnique || index.Paths.Count < 2 || index.Paths[1].Text.Trim() != ordered
                || PathOf(where.Root) != index.Paths[0].Text.Trim()) continue;
            var members = MemberKeys(number, index);
            if (members[1] is not { Stored: true, Form: KeyForm.Number } orderKey || members[0].Form == KeyForm.Jsonb) continue;
            // The filter's conditions on the composite's own first key, so the server searches this index.
            var keys = new Dictionary<string, IndexKey>(_indexKeys) { [index.Paths[0].Text.Trim()] = members[0] };
            var command = _store.CreateCommand("");
            string? exact, undecided;
            if (TextKeyDecides(where, members[0])
                && BTreePredicate.TryKeyEquality(where, keys, command, out string? equal, out string? key, out string? several))
                // One literal's "key IN (@k0)" is parsed by the server as "key = @k0", under which the B-tree gives the
                // second key's order; several literals are searched value by value and sorted after.
                (exact, undecided) = (equal!, $"{key} = {several}");
            else if (BTreePredicate.TryKeyDecision(where, keys, command, out exact, out undecided)) { }
            else
            {
                command.Dispose();
                continue;
            }
            string direction = ordering.Descending ? "DESC" : "ASC";
            command.CommandText = $"SELECT EXISTS (SELECT 1 FROM {Table} WHERE {undecided}); "
                + $"SELECT {orderKey.Sql} FROM {Table} WHERE {exact} ORDER BY {orderKey.Sql} {direction}";
            return command;
        }
        return null;
    }

    // The one path a filter of one test, or of a lower and an upper bound, tests (the shapes TryKeyEquality and
    // TryKeyDecision take), or null.
    private static string? PathOf(FilterNode node) => node switch
    {
        ComparisonNode test => test.Path.Text.Trim(),
        MembershipNode membership => membership.Path.Text.Trim(),
        AndNode { Left: ComparisonNode first, Right: ComparisonNode second } when first.Path.Text.Trim() == second.Path.Text.Trim() => first.Path.Text.Trim(),
        _ => null,
    };

    /// <summary>
    /// True when a text key equal to one of the filter's literals passes exactly the documents the filter passes: one
    /// <c>==</c> or <c>in</c> test on a path the jsonb names as the filter does, with literals that only a Fudge string
    /// is written as (<see cref="JsonPathTranslation.ExactText"/>: no date, time or non-finite number is such text).
    /// </summary>
    private static bool TextKeyDecides(FudgeFilter where, IndexKey key)
    {
        if (key.Form != KeyForm.Text) return false;
        return where.Root switch
        {
            ComparisonNode { Operator: ComparisonOperator.Equal } test => ServerDecision.Decidable(test.Path) && JsonPathTranslation.ExactText(test.Literal),
            MembershipNode membership => ServerDecision.Decidable(membership.Path) && Array.TrueForAll(membership.Literals, JsonPathTranslation.ExactText),
            _ => false,
        };
    }

    /// <summary>
    /// The rows of a query a composite index answers alone (<see cref="KeyOrderedCommand"/>), or null when it does not,
    /// or when a document of the result is one the key cannot answer for: one the index leaves undecided, or whose
    /// ordered member is absent, of another kind, several values, not an integer or past 2^24 (the caller then runs
    /// the query as any other). Rows with equal keys project equal values, so their order among themselves, which the
    /// index does not give by document id, changes nothing.
    /// </summary>
    private async Task<IntegerRows?> KeyOrderedRowsAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        await using var command = KeyOrderedCommand(plan);
        if (command is null) return null;
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        if (!await reader.ReadAsync(cancellationToken).ConfigureAwait(false) || reader.GetBoolean(0)) return null;
        await reader.NextResultAsync(cancellationToken).ConfigureAwait(false);
        return await ExactIntegerKeysAsync(reader, cancellationToken).ConfigureAwait(false); // the window's skip and limit are IntegerResult's
    }

    /// <summary>The server's plan of the statement a composite index answers a query with (EXPLAIN), or null.</summary>
    internal async Task<string?> ExplainKeyOrderedAsync(FudgeQueryPlan plan, CancellationToken cancellationToken = default)
    {
        await using var command = KeyOrderedCommand(plan);
        if (command is null) return null;
        int last = command.CommandText.LastIndexOf("; SELECT ", StringComparison.Ordinal);
        return await ExplainAsync(command, command.CommandText.Substring(last + 2), cancellationToken).ConfigureAwait(false);
    }
}
