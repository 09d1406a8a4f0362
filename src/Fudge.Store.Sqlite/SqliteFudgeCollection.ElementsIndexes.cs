using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

// Declared indexes on a path through a list's elements ($.Legs.#.Venue): a side table of every value the path selects,
// kept in the transaction of every write. The store's own inserts write the side rows themselves (ElementsWriter); the
// triggers on the collection's table keep it for every other write (replace, delete, and an insert by a connection that
// has not read the index yet). A trigger that writes makes SQLite keep a statement journal for the insert, in a temporary
// file: an insert that fired one cost about three times one that did not (marten-side-by-side-plans.md, fix43).
internal sealed partial class SqliteFudgeCollection
{
    // The numbers of the declared indexes whose side table exists (an index an earlier version declared on such a path is
    // an expression index over fudge_index_key, searched as built until the path is declared again).
    private HashSet<long> _elementTables = new();

    // Those whose insert trigger leaves the side rows of the store's own inserts to the store (fudge_elements_written):
    // an earlier version's trigger writes them for every insert, and the store then does not.
    private HashSet<long> _storeWrittenTables = new();

    private const string ElementsSavepoint = "fudge_insert_elements";

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

    /// <summary>The side tables whose insert trigger asks <c>fudge_elements_written</c> (<see cref="_storeWrittenTables"/>).</summary>
    private async Task<HashSet<long>> StoreWrittenTablesAsync(CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = $table AND sql LIKE '%fudge_elements_written(%'");
        command.Parameters.AddWithValue("$table", Table);
        var numbers = new HashSet<long>();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            string name = reader.GetString(0);
            if (name.EndsWith("_ins", StringComparison.Ordinal)
                && long.TryParse(name.AsSpan(Table.Length + 4, name.Length - Table.Length - 8), NumberStyles.None, CultureInfo.InvariantCulture, out long number)) numbers.Add(number);
        }
        return numbers;
    }

    /// <summary>
    /// The side table <c>(doc_id, value)</c> of a declared elements index, filled from the rows there are, its indexes
    /// (on value, searched by the queries; on doc_id, for the triggers) and the triggers that keep it: every value
    /// <c>fudge_index_key</c> would hold were it the path's one value, not-comparable ones left out, from one call of
    /// <c>fudge_index_values</c> a document (a JSON array of the values, rows by <c>json_each</c>; a double as its bits,
    /// <c>fudge_index_real</c>); the insert trigger only for inserts the store does not write the side rows of itself
    /// (<c>WHEN NOT fudge_elements_written(N)</c>). An earlier version's expression index on the path is dropped, and
    /// its triggers (a call a value, every insert) are made again. Idempotent; run in the caller's transaction.
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
        statements.Add($"CREATE TRIGGER {side}_ins AFTER INSERT ON {Table} WHEN NOT fudge_elements_written({number.ToString(CultureInfo.InvariantCulture)}) "
            + $"BEGIN INSERT INTO {side} (doc_id, value) {Values("NEW")}; END");
        statements.Add($"CREATE TRIGGER {side}_upd AFTER UPDATE OF doc ON {Table} BEGIN DELETE FROM {side} WHERE doc_id = OLD.id; "
            + $"INSERT INTO {side} (doc_id, value) {Values("NEW")}; END");
        statements.Add($"CREATE TRIGGER IF NOT EXISTS {side}_del AFTER DELETE ON {Table} BEGIN DELETE FROM {side} WHERE doc_id = OLD.id; END");
        foreach (string sql in statements) await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        _elementTables.Add(number);
        _storeWrittenTables.Add(number);
    }

    /// <summary>Drops a declared elements index's side table and triggers (nothing when it has none).</summary>
    private async Task DropElementsAsync(long number, CancellationToken cancellationToken)
    {
        string side = ElementsTable(number);
        foreach (string sql in new[] { $"DROP TRIGGER IF EXISTS {side}_ins", $"DROP TRIGGER IF EXISTS {side}_upd", $"DROP TRIGGER IF EXISTS {side}_del", $"DROP TABLE IF EXISTS {side}" })
            await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        _elementTables.Remove(number);
        _storeWrittenTables.Remove(number);
    }

    /// <summary>
    /// The elements indexes of this collection whose side rows the store writes for its own inserts
    /// (<see cref="_storeWrittenTables"/>): their number, path and side table; null when there is none.
    /// </summary>
    private List<(long Number, FudgePath Path, string Table)>? StoreWrittenElements()
    {
        List<(long, FudgePath, string)>? tables = null;
        foreach (var declared in _indexes)
            if (IsElements(declared.Index) && _elementTables.Contains(declared.Number) && _storeWrittenTables.Contains(declared.Number))
                (tables ??= new()).Add((declared.Number, FudgeSqlFunctions.PathFor(declared.Index.Paths[0].Text.Trim()), ElementsTable(declared.Number)));
        return tables;
    }

    /// <summary>
    /// Inserts the side rows of a document the store inserted: every comparable value, as <c>fudge_index_values</c>
    /// gives them. Until it is disposed, the indexes' insert triggers do nothing on this connection: make it inside the
    /// insert's transaction (its commands join it), and write every row inserted meanwhile.
    /// </summary>
    private sealed class ElementsWriter : IDisposable
    {
        private readonly SqliteFudgeStore _store;
        private readonly List<(long Number, FudgePath Path, SqliteCommand Insert, SqliteParameter Id, SqliteParameter Value)> _tables = new();
        private readonly List<object> _values = new();

        public ElementsWriter(SqliteFudgeStore store, List<(long Number, FudgePath Path, string Table)> tables)
        {
            _store = store;
            foreach (var (number, path, table) in tables)
            {
                var insert = store.CreateCommand($"INSERT INTO {table} (doc_id, value) VALUES ($id, $value)");
                var id = insert.Parameters.Add("$id", SqliteType.Integer);
                // No type: each value is bound as what it is (integer, real or text), as the trigger's values are.
                var value = insert.CreateParameter();
                value.ParameterName = "$value";
                insert.Parameters.Add(value);
                _tables.Add((number, path, insert, id, value));
                store.ElementsWritten.Add(number);
            }
        }

        public async Task WriteAsync(long id, byte[] document, CancellationToken cancellationToken)
        {
            foreach (var table in _tables)
            {
                _values.Clear();
                FudgeSqlFunctions.ComparableValues(document, table.Path, _values);
                foreach (var value in _values)
                {
                    table.Id.Value = id;
                    table.Value.Value = value;
                    await SqliteFudgeStore.Guard(() => table.Insert.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
                }
            }
        }

        public void Dispose()
        {
            foreach (var table in _tables)
            {
                _store.ElementsWritten.Remove(table.Number);
                table.Insert.Dispose();
            }
        }
    }
}
