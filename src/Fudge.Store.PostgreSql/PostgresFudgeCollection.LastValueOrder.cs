using System.Globalization;
using System.Text;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

// The sort key of a LINQ ordering: the member's value as the generated deserializer gives it. The jsonb holds several
// fields of one name as one array, of which the deserializer keeps the last (and of a repeated sub-message the last,
// whose own members are read the same way); an indicator is jsonb null, which the deserializer reads as the member's
// default, as it reads a missing field. The server's ORDER BY, the client sort (ClientOrder compares the keys the
// server computes) and a projected column on the ordered path all read this one expression.
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>
    /// The column that says whether a document's jsonb has a named member whose value is an array (several fields of
    /// that name, or a primitive array) or null (an indicator), or an array in an array (<see cref="JsonbKeyOrder.SeveralFields"/>,
    /// found as the jsonb is written): false for nearly every document, whose ordering keys are then the members' jsonb
    /// values as they stand; NULL for rows written before the column, which are read as if true.
    /// </summary>
    internal const string SeveralFieldsFlag = "several_fields";

    /// <summary>
    /// The SQL of an ordering's jsonb key (its parameters added to <paramref name="command"/> as
    /// <paramref name="name"/>), or null when the path has no SQL/JSON form:
    /// <list type="bullet">
    /// <item>one name, <c>m</c> = <c>json -&gt; 'name'</c>: <c>m</c> itself where <see cref="SeveralFieldsFlag"/> is
    /// false (one key lookup, as before: the common document costs one column read more), else <c>m</c>'s last
    /// element when it is an array, NULL when it is jsonb null;</item>
    /// <item>names: the first value's jsonpath (<c>$."a"."b"</c>, as before) where the flag is false, else
    /// <c>jsonb_path_query_first(json, '$."a"[last]."b"[last] ? (@ != null)')</c>: lax mode wraps a value that is not
    /// an array for <c>[last]</c>, so each step takes its one field or the last of several;</item>
    /// <item>other paths (an ordinal, an index, a descent): the first value, as before.</item>
    /// </list>
    /// A missing member orders as NULL (first), or, for a member that cannot be null, as its default
    /// (<see cref="FudgeQueryOrder.Absent"/>, <see cref="AbsentValue"/>) when the sub-messages above it are there:
    /// <c>coalesce</c>, whose second argument (for a nested member, the jsonpath of the sub-message above) is evaluated only for such documents.
    /// </summary>
    private static string? OrderValueOf(FudgeQueryOrder ordering, NpgsqlCommand command, string name)
    {
        var path = ordering.Path;
        string absent = AbsentValue(ordering.Absent);
        if (JsonPathTranslation.OneName(path) is string member)
        {
            string m = $"(json -> '{member.Replace("'", "''")}')";
            string last = $"CASE jsonb_typeof({m}) WHEN 'array' THEN nullif({m} -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE {m} END";
            string value = $"(CASE WHEN {SeveralFieldsFlag} IS FALSE THEN {m} ELSE {last} END)";
            return ordering.Absent == AbsentKey.Null ? value : $"coalesce({value}, {absent})";
        }
        if (LastValuePaths(path) is not { } paths) return ValueOf(path, command, name);
        // The [last] steps and the filter cost about half a jsonpath evaluation more: only for the flagged rows.
        command.Parameters.AddWithValue(name + "l", NpgsqlDbType.JsonPath, paths.Value);
        string nested = $"(CASE WHEN {SeveralFieldsFlag} IS FALSE THEN {ValueOf(path, command, name)} ELSE jsonb_path_query_first(json, @{name}l) END)";
        if (ordering.Absent == AbsentKey.Null) return nested;
        command.Parameters.AddWithValue(name + "p", NpgsqlDbType.JsonPath, paths.Parent);
        return $"coalesce({nested}, CASE WHEN jsonb_typeof(jsonb_path_query_first(json, @{name}p)) = 'object' THEN {absent} END)";
    }

    /// <summary>
    /// The jsonb of a missing member's default, ordered as the member's values are: a number; false; a date-time's text,
    /// whose instant (<see cref="InstantKeys"/>) is that of <c>default(DateTime)</c> (written as Fudge's earliest date,
    /// <c>minT00:00:00...</c>, which has that instant too); a date's (<see cref="DayValueOf"/>); for a <c>char</c>, the empty string, which the C collation orders before every character the jsonb
    /// holds (U+0000 itself cannot be held: the jsonb has U+FFFD for it, ordered as that).
    /// </summary>
    private static string AbsentValue(AbsentKey absent) => absent switch
    {
        AbsentKey.False => "'false'::jsonb",
        AbsentKey.FirstInstant => "'\"0001-01-01T00:00:00\"'::jsonb",
        AbsentKey.FirstDay => FirstDay,
        AbsentKey.Nul => "'\"\"'::jsonb",
        _ => "'0'::jsonb",
    };

    private const string FirstDay = "'\"0001-01-01\"'::jsonb", LastDay = "'\"9999-12-31\"'::jsonb";

    /// <summary>
    /// A date ordering's key (<see cref="FudgeQueryOrder.Day"/>): the jsonb value, Fudge's earliest and latest date
    /// markers (<c>"min"</c>, <c>"max"</c>) as the dates they read back as, which the jsonb's order of strings puts
    /// among the others (a marker's letters would order after every date).
    /// </summary>
    private static string DayValueOf(string value)
        => $"(CASE {value} WHEN '\"min\"'::jsonb THEN {FirstDay} WHEN '\"max\"'::jsonb THEN {LastDay} ELSE {value} END)";

    /// <summary>
    /// For a path of two or more names (no ordinal, index or descent), the jsonpath of the member's last value at each
    /// step, jsonb null left out (<c>$."a"[last]."b"[last] ? (@ != null)</c>), and that of the sub-message above it
    /// (<c>$."a"[last]</c>); null for any other path.
    /// </summary>
    private static (string Value, string Parent)? LastValuePaths(FudgePath path)
    {
        if (path.Steps.Length < 2) return null;
        var text = new StringBuilder("$");
        string parent = "";
        for (int i = 0; i < path.Steps.Length; i++)
        {
            var step = path.Steps[i];
            if (step.Descendant || step.HasIndex || step.Selector != KeySelector.Name || string.IsNullOrEmpty(step.Name) || step.Name.IndexOf('\0') >= 0) return null;
            if (i == path.Steps.Length - 1) parent = text.ToString();
            text.Append('.');
            JsonPathTranslation.String(text, step.Name);
            text.Append("[last]");
        }
        return (text.Append(" ? (@ != null)").ToString(), parent);
    }

    /// <summary>
    /// The server's plan (EXPLAIN) of a LINQ query's statement as it was before its keys were the members' last values:
    /// each ordering of one name read as <c>json -&gt; 'name'</c> alone. Tests compare it with
    /// <see cref="ExplainAsync(FudgeQueryPlan, System.Threading.CancellationToken)"/>'s to show that the last-value keys
    /// leave the plans as they were.
    /// </summary>
    internal async System.Threading.Tasks.Task<string> ExplainWithFirstValueKeysAsync(FudgeQueryPlan plan)
    {
        await using var command = Command(plan, ClientSorts(plan), out _);
        using var scratch = _store.CreateCommand("");
        string sql = command.CommandText;
        for (int i = 0; i < plan.Order.Count; i++)
        {
            if (JsonPathTranslation.OneName(plan.Order[i].Path) is null) continue;
            string key = OrderValueOf(plan.Order[i], scratch, OrderParameter(i))!;
            if (!sql.Contains(key, System.StringComparison.Ordinal)) throw new System.InvalidOperationException($"The statement does not read ordering {i}'s key: {sql}");
            sql = sql.Replace(key, ValueOf(plan.Order[i].Path, scratch, OrderParameter(i)), System.StringComparison.Ordinal);
        }
        return await ExplainAsync(command, sql, default).ConfigureAwait(false);
    }

    // The parameter name of ordering i's key.
    private static string OrderParameter(int i) => "o" + i.ToString(CultureInfo.InvariantCulture);
}
