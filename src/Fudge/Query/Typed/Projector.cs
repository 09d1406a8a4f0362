using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// Evaluates a typed projection (<c>t =&gt; new { t.Symbol, t.Trade.Price }</c>) on an envelope's bytes: each member
/// chain of the message that ends at a scalar is a leaf, read by its path (the first field it selects, converted to
/// the member's type as <see cref="FudgeConvert"/> does) into a typed slot of <see cref="LeafSlots"/>
/// (<see cref="ProjectionLeaves"/>: one pass over the message for every leaf), and the rest of the selector is
/// compiled once per shape over those slots. A selector that uses the message otherwise (a whole sub-object, a
/// collection) is interpreted over the deserialized object instead.
/// </summary>
internal sealed class Projector
{
    // Compiled selectors of field-only projections, shared by every query with the same selector shape (a Select in a
    // loop compiles once): keyed by the rewritten selector's text and the full names of every type in it.
    private static readonly ConcurrentDictionary<string, Delegate> CompiledSelectors = new(StringComparer.Ordinal);
    private const int MaxCompiledSelectors = 1024;

    private static readonly System.Reflection.FieldInfo IntegersField = typeof(LeafSlots).GetField(nameof(LeafSlots.Integers))!;
    private static readonly System.Reflection.FieldInfo FloatsField = typeof(LeafSlots).GetField(nameof(LeafSlots.Floats))!;
    private static readonly System.Reflection.FieldInfo StringsField = typeof(LeafSlots).GetField(nameof(LeafSlots.Strings))!;
    private static readonly System.Reflection.FieldInfo ObjectsField = typeof(LeafSlots).GetField(nameof(LeafSlots.Objects))!;
    private static readonly System.Reflection.FieldInfo PresentField = typeof(LeafSlots).GetField(nameof(LeafSlots.Present))!;

    private readonly LambdaExpression _selector;
    private readonly Leaf[] _leaves;
    // With ReadsFieldsOnly: the leaves' reads, and the selector's body over their slots.
    private readonly ProjectionLeaves? _reads;
    private readonly ParameterExpression? _slots;
    private readonly Expression? _overSlots;
    private Func<LeafSlots, object?>? _untyped;
    private Delegate? _typed;

    // The projectors of the stream queries' selectors by their shape (ExpressionKey, literals only: a compiled selector
    // holds its captured variables), so that a Select written in a loop or per request is analysed and compiled once,
    // and its next enumeration starts with the layouts and texts the last one learned (the spare slots).
    private static readonly ConcurrentDictionary<ExpressionKey, Projector> Shared = new();
    private const int MaxShared = 64;

    // Slots an enumeration finished with, for the next one: their layouts and texts are learned already.
    private LeafSlots? _spare;

    /// <summary>The projector of <paramref name="selector"/>, shared with the earlier queries of the same shape when it has a key.</summary>
    public static Projector For(LambdaExpression selector, Type rootType)
    {
        var key = ExpressionKey.Of(selector);
        if (key is null) return new Projector(selector, rootType);
        if (Shared.TryGetValue(key, out var known)) return known;
        var projector = new Projector(selector, rootType);
        if (Shared.Count >= MaxShared) Shared.Clear();
        return Shared.GetOrAdd(key, projector);
    }

    public Projector(LambdaExpression selector, Type rootType)
    {
        _selector = selector;
        _leaves = Array.Empty<Leaf>();
        var model = FudgeQueryModels.Find(rootType);
        if (model is null) return;
        var rewriter = new LeafRewriter(selector.Parameters[0], model);
        var body = rewriter.Visit(selector.Body);
        ReadsFieldsOnly = !rewriter.UsesWhole;
        if (!ReadsFieldsOnly) return;
        _leaves = rewriter.Leaves.ToArray();
        _reads = new ProjectionLeaves(Array.ConvertAll(_leaves, leaf => leaf.Path), Array.ConvertAll(_leaves, leaf => leaf.Parameter.Type));
        _slots = Expression.Parameter(typeof(LeafSlots), "slots");
        var byParameter = new Dictionary<ParameterExpression, Expression>(_leaves.Length);
        for (int i = 0; i < _leaves.Length; i++) byParameter[_leaves[i].Parameter] = SlotRead(_slots, i, _reads.KindOf(i), _leaves[i].Parameter.Type);
        _overSlots = new ParameterSubstitution(byParameter).Visit(body);
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
        // Called once per row of a store's result: the slots are rented (Set writes every leaf), not made per row.
        var slots = RentSlots();
        try
        {
            _reads!.Set(values, found, slots);
            var selector = _untyped ??= Compile<object?>();
            return selector(slots);
        }
        catch (Exception e) when (e is not FudgeException)
        {
            throw Failed(e);
        }
        finally
        {
            ReturnSlots(slots);
        }
    }

    /// <summary>The projection of a whole deserialized object (when not <see cref="ReadsFieldsOnly"/>).</summary>
    public object? ProjectWhole(object? whole)
        => ExpressionValues.Evaluate(_selector.Body, new Dictionary<ParameterExpression, object?>(1) { [_selector.Parameters[0]] = whole });

    /// <summary>Slots for <see cref="Leaves"/>' reads, to reuse from one message to the next (one reader at a time).</summary>
    public LeafSlots NewSlots() => new(_leaves.Length);

    /// <summary>
    /// Slots for one enumeration: those the last one gave back (<see cref="ReturnSlots"/>) when no other enumeration
    /// holds them, else new ones.
    /// </summary>
    public LeafSlots RentSlots() => System.Threading.Interlocked.Exchange(ref _spare, null) ?? NewSlots();

    /// <summary>Gives back the slots of an enumeration that will read no more, for the next one.</summary>
    public void ReturnSlots(LeafSlots slots) => System.Threading.Volatile.Write(ref _spare, slots);

    /// <summary>The reads of the leaves (when <see cref="ReadsFieldsOnly"/>).</summary>
    public ProjectionLeaves Leaves => _reads!;

    /// <summary>
    /// The selector over the leaves' slots (when <see cref="ReadsFieldsOnly"/>), compiled once per shape. It raises what
    /// it raises as <see cref="Failed"/>'s exception (the library's own exceptions as they are).
    /// </summary>
    public Func<LeafSlots, TResult> Selector<TResult>()
    {
        if (_typed is Func<LeafSlots, TResult> typed) return typed;
        typed = Compile<TResult>();
        _typed = typed;
        return typed;
    }

    /// <summary>What the selector raised, as the exception a projection raises.</summary>
    public FudgeTranslationException Failed(Exception e) => Failure(_selector.Body.ToString(), e);

    /// <summary>What a selector (its text) raised, as the exception a projection raises.</summary>
    internal static FudgeTranslationException Failure(string selector, Exception e)
        => new(selector, $"evaluating it raised {e.GetType().Name}: {e.Message}", e);

    private static readonly System.Reflection.MethodInfo FailureMethod = typeof(Projector).GetMethod(
        nameof(Failure), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)!;

    // The read of leaf i's value from its slot, as the member's type.
    private static Expression SlotRead(ParameterExpression slots, int i, LeafKind kind, Type type)
    {
        var index = Expression.Constant(i);
        var underlying = Nullable.GetUnderlyingType(type) ?? type;
        Expression value;
        switch (kind)
        {
            case LeafKind.Integer:
                var raw = Slot(slots, IntegersField, IntegerAtMethod, index);
                value = underlying == typeof(bool) ? Expression.NotEqual(raw, Expression.Constant(0L))
                    : underlying.IsEnum ? Expression.Convert(Expression.Convert(raw, Enum.GetUnderlyingType(underlying)), underlying)
                    : Expression.Convert(raw, underlying);
                break;
            case LeafKind.Double:
            case LeafKind.Single:
                var floating = Slot(slots, FloatsField, FloatAtMethod, index);
                value = underlying == typeof(double) ? floating : Expression.Convert(floating, underlying);
                break;
            case LeafKind.String:
                return Slot(slots, StringsField, StringAtMethod, index);
            default:
                return Expression.Convert(Expression.ArrayIndex(Expression.Field(slots, ObjectsField), index), type);
        }
        if (underlying == type) return value;
        // A nullable member: null where the leaf has no value.
        return Expression.Condition(
            Expression.ArrayIndex(Expression.Field(slots, PresentField), index),
            Expression.Convert(value, type),
            Expression.Constant(null, type));
    }

    private static readonly System.Reflection.MethodInfo IntegerAtMethod = typeof(LeafSlots).GetMethod(nameof(LeafSlots.IntegerAt))!;
    private static readonly System.Reflection.MethodInfo FloatAtMethod = typeof(LeafSlots).GetMethod(nameof(LeafSlots.FloatAt))!;
    private static readonly System.Reflection.MethodInfo StringAtMethod = typeof(LeafSlots).GetMethod(nameof(LeafSlots.StringAt))!;

    // A slot of the array the field names, at the index. Where the selector is compiled, through the slots' method that
    // reads it with no bounds check (inlined into the compiled selector: the selector runs on every tick of a stream
    // projection, and each check is two instructions of it); interpreted (NativeAOT), as an array's element, which the
    // interpreter reads with no call through reflection.
    private static Expression Slot(ParameterExpression slots, System.Reflection.FieldInfo array, System.Reflection.MethodInfo uncheckedRead, ConstantExpression index)
    {
#if NET
        if (System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported) return Expression.Call(slots, uncheckedRead, index);
#endif
        return Expression.ArrayIndex(Expression.Field(slots, array), index);
    }

    // The selector over the slots as a delegate. Compiled where the runtime can generate code; under NativeAOT
    // System.Linq.Expressions interprets the same tree (its Compile falls back to its interpreter), with C#'s semantics
    // either way. What the selector raises, other than the library's own exceptions, it raises as Failed's exception
    // itself: its callers (a stream enumerator's loop on every tick) then hold no handler of their own, whose locals the
    // JIT would keep in memory.
    private Func<LeafSlots, TResult> Compile<TResult>()
    {
        var body = _overSlots!;
        if (body.Type != typeof(TResult)) body = Expression.Convert(body, typeof(TResult));
        // Keyed by the selector over the slots (before the handler: a try's text shows none of its body) and the text
        // the failure names.
        string text = _selector.Body.ToString();
        var key = SelectorKey.Of(Expression.Lambda<Func<LeafSlots, TResult>>(body, _slots!)) is { } shape ? shape + "|" + text : null;
        if (key is not null && CompiledSelectors.TryGetValue(key, out var cached)) return (Func<LeafSlots, TResult>)cached;
        var raised = Expression.Parameter(typeof(Exception), "e");
        body = Expression.TryCatch(
            body,
            Expression.Catch(typeof(FudgeException), Expression.Rethrow(typeof(TResult))),
            Expression.Catch(raised, Expression.Throw(Expression.Call(FailureMethod, Expression.Constant(text), raised), typeof(TResult))));
        var lambda = Expression.Lambda<Func<LeafSlots, TResult>>(body, _slots!);
#if NET
        var compiled = lambda.Compile(preferInterpretation: !System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported);
#else
        var compiled = lambda.Compile();
#endif
        if (key is not null && CompiledSelectors.Count < MaxCompiledSelectors) CompiledSelectors.TryAdd(key, compiled);
        return compiled;
    }

    /// <summary>Replaces the leaves' parameters with their reads from the slots.</summary>
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
            if (model?.Find(member.Member.Name) is not { Repeated: false } found) return false; // a repeated member's fields are no one path
            path = owner + (found.WireName is { } name ? FilterText.NameStep(name) : FilterText.OrdinalStep(found.Ordinal!.Value));
            shape = found.Shape;
            return true;
        }
    }
}
