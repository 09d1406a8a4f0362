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
    /// The SQL of an ordering's jsonb key (its parameters added to <paramref name="command"/> as
    /// <paramref name="name"/>), or null when the path has no SQL/JSON form:
    /// <list type="bullet">
    /// <item>one name: <c>json -&gt; 'name'</c> when it is not an array or jsonb null (one key lookup more than the
    /// value alone: <c>jsonb_typeof</c> of it, which a simple <c>CASE</c> evaluates once), its last element when it is
    /// an array;</item>
    /// <item>names: <c>jsonb_path_query_first(json, '$."a"[last]."b"[last] ? (@ != null)')</c>: lax mode wraps a
    /// value that is not an array for <c>[last]</c>, so each step takes its one field or the last of several;</item>
    /// <item>other paths (an ordinal, an index, a descent): the first value, as before.</item>
    /// </list>
    /// A missing member (SQL NULL) or jsonb null orders as NULL (first), or, for a member that cannot be null, as its
    /// default (<see cref="FudgeQueryOrder.Absent"/>) when the sub-messages above it are there.
    /// </summary>
    private static string? OrderValueOf(FudgeQueryOrder ordering, NpgsqlCommand command, string name)
    {
        var path = ordering.Path;
        string? value = null, parent = null;
        if (JsonPathTranslation.OneName(path) is string member)
        {
            string m = $"(json -> '{member.Replace("'", "''")}')";
            value = $"(CASE jsonb_typeof({m}) WHEN 'array' THEN nullif({m} -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE {m} END)";
        }
        else if (LastValuePaths(path) is { } paths)
        {
            command.Parameters.AddWithValue(name, NpgsqlDbType.JsonPath, paths.Value);
            value = $"jsonb_path_query_first(json, @{name})";
            if (ordering.Absent != AbsentKey.Null)
            {
                command.Parameters.AddWithValue(name + "p", NpgsqlDbType.JsonPath, paths.Parent);
                parent = $"jsonb_path_query_first(json, @{name}p)";
            }
        }
        else
        {
            return ValueOf(path, command, name);
        }
        if (ordering.Absent == AbsentKey.Null) return value;
        string absent = ordering.Absent == AbsentKey.False ? "'false'::jsonb" : "'0'::jsonb";
        return parent is null ? $"coalesce({value}, {absent})" : $"(CASE WHEN jsonb_typeof({parent}) = 'object' THEN coalesce({value}, {absent}) END)";
    }

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

    // The parameter name of ordering i's key.
    private static string OrderParameter(int i) => "o" + i.ToString(CultureInfo.InvariantCulture);
}
