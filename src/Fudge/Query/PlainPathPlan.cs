using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge.Query;

/// <summary>
/// A filter whose every test is on a plain path (<c>$.Symbol</c>, <c>$.Company.Ticker</c>: names only, no index,
/// wildcard or descent) and compares it with a literal, with a list (<c>in [...]</c>) or tests that it exists, joined
/// only by <c>&amp;&amp;</c> (or only by <c>||</c>): the usual selector of a router, such as
/// <c>$.System.Hostname == 'node-5' &amp;&amp; $.Log.Type in ['AUDIT', 'SECURITY']</c>. It is evaluated in one loop over
/// the message's bytes, with no <see cref="FudgeReader"/> and no call per field: each header is decoded in registers, a
/// sub-message on a path is entered in place, a field a test is on is tested on its value bytes
/// (<see cref="ValueComparison.OnWire"/>), and the loop returns as soon as the filter's value is decided.
/// </summary>
/// <remarks>
/// The loop decides only ordinary messages. Anything else (a malformed field, a size prefix a reader would refuse, a
/// tested field of a type the comparisons do not decode from bytes, a sub-message at the depth limit, an envelope
/// whose taxonomy may name ordinal-only fields) leaves the message <see cref="Undecided"/>, and
/// <see cref="FilterPlan"/>'s walk evaluates it from the start: answers and errors are always the walk's. The loop has
/// no side effect to undo.
/// </remarks>
internal sealed class PlainPathPlan
{
    /// <summary>What the evaluations return when the walk must decide.</summary>
    public const int Undecided = -1;

    /// <summary>
    /// The most sub-message levels a plan goes into (paths of up to five names); a filter with longer paths is left to
    /// the walk. Their ends are kept in four locals: a stack of memory in the loop's frame (<c>stackalloc</c>, or a
    /// fixed buffer) made the JIT compile the loop once, without tiering, with a guard on the stack and its values there.
    /// </summary>
    public const int MaxLevels = 4;

    private const int Continue = -2;

    private readonly Level _top;
    private readonly ulong _allBits;
    private readonly bool _anyOf;
    private readonly LayoutCache _layouts = new();

    /// <param name="top">The names the paths start with, and the levels below them (at most <see cref="MaxLevels"/>).</param>
    /// <param name="allBits">The plan bits of every test.</param>
    /// <param name="anyOf">True when one passing test passes the filter; else every test must pass.</param>
    public PlainPathPlan(Level top, ulong allBits, bool anyOf)
    {
        if (top.Levels > MaxLevels) throw new ArgumentOutOfRangeException(nameof(top), "paths too deep for the loop");
        _top = top;
        _allBits = allBits;
        _anyOf = anyOf;
    }

    /// <summary>
    /// True when the plan can evaluate <paramref name="test"/> from value bytes: not a string literal that a string
    /// Fudge-Java wrote may meet in other bytes (<see cref="QueryLiteral.ComparesAsText"/>), which the walk decodes.
    /// </summary>
    public static bool Evaluates(AnyFieldNode test)
        => test is ComparisonNode { ComparesAsText: false } or MembershipNode { ComparesAsText: false } or ExistsNode;

    /// <summary>1 when the envelope at the start of <paramref name="envelope"/> passes, 0 when it does not, or <see cref="Undecided"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Evaluate(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        // The checks the reader makes of the header; a header that fails them is left to the reader to report.
        if (envelope.Length < FudgeEnvelopeHeader.Size) return Undecided;
        int size = BinaryPrimitives.ReadInt32BigEndian(envelope.Slice(4));
        if (size < FudgeEnvelopeHeader.Size || size > envelope.Length || size > options.MaxMessageSize) return Undecided;
        // With a taxonomy, an ordinal-only field may carry a wanted name.
        if (options.TaxonomyResolver is not null && BinaryPrimitives.ReadInt16BigEndian(envelope.Slice(2)) != 0) return Undecided;
        return EvaluateFields(envelope.Slice(FudgeEnvelopeHeader.Size, size - FudgeEnvelopeHeader.Size), 0, options.MaxDepth);
    }

    /// <summary>
    /// 1 when the message of the fields <paramref name="data"/> holds passes, 0 when it does not, or
    /// <see cref="Undecided"/>. The message is at <paramref name="depth"/>, and no reader may go below
    /// <paramref name="maxDepth"/>. The caller has made sure that no taxonomy names its ordinal-only fields.
    /// </summary>
    /// <remarks>
    /// A message with the layout of one decided before (<see cref="MessageLayout"/>) is decided by testing the values
    /// of its wanted fields alone; any other by the loop, and its layout may then be recorded (<see cref="LayoutCache"/>).
    /// </remarks>
    public int EvaluateFields(ReadOnlySpan<byte> data, int depth, int maxDepth)
    {
        // (Only this plan stores layouts in its cache, all of them MessageLayouts.)
        if (_layouts.Find(data, MessageLayout.KeyFor(depth, maxDepth)) is MessageLayout layout) return Replay(layout, data);
        int result = _top.Levels == 0
            ? Loop<TopLevelOnly, Deciding>(data, depth, maxDepth, null)
            : Loop<IntoSubMessages, Deciding>(data, depth, maxDepth, null);
        if (result != Undecided && data.Length <= MessageLayout.MaxLength) Learn(data, depth, maxDepth);
        return result;
    }

    /// <summary>The layout of <paramref name="data"/> as the loop reads it, or null when the loop leaves it undecided.</summary>
    internal MessageLayout? Record(ReadOnlySpan<byte> data, int depth, int maxDepth)
    {
        var recorder = new MessageLayout.Recorder(data.Length);
        return Loop<IntoSubMessages, Recording>(data, depth, maxDepth, recorder) == Undecided
            ? null
            : MessageLayout.Create(data, recorder, depth, maxDepth);
    }

    /// <summary>The layout the cache holds for <paramref name="data"/>, if any (for the tests).</summary>
    internal MessageLayout? CachedLayout(ReadOnlySpan<byte> data, int depth, int maxDepth)
        => _layouts.Find(data, MessageLayout.KeyFor(depth, maxDepth)) as MessageLayout;

    // Out of line: the cache decides whether this message's layout is recorded, which is rarely.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Learn(ReadOnlySpan<byte> data, int depth, int maxDepth)
    {
        int place = _layouts.PlaceFor(data.Length);
        if (place >= 0 && Record(data, depth, maxDepth) is { } layout) _layouts.Store(place, layout);
    }

    // The loop's decision on a message with the layout: the wanted fields' values tested in the order the loop meets
    // them, so that it returns what the loop would, where the loop would.
    private int Replay(MessageLayout layout, ReadOnlySpan<byte> data)
    {
        ulong passed = 0;
        var wanted = layout.Wanted;
        for (int i = 0; i < wanted.Length; i++)
        {
            ref readonly var field = ref wanted[i];
            var value = data.Slice(field.Offset, field.Length);
            if (field.Literal is { } literal)
            {
                // The usual test, one comparison with one literal, without Visit's loops: fewer values to keep.
                if ((passed & field.Bit) != 0) continue;
                var result = ValueComparison.OnWire(field.TypeId, value, field.Operator, literal);
                if (result == Decision.Unknown) return Undecided;
                if (result == Decision.True && Passes(ref passed, field.Bit)) return 1;
                continue;
            }
            int decided = Visit(field.Tests, field.TypeId, value, ref passed);
            if (decided != Continue) return decided;
        }
        return 0;
    }

    // The loop is compiled twice: for paths of one name it has no levels to keep, and so fewer values held in registers
    // (the JIT removes the other kind's code from each copy).
    private interface IPathKind
    {
    }

    private struct TopLevelOnly : IPathKind
    {
    }

    private struct IntoSubMessages : IPathKind
    {
    }

    // And once more to record a message's layout: the loop then tests nothing and reads the message to its end, marking
    // the bytes it reads as structure and the places of the fields it would test.
    private interface IRunKind
    {
    }

    private struct Deciding : IRunKind
    {
    }

    private struct Recording : IRunKind
    {
    }

    // Never inlined into EvaluateFields: there, next to the calls that look for and learn layouts, the JIT kept the
    // loop's values on the stack.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int Loop<TKind, TRun>(ReadOnlySpan<byte> data, int depth, int maxDepth, MessageLayout.Recorder? recorder)
        where TKind : struct, IPathKind
        where TRun : struct, IRunKind
    {
        bool nested = typeof(TKind) == typeof(IntoSubMessages);
        bool recording = typeof(TRun) == typeof(Recording);
        // Where each entered sub-message ends; the levels are the plan's, each knowing the one above it.
        var ends = default(Ends);
        int entered = 0;
        var level = _top;
        var names = level.Names;
        ulong lengths = names.LengthMask;
        ulong filter = names.Filter;
        ulong passed = 0;
        int end = data.Length;
        int p = 0;
        while (true)
        {
            // The end of the message the loop is in; for paths of one name, always the data's (one register, not two).
            int stop = nested ? end : data.Length;
            if (stop - p < 2)
            {
                // One byte left over is a header cut short: the reader's to report.
                if (p != stop) return Undecided;
                if (!nested || entered == 0) return 0;
                // The end of a sub-message: on with the fields after it, one level up.
                end = ends.Pop(ref entered);
                level = level.Parent!;
                names = level.Names;
                lengths = names.LengthMask;
                filter = names.Filter;
                continue;
            }
            int header = p;
            int prefix = data[p];
            int typeId = data[p + 1];
            p += (prefix & 0x10) != 0 ? 4 : 2;
            int match = -1;
            if ((prefix & 0x08) != 0)
            {
                if ((uint)p >= (uint)stop) return Undecided;
                int nameLength = data[p];
                if (stop - p - 1 < nameLength) return Undecided;
                if (((lengths >> nameLength) & 1) != 0 // the shift takes the length modulo 64, as the set does
                    && ((filter >> FudgeNameSet.Hash(nameLength, nameLength == 0 ? 0 : data[p + 1])) & 1) != 0)
                    match = names.IndexOf(data, p + 1, nameLength);
                p += 1 + nameLength;
            }
            // Checked against the data, then against the sub-message (size bytes past its end make this fail too).
            if (!FudgeReader.TryReadExtent(data, (byte)prefix, (byte)typeId, ref p, out int length) || (nested && end - p < length)) return Undecided;
            if (recording) recorder!.Structure(header, p);
            if (match >= 0)
            {
                // A size prefix the reader would refuse (a fixed width, or arrays' whole elements, not respected); strings,
                // the usual case, have neither.
                if ((prefix & 0x80) == 0 && typeId != FudgeTypeId.String && !SizeFits((byte)typeId, length)) return Undecided;
                var tests = level.Tests[match];
                if (tests.Length > 0)
                {
                    if (recording)
                    {
                        recorder!.Wanted.Add(new MessageLayout.WantedField(p, length, (byte)typeId, tests));
                    }
                    else
                    {
                        int decided = Visit(tests, (byte)typeId, data.Slice(p, length), ref passed);
                        if (decided != Continue) return decided;
                    }
                }
                if (nested && level.Children[match] is { } below && typeId == FudgeTypeId.Message && length > 0)
                {
                    // Into the sub-message in place, where the walk would read it (a reader checks the depth limit
                    // there, and the stack every eighth level: both are the walk's to report).
                    int at = depth + entered;
                    if (at + 1 > maxDepth || (at & 7) == 7) return Undecided;
                    ends.Push(ref entered, end);
                    end = p + length;
                    level = below;
                    names = level.Names;
                    lengths = names.LengthMask;
                    filter = names.Filter;
                    continue;
                }
            }
            p += length;
        }
    }

    // Where the entered sub-messages end, innermost last: MaxLevels of them in fields, not a buffer (see MaxLevels).
    private struct Ends
    {
        private int _first;
        private int _second;
        private int _third;
        private int _fourth;

        public void Push(ref int count, int end)
        {
            switch (count++)
            {
                case 0: _first = end; break;
                case 1: _second = end; break;
                case 2: _third = end; break;
                default: _fourth = end; break;
            }
        }

        public readonly int Pop(ref int count) => --count switch
        {
            0 => _first,
            1 => _second,
            2 => _third,
            _ => _fourth,
        };
    }

    // ReadValue's checks of a field with a size prefix: the width of a fixed-width type, whole elements of an array.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool SizeFits(byte typeId, int length)
    {
        int fixedWidth = FudgeTypeId.GetFixedWidth(typeId);
        int elementWidth = FudgeTypeId.GetArrayElementWidth(typeId);
        return (fixedWidth < 0 || length == fixedWidth) && (elementWidth <= 0 || length % elementWidth == 0);
    }

    // Runs the tests of a wanted name that have not passed yet on its field: 1 once the filter passes, Undecided for a
    // field only the walk can judge, else Continue. Inlined: a call per wanted field, with the loop's values kept
    // across it, cost more than the tests.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Visit(NameTest[] tests, byte typeId, ReadOnlySpan<byte> value, ref ulong passed)
    {
        foreach (var test in tests)
        {
            if ((passed & test.Bit) != 0) continue;
            // One comparison for every kind of test, so that the loop holds one copy of it: existence has no literal,
            // a comparison one, a membership one or more (any equal).
            var literals = test.Literals;
            var result = literals.Length == 0 ? Decision.True : Decision.False;
            for (int i = 0; i < literals.Length && result == Decision.False; i++)
                result = ValueComparison.OnWire(typeId, value, test.Operator, literals[i]);
            if (result == Decision.Unknown) return Undecided;
            if (result == Decision.True && Passes(ref passed, test.Bit)) return 1;
        }
        return Continue;
    }

    // Marks a test passed: true when the filter then passes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool Passes(ref ulong passed, ulong bit)
    {
        passed |= bit;
        return _anyOf || passed == _allBits;
    }

    /// <summary>The names a message is looked at for, at one depth below one path: their tests and the levels below.</summary>
    internal sealed class Level
    {
        /// <param name="names">The names.</param>
        /// <param name="tests">By name index, the tests on a field of that name (each has a plan bit and <see cref="Evaluates"/> it).</param>
        /// <param name="children">By name index, the level of the paths that go on into a sub-message of that name, or null.</param>
        public Level(FudgeNameSet names, AnyFieldNode[][] tests, Level?[] children)
        {
            Names = names;
            Tests = Array.ConvertAll(tests, ofName => Array.ConvertAll(ofName, test => new NameTest(test)));
            Children = children;
            foreach (var child in children)
            {
                if (child is null) continue;
                child.Parent = this;
                Levels = Math.Max(Levels, child.Levels + 1);
            }
        }

        public FudgeNameSet Names { get; }

        public NameTest[][] Tests { get; }

        public Level?[] Children { get; }

        /// <summary>The level above, whose name leads here; null at the top.</summary>
        public Level? Parent { get; private set; }

        /// <summary>How many sub-message levels the deepest path below goes into.</summary>
        public int Levels { get; }
    }

    /// <summary>
    /// A test on a wanted name as literals to compare with: none for existence, one for a comparison, one or more for a
    /// membership (which passes when one is equal); and its plan bit.
    /// </summary>
    internal readonly struct NameTest
    {
        public NameTest(AnyFieldNode test)
        {
            (Operator, Literals) = test switch
            {
                ComparisonNode comparison => (comparison.Operator, new[] { comparison.Literal }),
                MembershipNode membership => (ComparisonOperator.Equal, membership.Literals),
                _ => (ComparisonOperator.Equal, Array.Empty<QueryLiteral>()),
            };
            Bit = test.PlanBit;
        }

        public ComparisonOperator Operator { get; }

        public QueryLiteral[] Literals { get; }

        public ulong Bit { get; }
    }
}
