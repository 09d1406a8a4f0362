using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>What a LINQ query over a collection ends with: the rows themselves, or one value computed from them.</summary>
internal enum FudgeQueryTerminal
{
    Sequence,
    Count,
    Any,
    First,
    FirstOrDefault,
    Single,
    SingleOrDefault,
}

/// <summary>
/// A LINQ query over a collection, translated (<see cref="FudgeQueryableParser"/>): the filter, the orderings, the window,
/// the columns (the paths a projection reads, or none for whole documents) and the terminal operator. Each store turns
/// it into one SQL statement.
/// </summary>
internal sealed class FudgeQueryPlan
{
    public FudgeFilter? Where { get; set; }

    public List<FudgeQueryOrder> Order { get; } = new();

    public int Skip { get; set; }

    public int? Take { get; set; }

    /// <summary>The paths to read instead of the whole document (a projection that reads scalars only), or null.</summary>
    public IReadOnlyList<FudgePath>? Columns { get; set; }

    /// <summary>The CLR type each column is converted to.</summary>
    public IReadOnlyList<Type>? ColumnTypes { get; set; }

    public FudgeQueryTerminal Terminal { get; set; }

    /// <summary>The rows the statement may return: the window, narrowed by First (1) and Single (2).</summary>
    public int? Limit => Terminal switch
    {
        FudgeQueryTerminal.First or FudgeQueryTerminal.FirstOrDefault => Math.Min(Take ?? 1, 1),
        FudgeQueryTerminal.Single or FudgeQueryTerminal.SingleOrDefault => Math.Min(Take ?? 2, 2),
        _ => Take,
    };
}

/// <summary>
/// One ordering: the path whose member orders (its value as the generated deserializer gives it: the last of several
/// fields at each step), the direction, whether the values are strings (ordered by code point) or date-times (ordered
/// by instant: the offset taken off, a value with no zone as UTC, to the 100 ns tick), and what a missing member reads
/// as (<see cref="Absent"/>).
/// </summary>
internal readonly struct FudgeQueryOrder
{
    public FudgeQueryOrder(FudgePath path, bool descending, bool text, bool instant = false, AbsentKey absent = AbsentKey.Null, bool day = false)
    {
        Path = path;
        Descending = descending;
        Text = text;
        Instant = instant;
        Absent = absent;
        Day = day;
    }

    /// <summary>
    /// True when the values are dates (<see cref="DateOnly"/>, written as Fudge dates): Fudge writes the earliest and
    /// the latest as markers (<c>min</c>, <c>max</c> as text), which order as the dates they read back as, 0001-01-01
    /// and 9999-12-31.
    /// </summary>
    public bool Day { get; }

    /// <summary>Whether an ordering's key selector reads a <see cref="DateOnly"/> (<see cref="Day"/>).</summary>
    public static bool DayOf(System.Linq.Expressions.Expression body)
    {
        while (body is System.Linq.Expressions.UnaryExpression { NodeType: System.Linq.Expressions.ExpressionType.Convert or System.Linq.Expressions.ExpressionType.ConvertChecked } cast)
            body = cast.Operand;
        return (Nullable.GetUnderlyingType(body.Type) ?? body.Type) == typeof(DateOnly);
    }

    public bool Instant { get; }

    public FudgePath Path { get; }

    public bool Descending { get; }

    public bool Text { get; }

    /// <summary>
    /// The key of a document whose member is missing (no field at the last step, or an indicator there) below
    /// sub-messages that are present: a member that cannot be null reads as its default, which LINQ to Objects orders
    /// among the values (zero, false, 0001-01-01T00:00, 0001-01-01, U+0000: <see cref="AbsentOf"/>); others, and a member below a
    /// missing sub-message, order as null (first).
    /// </summary>
    public AbsentKey Absent { get; }

    /// <summary>
    /// What a missing member reads as, from the ordering's key selector: the default of a type that cannot be null,
    /// which LINQ to Objects orders among the values (zero for a number, an enum or a <see cref="TimeSpan"/>, written as
    /// its ticks; false; 0001-01-01T00:00 for a <see cref="DateTime"/> or <see cref="DateTimeOffset"/>; 0001-01-01 for a
    /// <see cref="DateOnly"/>; U+0000 for a <see cref="char"/>), null otherwise (a reference or a nullable type). The
    /// type's default, not a property initializer's value (<c>= DateTime.UtcNow</c>), which the store cannot know.
    /// </summary>
    public static AbsentKey AbsentOf(System.Linq.Expressions.Expression body)
    {
        // The member's own type: a cast in the selector ((long?)t.Qty) converts the value the member already holds.
        while (body is System.Linq.Expressions.UnaryExpression { NodeType: System.Linq.Expressions.ExpressionType.Convert or System.Linq.Expressions.ExpressionType.ConvertChecked } cast)
            body = cast.Operand;
        var type = body.Type;
        if (!type.IsValueType || Nullable.GetUnderlyingType(type) is not null) return AbsentKey.Null;
        if (type.IsEnum) return AbsentKey.Zero;
        if (type == typeof(bool)) return AbsentKey.False;
        if (type == typeof(DateTime) || type == typeof(DateTimeOffset)) return AbsentKey.FirstInstant;
        if (type == typeof(DateOnly)) return AbsentKey.FirstDay;
        if (type == typeof(char)) return AbsentKey.Nul;
        return type == typeof(long) || type == typeof(int) || type == typeof(short) || type == typeof(sbyte) || type == typeof(ulong)
            || type == typeof(uint) || type == typeof(ushort) || type == typeof(byte) || type == typeof(nint) || type == typeof(nuint)
            || type == typeof(double) || type == typeof(float) || type == typeof(Half) || type == typeof(TimeSpan)
            ? AbsentKey.Zero : AbsentKey.Null;
    }
}

/// <summary>What an ordering's missing member reads as (<see cref="FudgeQueryOrder.Absent"/>).</summary>
internal enum AbsentKey
{
    /// <summary>Null: first ascending, last descending.</summary>
    Null,

    /// <summary>Zero (a number, an enum, a <see cref="TimeSpan"/>'s ticks).</summary>
    Zero,

    /// <summary>False.</summary>
    False,

    /// <summary>The instant 0001-01-01T00:00 (UTC): <c>default(DateTime)</c> and <c>default(DateTimeOffset)</c>.</summary>
    FirstInstant,

    /// <summary>The date 0001-01-01: <c>default(DateOnly)</c>.</summary>
    FirstDay,

    /// <summary>The string of U+0000: <c>default(char)</c>.</summary>
    Nul,
}

/// <summary>A column value a store has already decoded (a field's value as a <see cref="FudgeMsg"/> holds it), rather than a one-field envelope.</summary>
internal sealed class FudgeColumnValue
{
    private object? _value;
    private long _integer;

    public FudgeColumnValue(object? value) => _value = value;

    /// <summary>
    /// The value; a backend may set it again for each row of a result (a row is read before the next is asked for). An
    /// integer set with <see cref="SetInteger"/> is boxed here, when read as an object.
    /// </summary>
    public object? Value
    {
        get => IsInteger ? _integer : _value;
        set
        {
            _value = value;
            IsInteger = false;
        }
    }

    /// <summary>True when the value is the <see cref="long"/> <see cref="Integer"/>, set without a box.</summary>
    public bool IsInteger { get; private set; }

    /// <summary>The value when <see cref="IsInteger"/>.</summary>
    public long Integer => _integer;

    /// <summary>
    /// Sets the value to a <see cref="long"/> held unboxed: a projection whose result is that member's own type reads it
    /// as it is (a whole result's ids, one a row, were a box each).
    /// </summary>
    public void SetInteger(long value)
    {
        _integer = value;
        _value = null;
        IsInteger = true;
    }
}

/// <summary>A statement as a store sends it: SQL text and its parameters, by name.</summary>
internal sealed class FudgeSqlStatement
{
    public FudgeSqlStatement(string sql, IReadOnlyList<KeyValuePair<string, object?>> parameters)
    {
        Sql = sql;
        Parameters = parameters;
    }

    public string Sql { get; }

    public IReadOnlyList<KeyValuePair<string, object?>> Parameters { get; }

    /// <summary>The SQL with its parameters above it as comments, as EF Core's ToQueryString shows them.</summary>
    public override string ToString()
    {
        var text = new System.Text.StringBuilder();
        foreach (var parameter in Parameters)
            text.Append("-- ").Append(parameter.Key).Append('=').Append(Show(parameter.Value)).Append('\n');
        return text.Append(Sql).ToString();
    }

    private static string Show(object? value) => value switch
    {
        null => "NULL",
        string s => "'" + s.Replace("'", "''") + "'",
        byte[] b => "x'" + BitConverter.ToString(b).Replace("-", "") + "'",
        IFormattable f => f.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };
}

/// <summary>
/// A collection that runs translated LINQ queries as SQL (SQLite and PostgreSQL implement it). A row of a sequence is
/// the document's bytes, or, with <see cref="FudgeQueryPlan.Columns"/>, one value per column: the first field the path
/// selects as a one-field envelope, or its value as a <see cref="FudgeColumnValue"/> (null when it selects none); or,
/// for a document in which a step of a column's path meets several fields, one <see cref="FudgeDocumentColumns"/>
/// (the columns are then the deserialized document's members).
/// </summary>
internal interface IFudgeQueryBackend
{
    /// <summary>The statement the plan runs as.</summary>
    FudgeSqlStatement Statement(FudgeQueryPlan plan);

    /// <summary>
    /// The rows of a sequence, First or Single plan: the document (one column), or the columns' values. Each row is
    /// read before the next is asked for: a backend may give the same array (and <see cref="FudgeColumnValue"/>s)
    /// again, with the next row's values.
    /// </summary>
    IAsyncEnumerable<object?[]> RowsAsync(FudgeQueryPlan plan, CancellationToken cancellationToken);

    /// <summary>The value of a Count (long) or Any (bool) plan.</summary>
    ValueTask<object> ScalarAsync(FudgeQueryPlan plan, CancellationToken cancellationToken);
}
