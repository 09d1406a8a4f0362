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
    /// The SQL of the key a document whose path selects several values has in the index on <paramref name="path"/>
    /// (a store may key its indexes differently). Every condition takes it in by name (<c>OR key = several</c>),
    /// wherever it sorts: PostgreSQL's <c>'[]'::jsonb</c> sorts below every other jsonb value, so a lower bound alone
    /// would leave it out. Null when no document has several values in that index (a unique index refuses them), so
    /// that the conditions are plain ranges a composite index can search on its later keys too.
    /// </summary>
    protected abstract string? SeveralOf(FudgePath path);

    /// <summary>The SQL of the index expression of an indexed path, or null when it has none.</summary>
    protected abstract string? KeyOf(FudgePath path);

    /// <summary>The literal as the index on <paramref name="path"/> holds it, or null when that index holds no such value.</summary>
    protected abstract object? ValueOf(FudgePath path, QueryLiteral literal);

    /// <summary>
    /// The value a bound of a range is searched from (<paramref name="lower"/>: a lower bound, <c>&gt;</c> or
    /// <c>&gt;=</c>), or null: the literal's own (<see cref="ValueOf"/>) unless a store's keys may hold a value the
    /// filter finds on the literal's side on the other side of it, and must then widen the bound.
    /// </summary>
    protected virtual object? BoundOf(FudgePath path, QueryLiteral literal, bool lower) => ValueOf(path, literal);

    /// <summary>
    /// The keys an equality with the literal searches: its value (<see cref="ValueOf"/>) unless a store's keys may hold a
    /// value the filter finds equal under another key; null when no list of keys takes in every such value.
    /// </summary>
    protected virtual object[]? EqualValuesOf(FudgePath path, QueryLiteral literal) => ValueOf(path, literal) is object value ? new[] { value } : null;

    /// <summary>
    /// For a path whose index keys a document by all the values the path selects (a collection's members, PostgreSQL's
    /// elements column), the SQL condition that one of them equals one of <paramref name="literals"/>; null when the
    /// path has no such index or a literal has no condition on it. Such a path has no <see cref="KeyOf"/>.
    /// </summary>
    protected virtual string? HoldsAnyOf(FudgePath path, IReadOnlyList<QueryLiteral> literals) => null;

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
                return parts.Count switch { 0 => null, 1 => parts[0], _ => Distributed(parts) ?? "(" + string.Join(" AND ", parts) + ")" };
            case OrNode either:
                string? first = Junction(either.Left);
                if (first is null) return null;
                string? second = Junction(either.Right);
                return second is null ? null : $"({first} OR {second})";
            default:
                return Test(node);
        }
    }

    // The most alternatives a conjunction is distributed into (Distributed): each is one more search of an index.
    private const int MostAlternatives = 4;

    // The parts OrSeveral made, each with its two alternatives: the condition, and the several-values key.
    private readonly Dictionary<string, string[]> _alternatives = new();

    // A conjunction with a part that takes in the several-values key, as a disjunction of conjunctions, each part's
    // alternatives in turn ((a AND (b OR b') is (a AND b) OR (a AND b')), or null when no part has alternatives or they
    // would be more than MostAlternatives. A composite index's later key is then searched: a B-tree (PostgreSQL's, and
    // SQLite's) takes the conditions on its keys in order up to the first that is not an equality, an IN or a range,
    // so "k0 IN (...) AND (k1 range OR k1 = several)" searches k0 alone and filters on k1, while each alternative
    // "k0 IN (...) AND k1 range" and "k0 IN (...) AND k1 = several" searches both keys (the server ORs the searches).
    private string? Distributed(List<string> parts)
    {
        var alternatives = new List<string> { "" };
        bool split = false;
        foreach (string part in parts)
        {
            string[] choices = _alternatives.TryGetValue(part, out var both) ? both : new[] { part };
            split |= choices.Length > 1;
            if (alternatives.Count * choices.Length > MostAlternatives) return null;
            var next = new List<string>(alternatives.Count * choices.Length);
            foreach (string prefix in alternatives)
                foreach (string choice in choices)
                    next.Add(prefix.Length == 0 ? choice : prefix + " AND " + choice);
            alternatives = next;
        }
        return split ? "((" + string.Join(") OR (", alternatives) + "))" : null;
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
        if (!matches || BoundOf(comparison.Path, comparison.Literal, lower) is null) return false;
        key = Key(comparison.Path);
        return key is not null;
    }

    // Both bounds in one range the index searches, the several-values key added beside it.
    private string Range(string key, ComparisonNode low, ComparisonNode high)
    {
        string from = Parameter(BoundOf(low.Path, low.Literal, lower: true)!);
        string to = Parameter(BoundOf(high.Path, high.Literal, lower: false)!);
        string lowOp = low.Operator == ComparisonOperator.Greater ? ">" : ">=";
        string highOp = high.Operator == ComparisonOperator.Less ? "<" : "<=";
        return OrSeveral($"({key} {lowOp} {from} AND {key} {highOp} {to})", key, low.Path);
    }

    // One test of the filter (not a junction) as a condition on an index, or null.
    private string? Test(FilterNode node)
    {
        switch (node)
        {
            case ComparisonNode { Operator: ComparisonOperator.Equal } equal when Indexed(equal.Path) && HoldsAnyOf(equal.Path, new[] { equal.Literal }) is string holds:
                return holds;
            case MembershipNode member when Indexed(member.Path) && HoldsAnyOf(member.Path, member.Literals) is string holdsAny:
                return holdsAny;
            case ComparisonNode comparison:
            {
                if (Key(comparison.Path) is not string key || comparison.Operator == ComparisonOperator.NotEqual) return null;
                if (comparison.Operator == ComparisonOperator.Equal)
                    return EqualValuesOf(comparison.Path, comparison.Literal) is object[] equal ? In(key, equal, comparison.Path) : null;
                bool lower = comparison.Operator is ComparisonOperator.Greater or ComparisonOperator.GreaterOrEqual;
                if (BoundOf(comparison.Path, comparison.Literal, lower) is not object value) return null;
                string parameter = Parameter(value);
                string op = comparison.Operator switch
                {
                    ComparisonOperator.Greater => ">",
                    ComparisonOperator.GreaterOrEqual => ">=",
                    ComparisonOperator.Less => "<",
                    _ => "<=",
                };
                return OrSeveral($"{key} {op} {parameter}", key, comparison.Path);
            }
            case MembershipNode membership:
            {
                if (Key(membership.Path) is not string key) return null;
                var values = new List<object>(membership.Literals.Length);
                foreach (var literal in membership.Literals)
                {
                    if (EqualValuesOf(membership.Path, literal) is not object[] equal) return null;
                    values.AddRange(equal);
                }
                return In(key, values, membership.Path);
            }
            default:
                return null;
        }
    }

    // key IN (the values as parameters, and the several-values key when the index may hold it).
    private string In(string key, IEnumerable<object> values, FudgePath path)
    {
        var list = new List<string>();
        foreach (var value in values) list.Add(Parameter(value));
        if (SeveralOf(path) is string several) list.Add(several);
        return $"{key} IN ({string.Join(", ", list)})";
    }

    // A condition, or the several-values key beside it when the index may hold it.
    private string OrSeveral(string condition, string key, FudgePath path)
    {
        if (SeveralOf(path) is not string several) return $"({condition})";
        string part = $"({condition} OR {key} = {several})";
        _alternatives[part] = new[] { $"({condition})", $"{key} = {several}" };
        return part;
    }

    private bool Indexed(FudgePath path)
    {
        string text = path.Text.Trim();
        foreach (string indexed in _indexedPaths)
            if (indexed == text) return true;
        return false;
    }

    private string? Key(FudgePath path)
    {
        string text = path.Text.Trim();
        foreach (string indexed in _indexedPaths)
            if (indexed == text) return KeyOf(path);
        return null;
    }
}
