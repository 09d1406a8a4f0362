using System.Collections.Generic;
using System.Text;
using Fudge.Query;

namespace Fudge.Store.Sqlite;

/// <summary>
/// The part of a filter an index can answer, as SQL over <c>fudge_index_key(doc, 'path')</c>: the same expression as
/// the index, so SQLite searches the index instead of scanning. It selects a superset of the matching documents (a
/// document whose path selects several values is always a candidate); the query keeps <c>fudge_match</c> after it for
/// the exact answer, evaluated only on the candidates.
/// </summary>
/// <remarks>
/// Translated: <c>==</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c> and <c>in [...]</c> with number, string and boolean
/// literals, on a path indexed with the same text, combined with <c>&amp;&amp;</c> (either side may be translated) and
/// <c>||</c> (both sides must be). Everything else leaves the decision to <c>fudge_match</c>.
/// </remarks>
internal sealed class IndexedPredicate
{
    private readonly IReadOnlyCollection<string> _indexedPaths;
    private readonly List<object> _values = new();

    private IndexedPredicate(IReadOnlyCollection<string> indexedPaths) => _indexedPaths = indexedPaths;

    /// <summary>The SQL condition, or null when no part of the filter can use an index.</summary>
    public string? Sql { get; private set; }

    /// <summary>The values the condition's parameters <c>$k0</c>, <c>$k1</c>, ... stand for.</summary>
    public IReadOnlyList<object> Values => _values;

    public static IndexedPredicate For(FudgeFilter filter, IReadOnlyCollection<string> indexedPaths)
    {
        var predicate = new IndexedPredicate(indexedPaths);
        if (indexedPaths.Count > 0) predicate.Sql = predicate.Translate(filter.Root);
        return predicate;
    }

    private string? Translate(FilterNode node)
    {
        switch (node)
        {
            case AndNode and:
                string? left = Translate(and.Left);
                string? right = Translate(and.Right);
                return left is null ? right : right is null ? left : $"({left} AND {right})";
            case OrNode or:
                string? first = Translate(or.Left);
                if (first is null) return null;
                string? second = Translate(or.Right);
                return second is null ? null : $"({first} OR {second})";
            case ComparisonNode comparison:
                return Comparison(comparison);
            case MembershipNode membership:
                return Membership(membership);
            default:
                return null;
        }
    }

    private string? Comparison(ComparisonNode node)
    {
        string? key = KeyFor(node.Path);
        if (key is null || Value(node.Literal) is not object value) return null;
        string parameter = Parameter(value);
        return node.Operator switch
        {
            ComparisonOperator.Equal => $"{key} IN ({parameter}, x'00')",
            // Blobs sort after every number and text: "greater" already includes the several-values key.
            ComparisonOperator.Greater => $"{key} > {parameter}",
            ComparisonOperator.GreaterOrEqual => $"{key} >= {parameter}",
            ComparisonOperator.Less => $"({key} < {parameter} OR {key} = x'00')",
            ComparisonOperator.LessOrEqual => $"({key} <= {parameter} OR {key} = x'00')",
            _ => null,
        };
    }

    private string? Membership(MembershipNode node)
    {
        string? key = KeyFor(node.Path);
        if (key is null) return null;
        var list = new StringBuilder();
        foreach (var literal in node.Literals)
        {
            if (Value(literal) is not object value) return null;
            list.Append(Parameter(value)).Append(", ");
        }
        return $"{key} IN ({list}x'00')";
    }

    private string? KeyFor(FudgePath path)
    {
        string text = path.Text.Trim();
        if (!Contains(text)) return null;
        string? literal = SqlText.Literal(text);
        return literal is null ? null : $"fudge_index_key(doc, {literal})";
    }

    private bool Contains(string path)
    {
        foreach (string indexed in _indexedPaths)
            if (indexed == path) return true;
        return false;
    }

    private string Parameter(object value)
    {
        _values.Add(value);
        return "$k" + (_values.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>The literal as the index holds it (booleans as 0/1), or null for dates, which the index does not hold.</summary>
    private static object? Value(QueryLiteral literal) => literal.Kind switch
    {
        LiteralKind.Integer => literal.Integer,
        LiteralKind.Number => double.IsNaN(literal.Number) ? null : literal.Number,
        LiteralKind.String => literal.Text,
        LiteralKind.Boolean => literal.Boolean ? 1L : 0L,
        _ => null,
    };
}
