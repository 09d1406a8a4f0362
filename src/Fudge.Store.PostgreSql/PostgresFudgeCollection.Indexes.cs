using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Store.PostgreSql;

// Declared indexes: what the collection reads back when it opens, declaring (a typed key in a stored generated column
// with a B-tree on it, the jsonb key in an expression index) and dropping.
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>
    /// Reads the declared indexes and the expression each was built on (<c>pg_get_indexdef</c>, with the type of the
    /// index's key column if it has one, <see cref="BTreePredicate.KeyOfDefinition"/>): a typed key's column, a typed
    /// key expression (an earlier version's typed index), the jsonb key, or the <c>fudge_key</c> form of an index a
    /// store made before the one-name key form. Each is searched with the expression it was built on, so it goes on
    /// serving queries without a rebuild; declaring it again with a kind (or dropping and declaring it) rebuilds it.
    /// </summary>
    internal async Task LoadIndexesAsync(CancellationToken cancellationToken)
    {
        // The key columns first (KeyColumnsSql); then each index with its number, and the name and type of the column
        // its B-tree is on first, if it is on a column.
        await using var command = _store.CreateCommand(KeyColumnsSql + """
            SELECT f.path, pg_get_indexdef(i.indexrelid), f.id,
              (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attnum = i.indkey[0]),
              (SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = i.indrelid AND a.attnum = i.indkey[0])
            FROM fudge_indexes f LEFT JOIN pg_index i ON i.indexrelid = to_regclass(@table || '_ix_' || f.id)
            WHERE f.collection_id = @id ORDER BY f.id
            """);
        command.Parameters.AddWithValue("id", _id);
        command.Parameters.AddWithValue("table", Table);
        _indexedPaths.Clear();
        _indexKeys.Clear();
        _declared.Clear();
        await using var reader = await PostgresFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        await ReadKeyColumnsAsync(reader, cancellationToken).ConfigureAwait(false);
        await reader.NextResultAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            string text = reader.GetString(0);
            _indexedPaths.Add(text);
            if (text.StartsWith("{", StringComparison.Ordinal))
            {
                // A composite or unique index (FudgeIndexDefinition.StoredText); its members are keyed below.
                if (FudgeIndexDefinition.FromStoredText(text) is { } declared) _declared[reader.GetInt64(2)] = declared;
                continue;
            }
            FudgePath path;
            try
            {
                path = FudgePath.Compile(text);
            }
            catch (FudgeQueryException)
            {
                continue; // not a path this version reads: listed, never searched
            }
            string? definition = reader.IsDBNull(1) ? null : reader.GetString(1), columnType = reader.IsDBNull(3) ? null : reader.GetString(3);
            if (ElementsIndex.KeyOfDefinition(path, definition, reader.GetInt64(2), columnType) is { } elements)
                _indexKeys[text] = elements;
            else if (BTreePredicate.KeyOfDefinition(path, definition, reader.GetInt64(2), columnType, reader.IsDBNull(4) ? null : reader.GetString(4)) is { } key)
            {
                _indexKeys[text] = key;
                if (key.Stored) ShareKeyColumn(text, key.Form, key.Sql);
            }
        }
        foreach (var (number, index) in _declared)
        {
            if (index.IsUnique) continue;
            var keys = MemberKeys(number, index);
            for (int i = 0; i < keys.Count; i++)
                if (keys[i].Stored) ShareKeyColumn(index.Paths[i].Text.Trim(), keys[i].Form, keys[i].Sql);
        }
        KeyDeclaredMembers();
    }

    /// <summary>
    /// Declares an index on a path: a B-tree expression index on the one value the path selects (see
    /// <see cref="BTreePredicate"/>: read with <c>-&gt;</c> for a path of one name, <c>fudge_key(json, 'path[*]')</c>
    /// otherwise), which equality, range and membership tests on that path then search, typed and text queries alike.
    /// The GIN index (<c>jsonb_path_ops</c>) on the whole jsonb, unless the collection is set to have none, keeps
    /// serving the equality tests of every other path.
    /// </summary>
    public ValueTask CreateIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
        => CreateIndexAsync(path, FudgeIndexKind.Any, cancellationToken);

    /// <summary>
    /// Declares an index on a path keyed for values of <paramref name="kind"/>: on a path of one name, numbers as
    /// <c>float8</c> and strings as <c>text</c> (<see cref="BTreePredicate.NumberKey"/>, <see cref="BTreePredicate.TextKey"/>)
    /// held in a stored generated column (<see cref="BTreePredicate.KeyColumnSql"/>) with a plain B-tree on it, which
    /// a count can answer from alone (an index-only scan); otherwise the jsonb key, an expression index. An index on
    /// the path with another key (another kind, or the typed expression index of an earlier version) is dropped and
    /// built again with this one, in one transaction (unless <paramref name="kind"/> is <see cref="FudgeIndexKind.Any"/>,
    /// which keeps any index there is); declaring what is there does nothing.
    /// </summary>
    public async ValueTask CreateIndexAsync(FudgePath path, FudgeIndexKind kind, CancellationToken cancellationToken = default)
    {
        if (path is null) throw new ArgumentNullException(nameof(path));
        string text = path.Text.Trim();
        // The path's unique index declared again without uniqueness: the unique one goes, the one-path index comes.
        var unique = _declared.FirstOrDefault(d => d.Value.Identity == text);
        if (unique.Value is not null) await DropIndexAsync(unique.Value, cancellationToken).ConfigureAwait(false);
        // A collection's members ($.Legs.#.Venue): every value, in a jsonb array column with a GIN index, whatever the kind.
        if (ElementsIndex.Applies(path))
        {
            await CreateElementsIndexAsync(path, cancellationToken).ConfigureAwait(false);
            return;
        }
        var key = BTreePredicate.IndexKeyOf(path, kind)
            ?? throw new FudgeStoreException($"The path {text} has no SQL/JSON equivalent (ordinal, anonymous and indexed steps), so the server cannot index it.");
        // Typed keys (paths of one name) are held in columns; the jsonb key stays an expression index.
        bool stored = key.Form != KeyForm.Jsonb;
        bool rebuild = false;
        if (_indexedPaths.Contains(text))
        {
            if (kind == FudgeIndexKind.Any || (_indexKeys.TryGetValue(text, out var built) && built.Form == key.Form && built.Stored == stored)) return;
            rebuild = true;
        }
        long number = await RegisterIndexPathAsync(text, cancellationToken).ConfigureAwait(false);
        string index = IndexName(number);
        // Declared again with another kind: the index goes, and its key column with it unless another index is on it.
        string drop = rebuild ? $"DROP INDEX IF EXISTS {index}; {DropOwnKeyColumnSql(number, text)}" : "";
        string sql;
        if (stored)
        {
            // The key column an index on the path and kind has already (a composite's member: nothing to add), else a
            // new one: adding a stored generated column rewrites the table once (its rows get their keys). The index is
            // then a plain B-tree on the column.
            string? column = SharedKeyColumn(text, key.Form);
            string add = "";
            if (column is null)
            {
                column = NewKeyColumn(BTreePredicate.KeyColumn(number));
                add = $"ALTER TABLE {Table} ADD COLUMN {BTreePredicate.KeyColumnSql(JsonPathTranslation.OneName(path)!, key.Form, column)}; ";
            }
            sql = $"{drop}{add}CREATE INDEX IF NOT EXISTS {index} ON {Table} ({column})";
            key = new IndexKey(column, key.Form, Stored: true);
        }
        else
        {
            sql = $"{drop}CREATE INDEX IF NOT EXISTS {index} ON {Table} (({key.Sql}))";
        }
        // One statement string runs as one transaction: the path is never without its index.
        await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        if (!rebuild) _indexedPaths.Add(text);
        _indexKeys[text] = key;
        if (stored)
        {
            _memberColumns[number] = new[] { key.Sql };
            ShareKeyColumn(text, key.Form, key.Sql);
        }
    }

    /// <summary>
    /// The statement that drops the key column of one-path index <paramref name="number"/> (declared again with another
    /// kind) unless another index is on it; empty when it has none. Its name is then free for the new column.
    /// </summary>
    private string DropOwnKeyColumnSql(long number, string path)
    {
        if (!_indexKeys.TryGetValue(path, out var built) || !built.Stored) return "";
        _keyColumns.Remove((path, built.Form));
        foreach (var (other, columns) in _memberColumns)
            if (other != number && Array.IndexOf(columns, built.Sql) >= 0)
            {
                _keyColumns[(path, built.Form)] = built.Sql; // still the path's key column of that kind
                return "";
            }
        _tableKeyColumns.Remove(built.Sql);
        return $"ALTER TABLE {Table} DROP COLUMN IF EXISTS {built.Sql}; ";
    }

    private string IndexName(long number) => Table + "_ix_" + number.ToString(CultureInfo.InvariantCulture);

    public ValueTask<bool> DropIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
        => DropIndexAsync(new FudgeIndexDefinition(path ?? throw new ArgumentNullException(nameof(path))), cancellationToken);

    /// <summary>Drops the index on one path declared without uniqueness (its row holds the path's text).</summary>
    private async ValueTask<bool> DropPathIndexAsync(FudgePath path, CancellationToken cancellationToken)
    {
        string text = path.Text.Trim();
        await using var forget = _store.CreateCommand("DELETE FROM fudge_indexes WHERE collection_id = @id AND path = @path RETURNING id");
        forget.Parameters.AddWithValue("id", _id);
        forget.Parameters.AddWithValue("path", text);
        var number = await PostgresFudgeStore.Guard(() => forget.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false);
        _indexedPaths.Remove(text);
        _indexKeys.Remove(text);
        KeyDeclaredMembers(); // a composite index may key the path instead
        if (number is not long dropped) return false;
        // A typed key's column goes with its index unless another index is on it (dropping a column marks it dropped: no
        // rewrite; its bytes leave the rows as they are next written or the table is rewritten).
        await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(dropped)}; {DropUnusedKeyColumnsSql}", cancellationToken).ConfigureAwait(false);
        await LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
        return true;
    }

    public ValueTask<IReadOnlyList<string>> ListIndexesAsync(CancellationToken cancellationToken = default)
        => new(_indexedPaths.Select(text => text.StartsWith("{", StringComparison.Ordinal) ? FudgeIndexDefinition.FromStoredText(text)?.Text ?? text : text).ToArray());

    /// <summary>
    /// The number of <paramref name="path"/>'s row in <c>fudge_indexes</c>, registered if it is not yet: the number names
    /// the path's index and key column.
    /// </summary>
    private async Task<long> RegisterIndexPathAsync(string path, CancellationToken cancellationToken)
    {
        await using var register = _store.CreateCommand("""
            INSERT INTO fudge_indexes (collection_id, path) VALUES (@id, @path) ON CONFLICT DO NOTHING;
            SELECT id FROM fudge_indexes WHERE collection_id = @id AND path = @path;
            """);
        register.Parameters.AddWithValue("id", _id);
        register.Parameters.AddWithValue("path", path);
        return (long)(await PostgresFudgeStore.Guard(() => register.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
    }
}
