using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>
/// Declared indexes: expression indexes over the key functions (<see cref="FudgeSqlFunctions"/>), one column per path of
/// the index; a unique index is a UNIQUE index over <c>fudge_unique_key</c>, which refuses a path that selects several
/// values. SQLite treats NULL keys (absent values) as distinct, so documents without a member are never constrained.
/// </summary>
internal sealed partial class SqliteFudgeCollection
{
    /// <summary>A declared index and its number (the row of <c>fudge_indexes</c>, which names the SQLite index).</summary>
    private sealed record Declared(long Number, FudgeIndexDefinition Index);

    private List<Declared> _indexes = new();

    // The key expression (and whether it may hold the several-values key) each indexed path's conditions are written
    // over: a leading path before a later one (SQLite searches a composite index from its first column), a unique
    // index before another (its keys are never the several-values key, so its ranges are plain).
    private Dictionary<string, IndexedPredicate.Key> _keys = new(StringComparer.Ordinal);

    private const string DeclareSavepoint = "fudge_declare_index";

    internal async Task LoadIndexesAsync(CancellationToken cancellationToken) => Use(await IndexesAsync(cancellationToken).ConfigureAwait(false));


    private void Use(List<Declared> indexes)
    {
        _indexes = indexes;
        var keys = new Dictionary<string, IndexedPredicate.Key>(StringComparer.Ordinal);
        var ordered = indexes.SelectMany(d => d.Index.Paths.Select((path, position) => (Path: path.Text.Trim(), position, d.Index.IsUnique)))
            .OrderBy(k => k.position).ThenBy(k => k.IsUnique ? 0 : 1);
        foreach (var declared in indexes)
            if (IsElements(declared.Index) && _elementTables.Contains(declared.Number))
                keys[declared.Index.Paths[0].Text.Trim()] = new IndexedPredicate.Key("", false, ElementsTable(declared.Number));
        foreach (var (path, _, unique) in ordered)
            if (!keys.ContainsKey(path)) keys[path] = new IndexedPredicate.Key(KeyExpression(path, unique), unique);
        _keys = keys;
    }

    /// <summary>The collection's indexes as the database lists them now (another connection may have added one).</summary>
    private async Task<List<Declared>> IndexesAsync(CancellationToken cancellationToken)
    {
        using var command = _store.CreateCommand("""
            SELECT i.id, i.path, u.index_id IS NOT NULL FROM fudge_indexes i LEFT JOIN fudge_unique_indexes u ON u.index_id = i.id
            WHERE i.collection_id = $id ORDER BY i.id
            """);
        command.Parameters.AddWithValue("$id", _id);
        var indexes = new List<Declared>();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            indexes.Add(new Declared(reader.GetInt64(0), FudgeIndexDefinition.FromIdentity(reader.GetString(1), reader.GetBoolean(2))));
        reader.Close();
        _elementTables = await ElementTablesAsync(cancellationToken).ConfigureAwait(false);
        _storeWrittenTables = await StoreWrittenTablesAsync(cancellationToken).ConfigureAwait(false);
        return indexes;
    }

    public ValueTask CreateIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
        => CreateIndexAsync(new FudgeIndexDefinition(path ?? throw new ArgumentNullException(nameof(path))), cancellationToken);

    public async ValueTask CreateIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        // Each path is an escaped literal in the index expression (SQLite matches queries to the index by its text),
        // so paths holding a NUL cannot be indexed; CheckIndexable refuses them.
        index.CheckIndexable();
        var existing = _indexes.Find(d => d.Index.Identity == index.Identity);
        // An index an earlier version built on a path through a list's elements (an expression index) becomes the side table.
        if (existing is not null && existing.Index.IsUnique == index.IsUnique && !(IsElements(index) && !_elementTables.Contains(existing.Number))) return;
        await AtomicallyAsync(DeclareSavepoint, async () =>
        {
            long number;
            if (existing is not null && existing.Index.IsUnique == index.IsUnique)
            {
                number = existing.Number;
            }
            else if (existing is not null)
            {
                // The same paths with the other uniqueness: built again, in this transaction, so a failure keeps the old one.
                number = existing.Number;
                await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(number)}", cancellationToken).ConfigureAwait(false);
                await DropElementsAsync(number, cancellationToken).ConfigureAwait(false);
                await Forget("fudge_unique_indexes", "index_id", number, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                using var register = _store.CreateCommand("INSERT INTO fudge_indexes (collection_id, path) VALUES ($id, $path); SELECT last_insert_rowid();");
                register.Parameters.AddWithValue("$id", _id);
                register.Parameters.AddWithValue("$path", index.Identity);
                number = (long)(await SqliteFudgeStore.Guard(() => register.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
            }
            if (index.IsUnique)
            {
                using var mark = _store.CreateCommand("INSERT INTO fudge_unique_indexes (index_id) VALUES ($number)");
                mark.Parameters.AddWithValue("$number", number);
                await SqliteFudgeStore.Guard(() => mark.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
            }
            await BuildIndexAsync(new Declared(number, index), declaring: true, cancellationToken).ConfigureAwait(false);
            return true;
        }, cancellationToken).ConfigureAwait(false);
        Use(await IndexesAsync(cancellationToken).ConfigureAwait(false));
    }

    /// <summary>Creates the SQLite index of a declared one; a unique index over documents that share a key fails with the key.</summary>
    private async Task BuildIndexAsync(Declared declared, bool declaring, CancellationToken cancellationToken)
    {
        if (IsElements(declared.Index))
        {
            // Kept by its triggers through a bulk load; built (or moved from an earlier version's index) when declared.
            await BuildElementsAsync(declared.Number, declared.Index, cancellationToken).ConfigureAwait(false);
            return;
        }
        string columns = string.Join(", ", declared.Index.Paths.Select(p => KeyExpression(p.Text.Trim(), declared.Index.IsUnique)));
        using var command = _store.CreateCommand($"CREATE {(declared.Index.IsUnique ? "UNIQUE " : "")}INDEX {IndexName(declared.Number)} ON {Table} ({columns})");
        try
        {
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (SqliteException e) when (declared.Index.IsUnique && e.SqliteErrorCode == 19)
        {
            throw new FudgeUniqueIndexException(declared.Index.Text, await SharedKeyAsync(declared.Index, cancellationToken).ConfigureAwait(false), declaring, e);
        }
        catch (SqliteException e)
        {
            throw new FudgeStoreException($"Cannot build the index {declared.Index.Text}: " + e.Message, e);
        }
    }

    // A key two documents share at a unique index's paths (none absent), for the message; null when none is found.
    private async Task<string?> SharedKeyAsync(FudgeIndexDefinition index, CancellationToken cancellationToken)
    {
        var keys = index.Paths.Select(p => KeyExpression(p.Text.Trim(), unique: false)).ToList();
        string present = string.Join(" AND ", keys.Select(k => $"{k} IS NOT NULL AND {k} IS NOT x'00'"));
        using var command = _store.CreateCommand($"SELECT {string.Join(", ", keys)} FROM {Table} WHERE {present} GROUP BY {string.Join(", ", keys)} HAVING count(*) > 1 LIMIT 1");
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        if (!await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) return null;
        var values = new object?[keys.Count];
        for (int i = 0; i < values.Length; i++) values[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
        return FudgeIndexDefinition.KeyText(values);
    }

    public ValueTask<bool> DropIndexAsync(FudgePath path, CancellationToken cancellationToken = default)
        => DropIndexAsync(new FudgeIndexDefinition(path ?? throw new ArgumentNullException(nameof(path))), cancellationToken);

    public async ValueTask<bool> DropIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        using var find = _store.CreateCommand("SELECT id FROM fudge_indexes WHERE collection_id = $id AND path = $path");
        find.Parameters.AddWithValue("$id", _id);
        find.Parameters.AddWithValue("$path", index.Identity);
        if (await SqliteFudgeStore.Guard(() => find.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false) is not long number) return false;
        await AtomicallyAsync(DeclareSavepoint, async () =>
        {
            await _store.ExecuteAsync($"DROP INDEX IF EXISTS {IndexName(number)}", cancellationToken).ConfigureAwait(false);
            await DropElementsAsync(number, cancellationToken).ConfigureAwait(false);
            await Forget("fudge_unique_indexes", "index_id", number, cancellationToken).ConfigureAwait(false);
            await Forget("fudge_indexes", "id", number, cancellationToken).ConfigureAwait(false);
            return true;
        }, cancellationToken).ConfigureAwait(false);
        Use(await IndexesAsync(cancellationToken).ConfigureAwait(false));
        return true;
    }

    private async Task Forget(string table, string column, long number, CancellationToken cancellationToken)
    {
        using var forget = _store.CreateCommand($"DELETE FROM {table} WHERE {column} = $number");
        forget.Parameters.AddWithValue("$number", number);
        await SqliteFudgeStore.Guard(() => forget.ExecuteNonQueryAsync(cancellationToken)).ConfigureAwait(false);
    }

    public ValueTask<IReadOnlyList<string>> ListIndexesAsync(CancellationToken cancellationToken = default)
        => new(_indexes.Select(d => d.Index.Text).ToArray());

    public ValueTask<IReadOnlyList<FudgeIndexDefinition>> ListIndexDefinitionsAsync(CancellationToken cancellationToken = default)
        => new(_indexes.Select(d => d.Index).ToArray());

    /// <summary>The key expression of a path (checked to hold no NUL when it was declared).</summary>
    private static string KeyExpression(string path, bool unique)
        => $"{(unique ? "fudge_unique_key" : "fudge_index_key")}(doc, {SqlText.Literal(path)})";

    /// <summary>
    /// Runs a write of <paramref name="envelope"/>, turning a unique index's refusal into
    /// <see cref="FudgeUniqueIndexException"/> with the index and the document's key, and other errors into the store's own.
    /// </summary>
    private async Task<T> GuardWrite<T>(ReadOnlyMemory<byte> envelope, Func<Task<T>> write)
    {
        try
        {
            return await write().ConfigureAwait(false);
        }
        catch (SqliteException e) when (e.SqliteErrorCode == 19 && UniqueIndexNamed(e.Message) is long number)
        {
            // An index another connection declared since this one last read them is named by SQLite's name alone.
            var declared = _indexes.Find(d => d.Number == number);
            string? key = declared is null ? null : FudgeIndexDefinition.KeyText(declared.Index.KeyValues(envelope.Span));
            throw new FudgeUniqueIndexException(declared?.Index.Text ?? IndexName(number), key, declaring: false, e);
        }
        catch (SqliteException e)
        {
            throw new FudgeStoreException("SQLite refused the operation: " + e.Message, e);
        }
    }

    // The declared index SQLite names in a constraint failure ("UNIQUE constraint failed: index 'fudge_docs_1_ix_3'").
    private long? UniqueIndexNamed(string message)
    {
        string prefix = "index '" + Table + "_ix_";
        int at = message.IndexOf(prefix, StringComparison.Ordinal);
        if (at < 0) return null;
        int start = at + prefix.Length, end = start;
        while (end < message.Length && char.IsDigit(message[end])) end++;
        return long.TryParse(message.AsSpan(start, end - start), NumberStyles.None, CultureInfo.InvariantCulture, out long number) ? number : null;
    }
}
