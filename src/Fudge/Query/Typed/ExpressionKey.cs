using System;
using System.Collections.Generic;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// The shape of a projection's selector, as a key for the work done once per shape (its leaves' reads and its compiled
/// selector): the C# compiler builds a new expression tree each time a query is written, so a query made per batch or
/// per request would otherwise be analysed and compiled again each time. Two lambdas have equal keys when their trees
/// have the same nodes, types, members and methods, their parameters the same names and places, and their literals
/// equal values.
/// </summary>
/// <remarks>
/// <para>A tree the key cannot vouch for has no key (<see cref="Of"/> gives null), and its work is done afresh: one
/// that captures a variable or reads a static member (a compiled selector would go on reading the first query's), one
/// that calls a method or constructor over values alone (its result could change), and node kinds selectors do not
/// use.</para>
/// <para>Literals are compared as a compiled selector holds them: floating values by their bits (so that 0 and -0
/// differ), dates with their kind or offset (which <see cref="DateTime.Equals(DateTime)"/> ignores).</para>
/// </remarks>
internal sealed class ExpressionKey : IEquatable<ExpressionKey>
{
    private static readonly object[] Codes = MakeCodes();
    private const int LambdaCode = 100;
    private const int ParameterCode = 101;
    private const int ValueCode = 102;
    private const int EndCode = 103;
    private const int BindingCode = 104;

    private readonly object?[] _items;
    private readonly int _hash;

    private ExpressionKey(object?[] items, int hash)
    {
        _items = items;
        _hash = hash;
    }

    /// <summary>The key of <paramref name="lambda"/>, or null when the tree has none (see the remarks).</summary>
    public static ExpressionKey? Of(LambdaExpression lambda)
    {
        if (lambda is null) return null;
        var builder = new Builder();
        if (!builder.Add(lambda, out _)) return null;
        var items = builder.Items.ToArray();
        int hash = 17;
        foreach (var item in items) hash = unchecked((hash * 31) + (item?.GetHashCode() ?? 0));
        return new ExpressionKey(items, hash);
    }

    /// <inheritdoc/>
    public bool Equals(ExpressionKey? other)
    {
        if (other is null || other._hash != _hash || other._items.Length != _items.Length) return false;
        for (int i = 0; i < _items.Length; i++)
            if (!Equals(_items[i], other._items[i])) return false;
        return true;
    }

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is ExpressionKey other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => _hash;

    // The codes of the node types and markers, boxed once.
    private static object[] MakeCodes()
    {
        var codes = new object[EndCode + 2];
        for (int i = 0; i < codes.Length; i++) codes[i] = i;
        return codes;
    }

    private sealed class Builder
    {
        private readonly List<ParameterExpression> _parameters = new();

        public List<object?> Items { get; } = new();

        private void Code(int code) => Items.Add(Codes[code]);

        // Adds the node; false when the key cannot vouch for it. readsMessage: some parameter of the lambdas is read in it.
        public bool Add(Expression? e, out bool readsMessage)
        {
            readsMessage = false;
            if (e is null)
            {
                Code(EndCode);
                return true;
            }
            Code((int)e.NodeType);
            Items.Add(e.Type);
            switch (e)
            {
                case LambdaExpression lambda:
                    Code(LambdaCode);
                    if (lambda.Parameters.Count >= EndCode) return false;
                    Code(lambda.Parameters.Count);
                    foreach (var p in lambda.Parameters)
                    {
                        // The name too: what a work done once says about its lambda (an exception's text) names it.
                        Items.Add(p.Name);
                        Items.Add(p.Type);
                        _parameters.Add(p);
                    }
                    return Add(lambda.Body, out readsMessage);
                case ParameterExpression parameter:
                {
                    int index = _parameters.IndexOf(parameter);
                    if (index < 0 || index >= EndCode) return false; // not a lambda's parameter here (a block's variable)
                    Code(ParameterCode);
                    Items.Add(Codes[index]);
                    readsMessage = true;
                    return true;
                }
                case ConstantExpression constant:
                    return AddValue(constant.Value);
                case MemberExpression member:
                {
                    // A captured variable (a member of a closure's constant) or a static member.
                    if (IsCaptured(member)) return false;
                    Items.Add(member.Member);
                    return Add(member.Expression, out readsMessage);
                }
                case UnaryExpression unary:
                {
                    Items.Add(unary.Method);
                    if (!Add(unary.Operand, out readsMessage)) return false;
                    return unary.Method is null || readsMessage;
                }
                case BinaryExpression binary:
                {
                    if (binary.Conversion is not null) return false;
                    Items.Add(binary.Method);
                    Code(binary.IsLiftedToNull ? 1 : 0);
                    if (!Add(binary.Left, out bool left) || !Add(binary.Right, out bool right)) return false;
                    // An operator's method over literals alone is a scalar's (they are scalars): the same each time.
                    readsMessage = left || right;
                    return true;
                }
                case TypeBinaryExpression typeBinary:
                    Items.Add(typeBinary.TypeOperand);
                    return Add(typeBinary.Expression, out readsMessage);
                case ConditionalExpression conditional:
                {
                    if (!Add(conditional.Test, out bool test) || !Add(conditional.IfTrue, out bool ifTrue) || !Add(conditional.IfFalse, out bool ifFalse)) return false;
                    readsMessage = test || ifTrue || ifFalse;
                    return true;
                }
                case MethodCallExpression call:
                {
                    Items.Add(call.Method);
                    if (!Add(call.Object, out readsMessage)) return false;
                    if (!AddAll(call.Arguments, ref readsMessage)) return false;
                    return readsMessage;
                }
                case NewExpression created:
                {
                    if (!AddNew(created, out readsMessage)) return false;
                    // A constructor over values alone could give another value each time; anonymous types' and the
                    // projection's own constructors read the message.
                    return readsMessage;
                }
                case MemberInitExpression init:
                {
                    if (!AddNew(init.NewExpression, out readsMessage) || init.Bindings.Count >= EndCode) return false;
                    Code(init.Bindings.Count);
                    foreach (var binding in init.Bindings)
                    {
                        if (binding is not MemberAssignment assignment) return false;
                        Code(BindingCode);
                        Items.Add(assignment.Member);
                        if (!Add(assignment.Expression, out bool reads)) return false;
                        readsMessage |= reads;
                    }
                    return readsMessage;
                }
                case NewArrayExpression array:
                    return AddAll(array.Expressions, ref readsMessage);
                case DefaultExpression:
                    return true;
                default:
                    return false;
            }
        }

        private bool AddNew(NewExpression created, out bool readsMessage)
        {
            readsMessage = false;
            Items.Add(created.Constructor);
            Code(created.Members is null ? EndCode : BindingCode);
            if (created.Members is { } members)
            {
                if (members.Count >= EndCode) return false;
                Code(members.Count);
                foreach (var m in members) Items.Add(m);
            }
            return AddAll(created.Arguments, ref readsMessage);
        }

        private bool AddAll(IReadOnlyList<Expression> expressions, ref bool readsMessage)
        {
            if (expressions.Count >= EndCode) return false;
            Code(expressions.Count);
            foreach (var e in expressions)
            {
                if (!Add(e, out bool reads)) return false;
                readsMessage |= reads;
            }
            Code(EndCode);
            return true;
        }

        // True when a chain of members starts at a constant (a closure: a captured variable) or a static member.
        private static bool IsCaptured(MemberExpression member)
        {
            Expression? e = member;
            while (e is MemberExpression m) e = m.Expression;
            return e is null or ConstantExpression;
        }

        // A literal of the key: an immutable scalar, compared as a compiled selector holds it.
        private bool AddValue(object? value)
        {
            Code(ValueCode);
            switch (value)
            {
                case null:
                    Items.Add(null);
                    return true;
                case string or bool or char or sbyte or byte or short or ushort or int or uint or long or ulong or decimal or TimeSpan or Guid or Enum:
                    Items.Add(value);
                    return true;
                // Each as a pair of its own type, so that it equals no value of another type.
                case double d:
                    Items.Add((BitConverter.DoubleToInt64Bits(d), sizeof(double)));
                    return true;
                case float f:
                    Items.Add((BitConverter.DoubleToInt64Bits(f), sizeof(float)));
                    return true;
                case DateTime dt:
                    Items.Add((dt.Ticks, dt.Kind));
                    return true;
                case DateTimeOffset dto:
                    Items.Add((dto.Ticks, dto.Offset));
                    return true;
#if NET6_0_OR_GREATER
                case DateOnly or TimeOnly:
                    Items.Add(value);
                    return true;
#endif
                default:
                    return false;
            }
        }
    }
}
