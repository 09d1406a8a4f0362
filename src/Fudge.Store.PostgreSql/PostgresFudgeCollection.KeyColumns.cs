using System;
using System.Collections.Generic;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store.PostgreSql;

// The typed key columns (fudge_k_...), one per (path, kind) whatever the number of declared indexes that use it: the
// composites (Symbol, Id) and (Price, Id) and a one-path index on Id all read one Id column, which the server computes
// once per row. Which column an index uses is read back from the catalog (the B-tree's own key columns), never
// derived from its number: a column keeps the name of the index that first needed it, and goes when no index of the
// table is on it any more.
internal sealed partial class PostgresFudgeCollection
{
    // Each composite or unique index's key columns, by number, as the catalog gives them ("" for a member keyed by an
    // expression); absent when its B-tree is missing.
    private readonly Dictionary<long, string[]> _memberColumns = new();

    // The typed key column of each (path, kind), shared by every declared index on the path with that kind.
    private readonly Dictionary<(string Path, KeyForm Form), string> _keyColumns = new();

    // The table's key columns (fudge_k_...), as the collection last read them: a new column's name is one not among them.
    private readonly HashSet<string> _tableKeyColumns = new(StringComparer.Ordinal);

    /// <summary>
    /// The key columns of each declared index's B-tree, in key order ("" for an expression), and the table's key
    /// columns apart: <see cref="LoadIndexesAsync"/> reads them in the statement it reads the indexes with.
    /// </summary>
    private const string KeyColumnsSql = """
        SELECT f.id, ARRAY(SELECT coalesce(a.attname::text, '') FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
            LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum WHERE k.n <= i.indnkeyatts ORDER BY k.n)
          FROM fudge_indexes f JOIN pg_index i ON i.indexrelid = to_regclass(@table || '_ix_' || f.id)
          WHERE f.collection_id = @id;
        SELECT attname::text FROM pg_attribute WHERE attrelid = to_regclass(@table) AND attname LIKE 'fudge\_k\_%' AND NOT attisdropped;
        """;

    /// <summary>Reads <see cref="KeyColumnsSql"/>'s two results (the reader at the first).</summary>
    private async Task ReadKeyColumnsAsync(Npgsql.NpgsqlDataReader reader, CancellationToken cancellationToken)
    {
        _memberColumns.Clear();
        _keyColumns.Clear();
        _tableKeyColumns.Clear();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) _memberColumns[reader.GetInt64(0)] = reader.GetFieldValue<string[]>(1);
        await reader.NextResultAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) _tableKeyColumns.Add(reader.GetString(0));
    }

    /// <summary>
    /// The column that holds the typed key of member <paramref name="member"/> of composite index
    /// <paramref name="number"/>, as its B-tree was built (shared with the other indexes on that path and kind), or null
    /// when the B-tree is missing: the member is then searched by its key's expression, computed row by row.
    /// </summary>
    private string? MemberColumn(long number, int member)
        => _memberColumns.TryGetValue(number, out var columns) && member < columns.Length && columns[member].Length > 0 ? columns[member] : null;

    /// <summary>Notes <paramref name="column"/> as the key column of (<paramref name="path"/>, <paramref name="form"/>), unless one is noted already.</summary>
    private void ShareKeyColumn(string path, KeyForm form, string column)
    {
        if (form is KeyForm.Number or KeyForm.Text) _keyColumns.TryAdd((path, form), column);
    }

    /// <summary>The key column of (<paramref name="path"/>, <paramref name="form"/>) an index already uses, or null.</summary>
    private string? SharedKeyColumn(string path, KeyForm form) => _keyColumns.TryGetValue((path, form), out var column) ? column : null;

    /// <summary>
    /// A name for a new key column: <paramref name="preferred"/> (named after the index that needs it) unless the table
    /// has a column of that name (still used by another index after this one's was declared with another kind), then
    /// with a suffix.
    /// </summary>
    private string NewKeyColumn(string preferred)
    {
        string name = preferred;
        for (int suffix = 1; _tableKeyColumns.Contains(name); suffix++) name = preferred + "_k" + suffix.ToString(CultureInfo.InvariantCulture);
        _tableKeyColumns.Add(name);
        return name;
    }

    /// <summary>
    /// Drops every key column no index of the table is on any more (the last index on a shared column dropped, or
    /// declared again with another kind), in the caller's statement: dropping a column only marks it dropped (no
    /// rewrite; its bytes leave each row as the row is next written, or all at once with <c>VACUUM FULL</c>).
    /// </summary>
    private string DropUnusedKeyColumnsSql => $$"""
        DO $fudge$ DECLARE c text; BEGIN
          FOR c IN SELECT a.attname FROM pg_attribute a WHERE a.attrelid = to_regclass('{{Table}}') AND a.attnum > 0 AND NOT a.attisdropped
              AND a.attname LIKE 'fudge\_k\_%' AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND a.attnum = ANY (i.indkey))
          LOOP EXECUTE format('ALTER TABLE %I DROP COLUMN %I', '{{Table}}', c); END LOOP;
        END $fudge$
        """;
}
