using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

// LINQ queries (FudgeQueryableExtensions.Query<T>): one SQL statement per query.
internal sealed partial class SqliteFudgeCollection
{
    public FudgeSqlStatement Statement(FudgeQueryPlan plan)
    {
        using var command = Command(plan);
        var parameters = new List<KeyValuePair<string, object?>>();
        foreach (SqliteParameter parameter in command.Parameters) parameters.Add(new(parameter.ParameterName, parameter.Value));
        return new FudgeSqlStatement(command.CommandText, parameters);
    }

    public async IAsyncEnumerable<object?[]> RowsAsync(FudgeQueryPlan plan, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var command = Command(plan);
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await ReadAsync(reader, cancellationToken).ConfigureAwait(false))
        {
            var row = new object?[reader.FieldCount];
            for (int i = 0; i < row.Length; i++) row[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
            // A column whose path meets several fields came back as the document (fudge_column): the row is read from
            // the deserialized document, as LINQ to Objects reads the members.
            if (plan.Columns is not null)
            {
                foreach (var value in row)
                {
                    if (value is byte[] { Length: > 0 } marked && marked[0] == FudgeSqlFunctions.SeveralFieldsMark)
                    {
                        row = new object?[] { new FudgeDocumentColumns(marked[1..]) };
                        break;
                    }
                }
            }
            yield return row;
        }
    }

    public async ValueTask<object> ScalarAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        using var command = Command(plan);
        long value = (long)(await SqliteFudgeStore.Guard(() => command.ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
        return plan.Terminal == FudgeQueryTerminal.Any ? value != 0 : value;
    }

    /// <summary>The query plan SQLite chooses for a LINQ query (EXPLAIN QUERY PLAN), one line per step.</summary>
    internal async Task<string> ExplainAsync(FudgeQueryPlan plan, CancellationToken cancellationToken = default)
    {
        using var command = Command(plan);
        command.CommandText = "EXPLAIN QUERY PLAN " + command.CommandText;
        var lines = new StringBuilder();
        using var reader = await SqliteFudgeStore.Guard(() => command.ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) lines.AppendLine(reader.GetString(3));
        return lines.ToString();
    }

    /// <summary>
    /// The statement: the filter as every query of this store has it (the indexed part, then fudge_match), the
    /// orderings by the first value of each path (date-times by instant; NULL first, as C# orders null), ties by id (LINQ's order is stable),
    /// the window as LIMIT/OFFSET, and the columns a projection reads through fudge_column instead of the document.
    /// </summary>
    private SqliteCommand Command(FudgeQueryPlan plan)
    {
        var command = _store.CreateCommand("");
        string where = Where(plan.Where, command);
        string window = "";
        if (plan.Limit is int || plan.Skip > 0)
        {
            window = " LIMIT $limit OFFSET $skip";
            command.Parameters.AddWithValue("$limit", plan.Limit ?? -1);
            command.Parameters.AddWithValue("$skip", plan.Skip);
        }
        // A count or an existence test without a window does not depend on the order.
        var order = new StringBuilder();
        if (window.Length > 0 || plan.Terminal is not (FudgeQueryTerminal.Count or FudgeQueryTerminal.Any))
        {
            order.Append(" ORDER BY ");
            for (int i = 0; i < plan.Order.Count; i++)
            {
                string name = "$o" + i.ToString(CultureInfo.InvariantCulture);
                command.Parameters.AddWithValue(name, plan.Order[i].Path.Text);
                // The member's value as the deserializer gives it (LastValueOrder: the last of several fields); date-times
                // by their instant, everything else by its value (strings by code point).
                order.Append(LastValueOrder.FunctionOf(plan.Order[i])).Append("(doc, ").Append(name);
                order.Append(plan.Order[i].Descending ? ") DESC, " : ") ASC, ");
            }
            order.Append("id ASC");
        }
        string select = $"FROM {Table}{(where.Length > 0 ? " " + where : "")}{order}{window}";
        switch (plan.Terminal)
        {
            case FudgeQueryTerminal.Count:
                command.CommandText = $"SELECT count(*) FROM (SELECT id {select})";
                break;
            case FudgeQueryTerminal.Any:
                command.CommandText = $"SELECT EXISTS (SELECT id {select})";
                break;
            default:
                var columns = new StringBuilder();
                if (plan.Columns is { } paths)
                {
                    for (int i = 0; i < paths.Count; i++)
                    {
                        string name = "$c" + i.ToString(CultureInfo.InvariantCulture);
                        command.Parameters.AddWithValue(name, paths[i].Text);
                        columns.Append(i == 0 ? "" : ", ").Append("fudge_column(doc, ").Append(name).Append(')');
                    }
                }
                if (columns.Length == 0) columns.Append("doc");
                command.CommandText = $"SELECT {columns} {select}";
                break;
        }
        return command;
    }
}
