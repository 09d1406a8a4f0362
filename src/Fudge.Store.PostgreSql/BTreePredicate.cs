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
/// a range on numbers or strings takes in other kinds too and never leaves out a match, and the several-values key
/// <c>[]</c> sorts above every scalar. Literals are number, string and boolean ones (<see cref="JsonPathTranslation.Literal"/>:
/// a jsonpath literal is JSON); dates are held as text in the jsonb and are left to the exact filter.
/// </remarks>
internal sealed class BTreePredicate : IndexConditions
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

    private readonly NpgsqlCommand _command;
    private int _values;

    private BTreePredicate(IReadOnlyCollection<string> indexedPaths, NpgsqlCommand command)
        : base(indexedPaths)
    {
        _command = command;
    }

    /// <summary>The index expression of a path (text of SQL), or null when the path has no SQL/JSON form.</summary>
    public static string? IndexKeyOf(FudgePath path)
    {
        if (JsonPathTranslation.PathOf(path) is not string jsonPath || jsonPath.IndexOf('\0') >= 0) return null;
        return "fudge_key(json, '" + jsonPath.Replace("'", "''") + "[*]'::jsonpath)";
    }

    /// <summary>The SQL condition (its values added to <paramref name="command"/>), or null when no index applies.</summary>
    public static string? For(FudgeFilter filter, IReadOnlyCollection<string> indexedPaths, NpgsqlCommand command)
        => new BTreePredicate(indexedPaths, command).Translate(filter.Root);

    protected override string Several => "'[]'::jsonb";

    protected override string? KeyOf(FudgePath path) => IndexKeyOf(path);

    protected override object? ValueOf(QueryLiteral literal) => JsonPathTranslation.Literal(literal);

    protected override string Parameter(object value)
    {
        string name = "k" + (_values++).ToString(CultureInfo.InvariantCulture);
        _command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, (string)value);
        return "@" + name;
    }
}
