using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

// LINQ queries (FudgeQueryableExtensions.Query<T>). The server's filter is a superset (the jsonpath and the declared
// B-tree indexes), so a query with a Where reads the candidates' documents, decides on their bytes, and applies the
// window and the count after that, as FindAsync does; a query without one, or whose Where the jsonpath decides
// exactly (ServerDecides), is answered by the server alone: window, count and the projected values
// (jsonb_path_query_first for numbers, strings and booleans), no document read.
internal sealed partial class PostgresFudgeCollection
{
    public FudgeSqlStatement Statement(FudgeQueryPlan plan)
    {
        using var command = Command(plan, out _, out _);
        var parameters = new List<KeyValuePair<string, object?>>();
        foreach (NpgsqlParameter parameter in command.Parameters) parameters.Add(new("@" + parameter.ParameterName, parameter.Value));
        return new FudgeSqlStatement(command.CommandText, parameters);
    }

    public async IAsyncEnumerable<object?[]> RowsAsync(FudgeQueryPlan plan, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var command = Command(plan, out var mode, out bool serverDecides);
        await using var reader = await PostgresFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        int skipped = 0, returned = 0;
        var where = serverDecides ? null : plan.Where;
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (mode == RowMode.JsonColumns)
            {
                var values = new object?[plan.Columns!.Count];
                for (int i = 0; i < values.Length; i++)
                    values[i] = reader.IsDBNull(i) ? null : new FudgeColumnValue(Scalar(reader.GetString(i), plan.ColumnTypes![i]));
                yield return values;
                continue;
            }
            var document = new FudgeStoredDocument(reader.GetInt64(0), (byte[])reader.GetValue(1));
            var decision = Decide(where, document, plan.Skip, plan.Limit, ref skipped, ref returned);
            if (decision == Candidate.Left) continue;
            if (decision == Candidate.PastWindow) yield break;
            if (plan.Columns is not { } columns)
            {
                yield return new object?[] { document.Envelope };
                continue;
            }
            var row = new object?[columns.Count];
            for (int i = 0; i < row.Length; i++)
            {
                var fields = columns[i].Select(document.Envelope);
                row[i] = fields.Count == 0 ? null : new FudgeColumnValue(fields[0].Value);
            }
            yield return row;
        }
    }

    public async ValueTask<object> ScalarAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        if (ServerDecides(plan.Where))
        {
            await using var command = Command(plan, out _, out _);
            var value = (await PostgresFudgeStore.Guard(() => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
            return plan.Terminal == FudgeQueryTerminal.Any ? (bool)value : (long)value;
        }
        // Decided on the documents: counted as they pass (Any stops at the first).
        long count = 0;
        await foreach (var _ in RowsAsync(plan, cancellationToken).ConfigureAwait(false))
        {
            count++;
            if (plan.Terminal == FudgeQueryTerminal.Any) break;
        }
        return plan.Terminal == FudgeQueryTerminal.Any ? count > 0 : count;
    }

    /// <summary>The server's plan for a LINQ query (EXPLAIN), one line per step.</summary>
    internal async Task<string> ExplainAsync(FudgeQueryPlan plan, CancellationToken cancellationToken = default)
    {
        await using var command = Command(plan, out _, out _);
        command.CommandText = "EXPLAIN " + command.CommandText;
        var lines = new StringBuilder();
        await using var reader = await PostgresFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) lines.AppendLine(reader.GetString(0));
        return lines.ToString();
    }

    private enum RowMode
    {
        Documents,
        JsonColumns,
    }

    private NpgsqlCommand Command(FudgeQueryPlan plan, out RowMode mode, out bool serverDecides)
    {
        var command = _store.CreateCommand("");
        string where = Where(plan.Where, command);
        serverDecides = ServerDecides(plan.Where);
        var order = new StringBuilder();
        // A count, or whether there is any, is the same in every order (of a window too): the rows are not sorted.
        if (plan.Terminal is not (FudgeQueryTerminal.Count or FudgeQueryTerminal.Any))
        {
            order.Append(" ORDER BY ");
            for (int i = 0; i < plan.Order.Count; i++)
            {
                var ordering = plan.Order[i];
                string path = JsonPathTranslation.PathOf(ordering.Path)
                    ?? throw new FudgeTranslationException(ordering.Path.Text, "PostgreSQL orders by the jsonb form, whose keys are names: a path of ordinals or anonymous fields cannot order a query there");
                string name = "o" + i.ToString(CultureInfo.InvariantCulture);
                command.Parameters.AddWithValue(name, NpgsqlDbType.JsonPath, path);
                // Strings by code point (the C collation), date-times by instant, other values by jsonb's order (numbers
                // by value); null first as C# orders it.
                string value = $"jsonb_path_query_first(json, @{name})";
                string direction = ordering.Descending ? " DESC NULLS LAST, " : " ASC NULLS FIRST, ";
                if (ordering.Instant)
                {
                    var (instant, tenth) = InstantKeys($"({value} #>> '{{}}')");
                    order.Append(instant).Append(direction).Append(tenth).Append(direction);
                }
                else
                {
                    order.Append(ordering.Text ? $"({value} #>> '{{}}') COLLATE \"C\"" : value).Append(direction);
                }
            }
            order.Append("id ASC");
        }
        string window = "";
        if (serverDecides && (plan.Limit is int || plan.Skip > 0))
        {
            window = " LIMIT @limit OFFSET @skip";
            command.Parameters.AddWithValue("limit", plan.Limit is int limit ? limit : DBNull.Value);
            command.Parameters.AddWithValue("skip", plan.Skip);
        }
        string from = $"FROM {Table}{(where.Length > 0 ? " " + where : "")}{order}{window}";
        mode = RowMode.Documents;
        if (serverDecides && plan.Terminal == FudgeQueryTerminal.Count)
        {
            command.CommandText = $"SELECT count(*) FROM (SELECT id {from}) AS q";
            return command;
        }
        if (serverDecides && plan.Terminal == FudgeQueryTerminal.Any)
        {
            command.CommandText = $"SELECT EXISTS (SELECT id {from})";
            return command;
        }
        if (serverDecides && plan.Columns is { } columns && JsonColumns(plan) is { } paths)
        {
            var select = new StringBuilder();
            for (int i = 0; i < paths.Count; i++)
            {
                string name = "c" + i.ToString(CultureInfo.InvariantCulture);
                command.Parameters.AddWithValue(name, NpgsqlDbType.JsonPath, paths[i]);
                select.Append(i == 0 ? "" : ", ").Append($"jsonb_path_query_first(json, @{name}) #>> '{{}}'");
            }
            if (columns.Count > 0)
            {
                mode = RowMode.JsonColumns;
                command.CommandText = $"SELECT {select} {from}";
                return command;
            }
        }
        command.CommandText = $"SELECT id, doc {from}";
        return command;
    }

    /// <summary>
    /// The order of a date-time held in the jsonb as ISO 8601 text (<paramref name="text"/>: SQL of that text), as the
    /// instant C# compares: the offset taken off, no zone as UTC. A timestamptz holds microseconds and rounds what is
    /// finer, so the text is cut to six decimals before the cast (the first key) and the seventh decimal orders ties
    /// (the second: .NET's 100 ns ticks; finer digits are below a tick, as when the value is read back). Text that is not
    /// a date-time of years 1 to 9999 orders as null.
    /// </summary>
    private static (string Instant, string Tenth) InstantKeys(string text)
    {
        const string DateTimePattern = @"^\d{4}-\d\d-\d\d(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?)?(Z|[+-]\d\d:\d\d)?$";
        string cut = $@"regexp_replace({text}, '(\.\d{{6}})\d+', '\1')";
        string zoned = $@"{cut} || CASE WHEN {text} ~ '(Z|[+-]\d\d:\d\d)$' THEN '' ELSE '+00:00' END";
        return ($"CASE WHEN {text} ~ '{DateTimePattern}' THEN ({zoned})::timestamptz END",
            $@"coalesce(substring({text} from '\.\d{{6}}(\d)'), '0')");
    }

    /// <summary>The jsonpaths of the columns when every one is a number, string or boolean on a path of names; else null.</summary>
    private static List<string>? JsonColumns(FudgeQueryPlan plan)
    {
        var paths = new List<string>(plan.Columns!.Count);
        for (int i = 0; i < plan.Columns.Count; i++)
        {
            if (!IsJsonScalar(plan.ColumnTypes![i]) || JsonPathTranslation.PathOf(plan.Columns[i]) is not string path) return null;
            paths.Add(path);
        }
        return paths;
    }

    private static bool IsJsonScalar(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type.IsEnum) type = Enum.GetUnderlyingType(type);
        return type == typeof(string) || type == typeof(bool) || type == typeof(double) || type == typeof(float)
            || type == typeof(long) || type == typeof(int) || type == typeof(short) || type == typeof(sbyte)
            || type == typeof(ulong) || type == typeof(uint) || type == typeof(ushort) || type == typeof(byte);
    }

    /// <summary>A jsonb scalar's text as the value a Fudge field of the member's kind holds.</summary>
    private static object Scalar(string text, Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type == typeof(string)) return text;
        if (type == typeof(bool)) return text == "true";
        if (type == typeof(double) || type == typeof(float)) return double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
        return long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer)
            ? integer
            : (object)double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
    }
}
