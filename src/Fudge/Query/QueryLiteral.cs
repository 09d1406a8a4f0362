using System.Globalization;
using System.Text;

namespace Fudge.Query;

/// <summary>The kinds of literal a filter can hold.</summary>
internal enum LiteralKind
{
    Integer,
    Number,
    String,
    Boolean,
    Date,
    DateTime,
}

/// <summary>A literal of a filter, with every form a comparison needs prepared at compile time (strings also as UTF-8).</summary>
internal sealed class QueryLiteral
{
    private QueryLiteral(LiteralKind kind, string display)
    {
        Kind = kind;
        Display = display;
        Text = string.Empty;
        Utf8 = System.Array.Empty<byte>();
    }

    public LiteralKind Kind { get; }

    /// <summary>The literal as written, for messages.</summary>
    public string Display { get; }

    public long Integer { get; private set; }

    public double Number { get; private set; }

    public string Text { get; private set; }

    public byte[] Utf8 { get; private set; }

    public bool Boolean { get; private set; }

    /// <summary>The date of a date literal (and the date part of a date-time literal).</summary>
    public FudgeDate Date { get; private set; }

    /// <summary>The instant, for dates (midnight) and date-times: seconds from 1970-01-01 UTC.</summary>
    public long Seconds { get; private set; }

    public int Nanoseconds { get; private set; }

    public bool IsNumeric
    {
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        get => Kind is LiteralKind.Integer or LiteralKind.Number;
    }

    public static QueryLiteral ForInteger(long value)
        => new(LiteralKind.Integer, value.ToString(CultureInfo.InvariantCulture)) { Integer = value, Number = value };

    public static QueryLiteral ForNumber(double value, string display) => new(LiteralKind.Number, display) { Number = value };

    public static QueryLiteral ForString(string value)
        => new(LiteralKind.String, "'" + value + "'") { Text = value, Utf8 = Encoding.UTF8.GetBytes(value) };

    public static QueryLiteral ForBoolean(bool value) => new(LiteralKind.Boolean, value ? "true" : "false") { Boolean = value };

    public static QueryLiteral ForDate(FudgeDate date, long seconds, string display)
        => new(LiteralKind.Date, display) { Date = date, Seconds = seconds };

    public static QueryLiteral ForDateTime(FudgeDate date, long seconds, int nanoseconds, string display)
        => new(LiteralKind.DateTime, display) { Date = date, Seconds = seconds, Nanoseconds = nanoseconds };
}
