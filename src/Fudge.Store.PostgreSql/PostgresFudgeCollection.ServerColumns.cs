using System;
using System.Globalization;
using System.Text;
using Fudge.Query;
using Npgsql;

namespace Fudge.Store.PostgreSql;

// Projected columns the server computes from the jsonb. Each is the jsonb value sent as its text, so that the client
// knows its kind (a string "7" is not the number 7) and converts it as it converts the bytes' field. Where the jsonb
// does not hold the member's value (a step of the path meets several fields, a repeated field, which the jsonb holds as
// one array and of which the generated deserializer keeps the last; or the value is a sub-message) the statement sends
// the row's document in one more field (NULL for every other row), and the row is read from its bytes, from the
// deserialized document where a step meets several fields (DeserializedColumns).
internal sealed partial class PostgresFudgeCollection
{
    /// <summary>
    /// The select-list item that is the document when the jsonb does not give a projected column's value, else NULL:
    /// a step of the path is a jsonb array (several fields), the value is an object (a sub-message), or it is a string
    /// for a member that is not a string (NaN, or a string the bytes' conversion refuses). <c>CASE WHEN
    /// jsonb_typeof(json -&gt; 'a') = 'array' OR jsonb_typeof(json -&gt; 'a' -&gt; 'b') IN ('array', 'object', 'string')
    /// ... THEN doc END</c>. A path of other steps (not a member chain of names) sends the document always. A string
    /// member's string is taken as the jsonb holds it: testing it for the forms other types take in the jsonb (dates,
    /// NaN, U+0000 as U+FFFD) with a regular expression tripled the server's time of a projection of strings.
    /// </summary>
    private static string SeveralFieldsColumn(FudgeQueryPlan plan)
    {
        var arrays = new StringBuilder();
        for (int c = 0; c < plan.Columns!.Count; c++)
        {
            var path = plan.Columns[c];
            var member = new StringBuilder("json");
            for (int i = 0; i < path.Steps.Length; i++)
            {
                var step = path.Steps[i];
                if (step.Selector != KeySelector.Name || step.Descendant || step.HasIndex || step.Name!.IndexOf('\0') >= 0) return "doc";
                member.Append(" -> '").Append(step.Name.Replace("'", "''")).Append('\'');
                arrays.Append(arrays.Length == 0 ? "" : " OR ").Append("jsonb_typeof(").Append(member);
                if (i < path.Steps.Length - 1)
                    arrays.Append(") = 'array'");
                else if ((Nullable.GetUnderlyingType(plan.ColumnTypes![c]) ?? plan.ColumnTypes[c]) != typeof(string))
                    arrays.Append(") IN ('array', 'object', 'string')");
                else
                    arrays.Append(") IN ('array', 'object')");
            }
        }
        return arrays.Length == 0 ? "NULL::bytea" : $"CASE WHEN {arrays} THEN doc END";
    }

    /// <summary>
    /// The document of a row whose projected columns the server's jsonb does not give (the last field of the statement,
    /// <see cref="SeveralFieldsColumn"/>, not NULL), whose columns are then read from its bytes as a document's the
    /// client decided (<see cref="DeserializedColumns.Row"/>); null when the columns are read as the server computed them.
    /// </summary>
    private static byte[]? SeveralFields(NpgsqlDataReader reader, Layout layout)
    {
        if (!layout.SeveralFields) return null;
        int field = reader.FieldCount - 1;
        return reader.IsDBNull(field) ? null : (byte[])reader.GetValue(field);
    }

    /// <summary>
    /// A column's jsonb text as the value the bytes' field holds, which the projection converts to the member's type:
    /// null for JSON null (an indicator); a boolean; a string (of a string member: <see cref="SeveralFieldsColumn"/>
    /// sends the documents of other members' strings); an integer as <see cref="long"/>, any other number as
    /// <see cref="double"/>. Arrays and objects never come here (their documents are sent too).
    /// </summary>
    private static object? JsonScalar(string text)
    {
        switch (text)
        {
            case "null": return null;
            case "true": return true;
            case "false": return false;
        }
        if (text.Length == 0 || text[0] is '[' or '{') throw new FudgeStoreException($"The server sent '{text}' for a projected column, which holds a member's value only.");
        if (text[0] == '"')
        {
            return text.IndexOf('\\') < 0 ? text.Substring(1, text.Length - 2) : Unescaped(text);
        }
        return long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer)
            ? integer
            : (object)double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture); // not widened to double
    }

    private static string Unescaped(string json)
    {
        var reader = new System.Text.Json.Utf8JsonReader(Encoding.UTF8.GetBytes(json));
        reader.Read();
        return reader.GetString()!;
    }
}
