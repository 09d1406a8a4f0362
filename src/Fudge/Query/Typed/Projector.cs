using System;
using System.Collections.Generic;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// Evaluates a typed projection (<c>t =&gt; new { t.Symbol, t.Trade.Price }</c>) on an envelope's bytes: each member
/// chain of the message that ends at a scalar is read by its path (the first field it selects, converted to the
/// member's type as <see cref="FudgeConvert"/> does), and the rest of the selector is interpreted over those values.
/// A selector that uses the message otherwise (a whole sub-object, a collection) is interpreted over the deserialized
/// object instead.
/// </summary>
internal sealed class Projector
{
    private readonly LambdaExpression _selector;
    private readonly Expression _body;
    private readonly Leaf[] _leaves;

    public Projector(LambdaExpression selector, Type rootType)
    {
        _selector = selector;
        var model = FudgeQueryModels.Find(rootType);
        if (model is null)
        {
            _body = selector.Body;
            _leaves = Array.Empty<Leaf>();
            return;
        }
        var rewriter = new LeafRewriter(selector.Parameters[0], model);
        var body = rewriter.Visit(selector.Body);
        ReadsFieldsOnly = !rewriter.UsesWhole;
        _body = ReadsFieldsOnly ? body : selector.Body;
        _leaves = ReadsFieldsOnly ? rewriter.Leaves.ToArray() : Array.Empty<Leaf>();
    }

    public bool ReadsFieldsOnly { get; }

    /// <summary>The paths of the scalars the selector reads, when <see cref="ReadsFieldsOnly"/> (a store reads these alone).</summary>
    public IReadOnlyList<FudgePath> LeafPaths => Array.ConvertAll(_leaves, leaf => leaf.Path);

    /// <summary>The CLR type of each of <see cref="LeafPaths"/>.</summary>
    public IReadOnlyList<Type> LeafTypes => Array.ConvertAll(_leaves, leaf => leaf.Parameter.Type);

    /// <summary>
    /// The projection from the first value of each of <see cref="LeafPaths"/> (as a <see cref="FudgeMsg"/> field holds
    /// it), with <paramref name="found"/> false for a path that selected nothing.
    /// </summary>
    public object? ProjectValues(IReadOnlyList<object?> values, IReadOnlyList<bool> found)
    {
        var arguments = new Dictionary<ParameterExpression, object?>(_leaves.Length);
        for (int i = 0; i < _leaves.Length; i++)
        {
            var type = _leaves[i].Parameter.Type;
            arguments[_leaves[i].Parameter] = found[i] ? FudgeConvert.ToType(values[i], type) ?? DefaultOf(type) : DefaultOf(type);
        }
        return ExpressionValues.Evaluate(_body, arguments);
    }

    /// <summary>The projection of a whole deserialized object (when not <see cref="ReadsFieldsOnly"/>).</summary>
    public object? ProjectWhole(object? whole)
        => ExpressionValues.Evaluate(_selector.Body, new Dictionary<ParameterExpression, object?> { [_selector.Parameters[0]] = whole });

    public object? Project(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, object? whole)
    {
        var values = new Dictionary<ParameterExpression, object?>(_leaves.Length + 1);
        if (!ReadsFieldsOnly)
        {
            values[_selector.Parameters[0]] = whole;
            return ExpressionValues.Evaluate(_body, values);
        }
        foreach (var leaf in _leaves)
        {
            var first = new FirstValue();
            leaf.Path.Visit(envelope, ref first, options);
            values[leaf.Parameter] = first.Found ? FudgeConvert.ToType(first.Value, leaf.Parameter.Type) ?? DefaultOf(leaf.Parameter.Type) : DefaultOf(leaf.Parameter.Type);
        }
        return ExpressionValues.Evaluate(_body, values);
    }

    /// <summary>What a deserializer leaves in a member whose field is absent: null, or the type's zero.</summary>
    private static object? DefaultOf(Type type)
    {
        if (!type.IsValueType || Nullable.GetUnderlyingType(type) is not null) return null;
        if (type.IsEnum) return Enum.ToObject(type, 0);
        if (type.IsPrimitive) return Convert.ChangeType(0, type, System.Globalization.CultureInfo.InvariantCulture);
        if (type == typeof(decimal)) return 0m;
        if (type == typeof(DateTime)) return default(DateTime);
        if (type == typeof(DateTimeOffset)) return default(DateTimeOffset);
        if (type == typeof(TimeSpan)) return default(TimeSpan);
        if (type == typeof(Guid)) return default(Guid);
#if NET6_0_OR_GREATER
        if (type == typeof(DateOnly)) return default(DateOnly);
        if (type == typeof(TimeOnly)) return default(TimeOnly);
#endif
        throw new FudgeException($"A projected {type.Name} is absent from the message and has no known default.");
    }

    private sealed class Leaf
    {
        public Leaf(FudgePath path, ParameterExpression parameter)
        {
            Path = path;
            Parameter = parameter;
        }

        public FudgePath Path { get; }

        public ParameterExpression Parameter { get; }
    }

    private struct FirstValue : IFudgeFieldVisitor
    {
        public bool Found;
        public object? Value;

        public bool Visit(in FudgeReader field)
        {
            var reader = field;
            Value = FudgeMsgCodec.ReadField(ref reader).Value;
            Found = true;
            return false;
        }
    }

    /// <summary>Replaces each scalar member chain of the message with a parameter standing for its value.</summary>
    private sealed class LeafRewriter : ExpressionVisitor
    {
        private readonly ParameterExpression _root;
        private readonly FudgeQueryType _model;
        private readonly Dictionary<string, Leaf> _byPath = new(StringComparer.Ordinal);

        public LeafRewriter(ParameterExpression root, FudgeQueryType model)
        {
            _root = root;
            _model = model;
        }

        public List<Leaf> Leaves { get; } = new();

        public bool UsesWhole { get; private set; }

        protected override Expression VisitMember(MemberExpression node)
        {
            if (Resolve(node, out var path, out var shape) && shape.Kind is not (FudgeQueryKind.Message or FudgeQueryKind.List or FudgeQueryKind.Set or FudgeQueryKind.JavaEnum))
            {
                if (!_byPath.TryGetValue(path + "|" + node.Type.FullName, out var leaf))
                {
                    leaf = new Leaf(FudgePath.Compile(path), Expression.Parameter(node.Type, "field" + Leaves.Count.ToString(System.Globalization.CultureInfo.InvariantCulture)));
                    _byPath[path + "|" + node.Type.FullName] = leaf;
                    Leaves.Add(leaf);
                }
                return leaf.Parameter;
            }
            return base.VisitMember(node);
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            if (node == _root) UsesWhole = true;
            return node;
        }

        // A chain of members from the root, through sub-messages.
        private bool Resolve(Expression e, out string path, out FudgeQueryShape shape)
        {
            path = "$";
            shape = null!;
            if (e == _root)
            {
                shape = new FudgeQueryShape(FudgeQueryKind.Message, _model.Type, null, null, null, "Message");
                return true;
            }
            if (e is not MemberExpression { Expression: { } inner } member) return false;
            if (!Resolve(inner, out var owner, out var ownerShape) || ownerShape.Kind != FudgeQueryKind.Message || ownerShape.Type is null) return false;
            var model = owner == "$" ? _model : FudgeQueryModels.Find(ownerShape.Type);
            if (model?.Find(member.Member.Name) is not { } found) return false;
            path = owner + (found.WireName is { } name ? FilterText.NameStep(name) : FilterText.OrdinalStep(found.Ordinal!.Value));
            shape = found.Shape;
            return true;
        }
    }
}
