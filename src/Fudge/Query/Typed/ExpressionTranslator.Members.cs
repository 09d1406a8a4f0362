using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;
using System.Text.RegularExpressions;

namespace Fudge.Query;

// Members, collections, strings and types: the expressions that name fields, and the method calls that test them.
internal sealed partial class ExpressionTranslator
{
    /// <summary>The field an expression over the message names, or a refusal saying why it names none.</summary>
    private Field FieldOf(Expression e)
    {
        e = Unwrap(e);
        switch (e)
        {
            case ParameterExpression p when p == _root:
                return new Field(_rootPath, new FudgeQueryShape(FudgeQueryKind.Message, _rootModel.Type, null, null, null, "Message"), p.Type, inElement: false);
            case ParameterExpression p when _elements.TryGetValue(p, out var element):
                return element;
            case ParameterExpression p when _outer.Contains(p):
                throw Refuse(e, $"inside Any(...) the test of an element reads only that element, not {p.Name} outside it (the element's filter has no path to the enclosing message)");
            case MemberExpression { Expression: { } inner } m:
            {
                // x.Value of a Nullable<T> is the same field.
                if (m.Member.Name == "Value" && Nullable.GetUnderlyingType(inner.Type) is not null) return FieldOf(inner);
                var owner = FieldOf(inner);
                if (owner.Shape.Kind != FudgeQueryKind.Message || owner.Shape.Type is null)
                    throw Refuse(e, $"{m.Member.Name} is read from a value that is not a [FudgeMessage] object ({owner.Shape.Kind}); only members of messages have fields");
                // ((Derived)x).P after x is Derived: the members of the type cast to.
                var model = FudgeQueryModels.Find(inner.Type) ?? (owner.IsRoot ? _rootModel : ModelOf(owner.Shape.Type, e));
                var member = FindMember(model, m.Member, e);
                string step = member.WireName is { } name ? FilterText.NameStep(name) : FilterText.OrdinalStep(member.Ordinal!.Value);
                return new Field(owner.Path + step, member.Shape, m.Type, owner.InElement, member);
            }
            case BinaryExpression { NodeType: ExpressionType.ArrayIndex } index:
                return Element(e, index.Left, index.Right);
            case MethodCallExpression { Method.Name: "get_Item", Object: { } list, Arguments.Count: 1 } item:
                return Element(e, list, item.Arguments[0]);
            case MethodCallExpression { Method.Name: "ElementAt", Arguments.Count: 2 } at when at.Method.DeclaringType == typeof(Enumerable):
                return Element(e, at.Arguments[0], at.Arguments[1]);
            default:
                throw Refuse(e, DependsOnMessage(e)
                    ? $"a {e.NodeType} over the message has no field in the filter language (computed values, method results and casts between kinds are not translated)"
                    : "no member of the message is read here");
        }
    }

    private Field? AsField(Expression e)
    {
        var inner = Unwrap(e);
        if (inner is not (MemberExpression or ParameterExpression or MethodCallExpression { Method.Name: "get_Item" or "ElementAt" } or BinaryExpression { NodeType: ExpressionType.ArrayIndex })) return null;
        if (!DependsOnMessage(inner)) return null;
        try
        {
            return FieldOf(inner);
        }
        catch (FudgeTranslationException)
        {
            return null; // not a field (HasValue, Count...): the caller translates it as a test
        }
    }

    private static FudgeQueryMember FindMember(FudgeQueryType model, MemberInfo member, Expression e)
    {
        if (model.Find(member.Name) is { Repeated: true })
            throw Refuse(e, $"{member.Name} is a repeated member of {model.Type.Name} (one field per element, not a list's sub-message), which queries do not translate");
        if (model.Find(member.Name) is { } found) return found;
        throw Refuse(e, $"{member.Name} is not written by {model.Type.Name}'s serializer (ignored, not public, computed or get-only), so the bytes have no field for it");
    }

    /// <summary>One element of a list (<c>x.Legs[0]</c>): the index-th anonymous field of the list's sub-message.</summary>
    private Field Element(Expression e, Expression list, Expression index)
    {
        var collection = FieldOf(list);
        if (collection.Shape.Kind != FudgeQueryKind.List || collection.Shape.Element is not { } element)
            throw Refuse(e, "only lists and arrays are indexed (a set has no order, a dictionary is not translated)");
        if (DependsOnMessage(index) || DependsOnArguments(index)) throw Refuse(e, "the index must be a constant or a captured variable");
        int i = Convert.ToInt32(ExpressionValues.Evaluate(index, null), System.Globalization.CultureInfo.InvariantCulture);
        if (i < 0) throw Refuse(e, "a negative index");
        return new Field(collection.Path + ".#[" + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + "]", element, e.Type, collection.InElement);
    }

    /// <summary>The path that selects every element of a list (anonymous fields) or set (ordinal 1).</summary>
    private static string ElementsPath(Field collection) => collection.Shape.Kind == FudgeQueryKind.Set ? collection.Path + ".#1" : collection.Path + ".#";

    private Field Collection(Expression e, Expression source)
    {
        var collection = FieldOf(source);
        if (collection.Shape.Kind is not (FudgeQueryKind.List or FudgeQueryKind.Set) || collection.Shape.Element is null)
            throw Refuse(e, $"{source} is not a list, array or set member ({collection.Shape.WireShape}); collections of other kinds are not translated");
        return collection;
    }

    // ------------------------------------------------------------------ counts

    /// <summary>The collection field whose size <paramref name="e"/> is (<c>.Count</c>, <c>.Length</c>, <c>Count()</c>), or null.</summary>
    private Field? Count(Expression e)
    {
        e = Unwrap(e);
        Expression? source = e switch
        {
            MemberExpression { Member.Name: "Count" or "Length", Expression: { } s } when s.Type != typeof(string) => s,
            UnaryExpression { NodeType: ExpressionType.ArrayLength } len => len.Operand,
            MethodCallExpression { Method.Name: "Count" or "LongCount", Arguments.Count: 1 } call when call.Method.DeclaringType == typeof(Enumerable) => call.Arguments[0],
            _ => null,
        };
        if (source is null || !DependsOnMessage(source)) return null;
        return Collection(e, source);
    }

    private Result CountTest(Expression e, Field collection, ExpressionType op, Expression value)
    {
        if (DependsOnMessage(value)) throw Refuse(e, "a count is compared with a number, not with a member");
        FilterPiece Make(object? n)
        {
            long count = n is null ? throw Refuse(e, "a count is compared with a number") : Convert.ToInt64(n, System.Globalization.CultureInfo.InvariantCulture);
            return FilterPiece.Text("count(" + ElementsPath(collection) + ") " + FilterText.Operator(op) + " " + FilterText.Integer(count));
        }
        if (collection.InElement) throw Refuse(e, "inside Any(...) counts of an element's collections are not translated");
        if (DependsOnArguments(value)) return new Result(FilterPiece.Deferred(args => Make(ExpressionValues.Evaluate(value, args))), false);
        return new Result(Make(ExpressionValues.Evaluate(value, null)), false);
    }

    // ------------------------------------------------------------------ method calls

    private Result Call(MethodCallExpression call)
    {
        var method = call.Method;
        if (method.DeclaringType == typeof(string)) return StringCall(call);
        if (method.DeclaringType == typeof(Enumerable) || method.DeclaringType == typeof(Queryable))
        {
            switch (method.Name)
            {
                case "Any" when call.Arguments.Count == 1:
                {
                    var collection = Collection(call, call.Arguments[0]);
                    if (collection.InElement) throw Refuse(call, "nested collections inside Any(...) are tested with Any(predicate)");
                    return new Result(FilterPiece.Text(ElementsPath(collection)), false);
                }
                case "Any" when call.Arguments.Count == 2:
                    return AnyOrAll(call, all: false);
                case "All" when call.Arguments.Count == 2:
                    return AnyOrAll(call, all: true);
                case "Contains" when call.Arguments.Count == 2:
                    return Contains(call, call.Arguments[0], call.Arguments[1]);
            }
        }
        if (method.Name == "Contains" && call.Object is { } target && call.Arguments.Count == 1)
            return Contains(call, target, call.Arguments[0]);
        // C# 14 binds array.Contains(x) to MemoryExtensions.Contains(span, x[, comparer: null]).
        if (method.Name == "Contains" && method.DeclaringType?.Name == "MemoryExtensions"
            && (call.Arguments.Count == 2 || call.Arguments.Count == 3 && call.Arguments[2] is ConstantExpression { Value: null }))
            return Contains(call, call.Arguments[0], call.Arguments[1]);
        if (method.Name == "Equals" && call.Object is { } self && call.Arguments.Count == 1)
            return Comparison(call, self, ExpressionType.Equal, call.Arguments[0]);
        if (!DependsOnMessage(call)) return Constant(call);
        throw Refuse(call, $"the method {method.DeclaringType?.Name}.{method.Name} has no equivalent in the filter language");
    }

    private Result AnyOrAll(MethodCallExpression call, bool all)
    {
        var collection = Collection(call, call.Arguments[0]);
        if (collection.InElement) throw Refuse(call, "Any/All inside Any(...) over values is not translated");
        if (StripQuote(call.Arguments[1]) is not LambdaExpression predicate) throw Refuse(call, "the predicate must be a lambda written in the query");
        var elementShape = collection.Shape.Element!;
        if (elementShape.Kind != FudgeQueryKind.Message || elementShape.Type is not { } elementType) return FlatAnyOrAll(call, collection, predicate, all);
        // Sub-messages. A test of one member, or tests joined by ||, are the same on the element paths ($.Legs.#.Venue
        // == 'BATS'), which plans and indexes serve; anything else becomes the filter of one element, any(path,
        // filter), so that every test in it is answered by the same element (&&, !, null tests and != included).
        try
        {
            var flat = FlatAnyOrAll(call, collection, predicate, all);
            if (!flat.Piece.IsDeferred) return flat;
        }
        catch (FudgeTranslationException)
        {
            // Correlated tests: written per element below (which refuses what it cannot write, with its own reason).
        }
        var outer = new HashSet<ParameterExpression>(_outer) { _root };
        foreach (var bound in _elements.Keys) outer.Add(bound);
        var nested = new ExpressionTranslator(predicate.Parameters[0], ModelOf(elementType, call), _arguments, "@", outer);
        var inner = nested.Test(predicate.Body).Piece;
        // All(P) is !any(path, !P).
        var any = FilterPiece.Element(ElementsPath(collection), all ? FilterPiece.Not(inner) : inner);
        return new Result(all ? FilterPiece.Not(any) : any, false);
    }

    /// <summary>Any/All over the element paths: exact for values, and for a sub-message's single tests and || of them.</summary>
    private Result FlatAnyOrAll(MethodCallExpression call, Field collection, LambdaExpression predicate, bool all)
    {
        var element = predicate.Parameters[0];
        var elementShape = collection.Shape.Element!;
        _elements[element] = new Field(ElementsPath(collection), elementShape, element.Type, inElement: true);
        try
        {
            if (!all) return new Result(Test(predicate.Body).Piece, false);
            // All(e => P) is !Any(e => !P): only a single comparison has a negation the language can test per element.
            var body = Unwrap(predicate.Body);
            if (body is BinaryExpression { NodeType: ExpressionType.Equal or ExpressionType.NotEqual or ExpressionType.LessThan or ExpressionType.LessThanOrEqual or ExpressionType.GreaterThan or ExpressionType.GreaterThanOrEqual } comparison
                && DependsOnMessage(comparison.Left) != DependsOnMessage(comparison.Right))
            {
                var fieldSide = DependsOnMessage(comparison.Left) ? comparison.Left : comparison.Right;
                var field = FieldOf(Unwrap(fieldSide));
                if (field.CanBeNull || field.Shape.Kind is FudgeQueryKind.Float || IsDecimal(field))
                    throw Refuse(call, "All(...) over values is translated for a comparison of a value that cannot be null or NaN (its negation must be exact)");
                var negated = Expression.MakeBinary(Negate(comparison.NodeType), comparison.Left, comparison.Right, comparison.IsLiftedToNull, comparison.Method);
                return new Result(FilterPiece.Not(Test(negated).Piece), false);
            }
            throw Refuse(call, "All(...) over values is translated for one comparison of the element (x => x > 0); write other cases with !Any(...)");
        }
        finally
        {
            _elements.Remove(element);
        }
    }

    private static ExpressionType Negate(ExpressionType op) => op switch
    {
        ExpressionType.Equal => ExpressionType.NotEqual,
        ExpressionType.NotEqual => ExpressionType.Equal,
        ExpressionType.LessThan => ExpressionType.GreaterThanOrEqual,
        ExpressionType.LessThanOrEqual => ExpressionType.GreaterThan,
        ExpressionType.GreaterThan => ExpressionType.LessThanOrEqual,
        _ => ExpressionType.LessThan,
    };

    private static Expression StripQuote(Expression e) => e is UnaryExpression { NodeType: ExpressionType.Quote } q ? q.Operand : e;

    /// <summary><c>x.Tags.Contains(v)</c> (a member collection holds a value) or <c>values.Contains(x.Symbol)</c> (in [...]).</summary>
    private Result Contains(Expression e, Expression source, Expression item)
    {
        source = StripSpan(source);
        if (DependsOnMessage(source))
        {
            var collection = Collection(e, source);
            if (collection.InElement) throw Refuse(e, "Contains on an element's collection inside Any(...) is not translated");
            if (DependsOnMessage(item)) throw Refuse(e, "Contains tests a collection member for a value, not for another member");
            var element = new Field(ElementsPath(collection), collection.Shape.Element!, item.Type, inElement: false);
            CheckComparable(e, element, ExpressionType.Equal);
            if (DependsOnArguments(item)) return new Result(FilterPiece.Deferred(args => ContainsValue(e, element, ExpressionValues.Evaluate(item, args))), false);
            return new Result(ContainsValue(e, element, ExpressionValues.Evaluate(item, null)), false);
        }
        if (!DependsOnMessage(item)) return Constant(e);
        var field = FieldOf(Unwrap(item));
        CheckComparable(e, field, ExpressionType.Equal);
        if (DependsOnArguments(source)) return new Result(FilterPiece.Deferred(args => In(e, field, ExpressionValues.Evaluate(source, args))), field.InElement);
        return new Result(In(e, field, ExpressionValues.Evaluate(source, null)), field.InElement);
    }

    private static Expression StripSpan(Expression e)
        => e is MethodCallExpression { Method.Name: "op_Implicit", Arguments.Count: 1 } call && ExpressionValues.IsSpan(call.Type) ? call.Arguments[0] : e;

    private static FilterPiece ContainsValue(Expression e, Field element, object? value)
    {
        if (value is null) throw Refuse(e, "Contains(null) on a member collection is not translated (a null element is an indicator)");
        return FilterPiece.Text(EqualityText(e, element, value));
    }

    private FilterPiece In(Expression e, Field field, object? values)
    {
        var items = ExpressionValues.Elements(values) ?? throw Refuse(e, "Contains is translated over a captured array or list of values");
        if (items.Count == 0) return FilterPiece.False;
        var literals = new System.Text.StringBuilder();
        string path = field.Path;
        FilterPiece? nullTest = null;
        foreach (var item in items)
        {
            if (item is null)
            {
                nullTest ??= NullTest(e, field, isNull: true).Piece;
                continue;
            }
            if (literals.Length > 0) literals.Append(", ");
            literals.Append(Literal(e, field, item, out path));
        }
        var test = literals.Length == 0 ? FilterPiece.False : FilterPiece.Text(path + " in [" + literals + "]");
        if (IsGuid(field) || IsDecimal(field))
        {
            // No literal of theirs goes in [...]: one equality test per value.
            test = FilterPiece.False;
            foreach (var item in items)
                if (item is not null) test = FilterPiece.Or(test, FilterPiece.Text(EqualityText(e, field, item)));
        }
        return nullTest is null ? test : FilterPiece.Or(nullTest, test);
    }

    // ------------------------------------------------------------------ strings

    private Result StringCall(MethodCallExpression call)
    {
        var method = call.Method;
        var args = call.Arguments;
        switch (method.Name)
        {
            case "StartsWith" or "EndsWith" or "Contains" when call.Object is { } target && args.Count is 1 or 2 && args[0].Type == typeof(string):
            {
                bool ignoreCase = args.Count == 2 && Comparison(call, args[1]);
                return StringTest(call, target, args[0], method.Name, ignoreCase);
            }
            case "IsNullOrEmpty" or "IsNullOrWhiteSpace" when call.Object is null && args.Count == 1:
            {
                var field = StringField(call, args[0]);
                if (field.InElement) throw Refuse(call, "inside Any(...) a null test is not translated");
                string p = field.Path;
                string blank = method.Name == "IsNullOrEmpty" ? p + " == ''" : "match(" + p + ", '\\\\s*')";
                return new Result(FilterPiece.Text("(!" + p + " || type(" + p + ") == 'indicator' || " + blank + ")"), false);
            }
            case "Equals" when args.Count is 2 or 3 && call.Object is null:
            {
                bool ignoreCase = args.Count == 3 && Comparison(call, args[2]);
                return ignoreCase ? IgnoreCaseEquals(call, args[0], args[1]) : Comparison(call, args[0], ExpressionType.Equal, args[1]);
            }
            case "Equals" when args.Count is 1 or 2 && call.Object is { } self:
            {
                bool ignoreCase = args.Count == 2 && Comparison(call, args[1]);
                return ignoreCase ? IgnoreCaseEquals(call, self, args[0]) : Comparison(call, self, ExpressionType.Equal, args[0]);
            }
        }
        if (!DependsOnMessage(call)) return Constant(call);
        throw Refuse(call, $"string.{method.Name} has no equivalent in the filter language (translated: StartsWith, EndsWith, Contains, Equals with Ordinal or OrdinalIgnoreCase, IsNullOrEmpty, IsNullOrWhiteSpace, string.CompareOrdinal(a, b) compared with 0)");
    }

    /// <summary>True for OrdinalIgnoreCase, false for Ordinal; other comparisons depend on a culture, and are refused.</summary>
    private bool Comparison(Expression call, Expression comparison)
    {
        if (DependsOnMessage(comparison) || DependsOnArguments(comparison)) throw Refuse(call, "the StringComparison must be a constant");
        return ExpressionValues.Evaluate(comparison, null) switch
        {
            StringComparison.Ordinal => false,
            StringComparison.OrdinalIgnoreCase => true,
            var other => throw Refuse(call, $"StringComparison.{other} depends on a culture; the filter language compares ordinally (use Ordinal or OrdinalIgnoreCase)"),
        };
    }

    private Field StringField(Expression call, Expression e)
    {
        if (!DependsOnMessage(e)) throw Refuse(call, "the string tested must be a member of the message");
        var field = FieldOf(Unwrap(e));
        if (field.Shape.Kind != FudgeQueryKind.String) throw Refuse(call, $"{Describe(field)} is not written as a string ({field.Shape.WireShape})");
        return field;
    }

    private Result StringTest(MethodCallExpression call, Expression target, Expression argument, string name, bool ignoreCase)
    {
        var field = StringField(call, target);
        if (DependsOnMessage(argument)) throw Refuse(call, $"{name} takes a constant or captured string, not another member");
        FilterPiece Make(object? value)
        {
            if (value is not string text) throw Refuse(call, $"{name}(null) throws in .NET; not translated");
            if (!ignoreCase)
            {
                string function = name switch { "StartsWith" => "starts_with", "EndsWith" => "ends_with", _ => "contains" };
                return FilterPiece.Text(function + "(" + field.Path + ", " + FilterText.String(text) + ")");
            }
            string escaped = Regex.Escape(text);
            string pattern = name switch { "StartsWith" => "(?is)" + escaped + ".*", "EndsWith" => "(?is).*" + escaped, _ => "(?is).*" + escaped + ".*" };
            return FilterPiece.Text("match(" + field.Path + ", " + FilterText.String(pattern) + ")");
        }
        if (DependsOnArguments(argument)) return new Result(FilterPiece.Deferred(args => Make(ExpressionValues.Evaluate(argument, args))), field.InElement);
        return new Result(Make(ExpressionValues.Evaluate(argument, null)), field.InElement);
    }

    private Result IgnoreCaseEquals(Expression call, Expression a, Expression b)
    {
        if (!DependsOnMessage(a)) (a, b) = (b, a);
        var field = StringField(call, a);
        if (DependsOnMessage(b)) throw Refuse(call, "OrdinalIgnoreCase compares a member with a constant or captured string, not with another member");
        FilterPiece Make(object? value)
        {
            if (value is null) return NullTest(call, field, isNull: true).Piece;
            if (value is not string text) throw Refuse(call, "a string is compared with a string");
            return FilterPiece.Text("match(" + field.Path + ", " + FilterText.String("(?i)" + Regex.Escape(text)) + ")");
        }
        if (DependsOnArguments(b)) return new Result(FilterPiece.Deferred(args => Make(ExpressionValues.Evaluate(b, args))), field.InElement);
        return new Result(Make(ExpressionValues.Evaluate(b, null)), field.InElement);
    }

    // ------------------------------------------------------------------ types

    /// <summary><c>x is Derived</c>: the class names a polymorphic message writes at ordinal 0 include Derived's.</summary>
    private Result TypeIs(TypeBinaryExpression e)
    {
        var field = FieldOf(e.Expression);
        if (field.Shape.Kind != FudgeQueryKind.Message) throw Refuse(e, "'is' tests a [FudgeMessage] member's runtime type");
        if (e.TypeOperand.IsAssignableFrom(field.Type)) return e.Expression.Type.IsValueType ? new Result(FilterPiece.True, field.InElement) : NullTest(e, field, isNull: false);
        var derived = ModelOf(e.TypeOperand, e);
        if (derived.TypeName is not { } name)
            throw Refuse(e, $"{e.TypeOperand.Name} writes no class name at ordinal 0 (declare it with [FudgeUnion] on the base type, or map the types as Fudge-Java objects)");
        string path = field.Path + ".#0";
        return new Result(FilterPiece.Text(path + " == " + FilterText.String(name)), field.InElement);
    }
}
