using System;
using System.Collections.Concurrent;
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
    // Compiled selectors of field-only projections, shared by every query with the same selector shape (a Select in a
    // loop compiles once): keyed by the rewritten selector's text and the full names of every type in it.
    private static readonly ConcurrentDictionary<string, Func<object?[], object?>> CompiledSelectors = new(StringComparer.Ordinal);
    private const int MaxCompiledSelectors = 1024;

    private readonly LambdaExpression _selector;
    private readonly Expression _body;
    private readonly Leaf[] _leaves;
    private readonly Func<object?[], object?>? _fromLeaves;
    // The one step of each leaf when every leaf is a field of the top level (the usual projection): then one pass over
    // the message reads them all, instead of a walk per leaf.
    private readonly PathStep[]? _topLevelSteps;

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
        if (ReadsFieldsOnly) _fromLeaves = CompileFromLeaves(body, _leaves);
        if (_leaves.Length is > 0 and <= 64 && Array.TrueForAll(_leaves, l => l.Path.Steps.Length == 1 && l.Path.Steps[0] is { Descendant: false, HasIndex: false, Selector: KeySelector.Name or KeySelector.Ordinal }))
            _topLevelSteps = Array.ConvertAll(_leaves, l => l.Path.Steps[0]);
    }

    public bool ReadsFieldsOnly { get; }

    public object? Project(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, object? whole)
    {
        if (!ReadsFieldsOnly)
        {
            var arguments = new Dictionary<ParameterExpression, object?>(1) { [_selector.Parameters[0]] = whole };
            return ExpressionValues.Evaluate(_body, arguments);
        }
        var values = new object?[_leaves.Length];
        if (_topLevelSteps is not null)
        {
            ReadTopLevel(envelope, options, values);
        }
        else
        {
            for (int i = 0; i < _leaves.Length; i++)
            {
                var first = new FirstValue();
                _leaves[i].Path.Visit(envelope, ref first, options);
                values[i] = LeafValue(i, first.Found, first.Value);
            }
        }
        try
        {
            return _fromLeaves!(values);
        }
        catch (Exception e) when (e is not FudgeException)
        {
            throw new FudgeTranslationException(_selector.Body.ToString(), $"evaluating it raised {e.GetType().Name}: {e.Message}", e);
        }
    }

    // The selector over its leaves' values, as a delegate taking them in an array. Compiled where the runtime can
    // generate code; under NativeAOT System.Linq.Expressions interprets the same tree (its Compile falls back to its
    // interpreter), with C#'s semantics either way.
    private static Func<object?[], object?> CompileFromLeaves(Expression body, Leaf[] leaves)
    {
        var values = Expression.Parameter(typeof(object[]), "values");
        var byParameter = new Dictionary<ParameterExpression, Expression>(leaves.Length);
        for (int i = 0; i < leaves.Length; i++)
            byParameter[leaves[i].Parameter] = Expression.Convert(Expression.ArrayIndex(values, Expression.Constant(i)), leaves[i].Parameter.Type);
        var substituted = new ParameterSubstitution(byParameter).Visit(body);
        var lambda = Expression.Lambda<Func<object?[], object?>>(Expression.Convert(substituted, typeof(object)), values);
        var key = SelectorKey.Of(lambda);
        if (key is not null && CompiledSelectors.TryGetValue(key, out var cached)) return cached;
#if NET
        var compiled = lambda.Compile(preferInterpretation: !System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported);
#else
        var compiled = lambda.Compile();
#endif
        if (key is not null && CompiledSelectors.Count < MaxCompiledSelectors) CompiledSelectors.TryAdd(key, compiled);
        return compiled;
    }

    /// <summary>Replaces the leaves' parameters with their reads from the values array.</summary>
    private sealed class ParameterSubstitution : ExpressionVisitor
    {
        private readonly Dictionary<ParameterExpression, Expression> _byParameter;

        public ParameterSubstitution(Dictionary<ParameterExpression, Expression> byParameter) => _byParameter = byParameter;

        protected override Expression VisitParameter(ParameterExpression node)
            => _byParameter.TryGetValue(node, out var read) ? read : node;
    }

    /// <summary>
    /// A cache key for a compiled selector: its text plus the full names of its nodes' types and members, or null
    /// (not cached) when it holds a constant that is not a number, string or null (a captured variable's closure:
    /// another query of the same text captures another value).
    /// </summary>
    private sealed class SelectorKey : ExpressionVisitor
    {
        private readonly System.Text.StringBuilder _key = new();
        private bool _uncacheable;

        public static string? Of(Expression lambda)
        {
            var visitor = new SelectorKey();
            visitor._key.Append(lambda).Append('|');
            visitor.Visit(lambda);
            return visitor._uncacheable ? null : visitor._key.ToString();
        }

        public override Expression? Visit(Expression? node)
        {
            if (node is not null) _key.Append(node.NodeType).Append(':').Append(node.Type.AssemblyQualifiedName).Append(';');
            return base.Visit(node);
        }

        protected override Expression VisitConstant(ConstantExpression node)
        {
            if (node.Value is not (null or string or int or long or double or bool or short or byte or float or decimal or char)) _uncacheable = true;
            return node;
        }

        protected override Expression VisitMember(MemberExpression node)
        {
            _key.Append(node.Member.DeclaringType?.AssemblyQualifiedName).Append('.').Append(node.Member.Name).Append(';');
            return base.VisitMember(node);
        }

        protected override Expression VisitNew(NewExpression node)
        {
            _key.Append(node.Constructor?.DeclaringType?.AssemblyQualifiedName).Append(';');
            return base.VisitNew(node);
        }

        protected override Expression VisitMethodCall(MethodCallExpression node)
        {
            _key.Append(node.Method.DeclaringType?.AssemblyQualifiedName).Append('.').Append(node.Method).Append(';');
            return base.VisitMethodCall(node);
        }
    }

    /// <summary>Each leaf's value from the first top-level field its step selects, in one pass over the message.</summary>
    private void ReadTopLevel(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, object?[] values)
    {
        var steps = _topLevelSteps!;
        ulong all = steps.Length == 64 ? ulong.MaxValue : (1UL << steps.Length) - 1, found = 0;
        var reader = new FudgeReader(envelope, options);
        while (found != all && reader.Read())
        {
            for (int i = 0; i < steps.Length; i++)
            {
                ulong bit = 1UL << i;
                if ((found & bit) != 0 || !steps[i].Matches(in reader)) continue;
                var first = new FirstValue();
                first.Visit(in reader);
                values[i] = LeafValue(i, true, first.Value);
                found |= bit;
            }
        }
        for (int i = 0; i < steps.Length; i++)
            if ((found & (1UL << i)) == 0) values[i] = LeafValue(i, false, null);
    }

    private object? LeafValue(int leaf, bool found, object? value)
    {
        var type = _leaves[leaf].Parameter.Type;
        return found ? FudgeConvert.ToType(value, type) ?? DefaultOf(type) : DefaultOf(type);
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
            byte typeId = reader.TypeId;
            // The value alone (no name string); a decode context only for a sub-message where a scalar was expected.
            Value = FudgeMsgCodec.ReadValue(ref reader, typeId, typeId == FudgeTypeId.Message ? new DecodeContext(reader.Options.MaxFieldCount) : NoSubMessages);
            Found = true;
            return false;
        }

        private static readonly DecodeContext NoSubMessages = new(0);
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
