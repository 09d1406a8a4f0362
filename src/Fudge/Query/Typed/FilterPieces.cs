using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq.Expressions;
using System.Text;

namespace Fudge.Query;

/// <summary>
/// A translated predicate before its values are known: text of the filter language, constants that fold away, and
/// the parts of a compiled query that wait for its arguments. <see cref="Render"/> gives the filter text.
/// </summary>
internal abstract class FilterPiece
{
    /// <summary>The filter text, or null when the predicate is the constant <paramref name="constant"/>.</summary>
    public abstract string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant);

    /// <summary>True when some part waits for a compiled query's arguments.</summary>
    public abstract bool IsDeferred { get; }

    public static FilterPiece Text(string text) => new TextPiece(text);

    public static readonly FilterPiece True = new ConstantPiece(true);

    public static readonly FilterPiece False = new ConstantPiece(false);

    public static FilterPiece And(FilterPiece left, FilterPiece right) => new LogicPiece(left, right, and: true);

    public static FilterPiece Or(FilterPiece left, FilterPiece right) => new LogicPiece(left, right, and: false);

    public static FilterPiece Not(FilterPiece operand) => new NotPiece(operand);

    public static FilterPiece Deferred(Func<IReadOnlyDictionary<ParameterExpression, object?>, FilterPiece> make) => new DeferredPiece(make);

    /// <summary><c>any(path, inner)</c>: some sub-message at <paramref name="path"/> passes <paramref name="inner"/>, written over <c>@</c>.</summary>
    public static FilterPiece Element(string path, FilterPiece inner) => new ElementPiece(path, inner);

    private sealed class ElementPiece : FilterPiece
    {
        private readonly string _path;
        private readonly FilterPiece _inner;

        public ElementPiece(string path, FilterPiece inner)
        {
            _path = path;
            _inner = inner;
        }

        public override bool IsDeferred => _inner.IsDeferred;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            string? inner = _inner.Render(arguments, out bool value);
            constant = false;
            // Every element passes: some element exists; none passes: false.
            if (inner is null) return value ? _path : null;
            return "any(" + _path + ", " + inner + ")";
        }
    }

    private sealed class TextPiece : FilterPiece
    {
        private readonly string _text;

        public TextPiece(string text) => _text = text;

        public override bool IsDeferred => false;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            constant = false;
            return _text;
        }
    }

    private sealed class ConstantPiece : FilterPiece
    {
        private readonly bool _value;

        public ConstantPiece(bool value) => _value = value;

        public override bool IsDeferred => false;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            constant = _value;
            return null;
        }
    }

    private sealed class LogicPiece : FilterPiece
    {
        private readonly FilterPiece _left;
        private readonly FilterPiece _right;
        private readonly bool _and;

        public LogicPiece(FilterPiece left, FilterPiece right, bool and)
        {
            _left = left;
            _right = right;
            _and = and;
        }

        public override bool IsDeferred => _left.IsDeferred || _right.IsDeferred;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            string? left = _left.Render(arguments, out bool leftValue);
            // A constant side decides (false && x, true || x) or drops out (true && x, false || x).
            if (left is null && leftValue != _and)
            {
                constant = leftValue;
                return null;
            }
            string? right = _right.Render(arguments, out bool rightValue);
            if (right is null && rightValue != _and)
            {
                constant = rightValue;
                return null;
            }
            constant = _and;
            if (left is null) return right;
            if (right is null) return left;
            return "(" + left + (_and ? " && " : " || ") + right + ")";
        }
    }

    private sealed class NotPiece : FilterPiece
    {
        private readonly FilterPiece _operand;

        public NotPiece(FilterPiece operand) => _operand = operand;

        public override bool IsDeferred => _operand.IsDeferred;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            string? text = _operand.Render(arguments, out bool value);
            constant = !value;
            return text is null ? null : "!(" + text + ")";
        }
    }

    private sealed class DeferredPiece : FilterPiece
    {
        private readonly Func<IReadOnlyDictionary<ParameterExpression, object?>, FilterPiece> _make;

        public DeferredPiece(Func<IReadOnlyDictionary<ParameterExpression, object?>, FilterPiece> make) => _make = make;

        public override bool IsDeferred => true;

        public override string? Render(IReadOnlyDictionary<ParameterExpression, object?>? arguments, out bool constant)
        {
            if (arguments is null) throw new InvalidOperationException("A compiled query's part was rendered without its arguments.");
            return _make(arguments).Render(arguments, out constant);
        }
    }
}

/// <summary>Text of the filter language: paths' keys and literals, written so that the parser reads them back exactly.</summary>
internal static class FilterText
{
    /// <summary>A path step for a field name: <c>.name</c>, or <c>['odd name']</c> when it is not an identifier.</summary>
    public static string NameStep(string name)
    {
        bool identifier = name.Length > 0 && QueryText.IsNameStart(name[0]) && name != "true" && name != "false";
        for (int i = 1; identifier && i < name.Length; i++) identifier = QueryText.IsNameChar(name[i]);
        return identifier ? "." + name : "[" + String(name) + "]";
    }

    public static string OrdinalStep(int ordinal) => ".#" + ordinal.ToString(CultureInfo.InvariantCulture);

    /// <summary>A quoted string literal.</summary>
    public static string String(string value)
    {
        var sb = new StringBuilder(value.Length + 2).Append('\'');
        foreach (char c in value)
        {
            switch (c)
            {
                case '\'': sb.Append("\\'"); break;
                case '\\': sb.Append("\\\\"); break;
                default:
                    if (c < ' ') sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    else sb.Append(c);
                    break;
            }
        }
        return sb.Append('\'').ToString();
    }

    public static string Integer(long value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// A regular expression (for <c>match()</c>) of every text a decimal equal to <paramref name="value"/> is written as:
    /// .NET's invariant text with any scale (<c>1.5</c>, <c>1.50</c>), and Fudge-Java's <c>BigDecimal.toString()</c>,
    /// which is the same except below 1E-6, where it is scientific (<c>1.2E-7</c>, <c>0E-8</c>).
    /// </summary>
    public static string DecimalPattern(decimal value)
    {
        if (value == 0) return @"-?0(\.0+)?|0E-[0-9]+";
        string text = Math.Abs(value).ToString(CultureInfo.InvariantCulture);
        string sign = value < 0 ? "-" : "";
        int point = text.IndexOf('.');
        string whole = point < 0 ? text : text.Substring(0, point);
        string fraction = point < 0 ? "" : text.Substring(point + 1).TrimEnd('0');
        string plain = sign + whole + (fraction.Length == 0 ? @"(\.0+)?" : @"\." + fraction + "0*");
        if (whole != "0") return plain;
        string digits = fraction.TrimStart('0');
        int adjusted = -(fraction.Length - digits.Length + 1);
        if (adjusted >= -6) return plain;
        string scientific = sign + digits[0] + (digits.Length > 1 ? @"\." + digits.Substring(1) + "0*" : @"(\.0+)?") + "E" + adjusted.ToString(CultureInfo.InvariantCulture);
        return plain + "|" + scientific;
    }

    /// <summary>A number literal, or null for NaN and the infinities, which the language has no literal for.</summary>
    public static string? Number(double value)
        => double.IsNaN(value) || double.IsInfinity(value) ? null : value.ToString("R", CultureInfo.InvariantCulture);

    public static string DateTime(System.DateTime value)
    {
        string text = value.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff", CultureInfo.InvariantCulture);
        return value.Kind switch
        {
            DateTimeKind.Utc => text + "Z",
            DateTimeKind.Local => text + Offset(TimeZoneInfo.Local.GetUtcOffset(value)),
            _ => text,
        };
    }

    public static string DateTimeOffset(System.DateTimeOffset value)
        => value.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff", CultureInfo.InvariantCulture) + Offset(value.Offset);

    private static string Offset(TimeSpan offset)
    {
        var sign = offset < TimeSpan.Zero ? "-" : "+";
        var abs = offset.Duration();
        return sign + abs.Hours.ToString("00", CultureInfo.InvariantCulture) + ":" + abs.Minutes.ToString("00", CultureInfo.InvariantCulture);
    }

    public static string Operator(ExpressionType op) => op switch
    {
        ExpressionType.Equal => "==",
        ExpressionType.NotEqual => "!=",
        ExpressionType.LessThan => "<",
        ExpressionType.LessThanOrEqual => "<=",
        ExpressionType.GreaterThan => ">",
        _ => ">=",
    };
}
