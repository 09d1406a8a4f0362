using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge.Query;

/// <summary>
/// A filter whose every test is a comparison with a literal (or an existence test) on top-level fields of one plain
/// name, joined only by <c>&amp;&amp;</c> (or only by <c>||</c>): <c>$.Symbol == 'AAPL' &amp;&amp; $.Price &gt; 10</c>, the
/// usual selector on a stream of flat messages. It is evaluated in one loop over the message's bytes, with no
/// <see cref="FudgeReader"/> and no call per field: each header is decoded in registers, a field whose name is wanted
/// has its tests run on its value bytes (<see cref="ComparisonNode.TestValue"/>), and the loop returns as soon as the
/// filter's value is decided.
/// </summary>
/// <remarks>
/// The loop decides only ordinary messages. Anything else, a field out of the ordinary (malformed, a size prefix on a
/// number, a wanted field of a type the comparisons do not decode from bytes) or an envelope whose taxonomy may name
/// ordinal-only fields, leaves the message <see cref="Undecided"/>, and <see cref="FilterPlan"/>'s walk evaluates it
/// from the start: errors and their offsets are always the walk's. The loop has no side effect to undo.
/// </remarks>
internal sealed class TopLevelPlan
{
    /// <summary>What the evaluations return when the walk must decide.</summary>
    public const int Undecided = -1;

    private readonly FudgeNameSet _names;
    private readonly NameTest[][] _tests; // by name index
    private readonly ulong _allBits;
    private readonly bool _anyOf;

    private TopLevelPlan(FudgeNameSet names, NameTest[][] tests, ulong allBits, bool anyOf)
    {
        _names = names;
        _tests = tests;
        _allBits = allBits;
        _anyOf = anyOf;
    }

    /// <summary>
    /// The plan for <paramref name="names"/> and the planned tests on each (by the name's index), or null when a test is
    /// neither a comparison with a literal nor an existence test.
    /// </summary>
    /// <param name="names">The top-level names the tests are on.</param>
    /// <param name="tests">The tests of each name; every one has a plan bit.</param>
    /// <param name="allBits">The plan bits of every test.</param>
    /// <param name="anyOf">True when one passing test passes the filter; else every test must pass.</param>
    public static TopLevelPlan? Create(FudgeNameSet names, AnyFieldNode[][] tests, ulong allBits, bool anyOf)
    {
        if (!Array.TrueForAll(tests, ofName => Array.TrueForAll(ofName, test => test is ComparisonNode or ExistsNode))) return null;
        var nameTests = Array.ConvertAll(tests, ofName => Array.ConvertAll(ofName, test => new NameTest(test as ComparisonNode, test.PlanBit)));
        return new TopLevelPlan(names, nameTests, allBits, anyOf);
    }

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
        return EvaluateFields(envelope.Slice(FudgeEnvelopeHeader.Size, size - FudgeEnvelopeHeader.Size));
    }

    /// <summary>
    /// 1 when the message of the fields <paramref name="data"/> holds passes, 0 when it does not, or
    /// <see cref="Undecided"/>. The caller has made sure that no taxonomy names its ordinal-only fields.
    /// </summary>
    public int EvaluateFields(ReadOnlySpan<byte> data)
    {
        var names = _names;
        ulong lengths = names.LengthMask;
        ulong filter = names.Filter;
        ulong passed = 0;
        int p = 0;
        while (data.Length - p >= 2)
        {
            int prefix = data[p];
            int typeId = data[p + 1];
            p += (prefix & 0x10) != 0 ? 4 : 2;
            int match = -1;
            if ((prefix & 0x08) != 0)
            {
                if ((uint)p >= (uint)data.Length) return Undecided;
                int nameLength = data[p];
                if (data.Length - p - 1 < nameLength) return Undecided;
                if (((lengths >> nameLength) & 1) != 0 // the shift takes the length modulo 64, as the set does
                    && ((filter >> FudgeNameSet.Hash(nameLength, nameLength == 0 ? 0 : data[p + 1])) & 1) != 0)
                    match = names.IndexOf(data, p + 1, nameLength);
                p += 1 + nameLength;
            }
            if (!FudgeReader.TryReadExtent(data, (byte)prefix, (byte)typeId, ref p, out int length)) return Undecided;
            if (match >= 0)
            {
                // A size prefix on a type of fixed width is checked by the reader (it must equal the width): only
                // strings, which have no width, are taken here with one.
                if ((prefix & 0x80) == 0 && typeId != FudgeTypeId.String) return Undecided;
                int decided = Visit(_tests[match], (byte)typeId, data.Slice(p, length), ref passed);
                if (decided != Continue) return decided;
            }
            p += length;
        }
        // One byte left over is a header cut short: the reader's to report.
        return p == data.Length ? 0 : Undecided;
    }

    private const int Continue = -2;

    // Runs the tests of a wanted name that have not passed yet on its field: 1 once the filter passes, Undecided for a
    // field only the walk can judge, else Continue. Inlined: a call per wanted field, with the loop's values kept
    // across it, cost more than the tests.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Visit(NameTest[] tests, byte typeId, ReadOnlySpan<byte> value, ref ulong passed)
    {
        foreach (var test in tests)
        {
            if ((passed & test.Bit) != 0) continue;
            var result = test.Comparison is { } comparison ? comparison.TestValue(typeId, value) : Decision.True;
            if (result == Decision.Unknown) return Undecided;
            if (result == Decision.False) continue;
            passed |= test.Bit;
            if (_anyOf || passed == _allBits) return 1;
        }
        return Continue;
    }

    /// <summary>A test on a wanted name: a comparison, or (null) the name's existence; and its plan bit.</summary>
    private readonly struct NameTest
    {
        public NameTest(ComparisonNode? comparison, ulong bit)
        {
            Comparison = comparison;
            Bit = bit;
        }

        public ComparisonNode? Comparison { get; }

        public ulong Bit { get; }
    }
}
