using System;
using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The declared index on a collection's members (<c>$.Legs.#.Venue</c>; typed, <c>t =&gt; t.Legs.Select(l =&gt; l.Venue)</c>):
/// every value the path selects, in a stored generated <c>jsonb</c> array column <c>fudge_k_N</c> with a GIN index
/// (<c>jsonb_path_ops</c>), which an equality or <c>in [...]</c> on the path (the typed <c>Any(l =&gt; l.Venue == x)</c>,
/// <c>||</c> of such tests, <c>Contains</c>) searches by containment (<see cref="BTreePredicate"/>'s <c>HoldsAnyOf</c>).
/// A B-tree key has one value a document: a document with several legs would only have the several-values key, which
/// every search must take in, so it cannot serve <c>Any</c>.
/// </summary>
/// <remarks>
/// The column is <c>jsonb_path_query_array(json, 'path[*]')</c> in lax mode, the values the filter's own lax jsonpath
/// compares: a list's elements are the jsonb's <c>""</c> key (one element an object, several an array), which the
/// member accessors unwrap, and the final <c>[*]</c> unwraps a repeated or array value one level as lax comparison
/// does. So containment of <c>[literal]</c> is true wherever the jsonpath's <c>==</c> is (a superset, as every index
/// condition is: the jsonpath and the decision on the bytes still decide). NULL when the path selects nothing (an
/// absent or empty list), so those rows cost the index nothing.
/// </remarks>
internal static class ElementsIndex
{
    /// <summary>True for the paths indexed this way (<see cref="FudgeIndexDefinition.IsElementsPath"/>).</summary>
    public static bool Applies(FudgePath path) => FudgeIndexDefinition.IsElementsPath(path);

    /// <summary>The column's definition, for <c>ALTER TABLE ... ADD COLUMN</c>.</summary>
    public static string ColumnSql(FudgePath path, string column)
    {
        string jsonPath = JsonPathTranslation.PathOf(path) ?? throw new ArgumentException("The path has no jsonpath.", nameof(path));
        string values = $"jsonb_path_query_array(json, '{jsonPath.Replace("'", "''")}[*]'::jsonpath)";
        return $"{column} jsonb GENERATED ALWAYS AS (NULLIF({values}, '[]'::jsonb)) STORED";
    }

    /// <summary>The GIN index on the column.</summary>
    public static string IndexSql(string index, string table, string column)
        => $"CREATE INDEX IF NOT EXISTS {index} ON {table} USING gin ({column} jsonb_path_ops)";

    /// <summary>
    /// The key of an index read back (<c>pg_get_indexdef</c> and the type of its key column), when it is an elements
    /// index: the server prints it as <c>USING gin (fudge_k_N jsonb_path_ops)</c>. Null otherwise.
    /// </summary>
    public static IndexKey? KeyOfDefinition(FudgePath path, string? definition, long number, string? columnType)
    {
        string column = BTreePredicate.KeyColumn(number);
        if (!Applies(path) || definition is null || columnType != "jsonb" || !definition.Contains("gin (" + column + " ", StringComparison.Ordinal)) return null;
        return new IndexKey(column, KeyForm.Elements, Stored: true);
    }

    /// <summary>
    /// True when the elements indexes' conditions (<see cref="BTreePredicate"/>'s <c>HoldsAnyOf</c>) pass exactly the
    /// rows the filter's jsonpath passes, so the jsonpath need not be evaluated on them: every test is an equality or
    /// <c>in [...]</c> on a path with an elements index, with string (no NUL) or boolean literals, joined by
    /// <c>&amp;&amp;</c> and <c>||</c>. Containment of <c>[literal]</c> in the column is the lax <c>==</c> on the values it
    /// holds: the same values (the final <c>[*]</c> unwraps one level as lax comparison does), the same equality (a
    /// string's bytes, a boolean). Numbers are left to the jsonpath: a float literal also searches its float's text.
    /// </summary>
    public static bool Decides(FudgeFilter filter, IReadOnlyDictionary<string, IndexKey> keys) => Decides(filter.Root, keys);

    private static bool Decides(FilterNode node, IReadOnlyDictionary<string, IndexKey> keys) => node switch
    {
        AndNode both => Decides(both.Left, keys) && Decides(both.Right, keys),
        OrNode either => Decides(either.Left, keys) && Decides(either.Right, keys),
        ComparisonNode { Operator: ComparisonOperator.Equal } equal => Keyed(equal.Path, keys) && Exact(equal.Literal),
        MembershipNode member => Keyed(member.Path, keys) && member.Literals.Length > 0 && Array.TrueForAll(member.Literals, Exact),
        _ => false,
    };

    private static bool Keyed(FudgePath path, IReadOnlyDictionary<string, IndexKey> keys)
        => keys.TryGetValue(path.Text.Trim(), out var key) && key.Form == KeyForm.Elements;

    private static bool Exact(QueryLiteral literal)
        => literal.Kind == LiteralKind.Boolean || (literal.Kind == LiteralKind.String && literal.Text.IndexOf('\0') < 0);
}
