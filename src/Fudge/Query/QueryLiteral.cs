using System;
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

    /// <summary>
    /// True when the string holds a character past U+FFFF, which Fudge-Java writes as a CESU-8 pair: a string on the
    /// wire can then equal, start with, end with or contain it without holding its UTF-8 bytes.
    /// </summary>
    public bool HoldsSupplementary { get; private set; }

    // A bit per ComparisonOperator that must compare a string on the wire as text (WireText), not byte for byte.
    private int _textOperators;

    /// <summary>
    /// True when <paramref name="op"/> compares a string on the wire with this literal as text, decoding a CESU-8 pair
    /// (see <see cref="WireText"/>): equality with a literal holding a character past U+FFFF, ordering against one
    /// holding a character from U+E000 up. Against every other literal the bytes give the answer the text gives.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool ComparesAsText(ComparisonOperator op) => ((_textOperators >> (int)op) & 1) != 0;

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
    {
        var utf8 = Encoding.UTF8.GetBytes(value);
        // In UTF-8 a character past U+FFFF starts with 0xF0..0xF4, one from U+E000 with 0xEE or above.
        bool supplementary = Array.Exists(utf8, b => b >= 0xF0);
        bool aboveSurrogates = Array.Exists(utf8, b => b >= 0xEE);
        int equality = (1 << (int)ComparisonOperator.Equal) | (1 << (int)ComparisonOperator.NotEqual);
        return new(LiteralKind.String, "'" + value + "'")
        {
            Text = value,
            Utf8 = utf8,
            HoldsSupplementary = supplementary,
            _textOperators = (supplementary ? equality : 0) | (aboveSurrogates ? ~equality : 0),
        };
    }

    public static QueryLiteral ForBoolean(bool value) => new(LiteralKind.Boolean, value ? "true" : "false") { Boolean = value };

    public static QueryLiteral ForDate(FudgeDate date, long seconds, string display)
        => new(LiteralKind.Date, display) { Date = date, Seconds = seconds };

    public static QueryLiteral ForDateTime(FudgeDate date, long seconds, int nanoseconds, string display)
        => new(LiteralKind.DateTime, display) { Date = date, Seconds = seconds, Nanoseconds = nanoseconds };
}
