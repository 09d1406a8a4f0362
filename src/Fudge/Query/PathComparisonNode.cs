using System;
using System.Buffers;

namespace Fudge.Query;

/// <summary>
/// <c>path op path</c>, such as <c>$.bid &lt; $.ask</c>: holds when some field the left path selects and some field the
/// right path selects compare so (any semantics on both sides; an absent side fails), with the widening rules of
/// comparisons against literals. On bytes, the left values are captured first (strings copied into a pooled buffer,
/// so nothing is allocated in steady use), then the right path is walked and each of its fields compared with them.
/// </summary>
internal sealed class PathComparisonNode : FilterNode
{
    private readonly FudgePath _left;
    private readonly ComparisonOperator _op;
    private readonly FudgePath _right;

    public PathComparisonNode(FudgePath left, ComparisonOperator op, FudgePath right)
    {
        _left = left;
        _op = op;
        _right = right;
    }

    public override bool Evaluate(in FudgeReader message)
    {
        var captured = new CapturingVisitor(new CapturedValues());
        try
        {
            _left.Visit(in message, ref captured);
            if (captured.Values.Count == 0) return false;
            var comparing = new ComparingVisitor(captured.Values, _op);
            _right.Visit(in message, ref comparing);
            return comparing.Found;
        }
        finally
        {
            captured.Values.Return();
        }
    }

    public override bool Evaluate(FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        foreach (var left in _left.Select(message, taxonomy))
        {
            var leftValue = FieldValue.From(in left);
            foreach (var right in _right.Select(message, taxonomy))
                if (ValueComparison.Holds(in leftValue, _op, FieldValue.From(in right))) return true;
        }
        return false;
    }

    /// <summary>The left side's values, in arrays rented from the shared pools (a struct, so holding it allocates nothing).</summary>
    private struct CapturedValues
    {
        private Captured[]? _values;
        private byte[]? _text;
        private int _textLength;

        public int Count { get; private set; }

        public void Add(in FieldValue value)
        {
            if (_values is null || Count == _values.Length) Grow(ref _values, Count + 1, ArrayPool<Captured>.Shared);
            var captured = new Captured(in value, _textLength);
            if (value.Kind == ValueKind.String)
            {
                int needed = _textLength + value.Utf8.Length;
                if (_text is null || needed > _text.Length) Grow(ref _text, needed, ArrayPool<byte>.Shared, _textLength);
                value.Utf8.CopyTo(_text.AsSpan(_textLength));
                _textLength = needed;
            }
            _values![Count++] = captured;
        }

        public readonly FieldValue this[int index] => _values![index].ToValue(_text);

        public void Return()
        {
            if (_values is not null) ArrayPool<Captured>.Shared.Return(_values);
            if (_text is not null) ArrayPool<byte>.Shared.Return(_text);
            _values = null;
            _text = null;
        }

        private static void Grow<T>(ref T[]? array, int needed, ArrayPool<T> pool, int keep = -1)
        {
            var larger = pool.Rent(Math.Max(needed, array is null ? 4 : array.Length * 2));
            if (array is not null)
            {
                Array.Copy(array, larger, keep < 0 ? array.Length : keep);
                pool.Return(array);
            }
            array = larger;
        }
    }

    /// <summary>One left value without spans: a string is a range of the captured text.</summary>
    private readonly struct Captured
    {
        private readonly ValueKind _kind;
        private readonly long _integer;
        private readonly double _number;
        private readonly bool _boolean;
        private readonly FudgeDate _date;
        private readonly long _seconds;
        private readonly int _nanoseconds;
        private readonly int _textStart;
        private readonly int _textLength;

        public Captured(in FieldValue value, int textStart)
        {
            _kind = value.Kind;
            _integer = value.Integer;
            _number = value.Number;
            _boolean = value.Boolean;
            _date = value.Date;
            _seconds = value.Seconds;
            _nanoseconds = value.Nanoseconds;
            _textStart = textStart;
            _textLength = value.Utf8.Length;
        }

        public FieldValue ToValue(byte[]? text) => new()
        {
            Kind = _kind,
            Integer = _integer,
            Number = _number,
            Boolean = _boolean,
            Date = _date,
            Seconds = _seconds,
            Nanoseconds = _nanoseconds,
            Utf8 = _kind == ValueKind.String ? text.AsSpan(_textStart, _textLength) : default,
        };
    }

    private struct CapturingVisitor : IFudgeFieldVisitor
    {
        public CapturingVisitor(CapturedValues values) => Values = values;

        public CapturedValues Values;

        public bool Visit(in FudgeReader field)
        {
            Values.Add(FieldValue.From(in field));
            return true;
        }
    }

    private struct ComparingVisitor : IFudgeFieldVisitor
    {
        private readonly CapturedValues _left;
        private readonly ComparisonOperator _op;

        public ComparingVisitor(CapturedValues left, ComparisonOperator op)
        {
            _left = left;
            _op = op;
            Found = false;
        }

        public bool Found { get; private set; }

        public bool Visit(in FudgeReader field)
        {
            var right = FieldValue.From(in field);
            for (int i = 0; i < _left.Count && !Found; i++) Found = ValueComparison.Holds(_left[i], _op, in right);
            return !Found;
        }
    }
}
