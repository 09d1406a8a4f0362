using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using Fudge.Query;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>
/// The path and predicate language inside SQLite: deterministic functions over a document's bytes, registered on each
/// connection the store opens.
/// <list type="bullet">
/// <item><c>fudge_get(doc, path)</c>: the first value the path selects (integer, real, text, blob for byte arrays,
/// ISO 8601 text for dates and date-times, 0/1 for booleans), or NULL.</item>
/// <item><c>fudge_instant(doc, path)</c>: the instant of the first value the path selects when it is a date-time, a
/// date or ISO 8601 text with an offset, as 100 ns ticks since 0001-01-01 UTC (an offset taken off, a value with no
/// zone taken as UTC: the order of the <see cref="DateTime"/> or <see cref="DateTimeOffset"/> it reads back as), or
/// NULL. LINQ orderings by date-time members use it.</item>
/// <item><c>fudge_match(doc, filter)</c>: 1 when the document passes the filter, else 0.</item>
/// <item><c>fudge_field(doc, path)</c>: the first field the path selects, as a blob holding an envelope of that one
/// field (LINQ projections read their values this way, exactly), or NULL.</item>
/// <item><c>fudge_column(doc, path)</c>: what a LINQ projection reads for a member chain's path: as
/// <c>fudge_field</c>, but when a step of the path meets several fields (a repeated field, whose member the generated
/// deserializer gives the last of), the blob <see cref="SeveralFieldsMark"/> followed by the document, which the
/// provider deserializes (<see cref="DeserializedColumns"/>); a one-field envelope's first byte is 0.</item>
/// <item><c>fudge_index_key(doc, path)</c>: what an index on a path holds: the one comparable value the path selects
/// (integer, real, text, 0/1), NULL when it selects none or a value no literal compares with, and
/// <see cref="SeveralValues"/> when it selects several, so that queries can still find documents whose later
/// values match.</item>
/// <item><c>fudge_unique_key(doc, path)</c>: the key of a unique index, as <c>fudge_index_key</c> but an error when the
/// path selects several values, which a unique index refuses (the statement fails with the path in its message).</item>
/// </list>
/// </summary>
internal static class FudgeSqlFunctions
{
    /// <summary>The index key of a path that selects several fields: the blob x'00', which no comparable value ever is.</summary>
    public static readonly byte[] SeveralValues = { 0 };

    // Compiled paths and filters by text, shared by every connection; bounded so hostile query text cannot grow it.
    private const int CacheLimit = 1024;
    private static readonly ConcurrentDictionary<string, FudgePath> Paths = new(StringComparer.Ordinal);
    private static readonly ConcurrentDictionary<string, FudgeFilter> Filters = new(StringComparer.Ordinal);

    private static long _matchCalls;
    private static long _indexKeyCalls;

    /// <summary>How many times fudge_match has run, for tests that prove an index spared the per-row evaluation.</summary>
    internal static long MatchCalls => Interlocked.Read(ref _matchCalls);

    /// <summary>How many times fudge_index_key has run.</summary>
    internal static long IndexKeyCalls => Interlocked.Read(ref _indexKeyCalls);

    public static void Register(SqliteConnection connection)
    {
        connection.CreateFunction<byte[], string, object?>("fudge_get", Get, isDeterministic: true);
        connection.CreateFunction<byte[], string, long>("fudge_match", Match, isDeterministic: true);
        connection.CreateFunction<byte[], string, object?>("fudge_index_key", IndexKey, isDeterministic: true);
        connection.CreateFunction<byte[], string, object?>("fudge_unique_key", UniqueKey, isDeterministic: true);
        connection.CreateFunction<byte[], string, byte[]?>("fudge_field", Field, isDeterministic: true);
        connection.CreateFunction<byte[], string, byte[]?>("fudge_column", Column, isDeterministic: true);
        connection.CreateFunction<byte[], string, long?>("fudge_instant", Instant, isDeterministic: true);
        connection.CreateFunction<byte[], string, string?>("fudge_index_values", IndexValues, isDeterministic: true);
        connection.CreateFunction<string, double>("fudge_index_real", IndexReal, isDeterministic: true);
        // The triggers an earlier version created on an elements index's side table call these, until it is declared again.
        connection.CreateFunction<byte[], string, string?>("fudge_index_positions", IndexPositions, isDeterministic: true);
        connection.CreateFunction<byte[], string, long, object?>("fudge_index_value", IndexValue, isDeterministic: true);
        LastValueOrder.Register(connection);
    }

    public static FudgePath PathFor(string text)
    {
        if (Paths.TryGetValue(text, out var path)) return path;
        path = FudgePath.Compile(text);
        if (Paths.Count < CacheLimit) Paths.TryAdd(text, path);
        return path;
    }

    public static FudgeFilter FilterFor(string text)
    {
        if (Filters.TryGetValue(text, out var filter)) return filter;
        filter = FudgeFilter.Compile(text);
        if (Filters.Count < CacheLimit) Filters.TryAdd(text, filter);
        return filter;
    }

    private static object? Get(byte[] document, string path)
        => document is null || path is null ? null : FirstValueOf(document, PathFor(path));

    /// <summary><c>fudge_get</c>'s value: the first value the path selects.</summary>
    internal static object? FirstValueOf(byte[] document, FudgePath path)
    {
        var visitor = new FirstValue();
        path.Visit(document, ref visitor);
        return visitor.Value;
    }

    /// <summary>The first field the path selects, as an envelope of that one field (exact for every type), or null.</summary>
    private static byte[]? Field(byte[] document, string path)
    {
        if (document is null || path is null) return null;
        var visitor = new FirstField();
        PathFor(path).Visit(document, ref visitor);
        return visitor.Envelope;
    }

    /// <summary>The first byte of <c>fudge_column</c>'s answer when a step of the path meets several fields (the document follows).</summary>
    public const byte SeveralFieldsMark = 1;

    /// <summary><c>fudge_column</c>: <see cref="Field"/>, or the mark and the document when a step of the path meets several fields.</summary>
    private static byte[]? Column(byte[] document, string path)
    {
        if (document is null || path is null) return null;
        var compiled = PathFor(path);
        if (!DeserializedColumns.MeetsSeveral(compiled, document))
        {
            var visitor = new FirstField();
            compiled.Visit(document, ref visitor);
            return visitor.Envelope;
        }
        var marked = new byte[document.Length + 1];
        marked[0] = SeveralFieldsMark;
        document.CopyTo(marked, 1);
        return marked;
    }

    private static long? Instant(byte[] document, string path)
        => document is null || path is null ? null : FirstInstantOf(document, PathFor(path));

    /// <summary><c>fudge_instant</c>'s value: the instant of the first value the path selects.</summary>
    internal static long? FirstInstantOf(byte[] document, FudgePath path)
    {
        var visitor = new FirstInstant();
        path.Visit(document, ref visitor);
        return visitor.Ticks;
    }

    private static long Match(byte[] document, string filter)
    {
        Interlocked.Increment(ref _matchCalls);
        return document is not null && filter is not null && FilterFor(filter).Matches(document) ? 1 : 0;
    }

    private static object? IndexKey(byte[] document, string path)
    {
        Interlocked.Increment(ref _indexKeyCalls);
        if (document is null || path is null) return null;
        var visitor = new SingleComparable();
        PathFor(path).Visit(document, ref visitor);
        return visitor.Count > 1 ? SeveralValues : visitor.Value;
    }

    /// <summary>
    /// For an elements index's side table (<see cref="SqliteFudgeCollection"/>): every comparable value the path selects
    /// (what <c>fudge_index_key</c> would hold were it the path's one value; the others left out), in one JSON array that
    /// <c>json_each</c> turns into rows in the table's triggers, or null when there is none. One call a document: the
    /// path is walked once. Integers and strings are JSON integers and strings, which <c>json_each</c> gives back as the
    /// same SQL values; a double is <c>[bits]</c> (its IEEE 754 bits as an integer), which <c>fudge_index_real</c>
    /// turns back into the same double, since SQLite's reading of decimal text is not guaranteed to give the double
    /// back bit for bit.
    /// </summary>
    private static string? IndexValues(byte[] document, string path)
    {
        if (document is null || path is null) return null;
        var visitor = new AllComparable { Json = new System.Text.StringBuilder() };
        PathFor(path).Visit(document, ref visitor);
        return visitor.Count == 0 ? null : visitor.Json.Append(']').ToString();
    }

    /// <summary>
    /// The values <c>fudge_index_values</c> gives (integers as <see cref="long"/>, doubles, strings), into
    /// <paramref name="values"/>: what the store inserts into an elements index's side table itself.
    /// </summary>
    internal static void ComparableValues(byte[] document, FudgePath path, List<object> values)
    {
        var visitor = new Collector { Values = values };
        path.Visit(document, ref visitor);
    }

    private struct Collector : IFudgeFieldVisitor
    {
        public List<object> Values;

        public bool Visit(in FudgeReader field)
        {
            if (SqlValue(in field, comparableOnly: true) is { } value) Values.Add(value);
            return true;
        }
    }

    /// <summary>The double of a <c>[bits]</c> element of <c>fudge_index_values</c>.</summary>
    private static double IndexReal(string element)
    {
        var bits = element.AsSpan().Trim().Trim('[').Trim(']');
        return BitConverter.Int64BitsToDouble(long.Parse(bits, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// The old form, for the triggers an earlier version created (<see cref="IndexValues"/> replaces it): the positions <c>[0,1,...]</c> of the
    /// values the path selects, as JSON (which <c>json_each</c> turns into rows in the table's triggers, where SQLite
    /// allows no recursive query), or null when it selects none.
    /// </summary>
    private static string? IndexPositions(byte[] document, string path)
    {
        if (document is null || path is null) return null;
        var visitor = new Counter();
        PathFor(path).Visit(document, ref visitor);
        if (visitor.Count == 0) return null;
        var text = new System.Text.StringBuilder("[");
        for (int i = 0; i < visitor.Count; i++) text.Append(i == 0 ? "" : ",").Append(i.ToString(System.Globalization.CultureInfo.InvariantCulture));
        return text.Append(']').ToString();
    }

    /// <summary>The value at <paramref name="position"/> among those the path selects, as <c>fudge_index_key</c> holds one value (null: none, or not comparable).</summary>
    private static object? IndexValue(byte[] document, string path, long position)
    {
        if (document is null || path is null) return null;
        var visitor = new NthComparable { Wanted = position };
        PathFor(path).Visit(document, ref visitor);
        return visitor.Value;
    }

    /// <summary>What <c>fudge_unique_key</c> says when a path selects several values (the store finds it in SQLite's message).</summary>
    internal const string SeveralValuesMessage = "selects several values in a document, which a unique index refuses";

    private static object? UniqueKey(byte[] document, string path)
    {
        if (document is null || path is null) return null;
        var visitor = new SingleComparable();
        PathFor(path).Visit(document, ref visitor);
        if (visitor.Count > 1) throw new FudgeStoreException($"The path {path} {SeveralValuesMessage}.");
        return visitor.Value;
    }

    /// <summary>The SQL value of a field, or null for sub-messages, indicators and types SQL has no value for.</summary>
    internal static object? SqlValue(in FudgeReader field, bool comparableOnly)
    {
        switch (field.TypeId)
        {
            case FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64:
                return field.GetInt64();
            case FudgeTypeId.Float or FudgeTypeId.Double:
                double number = field.GetDouble();
                return double.IsNaN(number) ? null : number;
            case FudgeTypeId.Boolean:
                return field.GetBoolean() ? 1L : 0L;
            case FudgeTypeId.String:
                return field.GetString();
            case FudgeTypeId.ByteArray when !comparableOnly:
                return field.ValueSpan.ToArray();
            case FudgeTypeId.Date when !comparableOnly:
                return field.GetDate().ToString();
            case FudgeTypeId.DateTime when !comparableOnly:
                return field.GetDateTime().ToString();
            default:
                return null;
        }
    }

    private struct FirstValue : IFudgeFieldVisitor
    {
        public object? Value;

        public bool Visit(in FudgeReader field)
        {
            Value = SqlValue(in field, comparableOnly: false);
            return false;
        }
    }

    private struct FirstInstant : IFudgeFieldVisitor
    {
        public long? Ticks;

        public bool Visit(in FudgeReader field)
        {
            Ticks = InstantOf(in field);
            return false;
        }
    }

    /// <summary>The instant of a date-time, a date or ISO 8601 text with an offset, as 100 ns ticks (<c>fudge_instant</c>), or null.</summary>
    internal static long? InstantOf(in FudgeReader field)
    {
        try
        {
            return field.TypeId switch
            {
                // As the generated readers read a DateTime (the UTC instant when zoned, the wall clock when not)
                // and a DateTimeOffset (compared by its UtcTicks; no zone is UTC): the same ticks either way.
                FudgeTypeId.DateTime or FudgeTypeId.Date => field.GetDateTime().ToDateTime().Ticks,
                // A DateTimeOffset whose offset is not whole quarter hours is written as ISO 8601 text.
                FudgeTypeId.String => DateTimeOffset.TryParse(field.GetString(), System.Globalization.CultureInfo.InvariantCulture,
                    System.Globalization.DateTimeStyles.AssumeUniversal, out var text) ? text.UtcTicks : null,
                _ => null,
            };
        }
        catch (FudgeException)
        {
            return null; // a value .NET cannot hold orders with the absent ones
        }
    }

    private struct FirstField : IFudgeFieldVisitor
    {
        public byte[]? Envelope;

        public bool Visit(in FudgeReader field)
        {
            var output = new System.Buffers.ArrayBufferWriter<byte>(field.ValueSpan.Length + 16);
            var writer = new FudgeWriter(output);
            var envelope = writer.BeginEnvelope();
            writer.WriteRawField(FudgeFieldKey.Anonymous, field.TypeId, field.ValueSpan);
            writer.EndEnvelope(envelope);
            writer.Flush();
            Envelope = output.WrittenSpan.ToArray();
            return false;
        }
    }

    private struct SingleComparable : IFudgeFieldVisitor
    {
        public object? Value;
        public int Count;

        public bool Visit(in FudgeReader field)
        {
            if (++Count > 1) return false;
            Value = SqlValue(in field, comparableOnly: true);
            return true;
        }
    }

    private struct Counter : IFudgeFieldVisitor
    {
        public int Count;

        public bool Visit(in FudgeReader field)
        {
            Count++;
            return true;
        }
    }

    private struct AllComparable : IFudgeFieldVisitor
    {
        public System.Text.StringBuilder Json;
        public int Count;

        public bool Visit(in FudgeReader field)
        {
            switch (SqlValue(in field, comparableOnly: true))
            {
                case null:
                    return true;
                case long integer:
                    Json.Append(Count++ == 0 ? '[' : ',').Append(integer.ToString(System.Globalization.CultureInfo.InvariantCulture));
                    return true;
                case double real:
                    Json.Append(Count++ == 0 ? '[' : ',').Append('[').Append(BitConverter.DoubleToInt64Bits(real).ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(']');
                    return true;
                case string text:
                    Json.Append(Count++ == 0 ? '[' : ',').Append('"');
                    // Only what JSON requires is escaped: every other character goes as it is, as the text itself would.
                    foreach (char c in text)
                    {
                        if (c is '"' or '\\') Json.Append('\\').Append(c);
                        else if (c < ' ') Json.Append("\\u").Append(((int)c).ToString("x4", System.Globalization.CultureInfo.InvariantCulture));
                        else Json.Append(c);
                    }
                    Json.Append('"');
                    return true;
                default:
                    return true;
            }
        }
    }

    private struct NthComparable : IFudgeFieldVisitor
    {
        public long Wanted;
        public object? Value;
        private long _seen;

        public bool Visit(in FudgeReader field)
        {
            if (_seen++ < Wanted) return true;
            Value = SqlValue(in field, comparableOnly: true);
            return false;
        }
    }
}
