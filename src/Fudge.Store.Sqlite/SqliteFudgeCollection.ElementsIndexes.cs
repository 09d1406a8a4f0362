using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store.Sqlite;

// Declared indexes on a path through a list's elements ($.Legs.#.Venue): a side table of every value the path selects,
// kept by triggers on the collection's table, so in the transaction of every write (insert, replace, delete, bulk).
internal sealed partial class SqliteFudgeCollection
{
    // The numbers of the declared indexes whose side table exists (an index an earlier version declared on such a path is
    // an expression index over fudge_index_key, searched as built until the path is declared again).
    private HashSet<long> _elementTables = new();

    private string ElementsTable(long number) => Table + "_el_" + number.ToString(CultureInfo.InvariantCulture);

    private static bool IsElements(FudgeIndexDefinition index) => !index.IsComposite && !index.IsUnique && FudgeIndexDefinition.IsElementsPath(index.Paths[0]);

    private async Task<HashSet<long>> ElementTablesAsync(CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, length($prefix)) = $prefix");
        command.Parameters.AddWithValue("$prefix", Table + "_el_");
        var numbers = new HashSet<long>();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            if (long.TryParse(reader.GetString(0).AsSpan(Table.Length + 4), NumberStyles.None, CultureInfo.InvariantCulture, out long number)) numbers.Add(number);
        return numbers;
    }

    /// <summary>
    /// The side table <c>(doc_id, value)</c> of a declared elements index, filled from the rows there are, its indexes
    /// (on value, searched by the queries; on doc_id, for the triggers) and the triggers that keep it: every value
    /// <c>fudge_index_key</c> would hold were it the path's one value, not-comparable ones left out, from one call of
    /// <c>fudge_index_values</c> a document (a JSON array of the values, rows by <c>json_each</c>; a double as its bits,
    /// <c>fudge_index_real</c>). An earlier version's expression index on the path is dropped, and its triggers (a call
    /// a value) are made again. Idempotent; run in the caller's transaction.
    /// </summary>
    private async Task BuildElementsAsync(long number, FudgeIndexDefinition index, CancellationToken cancellationToken)
    {
        string side = ElementsTable(number);
        string path = SqlText.Literal(index.Paths[0].Text.Trim()) ?? throw new FudgeStoreException("A path holding a NUL character cannot be indexed.");
        string Values(string row) => $"SELECT {row}.id AS doc_id, CASE p.type WHEN 'array' THEN fudge_index_real(p.value) ELSE p.value END AS value "
            + $"FROM json_each(fudge_index_values({row}.doc, {path})) AS p";
        bool exists = _elementTables.Contains(number);
        var statements = new List<string>
        {
            $"DROP INDEX IF EXISTS {IndexName(number)}",
            $"CREATE TABLE IF NOT EXISTS {side} (doc_id INTEGER NOT NULL, value)",
        };
        if (!exists)
        {
            statements.Add($"DELETE FROM {side}");
            statements.Add($"INSERT INTO {side} (doc_id, value) SELECT t.id, CASE p.type WHEN 'array' THEN fudge_index_real(p.value) ELSE p.value END "
                + $"FROM {Table} AS t, json_each(fudge_index_values(t.doc, {path})) AS p");
        }
        statements.Add($"CREATE INDEX IF NOT EXISTS {side}_value ON {side} (value)");
        statements.Add($"CREATE INDEX IF NOT EXISTS {side}_doc ON {side} (doc_id)");
        statements.Add($"DROP TRIGGER IF EXISTS {side}_ins");
        statements.Add($"DROP TRIGGER IF EXISTS {side}_upd");
        statements.Add($"CREATE TRIGGER {side}_ins AFTER INSERT ON {Table} BEGIN INSERT INTO {side} (doc_id, value) {Values("NEW")}; END");
        statements.Add($"CREATE TRIGGER {side}_upd AFTER UPDATE OF doc ON {Table} BEGIN DELETE FROM {side} WHERE doc_id = OLD.id; "
            + $"INSERT INTO {side} (doc_id, value) {Values("NEW")}; END");
        statements.Add($"CREATE TRIGGER IF NOT EXISTS {side}_del AFTER DELETE ON {Table} BEGIN DELETE FROM {side} WHERE doc_id = OLD.id; END");
        foreach (string sql in statements) await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        _elementTables.Add(number);
    }

    /// <summary>Drops a declared elements index's side table and triggers (nothing when it has none).</summary>
    private async Task DropElementsAsync(long number, CancellationToken cancellationToken)
    {
        string side = ElementsTable(number);
        foreach (string sql in new[] { $"DROP TRIGGER IF EXISTS {side}_ins", $"DROP TRIGGER IF EXISTS {side}_upd", $"DROP TRIGGER IF EXISTS {side}_del", $"DROP TABLE IF EXISTS {side}" })
            await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        _elementTables.Remove(number);
    }
}
