using System;
using System.Buffers.Binary;

namespace Fudge.Query;

/// <summary>The comparison operators of the filter language.</summary>
internal enum ComparisonOperator
{
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// <summary>
/// Compares one field value with one literal. Values of different families (a string and a number, say) are not
/// comparable: then only <c>!=</c> holds, as in RFC 9535. Numbers compare across every integer and floating width.
/// </summary>
internal static class ValueComparison
{
    private const int Incomparable = int.MinValue;

    public static bool Holds(in FieldValue value, ComparisonOperator op, QueryLiteral literal) => OrderHolds(Compare(in value, literal), op);

    /// <summary>A double on the wire against a numeric literal (as <see cref="Holds(in FieldValue, ComparisonOperator, QueryLiteral)"/> would compare them).</summary>
    /// <remarks>IEEE comparisons give exactly that ordering's answers: NaN is incomparable, so only <c>!=</c> holds.</remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static bool Holds(double value, ComparisonOperator op, double literal) => op switch
    {
        ComparisonOperator.Equal => value == literal,
        ComparisonOperator.NotEqual => !(value == literal),
        ComparisonOperator.Less => value < literal,
        ComparisonOperator.LessOrEqual => value <= literal,
        ComparisonOperator.Greater => value > literal,
        _ => value >= literal,
    };

    /// <summary>
    /// A value known only by its wire type and bytes against a literal, as <see cref="Holds(in FieldValue, ComparisonOperator, QueryLiteral)"/>
    /// would compare it, for walks with no reader: strings and numbers (a literal of another family is incomparable
    /// with them, and then only <c>!=</c> holds). <see cref="Decision.Unknown"/> for the other types, which need the
    /// reader. The value's extent is checked, and its length is the type's width when the type has one. A string is
    /// compared byte for byte: callers send a literal that <see cref="QueryLiteral.ComparesAsText"/> the operator (one a
    /// string Fudge-Java wrote may meet in other bytes) to <see cref="Holds(in FieldValue, ComparisonOperator, QueryLiteral)"/>.
    /// </summary>
    /// <remarks>A <see cref="Decision"/>, not a nullable bool: a nullable is returned through the stack as two byte
    /// stores read back as one word, which stalled the caller on every call. Inlined, with no call in it, so that a
    /// walk's loop runs it in its own frame and keeps its own values in registers.</remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static Decision OnWire(byte typeId, ReadOnlySpan<byte> value, ComparisonOperator op, QueryLiteral literal)
    {
        switch (typeId)
        {
            case FudgeTypeId.String:
                if (literal.Kind != LiteralKind.String) return Of(op == ComparisonOperator.NotEqual);
                return Of(op switch
                {
                    ComparisonOperator.Equal => InlineBytes.Equal(value, literal.Utf8),
                    ComparisonOperator.NotEqual => !InlineBytes.Equal(value, literal.Utf8),
                    _ => OrderHolds(InlineBytes.Compare(value, literal.Utf8), op),
                });
            case FudgeTypeId.Double:
                return Of(literal.IsNumeric ? Holds(BigEndian.ReadDouble(value), op, literal.Number) : op == ComparisonOperator.NotEqual);
            case FudgeTypeId.Float:
                return Of(literal.IsNumeric ? Holds(BigEndian.ReadSingle(value), op, literal.Number) : op == ComparisonOperator.NotEqual);
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64:
                if (!literal.IsNumeric) return Of(op == ComparisonOperator.NotEqual);
                long integer = typeId switch
                {
                    FudgeTypeId.Int8 => (sbyte)value[0],
                    FudgeTypeId.Int16 => BinaryPrimitives.ReadInt16BigEndian(value),
                    FudgeTypeId.Int32 => BinaryPrimitives.ReadInt32BigEndian(value),
                    _ => BinaryPrimitives.ReadInt64BigEndian(value),
                };
                // Integers compare exactly with an integer literal, and as doubles with any other number.
                return Of(literal.Kind == LiteralKind.Integer
                    ? OrderHolds(integer.CompareTo(literal.Integer), op)
                    : Holds(integer, op, literal.Number));
            default:
                return Decision.Unknown;
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static Decision Of(bool holds) => holds ? Decision.True : Decision.False;

    /// <summary>
    /// Two field values (<c>$.bid &lt; $.ask</c>), with the same widening as against a literal: integers exactly,
    /// integers and floating values as doubles, strings by code point, booleans equal or not (never ordered), dates and
    /// date-times as instants. Values of different families are not comparable: only <c>!=</c> holds.
    /// </summary>
    public static bool Holds(in FieldValue left, ComparisonOperator op, in FieldValue right)
    {
        if (left.Kind == ValueKind.Boolean && right.Kind == ValueKind.Boolean && op is not (ComparisonOperator.Equal or ComparisonOperator.NotEqual))
            return false;
        return OrderHolds(Compare(in left, in right), op);
    }

    private static int Compare(in FieldValue left, in FieldValue right)
    {
        switch (left.Kind)
        {
            case ValueKind.Integer when right.Kind == ValueKind.Integer:
                return left.Integer.CompareTo(right.Integer) switch { < 0 => -1, 0 => 0, _ => 1 };
            case ValueKind.Integer or ValueKind.Number when right.Kind is ValueKind.Integer or ValueKind.Number:
                return CompareDoubles(left.Number, right.Number);
            case ValueKind.Boolean when right.Kind == ValueKind.Boolean:
                return left.Boolean == right.Boolean ? 0 : 1;
            case ValueKind.String when right.Kind == ValueKind.String:
                if (left.Text is not null && right.Text is not null) return WireText.Compare(left.Text, right.Text);
                return WireText.Compare(left.Utf8, right.Utf8);
            case ValueKind.Date when right.Kind == ValueKind.Date:
                return left.Date.CompareTo(right.Date) switch { < 0 => -1, 0 => 0, _ => 1 };
            case ValueKind.Date or ValueKind.DateTime when right.Kind is ValueKind.Date or ValueKind.DateTime:
                return CompareInstants(left.Seconds, left.Nanoseconds, right.Seconds, right.Nanoseconds);
            default:
                return Incomparable;
        }
    }

    /// <summary>Whether an ordering (-1, 0, 1, or incomparable) satisfies the operator.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static bool OrderHolds(int order, ComparisonOperator op)
    {
        if (order == Incomparable) return op == ComparisonOperator.NotEqual;
        return op switch
        {
            ComparisonOperator.Equal => order == 0,
            ComparisonOperator.NotEqual => order != 0,
            ComparisonOperator.Less => order < 0,
            ComparisonOperator.LessOrEqual => order <= 0,
            ComparisonOperator.Greater => order > 0,
            _ => order >= 0,
        };
    }

    /// <summary>Ordering of value against literal (-1, 0, 1), or <see cref="Incomparable"/>.</summary>
    private static int Compare(in FieldValue value, QueryLiteral literal)
    {
        switch (value.Kind)
        {
            case ValueKind.Integer:
                if (literal.Kind == LiteralKind.Integer) return value.Integer.CompareTo(literal.Integer);
                if (literal.Kind == LiteralKind.Number) return CompareDoubles(value.Number, literal.Number);
                return Incomparable;
            case ValueKind.Number:
                return literal.IsNumeric ? CompareDoubles(value.Number, literal.Number) : Incomparable;
            case ValueKind.Boolean:
                // Booleans have equality only; the parser refuses ordering operators with a boolean literal.
                return literal.Kind == LiteralKind.Boolean ? (value.Boolean == literal.Boolean ? 0 : 1) : Incomparable;
            case ValueKind.String:
                if (literal.Kind != LiteralKind.String) return Incomparable;
                // By code point: UTF-8 byte order is that order, once a CESU-8 pair is rewritten (WireText).
                return value.Text is null ? WireText.Compare(value.Utf8, literal.Utf8) : WireText.Compare(value.Text, literal.Text);
            case ValueKind.Date:
                if (literal.Kind == LiteralKind.Date) return value.Date.CompareTo(literal.Date) switch { < 0 => -1, 0 => 0, _ => 1 };
                if (literal.Kind == LiteralKind.DateTime) return CompareInstants(value.Seconds, 0, literal.Seconds, literal.Nanoseconds);
                return Incomparable;
            case ValueKind.DateTime:
                if (literal.Kind is LiteralKind.Date or LiteralKind.DateTime)
                    return CompareInstants(value.Seconds, value.Nanoseconds, literal.Seconds, literal.Nanoseconds);
                return Incomparable;
            default:
                return Incomparable;
        }
    }

    private static int CompareDoubles(double a, double b)
    {
        if (double.IsNaN(a) || double.IsNaN(b)) return Incomparable;
        return a < b ? -1 : a > b ? 1 : 0;
    }

    private static int CompareInstants(long seconds, int nanoseconds, long otherSeconds, int otherNanoseconds)
    {
        if (seconds != otherSeconds) return seconds < otherSeconds ? -1 : 1;
        return nanoseconds.CompareTo(otherNanoseconds) switch { < 0 => -1, 0 => 0, _ => 1 };
    }
}
