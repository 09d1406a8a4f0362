using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The part of a filter the collection's B-tree expression indexes can answer (issue 43's declared indexes): SQL over
/// <c>fudge_key(json, 'path[*]')</c>, the same expression as the index, so the server searches it. The key is the one
/// value the path selects, or the empty array <c>[]</c> when it selects several (so those documents stay candidates),
/// or NULL when it selects none. Like <see cref="JsonPathTranslation"/> it selects a superset: the exact filter decides.
/// </summary>
/// <remarks>
/// Translated: <c>==</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c> and <c>in [...]</c> with number, string and
/// boolean literals on an indexed path, combined with <c>&amp;&amp;</c> (either side) and <c>||</c> (both sides). jsonb
/// orders values of different kinds by kind (null &lt; string &lt; number &lt; boolean &lt; array &lt; object), so a range
/// on numbers or strings takes in other kinds too, never leaves out a match, and <c>&lt;</c> asks for the several-values
/// key explicitly.
/// </remarks>
internal sealed class BTreePredicate
{
    /// <summary>The function the indexes are built on; created with the store's tables.</summary>
    public const string KeyFunctionSql = """
        DO $do$ BEGIN
          IF to_regprocedure('fudge_key(jsonb, jsonpath)') IS NULL THEN
            CREATE FUNCTION fudge_key(doc jsonb, path jsonpath) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE
              AS $f$ SELECT CASE WHEN count(*) = 1 THEN (array_agg(v))[1] WHEN count(*) > 1 THEN '[]'::jsonb END FROM jsonb_path_query(doc, path) AS v $f$;
          END IF;
        END $do$;
        """;

    private readonly IReadOnlyCollection<string> _indexedPaths;
    private readonly NpgsqlCommand _command;
    private int _values;

    private BTreePredicate(IReadOnlyCollection<string> indexedPaths, NpgsqlCommand command)
    {
        _indexedPaths = indexedPaths;
        _command = command;
    }

    /// <summary>The index expression of a path (text of SQL), or null when the path has no SQL/JSON form.</summary>
    public static string? KeyOf(FudgePath path)
    {
        if (JsonPathTranslation.PathOf(path) is not string jsonPath || jsonPath.IndexOf('\0') >= 0) return null;
        return "fudge_key(json, '" + jsonPath.Replace("'", "''") + "[*]'::jsonpath)";
    }

    /// <summary>The SQL condition (its values added to <paramref name="command"/>), or null when no index applies.</summary>
    public static string? For(FudgeFilter filter, IReadOnlyCollection<string> indexedPaths, NpgsqlCommand command)
        => indexedPaths.Count == 0 ? null : new BTreePredicate(indexedPaths, command).Translate(filter.Root);

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
            {
                if (Key(comparison.Path) is not string key || Json(comparison.Literal) is not string value) return null;
                string parameter = Parameter(value);
                return comparison.Operator switch
                {
                    ComparisonOperator.Equal => $"{key} IN ({parameter}, '[]'::jsonb)",
                    ComparisonOperator.Greater => $"{key} > {parameter}",
                    ComparisonOperator.GreaterOrEqual => $"{key} >= {parameter}",
                    ComparisonOperator.Less => $"({key} < {parameter} OR {key} = '[]'::jsonb)",
                    ComparisonOperator.LessOrEqual => $"({key} <= {parameter} OR {key} = '[]'::jsonb)",
                    _ => null,
                };
            }
            case MembershipNode membership:
            {
                if (Key(membership.Path) is not string key) return null;
                var list = new StringBuilder();
                foreach (var literal in membership.Literals)
                {
                    if (Json(literal) is not string value) return null;
                    list.Append(Parameter(value)).Append(", ");
                }
                return $"{key} IN ({list}'[]'::jsonb)";
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

    private string Parameter(string json)
    {
        string name = "k" + (_values++).ToString(CultureInfo.InvariantCulture);
        _command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, json);
        return "@" + name;
    }

    /// <summary>The literal as jsonb text, or null for dates (held as text in the jsonb) and what jsonb cannot hold.</summary>
    private static string? Json(QueryLiteral literal)
    {
        switch (literal.Kind)
        {
            case LiteralKind.Integer:
                return literal.Integer.ToString(CultureInfo.InvariantCulture);
            case LiteralKind.Number:
                return double.IsFinite(literal.Number) ? literal.Number.ToString("R", CultureInfo.InvariantCulture) : null;
            case LiteralKind.Boolean:
                return literal.Boolean ? "true" : "false";
            case LiteralKind.String:
                if (literal.Text.IndexOf('\0') >= 0) return null;
                var text = new StringBuilder();
                JsonPathTranslation.String(text, literal.Text); // a jsonpath string literal is JSON's
                return text.ToString();
            default:
                return null;
        }
    }
}
