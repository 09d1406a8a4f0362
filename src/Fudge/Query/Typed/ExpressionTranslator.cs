using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// Translates a LINQ predicate over a <c>[FudgeMessage]</c> type into the filter language (docs/typed-queries.md): each
/// member becomes the path of its wire key (name or ordinal, as the generated serializer writes it; the source generator
/// registers the keys in <see cref="FudgeQueryModels"/>), each test the language's test with the same answer as LINQ to
/// Objects over the deserialized value. What has no such test is refused with a <see cref="FudgeTranslationException"/>
/// naming the sub-expression, before anything runs.
/// </summary>
internal sealed partial class ExpressionTranslator
{
    private readonly ParameterExpression _root;
    private readonly FudgeQueryType _rootModel;
    private readonly HashSet<ParameterExpression> _arguments;

    // "$" for the message; "@" for the element of an any(path, filter) whose filter this translator writes.
    private readonly string _rootPath;

    // The parameters of the enclosing lambdas, when this translator writes the filter of one element: not readable here.
    private readonly HashSet<ParameterExpression> _outer;

    // The lambda parameters of Any/All predicates over values (not sub-messages), bound to the element path of their collection.
    private readonly Dictionary<ParameterExpression, Field> _elements = new();

    private ExpressionTranslator(ParameterExpression root, FudgeQueryType rootModel, IEnumerable<ParameterExpression> arguments,
        string rootPath = "$", HashSet<ParameterExpression>? outer = null)
    {
        _root = root;
        _rootModel = rootModel;
        _arguments = arguments as HashSet<ParameterExpression> ?? new HashSet<ParameterExpression>(arguments);
        _rootPath = rootPath;
        _outer = outer ?? new HashSet<ParameterExpression>();
    }

    /// <summary>
    /// Translates <paramref name="predicate"/>, whose first parameter is the message and whose other parameters (a
    /// compiled query's) are supplied when the result is rendered.
    /// </summary>
    public static FilterPiece Translate(LambdaExpression predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        if (predicate.ReturnType != typeof(bool)) throw new FudgeTranslationException(predicate.ToString(), "a predicate returns bool");
        var root = predicate.Parameters[0];
        var model = ModelOf(root.Type, predicate);
        var translator = new ExpressionTranslator(root, model, predicate.Parameters.Skip(1));
        return translator.Test(predicate.Body).Piece;
    }

    /// <summary>The path of the member chain a selector names (<c>t =&gt; t.Trade.Price</c>).</summary>
    public static string PathOf(LambdaExpression selector)
    {
        var root = selector.Parameters[0];
        var translator = new ExpressionTranslator(root, ModelOf(root.Type, selector), Array.Empty<ParameterExpression>());
        var field = translator.FieldOf(selector.Body);
        if (field.IsRoot) throw new FudgeTranslationException(selector.ToString(), "the selector must name a member of the message");
        return field.Path;
    }

    /// <summary>
    /// The path of the member an ordering reads (<c>OrderBy(t =&gt; t.Price)</c>), refused when a database cannot order
    /// its values as C# does: sub-messages, collections and text-written values (decimal, Guid, Java enums).
    /// <paramref name="text"/> is true for strings (ordered by code point), <paramref name="instant"/> for
    /// <see cref="DateTime"/> and <see cref="DateTimeOffset"/> members, which a store orders by the instant each value
    /// reads back as (a zone's offset taken off; a value with no zone as UTC), not by their text.
    /// </summary>
    public static string OrderPathOf(LambdaExpression selector, out bool text, out bool instant)
    {
        var root = selector.Parameters[0];
        var translator = new ExpressionTranslator(root, ModelOf(root.Type, selector), Array.Empty<ParameterExpression>());
        var field = translator.FieldOf(selector.Body);
        if (field.IsRoot) throw new FudgeTranslationException(selector.ToString(), "order by a member of the message");
        text = field.Shape.Kind is FudgeQueryKind.String or FudgeQueryKind.Char;
        instant = field.Shape.Kind is FudgeQueryKind.DateTime or FudgeQueryKind.DateTimeOffset;
        return field.Shape.Kind switch
        {
            FudgeQueryKind.Integer or FudgeQueryKind.Float or FudgeQueryKind.String or FudgeQueryKind.Char or FudgeQueryKind.Boolean
                or FudgeQueryKind.Enum or FudgeQueryKind.TimeSpan or FudgeQueryKind.Date
                or FudgeQueryKind.DateTime or FudgeQueryKind.DateTimeOffset => field.Path,
            var kind => throw new FudgeTranslationException(selector.ToString(),
                $"{Describe(field)} is {(kind == FudgeQueryKind.Unsupported ? "written as " + field.Shape.WireShape : "a " + kind)}, which a store cannot order as C# does; order by a scalar member"),
        };
    }

    /// <summary>The query model of a message type, or a refusal naming the expression.</summary>
    public static FudgeQueryType ModelOf(Type type, Expression where)
        => FudgeQueryModels.Find(type) ?? throw new FudgeTranslationException(where.ToString(),
            $"{type.Name} has no query model: mark it [FudgeMessage] and partial (the Fudge source generator registers its members' wire keys), and compile with C# 9 or later on .NET 5 or later (module initializers)");

    /// <summary>A field of the message an expression stands for: its path, how its value is written, and its CLR type.</summary>
    private sealed class Field
    {
        public Field(string path, FudgeQueryShape shape, Type type, bool inElement, FudgeQueryMember? member = null)
        {
            Path = path;
            Shape = shape;
            Type = type;
            InElement = inElement;
            Member = member;
        }

        public string Path { get; }

        public FudgeQueryShape Shape { get; }

        public Type Type { get; }

        /// <summary>True when the path goes through the element of an Any/All predicate.</summary>
        public bool InElement { get; }

        public FudgeQueryMember? Member { get; }

        /// <summary>True when LINQ can see a null here (a reference type or a nullable value type).</summary>
        public bool CanBeNull => !Type.IsValueType || Nullable.GetUnderlyingType(Type) is not null;

        public bool IsRoot => Path is "$" or "@";
    }

    /// <summary>A translated test, and whether it reads the element of an enclosing Any/All.</summary>
    private readonly struct Result
    {
        public Result(FilterPiece piece, bool element)
        {
            Piece = piece;
            Element = element;
        }

        public FilterPiece Piece { get; }

        public bool Element { get; }
    }

    private static FudgeTranslationException Refuse(Expression e, string reason) => new(e.ToString(), reason);

    // ------------------------------------------------------------------ boolean structure

    private Result Test(Expression e)
    {
        switch (e.NodeType)
        {
            case ExpressionType.AndAlso:
            case ExpressionType.And when e.Type == typeof(bool):
            {
                var b = (BinaryExpression)e;
                var left = Test(b.Left);
                var right = Test(b.Right);
                if (left.Element && right.Element)
                    throw Refuse(e, "inside Any(...) over values (not sub-messages) two tests joined by && would each be answered by any element, not by the same one; test the value once, or use || or separate Any calls");
                return new Result(FilterPiece.And(left.Piece, right.Piece), left.Element || right.Element);
            }
            case ExpressionType.OrElse:
            case ExpressionType.Or when e.Type == typeof(bool):
            {
                var b = (BinaryExpression)e;
                var left = Test(b.Left);
                var right = Test(b.Right);
                return new Result(FilterPiece.Or(left.Piece, right.Piece), left.Element || right.Element);
            }
            case ExpressionType.Not when e.Type == typeof(bool):
            {
                var operand = ((UnaryExpression)e).Operand;
                if (AsField(operand) is { } flag && flag.Shape.Kind == FudgeQueryKind.Boolean)
                    return Compare(e, flag, ExpressionType.Equal, false);
                var inner = Test(operand);
                if (inner.Element) throw Refuse(e, "inside Any(...) over values (not sub-messages) a negation would ask whether no element passes, not whether some element fails; negate the comparison instead (== to !=)");
                return new Result(FilterPiece.Not(inner.Piece), false);
            }
            case ExpressionType.Equal:
            case ExpressionType.NotEqual:
            case ExpressionType.LessThan:
            case ExpressionType.LessThanOrEqual:
            case ExpressionType.GreaterThan:
            case ExpressionType.GreaterThanOrEqual:
                return Comparison((BinaryExpression)e);
            case ExpressionType.TypeIs:
                return TypeIs((TypeBinaryExpression)e);
            case ExpressionType.Call:
                return Call((MethodCallExpression)e);
            case ExpressionType.MemberAccess:
                var member = (MemberExpression)e;
                if (member.Member.Name == "HasValue" && member.Expression is { } nullable && Nullable.GetUnderlyingType(nullable.Type) is not null)
                    return NullTest(e, FieldOf(nullable), isNull: false);
                break;
        }
        if (!DependsOnMessage(e)) return Constant(e);
        if (e.Type == typeof(bool) && AsField(e) is { } boolean && boolean.Shape.Kind == FudgeQueryKind.Boolean)
            return Compare(e, boolean, ExpressionType.Equal, true);
        throw Refuse(e, e.NodeType == ExpressionType.Conditional
            ? "conditional expressions (?:) are not translated; write the two cases with && and ||"
            : $"a {e.NodeType} expression has no equivalent in the filter language");
    }

    /// <summary>A test that does not read the message: its value now, or when a compiled query's arguments are known.</summary>
    private Result Constant(Expression e)
    {
        if (e.Type != typeof(bool)) throw Refuse(e, "a test must be a bool");
        if (DependsOnArguments(e)) return new Result(FilterPiece.Deferred(args => (bool)ExpressionValues.Evaluate(e, args)! ? FilterPiece.True : FilterPiece.False), false);
        return new Result((bool)ExpressionValues.Evaluate(e, null)! ? FilterPiece.True : FilterPiece.False, false);
    }

    // ------------------------------------------------------------------ comparisons

    private Result Comparison(BinaryExpression e)
    {
        var op = e.NodeType;
        // string.CompareOrdinal(a, b) op 0
        if (Unwrap(e.Left) is MethodCallExpression { Method.Name: "CompareOrdinal", Method.DeclaringType: var d, Arguments.Count: 2 } compare
            && d == typeof(string) && IsZero(e.Right))
        {
            return Comparison(e, compare.Arguments[0], op, compare.Arguments[1]);
        }
        if (Count(e.Left) is { } counted) return CountTest(e, counted, op, e.Right);
        if (Count(e.Right) is { } countedRight) return CountTest(e, countedRight, Mirror(op), e.Left);
        return Comparison(e, e.Left, op, e.Right);
    }

    private Result Comparison(Expression e, Expression leftExpression, ExpressionType op, Expression rightExpression)
    {
        // Conversions are taken off the message's side only: a value keeps its casts, which the evaluator applies.
        var left = leftExpression;
        var right = rightExpression;
        bool leftField = DependsOnMessage(left), rightField = DependsOnMessage(right);
        if (leftField && rightField) return PathComparison(e, FieldOf(Unwrap(left)), op, FieldOf(Unwrap(right)));
        if (!leftField && !rightField) return Constant(e);
        if (!leftField)
        {
            (left, right) = (right, left);
            op = Mirror(op);
        }
        var field = FieldOf(Unwrap(left));
        CheckComparable(e, field, op);
        if (DependsOnArguments(right))
        {
            var valueExpression = right;
            return new Result(FilterPiece.Deferred(args => Compare(e, field, op, ExpressionValues.Evaluate(valueExpression, args)).Piece), field.InElement);
        }
        return Compare(e, field, op, ExpressionValues.Evaluate(right, null));
    }

    private static bool IsZero(Expression e) => e is ConstantExpression { Value: 0 };

    private static ExpressionType Mirror(ExpressionType op) => op switch
    {
        ExpressionType.LessThan => ExpressionType.GreaterThan,
        ExpressionType.LessThanOrEqual => ExpressionType.GreaterThanOrEqual,
        ExpressionType.GreaterThan => ExpressionType.LessThan,
        ExpressionType.GreaterThanOrEqual => ExpressionType.LessThanOrEqual,
        _ => op,
    };

    /// <summary>Refuses, before any value is known, a comparison the field's kind does not have.</summary>
    private static void CheckComparable(Expression e, Field field, ExpressionType op)
    {
        bool ordering = op is not (ExpressionType.Equal or ExpressionType.NotEqual);
        if (IsGuid(field))
        {
            if (ordering) throw Refuse(e, $"{Describe(field)} is a Guid, written as byte[16]: only == and != compare it (Guid's own order is not the order of its bytes)");
            return;
        }
        if (IsDecimal(field))
        {
            if (ordering) throw Refuse(e, $"{Describe(field)} is a decimal, written as its text with its scale (1.50): the filter language compares text, not numbers, so only == and != translate");
            return;
        }
        switch (field.Shape.Kind)
        {
            case FudgeQueryKind.Unsupported:
                throw Refuse(e, $"{Describe(field)} is written as {field.Shape.WireShape}, which the filter language has no comparison for (only null tests)");
            case FudgeQueryKind.Boolean when ordering:
                throw Refuse(e, "booleans compare only with == and !=");
            case FudgeQueryKind.JavaEnum when ordering:
                throw Refuse(e, "an enum mapped as a Fudge-Java object is written as its constant's name, so only == and != compare it");
            case FudgeQueryKind.Message or FudgeQueryKind.List or FudgeQueryKind.Set:
                if (ordering) throw Refuse(e, $"{Describe(field)} is a sub-message: compare its members, or test it against null");
                break;
        }
    }

    private static string Describe(Field field) => field.Member is { } m ? "member " + m.Name : "the value";

    /// <summary>The test of a field against a value known now (or, in a compiled query, when the arguments are).</summary>
    private Result Compare(Expression e, Field field, ExpressionType op, object? value)
    {
        string path = field.Path;
        if (value is null)
        {
            if (op is not (ExpressionType.Equal or ExpressionType.NotEqual))
                return new Result(FilterPiece.False, field.InElement); // LINQ: an ordering with null is false
            return NullTest(e, field, isNull: op == ExpressionType.Equal);
        }
        if (field.Shape.Kind is FudgeQueryKind.Message or FudgeQueryKind.List or FudgeQueryKind.Set)
            throw Refuse(e, $"{Describe(field)} is a sub-message: only null is compared with it");
        string literal = Literal(e, field, value, out string testedPath);
        if (IsDecimal(field))
        {
            // match() is false on an absent or null field, so its negation is C#'s null != value as it stands.
            string matches = "match(" + testedPath + ", " + literal + ")";
            if (op == ExpressionType.Equal) return new Result(FilterPiece.Text(matches), field.InElement);
            if (field.InElement) throw Refuse(e, "inside Any(...) over values, a != on a decimal is not translated (write == and negate the Any)");
            return new Result(FilterPiece.Text("!" + matches), false);
        }
        string test = IsGuid(field)
            ? "hex(" + testedPath + ") " + FilterText.Operator(op) + " " + literal
            : testedPath + " " + FilterText.Operator(op) + " " + literal;
        // LINQ: null != value holds; the language's != fails on an absent field, so absence is asked for as well.
        if (op == ExpressionType.NotEqual && field.CanBeNull)
        {
            if (field.InElement) throw Refuse(e, "inside Any(...) a != on a member that may be null cannot be translated (an element without it would be missed); test it against null separately");
            test = "(!" + path + " || type(" + path + ") == 'indicator' || " + test + ")";
        }
        return new Result(FilterPiece.Text(test), field.InElement);
    }

    private Result NullTest(Expression e, Field field, bool isNull)
    {
        if (field.IsRoot) return new Result(isNull ? FilterPiece.False : FilterPiece.True, false);
        if (field.InElement) throw Refuse(e, "inside Any(...) a null test would ask about every element at once; not translated");
        string path = field.Path;
        // A null is left out, or written as an indicator where the reader would otherwise put something else there.
        return new Result(FilterPiece.Text(isNull ? "(!" + path + " || type(" + path + ") == 'indicator')" : "type(" + path + ") != 'indicator'"), false);
    }

    private static bool IsGuid(Field field) => field.Shape.Kind == FudgeQueryKind.Unsupported && field.Shape.WireShape == "Guid";

    private static bool IsDecimal(Field field) => field.Shape.Kind == FudgeQueryKind.Unsupported && field.Shape.WireShape == "Decimal";

    /// <summary>The test that <paramref name="field"/> equals <paramref name="value"/> (not null), in the form its kind needs.</summary>
    private static string EqualityText(Expression e, Field field, object value)
    {
        string literal = Literal(e, field, value, out string path);
        if (IsGuid(field)) return "hex(" + path + ") == " + literal;
        if (IsDecimal(field)) return "match(" + path + ", " + literal + ")";
        return path + " == " + literal;
    }

    /// <summary>
    /// The literal of <paramref name="value"/> as <paramref name="field"/> is written, and the path tested: for a Guid
    /// its 16 bytes in hex (for <c>hex()</c>), for a decimal a pattern of every text the generated writers give it.
    /// </summary>
    private static string Literal(Expression e, Field field, object value, out string testedPath)
    {
        testedPath = field.Path;
        if (IsGuid(field))
            return value is Guid guid ? FilterText.String(guid.ToString("N")) : throw Refuse(e, "a Guid member is compared with a Guid");
        if (IsDecimal(field))
        {
            decimal number = value is decimal m ? m
                : value is IConvertible && value is not (string or bool or char or DateTime) ? Convert.ToDecimal(value, System.Globalization.CultureInfo.InvariantCulture)
                : throw Refuse(e, "a decimal member is compared with a number");
            return FilterText.String(FilterText.DecimalPattern(number));
        }
        switch (field.Shape.Kind)
        {
            case FudgeQueryKind.Boolean:
                return value is bool b ? (b ? "true" : "false") : throw Refuse(e, "a boolean member is compared with a bool");
            case FudgeQueryKind.String:
                return value is string s ? FilterText.String(s) : throw Refuse(e, "a string member is compared with a string");
            case FudgeQueryKind.Char:
                return FilterText.String(value is char c ? c.ToString() : ((char)Convert.ToInt32(value, System.Globalization.CultureInfo.InvariantCulture)).ToString());
            case FudgeQueryKind.Integer:
            case FudgeQueryKind.Float:
            case FudgeQueryKind.Enum:
            case FudgeQueryKind.TimeSpan:
                return Number(e, value);
            case FudgeQueryKind.DateTime:
            case FudgeQueryKind.DateTimeOffset:
                return value switch
                {
                    DateTime dt => FilterText.DateTime(dt),
                    DateTimeOffset dto => FilterText.DateTimeOffset(dto),
                    _ => throw Refuse(e, "a date-time member is compared with a DateTime or DateTimeOffset"),
                };
            case FudgeQueryKind.Date:
#if NET6_0_OR_GREATER
                if (value is DateOnly date) return date.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture);
#endif
                throw Refuse(e, "a DateOnly member is compared with a DateOnly");
            case FudgeQueryKind.JavaEnum:
                testedPath = field.Path + ".#1";
                return FilterText.String(JavaConstant(e, field.Shape, value));
            default:
                throw Refuse(e, $"{Describe(field)} is written as {field.Shape.WireShape}, which the filter language has no comparison for");
        }
    }

    private static string Number(Expression e, object value)
    {
        switch (value)
        {
            case TimeSpan span: return FilterText.Integer(span.Ticks);
            case Enum:
                if (Enum.GetUnderlyingType(value.GetType()) == typeof(ulong)) return UInt64(e, Convert.ToUInt64(value, System.Globalization.CultureInfo.InvariantCulture));
                return FilterText.Integer(Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture));
            case sbyte or byte or short or ushort or int or uint or long:
                return FilterText.Integer(Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture));
            case ulong u: return UInt64(e, u);
            case char c: return FilterText.Integer(c);
            case float f: return FilterText.Number(f) ?? throw Refuse(e, "NaN and the infinities have no literal in the filter language");
            case double d: return FilterText.Number(d) ?? throw Refuse(e, "NaN and the infinities have no literal in the filter language");
            case decimal m: return FilterText.Number((double)m) ?? "0";
            default: throw Refuse(e, $"a number member is compared with a {value.GetType().Name}");
        }
    }

    private static string UInt64(Expression e, ulong value)
        => value <= long.MaxValue ? FilterText.Integer((long)value) : throw Refuse(e, "a ulong above long.MaxValue is written as a negative int64, so comparisons with it cannot be translated");

    private static string JavaConstant(Expression e, FudgeQueryShape shape, object value)
    {
        string number = value is Enum
            ? Convert.ToString(Convert.ChangeType(value, Enum.GetUnderlyingType(value.GetType()), System.Globalization.CultureInfo.InvariantCulture), System.Globalization.CultureInfo.InvariantCulture)!
            : Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture)!;
        if (shape.EnumValues is { } values && shape.EnumConstants is { } constants)
            for (int i = 0; i < values.Length; i++)
                if (values[i] == number) return constants[i];
        throw Refuse(e, $"the value {number} is no member of the enum, so a Fudge-Java object cannot write it");
    }

    private Result PathComparison(Expression e, Field left, ExpressionType op, Field right)
    {
        CheckComparable(e, left, op);
        CheckComparable(e, right, op);
        if (left.InElement || right.InElement) throw Refuse(e, "inside Any(...) a member is compared with a value, not with another member");
        if (IsGuid(left) || IsGuid(right) || IsDecimal(left) || IsDecimal(right))
            throw Refuse(e, "Guid and decimal members are compared with values, not with other members (the filter language compares neither byte arrays nor decimal texts between fields)");
        if ((left.CanBeNull || right.CanBeNull) && op is ExpressionType.Equal or ExpressionType.NotEqual)
            throw Refuse(e, "== and != between two members that may be null differ (LINQ finds two nulls equal; the filter language fails a test on an absent field)");
        if (left.Shape.Kind is FudgeQueryKind.JavaEnum || right.Shape.Kind is FudgeQueryKind.JavaEnum)
            throw Refuse(e, "members of Java-mapped enums are compared with constants only");
        return new Result(FilterPiece.Text(left.Path + " " + FilterText.Operator(op) + " " + right.Path), false);
    }

    // ------------------------------------------------------------------ what depends on what

    private bool DependsOnMessage(Expression e) => new Finder(p => p == _root || _elements.ContainsKey(p) || _outer.Contains(p)).Finds(e);

    private bool DependsOnArguments(Expression e) => _arguments.Count > 0 && new Finder(_arguments.Contains).Finds(e);

    private sealed class Finder : ExpressionVisitor
    {
        private readonly Func<ParameterExpression, bool> _wanted;
        private bool _found;

        public Finder(Func<ParameterExpression, bool> wanted) => _wanted = wanted;

        public bool Finds(Expression e)
        {
            Visit(e);
            return _found;
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            if (_wanted(node)) _found = true;
            return node;
        }
    }

    /// <summary>The expression without the conversions C# adds (enum to its underlying type, widening, lifting to nullable).</summary>
    private static Expression Unwrap(Expression e)
    {
        while (e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } u) e = u.Operand;
        return e;
    }
}
