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
// (the jsonb values of numbers, strings and booleans), no document read. The rows of a filtered query whose whole
// result is asked for are sorted on the client (ClientOrder, PostgresFudgeCollection.ClientSort.cs), by the keys the
// server computes for them.
internal sealed partial class PostgresFudgeCollection
{
    public FudgeSqlStatement Statement(FudgeQueryPlan plan)
    {
        using var command = CountsAsCollection(plan) ? _store.CreateCommand("") : Command(plan, ClientSorts(plan), out _);
        if (CountsAsCollection(plan)) CountStatement(plan.Where, command);
        var parameters = new List<KeyValuePair<string, object?>>();
        string shown = GinScanSettings.Shown(command); // with the settings it runs with
        foreach (NpgsqlParameter parameter in command.Parameters)
            if (GinOrContainment.Listed(command, parameter)) parameters.Add(new("@" + parameter.ParameterName, parameter.Value));
        return new FudgeSqlStatement(shown, parameters);
    }

    public async IAsyncEnumerable<object?[]> RowsAsync(FudgeQueryPlan plan, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if ((await KeyOrderedRowsAsync(plan, cancellationToken).ConfigureAwait(false)
            ?? await KeyColumnOrderedRowsAsync(plan, cancellationToken).ConfigureAwait(false)) is { } keyed)
        {
            foreach (var keyedRow in IntegerResult(plan, keyed)) yield return keyedRow;
            yield break;
        }
        if (ClientSorts(plan) && await ClientSortedAsync(plan, cancellationToken).ConfigureAwait(false) is { } sorted)
        {
            // One row array and one holder per column for the whole result: each row is read before the next is asked
            // for (IFudgeQueryBackend.RowsAsync), so the columns' values are set into them in turn.
            int count = plan.Columns?.Count ?? 0;
            var row = new object?[count];
            var holders = new FudgeColumnValue[count];
            for (int i = 0; i < count; i++) holders[i] = new FudgeColumnValue(null);
            foreach (var sortedRow in sorted.InOrder(plan.Skip))
            {
                var value = sortedRow.Value;
                if (value is FudgeStoredDocument document)
                {
                    yield return Row(plan, document);
                    continue;
                }
                if (ReferenceEquals(value, KeyIsValue))
                {
                    holders[0].SetInteger(sortedRow.First.Integer);
                    row[0] = holders[0];
                    yield return row;
                    continue;
                }
                for (int c = 0; c < count; c++)
                {
                    object? column = count == 1 ? value : ((object?[])value)[c];
                    if (column is null || ReferenceEquals(column, NoValue))
                    {
                        row[c] = null;
                    }
                    else
                    {
                        holders[c].Value = column;
                        row[c] = holders[c];
                    }
                }
                yield return row;
            }
            yield break;
        }
        await using var command = Command(plan, clientSort: false, out var layout);
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        int skipped = 0, returned = 0;
        var where = ServerDecides(plan.Where) ? null : plan.Where;
        var texts = new FieldTexts(reader);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            texts.NextRow();
            if (!layout.Documents)
            {
                yield return SeveralFields(reader, layout) is { } several ? DeserializedColumns.Row(plan.Columns!, several) : ColumnValues(plan, texts, layout.Columns!.Value, first: 0);
                continue;
            }
            bool passed = layout.Decided && reader.GetBoolean(2);
            var document = reader.IsDBNull(1) ? null : new FudgeStoredDocument(reader.GetInt64(0), (byte[])reader.GetValue(1));
            var decision = Decide(where, document, plan.Skip, plan.Limit, ref skipped, ref returned, passed);
            if (decision == Candidate.Left) continue;
            if (decision == Candidate.PastWindow) yield break;
            yield return document is not null ? Row(plan, document)
                : SeveralFields(reader, layout) is { } severalFields ? DeserializedColumns.Row(plan.Columns!, severalFields)
                : layout.Columns is { } columns ? ColumnValues(plan, texts, columns, first: 3)
                : Array.Empty<object?>(); // a count's or Any's row, whose values no one reads
        }
    }

    // The columns the server computed (count of them), from field first of the reader's row on.
    private static object?[] ColumnValues(FudgeQueryPlan plan, FieldTexts texts, int count, int first)
    {
        var values = new object?[count];
        for (int i = 0; i < values.Length; i++)
            values[i] = texts[first + i] is not string sent || JsonScalar(sent) is not { } value
                ? null
                : new FudgeColumnValue(value);
        return values;
    }

    /// <summary>
    /// The text of the current row's fields, each read from the reader once: a projected column that is also a sort
    /// key is one field, read for both (each read of a field's text decodes it into a new string).
    /// </summary>
    private sealed class FieldTexts
    {
        private readonly NpgsqlDataReader _reader;
        private string?[] _texts = Array.Empty<string?>();
        private bool[] _read = Array.Empty<bool>();

        public FieldTexts(NpgsqlDataReader reader) => _reader = reader;

        /// <summary>Forgets the texts of the row before: called after each <c>ReadAsync</c>.</summary>
        public void NextRow() => Array.Clear(_read);

        /// <summary>The field's text, or null for SQL NULL.</summary>
        public string? this[int field]
        {
            get
            {
                if (_read.Length == 0)
                {
                    _texts = new string?[_reader.FieldCount];
                    _read = new bool[_texts.Length];
                }
                if (!_read[field])
                {
                    _texts[field] = _reader.IsDBNull(field) ? null : _reader.GetString(field);
                    _read[field] = true;
                }
                return _texts[field];
            }
        }
    }

    // A document the client decided, as a row: the envelope, or each column's first value read from its bytes (the
    // deserialized document's members where a step of a path meets several fields).
    private static object?[] Row(FudgeQueryPlan plan, FudgeStoredDocument document)
        => plan.Columns is { } columns ? DeserializedColumns.Row(columns, document.Envelope) : new object?[] { document.Envelope };

    public async ValueTask<object> ScalarAsync(FudgeQueryPlan plan, CancellationToken cancellationToken)
    {
        if (ServerDecides(plan.Where))
        {
            await using var command = Command(plan, clientSort: false, out _);
            var value = (await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteScalarAsync(cancellationToken)).ConfigureAwait(false))!;
            return plan.Terminal == FudgeQueryTerminal.Any ? (bool)value : (long)value;
        }
        // A count of the whole result is the collection's (CountAsync): the rows a typed key decides counted by the
        // server, from the index alone on a key column.
        if (CountsAsCollection(plan)) return await CountAsync(plan.Where, cancellationToken).ConfigureAwait(false);
        // Decided on the documents: counted as they pass (Any stops at the first).
        long count = 0;
        await foreach (var _ in RowsAsync(plan, cancellationToken).ConfigureAwait(false))
        {
            count++;
            if (plan.Terminal == FudgeQueryTerminal.Any) break;
        }
        return plan.Terminal == FudgeQueryTerminal.Any ? count > 0 : count;
    }

    /// <summary>A count without a window of a filter the server does not decide whole: <see cref="CountAsync"/>'s.</summary>
    private bool CountsAsCollection(FudgeQueryPlan plan)
        => plan.Terminal == FudgeQueryTerminal.Count && plan.Skip == 0 && plan.Limit is null && !ServerDecides(plan.Where);

    /// <summary>The server's plan for a LINQ query (EXPLAIN), one line per step.</summary>
    internal async Task<string> ExplainAsync(FudgeQueryPlan plan, CancellationToken cancellationToken = default)
    {
        await using var command = Command(plan, ClientSorts(plan), out _);
        command.CommandText = "EXPLAIN " + command.CommandText;
        var lines = new StringBuilder();
        await using var reader = await PostgresFudgeStore.Guard(() => GinScanSettings.Applied(command).ExecuteReaderAsync(cancellationToken)).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) lines.AppendLine(reader.GetString(0));
        return lines.ToString();
    }

    /// <summary>
    /// What each row of a plan's statement holds (<see cref="Command"/>): the server's columns alone; or the id, the
    /// document and the sort keys; or, with the server's decision (<see cref="Decision"/>), the id, the document (NULL
    /// when the decision passed it and the client reads its columns from the jsonb, or for a count), whether the decision
    /// passed it, the columns, then the keys.
    /// </summary>
    private sealed class Layout
    {
        /// <summary>How many projected columns the server computes (from field 0, 1 or 3; each a jsonb value sent as its text), or null.</summary>
        public int? Columns { get; init; }

        /// <summary>False when the rows are the server's columns alone (a filter it decides whole): no document field.</summary>
        public bool Documents { get; init; }

        /// <summary>Field 2 is whether the server's decision passed the row.</summary>
        public bool Decided { get; init; }

        /// <summary>The field of each ordering's sort key (of a client sort; <see cref="KeyFields"/>).</summary>
        public int[] KeyFields { get; init; } = Array.Empty<int>();

        /// <summary>The last field is the document where a step of a column's path meets several fields (<see cref="SeveralFieldsColumn"/>).</summary>
        public bool SeveralFields { get; init; }
    }

    /// <summary>
    /// The statement of a plan. <paramref name="clientSort"/>: unsorted, with each row's id and sort keys
    /// (<see cref="ClientSortedAsync"/>). <paramref name="layout"/>: the fields of its rows.
    /// </summary>
    private NpgsqlCommand Command(FudgeQueryPlan plan, bool clientSort, out Layout layout)
    {
        var command = _store.CreateCommand("");
        bool serverDecides = ServerDecides(plan.Where);
        var decision = Decision(plan.Where, command);
        string source = Source(plan.Where, command, decision);
        // A count, or whether there is any, is the same in every order (of a window too): the rows are not sorted.
        bool sorted = plan.Terminal is not (FudgeQueryTerminal.Count or FudgeQueryTerminal.Any);
        var keys = sorted ? OrderKeys(plan, command) : new List<OrderSql>();
        var order = new StringBuilder();
        if (sorted && !clientSort)
        {
            order.Append(" ORDER BY ");
            for (int i = 0; i < plan.Order.Count; i++)
            {
                string direction = plan.Order[i].Descending ? " DESC NULLS LAST, " : " ASC NULLS FIRST, ";
                foreach (string key in keys[i].Sort) order.Append(key).Append(direction);
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
        string from = $"FROM {source}{order}{window}";
        layout = new Layout { Documents = true };
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
        if (decision is not null)
        {
            // The document only where the client needs its bytes: to decide it, or to read a column the jsonb does not
            // give exactly. A count's rows the decision passed carry nothing.
            string passed = $"{DecisionColumn} IS TRUE";
            string doc = "doc";
            int? forms = null;
            string[]? list = null;
            if (!sorted)
                doc = $"CASE WHEN {passed} THEN NULL ELSE doc END";
            else if (clientSort && plan.Columns is { Count: > 0 } && ExactColumnTypes(plan) && JsonColumns(plan, keys, command) is { } columnSql)
                (doc, list, forms) = ($"CASE WHEN {passed} THEN NULL ELSE doc END", columnSql, columnSql.Length);
            else
                forms = null;
            layout = new Layout { Documents = true, Decided = true, Columns = forms, KeyFields = KeyFields(keys, clientSort, list, 3, out string sortKeys), SeveralFields = list is not null };
            string several = list is null ? "" : ", " + SeveralFieldsColumn(plan);
            command.CommandText = $"SELECT id, {doc}, {passed}{(list is null ? "" : ", " + Sent(list))}{sortKeys}{several} {from}";
            return command;
        }
        if (serverDecides && plan.Columns is { Count: > 0 } && JsonColumns(plan, keys, command) is { } selected)
        {
            layout = new Layout { Columns = selected.Length, KeyFields = KeyFields(keys, clientSort, selected, 1, out string sortKeys), SeveralFields = true };
            string select = Sent(selected);
            string several = SeveralFieldsColumn(plan);
            command.CommandText = clientSort ? $"SELECT id, {select}{sortKeys}, {several} {from}" : $"SELECT {select}, {several} {from}";
            return command;
        }
        layout = new Layout { Documents = true, KeyFields = KeyFields(keys, clientSort, null, 2, out string keysAfterDocument) };
        command.CommandText = $"SELECT id, doc{keysAfterDocument} {from}";
        return command;
    }

    /// <summary>
    /// The field of each ordering's key in a client-sorted row (none otherwise): the column that is the same
    /// expression, when one is (each key is then computed and sent once), else a field after the columns, whose select
    /// list is <paramref name="sortKeys"/>. <paramref name="columns"/> start at field <paramref name="first"/>.
    /// </summary>
    private static int[] KeyFields(List<OrderSql> keys, bool clientSort, string[]? columns, int first, out string sortKeys)
    {
        var select = new StringBuilder();
        if (!clientSort)
        {
            sortKeys = "";
            return Array.Empty<int>();
        }
        var fields = new int[keys.Count];
        int next = first + (columns?.Length ?? 0);
        for (int i = 0; i < keys.Count; i++)
        {
            int column = columns is null ? -1 : Array.IndexOf(columns, keys[i].Value);
            if (column >= 0)
            {
                fields[i] = first + column;
                continue;
            }
            select.Append(", ").Append(keys[i].Value).Append(keys[i].Jsonb ? "::text" : "");
            fields[i] = next++;
        }
        sortKeys = select.ToString();
        return fields;
    }

    // Whether the projected columns are of the types whose jsonb values can be the bytes' own (IsExactColumn): integers,
    // enums and booleans. A string may be a date or a NaN in the jsonb, and a double a float's own shortest text.
    private static bool ExactColumnTypes(FudgeQueryPlan plan)
    {
        foreach (var type in plan.ColumnTypes!)
        {
            var bare = Nullable.GetUnderlyingType(type) ?? type;
            if (bare.IsEnum) bare = Enum.GetUnderlyingType(bare);
            if (!(bare == typeof(bool) || bare == typeof(long) || bare == typeof(int) || bare == typeof(short) || bare == typeof(sbyte)
                || bare == typeof(ulong) || bare == typeof(uint) || bare == typeof(ushort) || bare == typeof(byte))) return false;
        }
        return true;
    }

    /// <summary>
    /// True when a column's jsonb text (null: no value) gives the value the client reads from the bytes (the first field
    /// the path selects): no value; a boolean for a boolean; an integral number of magnitude at most 2^24 for a number,
    /// whatever field it was (an integer, a double or a float holds that value exactly and is written as it). Anything else
    /// (an array of repeated fields, JSON null, a larger number a float may have rounded in its text) needs the bytes.
    /// </summary>
    internal static bool IsExactColumn(string? text, Type type)
    {
        if (text is null) return true;
        var bare = Nullable.GetUnderlyingType(type) ?? type;
        if (bare == typeof(bool)) return text is "true" or "false";
        var span = text.AsSpan();
        if (span.Length > 0 && span[0] == '-') span = span[1..];
        int point = span.IndexOf('.');
        var integer = point < 0 ? span : span[..point];
        if (integer.Length is 0 or > 8) return false;
        foreach (char c in integer)
            if (c is < '0' or > '9') return false;
        if (point >= 0)
        {
            var fraction = span[(point + 1)..];
            if (fraction.Length == 0) return false;
            foreach (char c in fraction)
                if (c != '0') return false;
        }
        return int.Parse(integer, NumberStyles.None, CultureInfo.InvariantCulture) <= 16_777_216;
    }

    /// <summary>
    /// One ordering in SQL: <see cref="Value"/>, the value the client compares (<see cref="ClientOrder"/>) and a
    /// projected column on the same path reads, and <see cref="Sort"/>, the keys of the server's <c>ORDER BY</c>.
    /// </summary>
    private readonly struct OrderSql
    {
        public OrderSql(string value, string[] sort, bool jsonb)
        {
            Value = value;
            Sort = sort;
            Jsonb = jsonb;
        }

        /// <summary>True when <see cref="Value"/> is a jsonb value (sent as its text, <see cref="Sent"/>), false when text.</summary>
        public bool Jsonb { get; }

        public string Value { get; }

        public string[] Sort { get; }
    }

    /// <summary>
    /// The SQL of each ordering, over the member's value as the deserializer gives it (<see cref="OrderValueOf"/>):
    /// strings by code point (the C collation), date-times by instant, other values in jsonb's order (numbers by value);
    /// their parameters added to <paramref name="command"/>.
    /// </summary>
    private static List<OrderSql> OrderKeys(FudgeQueryPlan plan, NpgsqlCommand command)
    {
        var keys = new List<OrderSql>(plan.Order.Count);
        for (int i = 0; i < plan.Order.Count; i++)
        {
            var ordering = plan.Order[i];
            string value = OrderValueOf(ordering, command, OrderParameter(i))
                ?? throw new FudgeTranslationException(ordering.Path.Text, "PostgreSQL orders by the jsonb form, whose keys are names: a path of ordinals or anonymous fields cannot order a query there");
            if (ordering.Instant)
            {
                var (instant, tenth) = InstantKeys($"({value} #>> '{{}}')");
                keys.Add(new OrderSql(value, new[] { instant, tenth }, jsonb: true));
            }
            else if (ordering.Text)
            {
                string text = $"({value} #>> '{{}}') COLLATE \"C\"";
                keys.Add(new OrderSql(text, new[] { text }, jsonb: false));
            }
            else
            {
                if (ordering.Day) value = DayValueOf(value);
                keys.Add(new OrderSql(value, new[] { value }, jsonb: true));
            }
        }
        return keys;
    }

    /// <summary>
    /// The SQL of the jsonb value a path selects first (null when the path has no SQL/JSON form): for a path of one
    /// name, <c>json -&gt; 'name'</c>, which on the document's object is the same value as the lax jsonpath's first (an
    /// array member included: lax mode unwraps an array only when a further step is applied to it) at a fraction of the
    /// cost; otherwise <c>jsonb_path_query_first</c> with the jsonpath as parameter <paramref name="name"/>.
    /// </summary>
    private static string? ValueOf(FudgePath path, NpgsqlCommand command, string name)
    {
        if (JsonPathTranslation.PathOf(path) is not string jsonPath) return null;
        if (JsonPathTranslation.OneName(path) is string member) return $"(json -> '{member.Replace("'", "''")}')";
        command.Parameters.AddWithValue(name, NpgsqlDbType.JsonPath, jsonPath);
        return $"jsonb_path_query_first(json, @{name})";
    }

    /// <summary>
    /// The order of a date-time held in the jsonb as ISO 8601 text (<paramref name="text"/>: SQL of that text), as the
    /// instant C# compares: the offset taken off, no zone as UTC. A timestamptz holds microseconds and rounds what is
    /// finer, so the text is cut to six decimals before the cast (the first key) and the seventh decimal orders ties
    /// (the second: .NET's 100 ns ticks; finer digits are below a tick, as when the value is read back). Fudge's earliest
    /// and latest dates are markers, written <c>min</c> and <c>max</c> (<c>DateTime.MinValue</c> is
    /// <c>minT00:00:00.000000000</c>): they read back as 0001-01-01 and 9999-12-31, and order so; the second test is
    /// made only for text the first does not match. Other text that is not a date-time of years 1 to 9999 orders as null.
    /// </summary>
    private static (string Instant, string Tenth) InstantKeys(string text)
    {
        const string Clock = @"(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?)?(Z|[+-]\d\d:\d\d)?$";
        const string DateTimePattern = @"^\d{4}-\d\d-\d\d" + Clock;
        string Zoned(string of)
        {
            string cut = $@"regexp_replace({of}, '(\.\d{{6}})\d+', '\1')";
            return $@"{cut} || CASE WHEN {of} ~ '(Z|[+-]\d\d:\d\d)$' THEN '' ELSE '+00:00' END";
        }
        string marked = $"CASE WHEN left({text}, 3) = 'min' THEN '0001-01-01' ELSE '9999-12-31' END || substr({text}, 4)";
        return ($"CASE WHEN {text} ~ '{DateTimePattern}' THEN ({Zoned(text)})::timestamptz WHEN {text} ~ '^(min|max){Clock}' THEN ({Zoned($"({marked})")})::timestamptz END",
            $@"coalesce(substring({text} from '\.\d{{6}}(\d)'), '0')");
    }

    /// <summary>
    /// The SQL of each column's jsonb value when every one is a number, string or boolean on a path the jsonb has; else
    /// null. A column on the path of an ordering by jsonb value reads that ordering's value (the server computes it
    /// once); one on the path of a string ordering reads the jsonb value apart, since the key's text does not say
    /// whether the value was a string.
    /// </summary>
    private static string[]? JsonColumns(FudgeQueryPlan plan, List<OrderSql> keys, NpgsqlCommand command)
    {
        for (int i = 0; i < plan.Columns!.Count; i++)
            if (!IsJsonScalar(plan.ColumnTypes![i]) || JsonPathTranslation.PathOf(plan.Columns[i]) is null) return null;
        var select = new string[plan.Columns.Count];
        for (int i = 0; i < plan.Columns.Count; i++)
        {
            var path = plan.Columns[i];
            string? sql = null;
            for (int k = 0; k < keys.Count && sql is null; k++)
            {
                var ordering = plan.Order[k];
                if (ordering.Instant || ordering.Text || ordering.Path.Text.Trim() != path.Text.Trim()) continue;
                sql = keys[k].Value;
            }
            select[i] = sql ?? ValueOf(path, command, "c" + i.ToString(CultureInfo.InvariantCulture))!;
        }
        return select;
    }

    /// <summary>
    /// The select list of the columns: a jsonb value sent as its text (<c>::text</c>, the same text as jsonb's output),
    /// which the client reads as plain text, at about half the cost of reading a jsonb field (Npgsql's jsonb reader
    /// strips a version byte through an asynchronous converter per field): a whole result's ids are a field per row.
    /// </summary>
    private static string Sent(string[] columns)
    {
        var select = new StringBuilder();
        for (int i = 0; i < columns.Length; i++)
            select.Append(i == 0 ? "" : ", ").Append(columns[i]).Append("::text");
        return select.ToString();
    }

    private static bool IsJsonScalar(Type type)
    {
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type.IsEnum) type = Enum.GetUnderlyingType(type);
        return type == typeof(string) || type == typeof(bool) || type == typeof(double) || type == typeof(float)
            || type == typeof(long) || type == typeof(int) || type == typeof(short) || type == typeof(sbyte)
            || type == typeof(ulong) || type == typeof(uint) || type == typeof(ushort) || type == typeof(byte);
    }
}
