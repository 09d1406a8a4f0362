using System;

namespace Fudge.Query;

/// <summary>A value of three-valued logic: what a filter already knows part way through a walk of the message.</summary>
internal enum Decision
{
    Unknown,
    False,
    True,
}

/// <summary>A node of a compiled filter: evaluates to true or false on one message, as bytes or as a model.</summary>
internal abstract class FilterNode
{
    /// <summary>Evaluates on the message <paramref name="message"/> is positioned at the start of.</summary>
    public abstract bool Evaluate(in FudgeReader message);

    /// <summary>Evaluates on a model message.</summary>
    public abstract bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy);

    /// <summary>
    /// What the node is known to be while <see cref="FilterPlan"/> walks the message: <paramref name="passed"/> holds a
    /// bit for each planned test that a field has passed so far. When <paramref name="final"/> the walk is over: a
    /// planned test that has not passed is false, and a test outside the plan is evaluated on <paramref name="message"/>.
    /// </summary>
    public virtual Decision Decide(ulong passed, bool final, in FudgeReader message)
        => !final ? Decision.Unknown : Evaluate(in message) ? Decision.True : Decision.False;
}

/// <summary><c>a &amp;&amp; b</c>: the right side is evaluated only when the left holds.</summary>
internal sealed class AndNode : FilterNode
{
    private readonly FilterNode _left;
    private readonly FilterNode _right;

    public AndNode(FilterNode left, FilterNode right)
    {
        _left = left;
        _right = right;
    }

    public override bool Evaluate(in FudgeReader message) => _left.Evaluate(in message) && _right.Evaluate(in message);

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy) => _left.Evaluate(message, taxonomy) && _right.Evaluate(message, taxonomy);

    public override Decision Decide(ulong passed, bool final, in FudgeReader message)
    {
        var left = _left.Decide(passed, final, in message);
        if (left == Decision.False) return Decision.False;
        var right = _right.Decide(passed, final, in message);
        if (right == Decision.False) return Decision.False;
        return left == Decision.True && right == Decision.True ? Decision.True : Decision.Unknown;
    }

    public FilterNode Left => _left;

    public FilterNode Right => _right;
}

/// <summary><c>a || b</c>: the right side is evaluated only when the left does not hold.</summary>
internal sealed class OrNode : FilterNode
{
    private readonly FilterNode _left;
    private readonly FilterNode _right;

    public OrNode(FilterNode left, FilterNode right)
    {
        _left = left;
        _right = right;
    }

    public override bool Evaluate(in FudgeReader message) => _left.Evaluate(in message) || _right.Evaluate(in message);

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy) => _left.Evaluate(message, taxonomy) || _right.Evaluate(message, taxonomy);

    public override Decision Decide(ulong passed, bool final, in FudgeReader message)
    {
        var left = _left.Decide(passed, final, in message);
        if (left == Decision.True) return Decision.True;
        var right = _right.Decide(passed, final, in message);
        if (right == Decision.True) return Decision.True;
        return left == Decision.False && right == Decision.False ? Decision.False : Decision.Unknown;
    }

    public FilterNode Left => _left;

    public FilterNode Right => _right;
}

/// <summary><c>!a</c>.</summary>
internal sealed class NotNode : FilterNode
{
    private readonly FilterNode _operand;

    public NotNode(FilterNode operand) => _operand = operand;

    public override bool Evaluate(in FudgeReader message) => !_operand.Evaluate(in message);

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy) => !_operand.Evaluate(message, taxonomy);

    public override Decision Decide(ulong passed, bool final, in FudgeReader message)
        => _operand.Decide(passed, final, in message) switch
        {
            Decision.True => Decision.False,
            Decision.False => Decision.True,
            _ => Decision.Unknown,
        };

    public FilterNode Operand => _operand;
}

/// <summary>
/// A test of the fields a path selects, with "any" semantics: it holds when at least one selected field passes
/// <see cref="Test(in FudgeReader)"/>, and never when the path selects nothing. The walk stops at the first pass.
/// </summary>
internal abstract class AnyFieldNode : FilterNode
{
    protected AnyFieldNode(FudgePath path) => Path = path;

    public FudgePath Path { get; }

    public abstract bool Test(in FudgeReader field);

    public abstract bool Test(in FudgeField field);

    /// <summary>The bit of this test in a <see cref="FilterPlan"/>, or 0 when the plan does not walk its path.</summary>
    public ulong PlanBit { get; set; }

    public override Decision Decide(ulong passed, bool final, in FudgeReader message)
    {
        if (PlanBit == 0) return base.Decide(passed, final, in message);
        if ((passed & PlanBit) != 0) return Decision.True;
        return final ? Decision.False : Decision.Unknown;
    }

    public override bool Evaluate(in FudgeReader message)
    {
        var visitor = new AnyVisitor(this);
        Path.Visit(in message, ref visitor);
        return visitor.Found;
    }

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        var sink = new AnySink(this);
        Path.Visit(message, taxonomy, ref sink);
        return sink.Found;
    }

    private struct AnyVisitor : IFudgeFieldVisitor
    {
        private readonly AnyFieldNode _node;

        public AnyVisitor(AnyFieldNode node)
        {
            _node = node;
            Found = false;
        }

        public bool Found { get; private set; }

        public bool Visit(in FudgeReader field)
        {
            Found = _node.Test(in field);
            return !Found;
        }
    }

    private struct AnySink : IFieldSink
    {
        private readonly AnyFieldNode _node;

        public AnySink(AnyFieldNode node)
        {
            _node = node;
            Found = false;
        }

        public bool Found { get; private set; }

        public bool Visit(in FudgeField field)
        {
            Found = _node.Test(in field);
            return !Found;
        }
    }
}

/// <summary>A path alone: true when it selects at least one field (<c>!$.path</c> tests absence).</summary>
internal sealed class ExistsNode : AnyFieldNode
{
    public ExistsNode(FudgePath path) : base(path) { }

    public override bool Test(in FudgeReader field) => true;

    public override bool Test(in FudgeField field) => true;
}

/// <summary><c>path op literal</c>.</summary>
internal sealed class ComparisonNode : AnyFieldNode
{
    private readonly ComparisonOperator _op;
    private readonly QueryLiteral _literal;

    // True when a string on the wire must meet the literal as text (Fudge-Java's CESU-8 pairs: see WireText).
    private readonly bool _asText;

    public ComparisonNode(FudgePath path, ComparisonOperator op, QueryLiteral literal) : base(path)
    {
        _op = op;
        _literal = literal;
        _asText = literal.ComparesAsText(op);
    }

    /// <summary>True when the test compares a string on the wire as text, so that <see cref="TestValue"/> cannot decide it.</summary>
    public bool ComparesAsText => _asText;

    // The common cases compare straight from the wire; the rest go through the general widening comparison.
    public override bool Test(in FudgeReader field)
    {
        if (_asText) return TestWidened(in field);
        var decision = TestValue(field.TypeId, field.ValueSpan);
        return decision == Decision.Unknown ? TestWidened(in field) : decision == Decision.True;
    }

    // Out of line: the general value holds a reference, which callers that inline Test would zero on every call.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private bool TestWidened(in FudgeReader field) => ValueComparison.Holds(FieldValue.From(in field), _op, _literal);

    /// <summary>
    /// The test on a field known only by its wire type and value bytes, as <see cref="Test(in FudgeReader)"/> decides
    /// it, for walks with no reader (<see cref="PlainPathPlan"/>); <see cref="Decision.Unknown"/> for the types that need
    /// the reader (see <see cref="ValueComparison.OnWire"/>). Not for a test that <see cref="ComparesAsText"/>.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public Decision TestValue(byte typeId, ReadOnlySpan<byte> value) => ValueComparison.OnWire(typeId, value, _op, _literal);

    public override bool Test(in FudgeField field) => ValueComparison.Holds(FieldValue.From(in field), _op, _literal);

    public ComparisonOperator Operator => _op;

    public QueryLiteral Literal => _literal;
}

/// <summary><c>path in [literal, ...]</c>: a selected value equals one of the literals.</summary>
internal sealed class MembershipNode : AnyFieldNode
{
    private readonly QueryLiteral[] _literals;

    // True when a string on the wire must meet some literal as text (Fudge-Java's CESU-8 pairs: see WireText).
    private readonly bool _asText;

    public MembershipNode(FudgePath path, QueryLiteral[] literals) : base(path)
    {
        _literals = literals;
        _asText = Array.Exists(literals, literal => literal.ComparesAsText(ComparisonOperator.Equal));
    }

    public QueryLiteral[] Literals => _literals;

    /// <summary>True when the test compares a string on the wire as text, so that <see cref="TestValue"/> cannot decide it.</summary>
    public bool ComparesAsText => _asText;

    public override bool Test(in FudgeReader field)
    {
        if (_asText) return AnyEqual(FieldValue.From(in field));
        var decision = TestValue(field.TypeId, field.ValueSpan);
        return decision == Decision.Unknown ? AnyEqual(FieldValue.From(in field)) : decision == Decision.True;
    }

    public override bool Test(in FudgeField field) => AnyEqual(FieldValue.From(in field));

    /// <summary>As <see cref="ComparisonNode.TestValue"/>: equal to one of the literals, decided from the wire (not for a test that <see cref="ComparesAsText"/>).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public Decision TestValue(byte typeId, ReadOnlySpan<byte> value)
    {
        foreach (var literal in _literals)
        {
            // Unknown depends on the type alone, so the first answer that is not False is the test's.
            var decision = ValueComparison.OnWire(typeId, value, ComparisonOperator.Equal, literal);
            if (decision != Decision.False) return decision;
        }
        return Decision.False;
    }

    private bool AnyEqual(in FieldValue value)
    {
        foreach (var literal in _literals)
            if (ValueComparison.Holds(in value, ComparisonOperator.Equal, literal)) return true;
        return false;
    }
}

/// <summary><c>type(path) == 'name'</c>: a selected field's wire type is in the named set.</summary>
internal sealed class TypeNode : AnyFieldNode
{
    private readonly bool[] _types;
    private readonly bool _equal;

    public TypeNode(FudgePath path, bool[] types, bool equal) : base(path)
    {
        _types = types;
        _equal = equal;
    }

    public override bool Test(in FudgeReader field) => _types[field.TypeId] == _equal;

    public override bool Test(in FudgeField field) => _types[field.TypeId] == _equal;
}

/// <summary><c>count(path) op n</c>: the number of fields the path selects.</summary>
internal sealed class CountNode : FilterNode
{
    private readonly FudgePath _path;
    private readonly ComparisonOperator _op;
    private readonly QueryLiteral _literal;

    public CountNode(FudgePath path, ComparisonOperator op, QueryLiteral literal)
    {
        _path = path;
        _op = op;
        _literal = literal;
    }

    public override bool Evaluate(in FudgeReader message)
    {
        var counter = new Counter();
        _path.Visit(in message, ref counter);
        return Holds(counter.Count);
    }

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        var counter = new Counter();
        _path.Visit(message, taxonomy, ref counter);
        return Holds(counter.Count);
    }

    private bool Holds(int count)
    {
        var value = new FieldValue { Kind = ValueKind.Integer, Integer = count, Number = count };
        return ValueComparison.Holds(in value, _op, _literal);
    }

    private struct Counter : IFudgeFieldVisitor, IFieldSink
    {
        public int Count { get; private set; }

        public bool Visit(in FudgeReader field)
        {
            Count++;
            return true;
        }

        public bool Visit(in FudgeField field)
        {
            Count++;
            return true;
        }
    }
}
