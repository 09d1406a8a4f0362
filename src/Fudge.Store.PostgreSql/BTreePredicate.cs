using System;
using System.Collections.Generic;
using System.Globalization;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The part of a filter the collection's B-tree expression indexes can answer (issue 43's declared indexes;
/// <see cref="IndexConditions"/>): SQL over <c>fudge_key(json, 'path[*]')</c>, the same expression as the index, so
/// the server searches it. The key is the one value the path selects, or the empty array <c>[]</c> when it selects
/// several (so those documents stay candidates), or NULL when it selects none. Like <see cref="JsonPathTranslation"/>
/// it selects a superset: the exact filter decides.
/// </summary>
/// <remarks>
/// jsonb orders values of different kinds by kind (null &lt; string &lt; number &lt; boolean &lt; array &lt; object), so
/// a range on numbers or strings takes in other kinds too and never leaves out a match; the several-values key
/// <c>[]</c>, an empty top-level array, sorts below every other value, and each condition names it. A number literal
/// some field's jsonb text may sit on the wrong side of (a float is held as its own shortest text) is widened by its
/// band (<see cref="ServerDecision.Band"/>), and an equality also searches a float's own text. Literals are number, string and boolean ones (<see cref="JsonPathTranslation.Literal"/>:
/// a jsonpath literal is JSON); dates are held as text in the jsonb and are left to the exact filter.
/// </remarks>
internal sealed class BTreePredicate : IndexConditions
{
    /// <summary>
    /// The function the indexes are built on; created with the store's tables. Its body is one expression of built-in
    /// immutable functions, so the planner inlines it (in the index's expression, in every insert's index maintenance
    /// and in the queries' conditions alike): no SQL function call per row. The path is evaluated twice for a key with
    /// one value (its count, then the value), which costs far less than a call.
    /// </summary>
    /// <remarks>
    /// Stores made before this body had one that aggregated <c>jsonb_path_query</c>'s rows (not inlinable, several
    /// microseconds per row and index). Both give the same key for every document, so the body is replaced in place
    /// when the store opens and existing indexes stay valid: no rebuild is needed.
    /// </remarks>
    public const string KeyFunctionSql = """
        DO $do$ BEGIN
          IF to_regprocedure('fudge_key(jsonb, jsonpath)') IS NULL
             OR (SELECT position('jsonb_path_query_array' in prosrc) = 0 FROM pg_proc WHERE oid = to_regprocedure('fudge_key(jsonb, jsonpath)')) THEN
            CREATE OR REPLACE FUNCTION fudge_key(doc jsonb, path jsonpath) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE
              AS $f$ SELECT CASE jsonb_array_length(jsonb_path_query_array(doc, path)) WHEN 0 THEN NULL WHEN 1 THEN jsonb_path_query_first(doc, path) ELSE '[]'::jsonb END $f$;
          END IF;
        END $do$;
        """;

    private readonly NpgsqlCommand _command;
    private readonly IReadOnlyDictionary<string, string> _keys;
    private int _values;

    private BTreePredicate(IReadOnlyDictionary<string, string> keys, NpgsqlCommand command)
        : base((IReadOnlyCollection<string>)keys.Keys)
    {
        _keys = keys;
        _command = command;
    }

    /// <summary>
    /// The index expression of a path (text of SQL), or null when the path has no SQL/JSON form. For a path of one
    /// name the key is read with <c>-&gt;</c>, as <see cref="OneNameKey"/> says; other paths use <c>fudge_key</c>.
    /// </summary>
    public static string? IndexKeyOf(FudgePath path)
    {
        if (JsonPathTranslation.OneName(path) is string name) return OneNameKey(name);
        return FunctionKeyOf(path);
    }

    /// <summary>
    /// The key as <c>fudge_key(json, 'path[*]')</c>: the only form of every index before the one-name form, and still
    /// the form of paths of several steps. Null when the path has no SQL/JSON form.
    /// </summary>
    public static string? FunctionKeyOf(FudgePath path)
    {
        if (JsonPathTranslation.PathOf(path) is not string jsonPath || jsonPath.IndexOf('\0') >= 0) return null;
        return "fudge_key(json, '" + jsonPath.Replace("'", "''") + "[*]'::jsonpath)";
    }

    /// <summary>
    /// The key of a one-name path without a jsonpath: <c>fudge_key</c>'s value for every document (the member itself
    /// when it is not an array, as the lax <c>[*]</c> wraps a non-array; an array's one element; <c>[]</c> for several;
    /// NULL for none or no member), from <c>-&gt;</c>, <c>jsonb_typeof</c> and <c>jsonb_array_length</c>: a key lookup
    /// in the jsonb object instead of two jsonpath evaluations, per row inserted and per row rechecked.
    /// </summary>
    private static string OneNameKey(string name)
    {
        string member = "(json -> '" + name.Replace("'", "''") + "')";
        return $"(CASE WHEN jsonb_typeof({member}) <> 'array' THEN {member} WHEN jsonb_array_length({member}) = 1 THEN ({member} -> 0) "
            + $"WHEN jsonb_array_length({member}) > 1 THEN '[]'::jsonb END)";
    }

    /// <summary>
    /// True when an index's definition (<c>pg_get_indexdef</c>) is the <c>fudge_key</c> form of a path that now has the
    /// one-name form: an index declared before that form, which its collection keeps searching with the expression it
    /// was built on (the keys are equal; only the expression differs).
    /// </summary>
    public static bool IsFunctionForm(FudgePath path, string definition)
        => JsonPathTranslation.OneName(path) is not null && definition.Contains("fudge_key(", StringComparison.Ordinal);

    /// <summary>
    /// The SQL condition (its values added to <paramref name="command"/>), or null when no index applies.
    /// <paramref name="keys"/>: each indexed path's text and the expression its index was built on.
    /// </summary>
    public static string? For(FudgeFilter filter, IReadOnlyDictionary<string, string> keys, NpgsqlCommand command)
        => new BTreePredicate(keys, command).Translate(filter.Root);

    /// <summary>
    /// For a filter that is one <c>==</c> or <c>in [...]</c> test on an indexed path, the condition that its key is one
    /// of the literals (<paramref name="condition"/>) and the key's expression (<paramref name="key"/>); false for any
    /// other filter. A document whose key is one of the literals passes the filter's jsonpath: the key is the one value
    /// the path selects (the member, or an array's only element, which lax mode unwraps), and it equals a literal. So
    /// such documents need no jsonpath evaluation; only those whose path selects several values (<c>[]</c>) do.
    /// </summary>
    public static bool TryKeyEquality(FudgeFilter filter, IReadOnlyDictionary<string, string> keys, NpgsqlCommand command, out string? condition, out string? key)
    {
        condition = key = null;
        var (path, literals) = filter.Root switch
        {
            ComparisonNode { Operator: ComparisonOperator.Equal } comparison => (comparison.Path, new[] { comparison.Literal }),
            MembershipNode membership => (membership.Path, membership.Literals),
            _ => (null, Array.Empty<QueryLiteral>()),
        };
        if (path is null || literals.Length == 0 || !keys.TryGetValue(path.Text.Trim(), out key)) return false;
        var values = new List<string>(literals.Length);
        foreach (var literal in literals)
        {
            if (EqualTexts(literal) is not string[] equal) return false;
            values.AddRange(equal);
        }
        var predicate = new BTreePredicate(keys, command);
        var list = new System.Text.StringBuilder();
        foreach (string value in values) list.Append(list.Length == 0 ? "" : ", ").Append(predicate.Parameter(value));
        condition = $"{key} IN ({list})";
        return true;
    }

    protected override string Several => "'[]'::jsonb";

    protected override string? KeyOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out string? key) ? key : null;

    protected override object? ValueOf(QueryLiteral literal) => JsonPathTranslation.Literal(literal);

    // A number's bound widened to the band around it (ServerDecision.Band) unless its text orders every jsonb number as
    // the filter orders the value: a float is held as its own shortest text, which may fall on the other side of it.
    protected override object? BoundOf(QueryLiteral literal, bool lower)
    {
        if (!literal.IsNumeric || ServerDecision.IsExactLiteral(literal)) return ValueOf(literal);
        if (!double.IsFinite(literal.Number)) return null;
        var (low, high) = ServerDecision.Band(literal.Number);
        return lower ? low : high;
    }

    protected override object[]? EqualValuesOf(QueryLiteral literal) => EqualTexts(literal);

    /// <summary>The jsonb texts of the values the filter finds equal to a literal (<see cref="JsonPathTranslation.EqualTexts"/>).</summary>
    private static string[]? EqualTexts(QueryLiteral literal) => JsonPathTranslation.EqualTexts(literal);

    protected override string Parameter(object value)
    {
        string name = "k" + (_values++).ToString(CultureInfo.InvariantCulture);
        _command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, (string)value);
        return "@" + name;
    }
}
