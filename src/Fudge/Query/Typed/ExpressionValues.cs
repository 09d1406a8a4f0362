using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq.Expressions;
using System.Reflection;

namespace Fudge.Query;

/// <summary>
/// Evaluates the parts of a typed query that do not depend on the message: constants, captured variables, static
/// members, conversions, array and list literals, constructors and method calls on such values. Interpreted node by
/// node (never compiled, so it runs the same under NativeAOT); the members and methods it calls are those the
/// expression tree names.
/// </summary>
internal static class ExpressionValues
{
    /// <summary>The values of the query's parameters (compiled queries), by parameter; null outside one.</summary>
    public static object? Evaluate(Expression expression, IReadOnlyDictionary<ParameterExpression, object?>? arguments)
    {
        try
        {
            return Eval(expression, arguments);
        }
        catch (FudgeTranslationException)
        {
            throw;
        }
        catch (Exception e)
        {
            var inner = e is TargetInvocationException { InnerException: { } cause } ? cause : e;
            throw new FudgeTranslationException(expression.ToString(), $"evaluating it raised {inner.GetType().Name}: {inner.Message}", inner);
        }
    }

    private static object? Eval(Expression e, IReadOnlyDictionary<ParameterExpression, object?>? args)
    {
        switch (e)
        {
            case ConstantExpression c:
                return c.Value;
            case ParameterExpression p when args is not null && args.TryGetValue(p, out var bound):
                return bound;
            case MemberExpression m:
                object? target = m.Expression is null ? null : Eval(m.Expression, args);
                if (m.Expression is not null && target is null) throw new NullReferenceException($"{m.Expression} is null");
                return m.Member switch
                {
                    FieldInfo f => f.GetValue(target),
                    PropertyInfo p => p.GetValue(target),
                    _ => throw Refuse(e, "only fields and properties can be read"),
                };
            case UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } u:
                return ConvertTo(Eval(u.Operand, args), u.Type);
            case UnaryExpression { NodeType: ExpressionType.Quote } q:
                return q.Operand;
            case UnaryExpression { NodeType: ExpressionType.ArrayLength } len:
                return ((Array)Eval(len.Operand, args)!).Length;
            case UnaryExpression { NodeType: ExpressionType.Negate or ExpressionType.NegateChecked } neg:
                return Negate(Eval(neg.Operand, args), e);
            case UnaryExpression { NodeType: ExpressionType.Not } not when not.Type == typeof(bool):
                return !(bool)Eval(not.Operand, args)!;
            case BinaryExpression { NodeType: ExpressionType.ArrayIndex } index:
                return ((Array)Eval(index.Left, args)!).GetValue(Convert.ToInt64(Eval(index.Right, args), CultureInfo.InvariantCulture));
            case BinaryExpression { NodeType: ExpressionType.Equal or ExpressionType.NotEqual, Method: null } equality:
                bool equal = Equals(Eval(equality.Left, args), Eval(equality.Right, args));
                return equality.NodeType == ExpressionType.Equal ? equal : !equal;
            case BinaryExpression { NodeType: ExpressionType.AndAlso } both:
                return (bool)Eval(both.Left, args)! && (bool)Eval(both.Right, args)!;
            case BinaryExpression { NodeType: ExpressionType.OrElse } either:
                return (bool)Eval(either.Left, args)! || (bool)Eval(either.Right, args)!;
            case BinaryExpression { NodeType: ExpressionType.Coalesce } coalesce:
                return Eval(coalesce.Left, args) ?? Eval(coalesce.Right, args);
            case NewArrayExpression { NodeType: ExpressionType.NewArrayInit } array:
                // The elements are all that is needed (they are enumerated), so no array of the element type is made.
                var items = new object?[array.Expressions.Count];
                for (int i = 0; i < items.Length; i++) items[i] = Eval(array.Expressions[i], args);
                return items;
            case ListInitExpression list when list.NewExpression.Arguments.Count == 0:
                var values = new List<object?>();
                foreach (var init in list.Initializers)
                {
                    if (init.Arguments.Count != 1) throw Refuse(e, "only collection initializers of single values are evaluated");
                    values.Add(Eval(init.Arguments[0], args));
                }
                return values;
            case MemberInitExpression init when init.NewExpression.Constructor is not null:
                var made = init.NewExpression.Constructor.Invoke(EvalAll(init.NewExpression.Arguments, args));
                foreach (var binding in init.Bindings)
                {
                    if (binding is not MemberAssignment assignment) throw Refuse(e, "only member assignments are evaluated in an initializer");
                    var value = Eval(assignment.Expression, args);
                    if (assignment.Member is PropertyInfo property) property.SetValue(made, value);
                    else if (assignment.Member is FieldInfo field) field.SetValue(made, value);
                }
                return made;
            case NewExpression n when n.Constructor is not null:
                return n.Constructor.Invoke(EvalAll(n.Arguments, args));
            case NewExpression n when n.Type.IsValueType:
                return Default(n.Type, e);
            case MethodCallExpression call:
                // C# 14 passes arrays to span methods through an implicit conversion: the array itself is the value.
                if (call.Method.Name == "op_Implicit" && call.Arguments.Count == 1 && IsSpan(call.Type)) return Eval(call.Arguments[0], args);
                object? instance = call.Object is null ? null : Eval(call.Object, args);
                if (call.Object is not null && instance is null) throw new NullReferenceException($"{call.Object} is null");
                return call.Method.Invoke(instance, EvalAll(call.Arguments, args));
            case ConditionalExpression cond:
                return (bool)Eval(cond.Test, args)! ? Eval(cond.IfTrue, args) : Eval(cond.IfFalse, args);
            default:
                throw Refuse(e, $"a {e.NodeType} node cannot be evaluated before the query runs");
        }
    }

    private static object?[] EvalAll(IReadOnlyList<Expression> expressions, IReadOnlyDictionary<ParameterExpression, object?>? args)
    {
        var values = new object?[expressions.Count];
        for (int i = 0; i < values.Length; i++) values[i] = Eval(expressions[i], args);
        return values;
    }

    public static bool IsSpan(Type type) => type.IsGenericType && type.Name is "ReadOnlySpan`1" or "Span`1";

    private static object? Default(Type type, Expression e)
    {
        if (type == typeof(DateTime)) return default(DateTime);
        if (type == typeof(DateTimeOffset)) return default(DateTimeOffset);
        if (type == typeof(TimeSpan)) return default(TimeSpan);
        if (type == typeof(Guid)) return default(Guid);
        if (type == typeof(int)) return 0;
        if (type == typeof(long)) return 0L;
        if (type == typeof(double)) return 0d;
        throw Refuse(e, "the default value of this type is not known without reflection");
    }

    private static object? Negate(object? value, Expression e) => value switch
    {
        int i => -i,
        long l => -l,
        short s => -s,
        sbyte b => -b,
        double d => -d,
        float f => -f,
        decimal m => -m,
        TimeSpan t => -t,
        _ => throw Refuse(e, "only numbers are negated"),
    };

    /// <summary>Converts a value as a C# cast does, for the conversions expressions over scalars hold.</summary>
    public static object? ConvertTo(object? value, Type type)
    {
        if (value is null) return null;
        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target.IsInstanceOfType(value)) return value;
        if (target.IsEnum)
        {
            return value is IConvertible ? Enum.ToObject(target, Convert.ToInt64(value, CultureInfo.InvariantCulture)) : value;
        }
        if (value is Enum)
        {
            var underlying = Enum.GetUnderlyingType(value.GetType());
            value = underlying == typeof(ulong)
                ? Convert.ToUInt64(value, CultureInfo.InvariantCulture)
                : Convert.ToInt64(value, CultureInfo.InvariantCulture);
        }
        if (value is char c && target != typeof(string)) value = (int)c;
        if (target == typeof(char)) return Convert.ToChar(value, CultureInfo.InvariantCulture);
        if (value is IConvertible && target.IsPrimitive || target == typeof(decimal))
            return Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
        return value;
    }

    /// <summary>The elements of a collection value (a captured array or list), for <c>in [...]</c>.</summary>
    public static List<object?>? Elements(object? value)
    {
        if (value is null or string) return null;
        if (value is not IEnumerable enumerable) return null;
        var items = new List<object?>();
        foreach (var item in enumerable) items.Add(item);
        return items;
    }

    private static FudgeTranslationException Refuse(Expression e, string reason) => new(e.ToString(), reason);
}
