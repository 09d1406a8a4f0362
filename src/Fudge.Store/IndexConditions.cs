using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// The part of a filter a store's declared indexes can answer, as SQL over the index's own expression (so the database
/// searches the index instead of scanning): <c>==</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c> and
/// <c>in [...]</c> with literals the index holds, on a path indexed with the same text, combined with <c>&amp;&amp;</c>
/// (either side may be translated) and <c>||</c> (both sides must be). It selects a superset of the matching
/// documents: a document whose path selects several values has the store's several-values key, which every condition
/// takes in, and the exact filter decides after it. Each store gives the key expression, the several-values key and
/// how a literal becomes a parameter.
/// </summary>
internal abstract class IndexConditions
{
    private readonly IReadOnlyCollection<string> _indexedPaths;

    protected IndexConditions(IReadOnlyCollection<string> indexedPaths) => _indexedPaths = indexedPaths;

    /// <summary>
    /// The SQL of the key a document whose path selects several values has: it must sort above every value the index
    /// holds, so that <c>&gt;</c> and <c>&gt;=</c> take it in by themselves.
    /// </summary>
    protected abstract string Several { get; }

    /// <summary>The SQL of the index expression of an indexed path, or null when it has none.</summary>
    protected abstract string? KeyOf(FudgePath path);

    /// <summary>The literal as the index holds it, or null when the index holds no such value.</summary>
    protected abstract object? ValueOf(QueryLiteral literal);

    /// <summary>Adds <paramref name="value"/> (from <see cref="ValueOf"/>) as a parameter and returns its SQL name.</summary>
    protected abstract string Parameter(object value);

    /// <summary>The SQL condition, or null when no part of the filter can use an index.</summary>
    protected string? Translate(FilterNode node)
        => _indexedPaths.Count == 0 ? null : SupersetJunctions.Translate(node, Test, "AND", "OR");

    // One test of the filter (not a junction) as a condition on an index, or null.
    private string? Test(FilterNode node)
    {
        switch (node)
        {
            case ComparisonNode comparison:
            {
                if (Key(comparison.Path) is not string key || ValueOf(comparison.Literal) is not object value) return null;
                if (comparison.Operator == ComparisonOperator.NotEqual) return null;
                string parameter = Parameter(value);
                return comparison.Operator switch
                {
                    ComparisonOperator.Equal => $"{key} IN ({parameter}, {Several})",
                    ComparisonOperator.Greater => $"{key} > {parameter}",
                    ComparisonOperator.GreaterOrEqual => $"{key} >= {parameter}",
                    ComparisonOperator.Less => $"({key} < {parameter} OR {key} = {Several})",
                    _ => $"({key} <= {parameter} OR {key} = {Several})",
                };
            }
            case MembershipNode membership:
            {
                if (Key(membership.Path) is not string key) return null;
                var values = new List<object>(membership.Literals.Length);
                foreach (var literal in membership.Literals)
                {
                    if (ValueOf(literal) is not object value) return null;
                    values.Add(value);
                }
                var list = new System.Text.StringBuilder();
                foreach (var value in values) list.Append(Parameter(value)).Append(", ");
                return $"{key} IN ({list}{Several})";
            }
            default:
                return null;
        }
    }

    private string? Key(FudgePath path)
    {
        string text = path.Text.Trim();
        foreach (string indexed in _indexedPaths)
            if (indexed == text) return KeyOf(path);
        return null;
    }
}
