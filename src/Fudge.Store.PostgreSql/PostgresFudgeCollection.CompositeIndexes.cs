using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Npgsql;

namespace Fudge.Store.PostgreSql;

// Composite and unique declared indexes (FudgeIndexDefinition): one B-tree over several members' keys, a typed member
// of a non-unique index in a key column as the one-path indexes have (shared by every index on that path and kind:
// PostgresFudgeCollection.KeyColumns.cs; fudge_k_N_i when composite N made it), the others on the jsonb key; a unique
// index is a UNIQUE B-tree over the jsonb keys (every kind of value constrained, as the filter compares them) with a
// CHECK that no path selects several values. Registered in fudge_indexes as FudgeIndexDefinition.StoredText.
internal sealed partial class PostgresFudgeCollection
{
    // The composite and unique indexes by number (an index on one path, not unique, is in _indexedPaths/_indexKeys alone).
    private readonly Dictionary<long, FudgeIndexDefinition> _declared = new();

    private const string DeclareSavepoint = "fudge_declare_index";

    /// <summary>The CHECK constraint that keeps a unique index's paths to one value each.</summary>
    private string OneValueConstraint(long number) => Table + "_one_" + number.ToString(CultureInfo.InvariantCulture);

    // The key of each member of a composite or unique index: a key column for a typed member of a non-unique index
    // (MemberColumn; its expression when the index's B-tree is missing), the jsonb key otherwise (a unique index's keys
    // never hold the several-values key, which its CHECK refuses).
    private List<IndexKey> MemberKeys(long number, FudgeIndexDefinition index)
    {
        var keys = new List<IndexKey>(index.Paths.Count);
        for (int i = 0; i < index.Paths.Count; i++)
        {
            var path = index.Paths[i];
            var key = BTreePredicate.IndexKeyOf(path, index.IsUnique ? FudgeIndexKind.Any : index.Kinds[i])
                ?? throw new FudgeStoreException($"The path {path.Text.Trim()} has no SQL/JSON equivalent (ordinal, anonymous and indexed steps), so the server cannot index it.");
            keys.Add(key.Form == KeyForm.Jsonb ? key with { Single = index.IsUnique }
                : MemberColumn(number, i) is string column ? new IndexKey(column, key.Form, Stored: true) : key);
        }
        return keys;
    }

    /// <summary>
    /// Adds the members' keys of the composite and unique indexes to the keys the queries search, each path's from the
    /// index where it comes first (the server searches a B-tree by its leading keys), a one-path index's key kept.
    /// </summary>
    private void KeyDeclaredMembers()
    {
        var members = _declared.OrderBy(d => d.Key)
            .SelectMany(d => MemberKeys(d.Key, d.Value).Select((key, position) => (Path: d.Value.Paths[position].Text.Trim(), key, position, d.Value.IsUnique)))
            .OrderBy(m => m.position).ThenBy(m => m.IsUnique ? 0 : 1);
        foreach (var (path, key, _, _) in members)
            if (!_indexKeys.ContainsKey(path)) _indexKeys[path] = key;
    }

    public async ValueTask CreateIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        index.CheckIndexable();
        var existing = _declared.FirstOrDefault(d => d.Value.Identity == index.Identity);
        if (!index.IsComposite && !index.IsUnique)
        {
            await CreateIndexAsync(index.Paths[0], index.Kinds[0], cancellationToken).ConfigureAwait(false);
            return;
        }
        _ = MemberKeys(0, index); // refuses a path the server cannot key before anything is written
        if (existing.Value is not null && existing.Value.StoredText() == index.StoredText()) return;
        try
        {
            await DeclareAsync(index, existing, cancellationToken).ConfigureAwait(false);
        }
        catch (FudgeUniqueIndexException refused) when (refused.Key is null)
        {
            // Taken back, the transaction (or the caller's, to the savepoint) can say which key the documents share.
            throw new FudgeUniqueIndexException(refused.Index, await SharedKeyAsync(index, cancellationToken).ConfigureAwait(false), declaring: true, refused.InnerException);
        }
        await LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
    }

    private Task DeclareAsync(FudgeIndexDefinition index, KeyValuePair<long, FudgeIndexDefinition> existing, CancellationToken cancellationToken)
        => AtomicallyAsync(async () =>
        {
            // The same paths declared otherwise (another uniqueness or kinds, or the one-path index): built again here,
            // in this transaction, so a failure keeps the index that was there.
            if (existing.Value is not null) await DropDeclaredAsync(existing.Key, cancellationToken, dropColumns: false).ConfigureAwait(false);
            else if (!index.IsComposite && _indexedPaths.Contains(index.Paths[0].Text.Trim())) await DropIndexAsync(index.Paths[0], cancellationToken).ConfigureAwait(false);
            await using var register = _store.CreateCommand("INSERT INTO fudge_indexes (collection_id, path) VALUES (@id, @path) RETURNING id");
            register.Parameters.AddWithValue("id", _id);
            register.Parameters.AddWithValue("path", index.StoredText());
            long number = (long)(await PostgresFudgeStore.Guard(() => register.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
            // A typed member's key column: the one an index on the path and kind has already (no column added, no table
            // rewritten), else a new one, which the next declarations share.
            var statements = new List<string>();
            var columns = new string[index.Paths.Count];
            for (int i = 0; i < columns.Length; i++)
            {
                var key = BTreePredicate.IndexKeyOf(index.Paths[i], index.IsUnique ? FudgeIndexKind.Any : index.Kinds[i])!;
                columns[i] = "";
                if (key.Form == KeyForm.Jsonb) continue;
                string path = index.Paths[i].Text.Trim();
                if (SharedKeyColumn(path, key.Form) is not string column)
                {
                    column = NewKeyColumn(BTreePredicate.KeyColumn(number) + "_" + i.ToString(CultureInfo.InvariantCulture));
                    statements.Add($"ALTER TABLE {Table} ADD COLUMN {BTreePredicate.KeyColumnSql(JsonPathTranslation.OneName(index.Paths[i])!, key.Form, column)}");
                    ShareKeyColumn(path, key.Form, column);
                }
                columns[i] = column;
            }
            _memberColumns[number] = columns;
            var keys = MemberKeys(number, index);
            if (index.IsUnique)
                statements.Add($"ALTER TABLE {Table} ADD CONSTRAINT {OneValueConstraint(number)} CHECK ({string.Join(" AND ", keys.Select(k => $"{k.Sql} IS DISTINCT FROM '[]'::jsonb"))})");
            string members = string.Join(", ", keys.Select(k => k.Stored ? k.Sql : "(" + k.Sql + ")"));
            statements.Add($"CREATE {(index.IsUnique ? "UNIQUE " : "")}INDEX {IndexName(number)} ON {Table} ({members})");
            // After the new index, so a column the index declared again had and this one keeps is never dropped.
            if (existing.Value is not null) statements.Add(DropUnusedKeyColumnsSql);
            try
            {
                await using var build = _store.CreateCommand(string.Join("; ", statements));
                await build.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (PostgresException e)
            {
                throw Refused(e, null, declaring: index);
            }
        }, cancellationToken);

    // A key two documents share at the paths of a unique index (jsonb texts: strings quoted, numbers as written), or null.
    private async Task<string?> SharedKeyAsync(FudgeIndexDefinition index, CancellationToken cancellationToken)
    {
        var keys = index.Paths.Select(p => BTreePredicate.IndexKeyOf(p, FudgeIndexKind.Any)!.Sql).ToList();
        string present = string.Join(" AND ", keys.Select(k => $"{k} IS NOT NULL AND {k} <> '[]'::jsonb"));
        await using var command = _store.CreateCommand(
            $"SELECT {string.Join(", ", keys.Select(k => k + "::text"))} FROM {Table} WHERE {present} GROUP BY {string.Join(", ", keys)} HAVING count(*) > 1 LIMIT 1");
        await using var reader = await PostgresFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        if (!await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) return null;
        var values = Enumerable.Range(0, keys.Count).Select(reader.GetString).ToList();
        return values.Count == 1 ? values[0] : "(" + string.Join(", ", values) + ")";
    }

    public async ValueTask<bool> DropIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        var existing = _declared.FirstOrDefault(d => d.Value.Identity == index.Identity);
        if (existing.Value is null) return !index.IsComposite && await DropPathIndexAsync(index.Paths[0], cancellationToken).ConfigureAwait(false);
        await AtomicallyAsync(() => DropDeclaredAsync(existing.Key, cancellationToken), cancellationToken).ConfigureAwait(false);
        await LoadIndexesAsync(cancellationToken).ConfigureAwait(false);
        return true;
    }

    // The index, its registration and its CHECK; with dropColumns, the key columns no other index is on (not when the
    // index is about to be declared again, which keeps its columns).
    private async Task DropDeclaredAsync(long number, CancellationToken cancellationToken, bool dropColumns = true)
    {
        var drops = new List<string> { $"DELETE FROM fudge_indexes WHERE id = {number.ToString(CultureInfo.InvariantCulture)}", $"DROP INDEX IF EXISTS {IndexName(number)}" };
        drops.Add($"ALTER TABLE {Table} DROP CONSTRAINT IF EXISTS {OneValueConstraint(number)}");
        if (dropColumns) drops.Add(DropUnusedKeyColumnsSql);
        await _store.ExecuteAsync(string.Join("; ", drops), cancellationToken).ConfigureAwait(false);
    }

    public ValueTask<IReadOnlyList<FudgeIndexDefinition>> ListIndexDefinitionsAsync(CancellationToken cancellationToken = default)
        => new(_indexedPaths.Select(FudgeIndexDefinition.FromStoredText).OfType<FudgeIndexDefinition>().ToArray());

    /// <summary>Runs <paramref name="work"/> in a transaction of its own, or inside the caller's bracketed by a savepoint.</summary>
    private async Task AtomicallyAsync(Func<Task> work, CancellationToken cancellationToken)
    {
        NpgsqlTransaction? joined = _store.Transaction;
        IFudgeStoreTransaction? own = joined is null ? await _store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false) : null;
        try
        {
            if (joined is not null) await PostgresFudgeStore.Guard(() => joined.SaveAsync(DeclareSavepoint, cancellationToken)).ConfigureAwait(false);
            try
            {
                await work().ConfigureAwait(false);
            }
            catch when (joined is not null)
            {
                await PostgresFudgeStore.Guard(() => joined.RollbackAsync(DeclareSavepoint, CancellationToken.None)).ConfigureAwait(false);
                throw;
            }
            if (joined is not null) await PostgresFudgeStore.Guard(() => joined.ReleaseAsync(DeclareSavepoint, cancellationToken)).ConfigureAwait(false);
            if (own is not null) await own.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            if (own is not null) await own.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// The store's exception for a write or a declaration the server refused: a unique index's refusal as
    /// <see cref="FudgeUniqueIndexException"/> with the index and the key (from the written document when there is one,
    /// else from the server's detail when the connection string includes it), a path selecting several values under a
    /// unique index saying so, anything else as the store's general refusal.
    /// </summary>
    internal FudgeStoreException Refused(NpgsqlException e, byte[]? envelope, FudgeIndexDefinition? declaring = null)
    {
        if (e is PostgresException server)
        {
            long? number = NumberIn(server.ConstraintName, Table + "_ix_") ?? NumberIn(server.ConstraintName, Table + "_one_");
            var index = declaring ?? (number is long n && _declared.TryGetValue(n, out var known) ? known : null);
            if (server.SqlState == PostgresErrorCodes.UniqueViolation && index is not null)
            {
                string? key = envelope is not null ? FudgeIndexDefinition.KeyText(index.KeyValues(envelope)) : DetailKey(server.Detail, index);
                return new FudgeUniqueIndexException(index.Text, key, declaring is not null, e);
            }
            if (server.SqlState == PostgresErrorCodes.CheckViolation && index is not null)
                return new FudgeStoreException($"A path of the index {index.Text} selects several values in a document, which a unique index refuses: {(declaring is not null ? "no index was created" : "the write was refused and nothing of it stored")}.", e);
        }
        return PostgresFudgeStore.Refused(e);
    }

    private static long? NumberIn(string? name, string prefix)
        => name is not null && name.StartsWith(prefix, StringComparison.Ordinal)
           && long.TryParse(name.AsSpan(prefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out long number) ? number : null;

    // "Key ((json -> 's'::text), ...)=("AAPL", 2) already exists.": the values as KeyText writes them (parentheses for
    // a composite), when the server gave its detail.
    private static string? DetailKey(string? detail, FudgeIndexDefinition index)
    {
        if (detail is null) return null;
        int equals = detail.IndexOf(")=(", StringComparison.Ordinal), end = detail.LastIndexOf(") already exists", StringComparison.Ordinal);
        if (equals < 0 || end <= equals + 3) return null;
        string values = detail.Substring(equals + 3, end - equals - 3);
        return index.IsComposite ? "(" + values + ")" : values;
    }
}
