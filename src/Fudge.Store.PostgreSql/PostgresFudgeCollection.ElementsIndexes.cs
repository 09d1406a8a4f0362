using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store.PostgreSql;

// Declared indexes on a collection's members (ElementsIndex): a stored generated jsonb array column with a GIN index.
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>
    /// Declares the elements index on <paramref name="path"/> (<see cref="ElementsIndex.Applies"/>): the column and its
    /// GIN index, in one statement (one transaction). Declaring it again does nothing; an index an earlier version
    /// built on the path (a B-tree on its one value, which cannot serve <c>Any</c>) is dropped and built again this way.
    /// </summary>
    private async ValueTask CreateElementsIndexAsync(Fudge.Query.FudgePath path, CancellationToken cancellationToken)
    {
        string text = path.Text.Trim();
        bool rebuild = _indexedPaths.Contains(text);
        if (rebuild && _indexKeys.TryGetValue(text, out var built) && built.Form == KeyForm.Elements) return;
        long number = await RegisterIndexPathAsync(text, cancellationToken).ConfigureAwait(false);
        string index = IndexName(number), column = BTreePredicate.KeyColumn(number);
        // Adding a stored generated column rewrites the table once (its rows get their values); then the GIN index.
        string add = $"ALTER TABLE {Table} ADD COLUMN {(rebuild ? "" : "IF NOT EXISTS ")}{ElementsIndex.ColumnSql(path, column)}";
        string create = ElementsIndex.IndexSql(index, Table, column);
        string sql = rebuild ? $"DROP INDEX IF EXISTS {index}; ALTER TABLE {Table} DROP COLUMN IF EXISTS {column}; {add}; {create}" : $"{add}; {create}";
        await _store.ExecuteAsync(sql, cancellationToken).ConfigureAwait(false);
        if (!rebuild) _indexedPaths.Add(text);
        _indexKeys[text] = new IndexKey(column, KeyForm.Elements, Stored: true);
    }
}
