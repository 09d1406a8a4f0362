using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Store.Sqlite;

/// <summary>
/// The part of a filter an index can answer (<see cref="IndexConditions"/>), as SQL over
/// <c>fudge_index_key(doc, 'path')</c> (<c>fudge_unique_key</c> for a unique index's path): the same expression as the
/// index's column, so SQLite searches the index instead of scanning (a composite index by its leading columns). The several-values key is the blob <c>x'00'</c>, which sorts after every number and text; the query keeps
/// <c>fudge_match</c> after the condition for the exact answer, evaluated only on the candidates.
/// </summary>
internal sealed class IndexedPredicate : IndexConditions
{
    private readonly List<object> _values = new();
    private readonly IReadOnlyDictionary<string, Key> _keys;

    private IndexedPredicate(IReadOnlyDictionary<string, Key> keys)
        : base(new List<string>(keys.Keys))
    {
        _keys = keys;
    }

    /// <summary>
    /// The key expression an indexed path's conditions are written over (the index's own column expression), and
    /// whether that index refuses several values (a unique one), so that its conditions need no several-values key.
    /// </summary>
    /// <paramref name="Elements"/>: the side table of an elements index (every value of a path through a list's
    /// elements, <c>(doc_id, value)</c>), searched by <see cref="HoldsAnyOf"/>; the path then has no key expression.
    public sealed record Key(string Expression, bool Unique, string? Elements = null);

    /// <summary>The SQL condition, or null when no part of the filter can use an index.</summary>
    public string? Sql { get; private set; }

    /// <summary>The values the condition's parameters <c>$k0</c>, <c>$k1</c>, ... stand for.</summary>
    public IReadOnlyList<object> Values => _values;

    public static IndexedPredicate For(FudgeFilter filter, IReadOnlyDictionary<string, Key> keys)
    {
        var predicate = new IndexedPredicate(keys);
        predicate.Sql = predicate.Translate(filter.Root);
        return predicate;
    }

    protected override string? SeveralOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) && key.Unique ? null : "x'00'";

    protected override string? KeyOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) && key.Elements is null ? key.Expression : null;

    // The documents one of whose values at the path is one of the literals', from the side table's index on value.
    protected override string? HoldsAnyOf(FudgePath path, IReadOnlyList<QueryLiteral> literals)
    {
        if (!_keys.TryGetValue(path.Text.Trim(), out var key) || key.Elements is null) return null;
        var values = new List<object>(literals.Count);
        foreach (var literal in literals)
        {
            if (ValueOf(path, literal) is not object value) return null;
            values.Add(value);
        }
        if (values.Count == 0) return null;
        var parameters = new List<string>(values.Count);
        foreach (var value in values) parameters.Add(Parameter(value));
        return $"id IN (SELECT doc_id FROM {key.Elements} WHERE value IN ({string.Join(", ", parameters)}))";
    }

    protected override string Parameter(object value)
    {
        _values.Add(value);
        return "$k" + (_values.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>The literal as the index holds it (booleans as 0/1), or null for dates, which the index does not hold.</summary>
    protected override object? ValueOf(FudgePath path, QueryLiteral literal) => literal.Kind switch
    {
        LiteralKind.Integer => literal.Integer,
        LiteralKind.Number => double.IsNaN(literal.Number) ? null : literal.Number,
        LiteralKind.String => literal.Text,
        LiteralKind.Boolean => literal.Boolean ? 1L : 0L,
        _ => null,
    };
}
