using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// The part of a filter a store's declared indexes can answer, as SQL over the index's own expression (so the database
/// searches the index instead of scanning): <c>==</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c> and
/// <c>in [...]</c> with literals the index holds, on a path indexed with the same text, combined with <c>&amp;&amp;</c>
/// (either side may be translated; a lower and an upper bound on one key become one range, so the index is searched
/// between them rather than from one bound to its end) and <c>||</c> (both sides must be). It selects a superset of the matching
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
        => _indexedPaths.Count == 0 ? null : Junction(node);

    // As SupersetJunctions (a conjunction keeps the sides that translate; a disjunction needs both), except that a
    // conjunction is taken whole, so that a lower and an upper bound on the same key become one range of the index.
    private string? Junction(FilterNode node)
    {
        switch (node)
        {
            case AndNode:
                var conjuncts = new List<FilterNode>();
                Conjuncts(node, conjuncts);
                var parts = new List<string>(conjuncts.Count);
                var used = new bool[conjuncts.Count];
                for (int i = 0; i < conjuncts.Count; i++)
                {
                    if (used[i]) continue;
                    string? part = null;
                    foreach (bool lower in new[] { true, false })
                    {
                        if (part is not null || !IsBound(conjuncts[i], lower, out var bound, out string? key)) continue;
                        for (int j = i + 1; j < conjuncts.Count && part is null; j++)
                        {
                            if (used[j] || !IsBound(conjuncts[j], !lower, out var other, out string? otherKey) || otherKey != key) continue;
                            used[j] = true;
                            part = lower ? Range(key!, bound!, other!) : Range(key!, other!, bound!);
                        }
                    }
                    part ??= Junction(conjuncts[i]);
                    if (part is not null) parts.Add(part);
                }
                return parts.Count switch { 0 => null, 1 => parts[0], _ => "(" + string.Join(" AND ", parts) + ")" };
            case OrNode either:
                string? first = Junction(either.Left);
                if (first is null) return null;
                string? second = Junction(either.Right);
                return second is null ? null : $"({first} OR {second})";
            default:
                return Test(node);
        }
    }

    private static void Conjuncts(FilterNode node, List<FilterNode> into)
    {
        if (node is AndNode both)
        {
            Conjuncts(both.Left, into);
            Conjuncts(both.Right, into);
        }
        else
        {
            into.Add(node);
        }
    }

    // A comparison that bounds an indexed key from below (> >=) or above (< <=), with a literal the index holds.
    private bool IsBound(FilterNode node, bool lower, out ComparisonNode? comparison, out string? key)
    {
        comparison = node as ComparisonNode;
        key = null;
        if (comparison is null) return false;
        bool matches = lower
            ? comparison.Operator is ComparisonOperator.Greater or ComparisonOperator.GreaterOrEqual
            : comparison.Operator is ComparisonOperator.Less or ComparisonOperator.LessOrEqual;
        if (!matches || ValueOf(comparison.Literal) is null) return false;
        key = Key(comparison.Path);
        return key is not null;
    }

    // Both bounds in one range the index searches; the several-values key sorts above every value, so it is taken in
    // by the lower bound alone and added beside the range.
    private string Range(string key, ComparisonNode low, ComparisonNode high)
    {
        string from = Parameter(ValueOf(low.Literal)!);
        string to = Parameter(ValueOf(high.Literal)!);
        string lowOp = low.Operator == ComparisonOperator.Greater ? ">" : ">=";
        string highOp = high.Operator == ComparisonOperator.Less ? "<" : "<=";
        return $"(({key} {lowOp} {from} AND {key} {highOp} {to}) OR {key} = {Several})";
    }

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
