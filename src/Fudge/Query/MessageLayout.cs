using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Numerics;
#endif

namespace Fudge.Query;

/// <summary>
/// The structure of one message as a <see cref="PlainPathPlan"/>'s loop read it to its end: which of its bytes are
/// structure (every header's prefix, type, ordinal, name and size, at the top level and in the sub-messages the loop
/// went into) and where the fields it would test are. The loop's path through a message depends on those bytes alone,
/// and on the depth it starts at: a message of the same length with the same structure bytes has the wanted fields at
/// the same places, with the same types and lengths, and is malformed nowhere the loop looks. Only the values of those
/// fields remain to be tested.
/// </summary>
/// <remarks>
/// Messages of one stream mostly share a few layouts: the producer writes the same fields in the same order, and only
/// the string lengths and integer widths vary. Checking a layout compares the message with it a vector at a time,
/// with no load depending on another; the loop's own walk is a chain of dependent loads, one header after another.
/// A layout is immutable once built, so the threads that share a filter share its layouts without locks.
/// </remarks>
internal sealed class MessageLayout
{
    /// <summary>The longest message a layout is kept for: a layout holds two copies of its length.</summary>
    public const int MaxLength = 512;

    // The recorded message's bytes with every byte that is not structure zeroed, and a mask of 0xFF at structure bytes.
    private readonly byte[] _structure;
    private readonly byte[] _mask;

    private MessageLayout(byte[] structure, byte[] mask, WantedField[] wanted, int depth, int maxDepth)
    {
        _structure = structure;
        _mask = mask;
        Wanted = wanted;
        Depth = depth;
        MaxDepth = maxDepth;
    }

    /// <summary>The fields the loop tests, in the order it meets them.</summary>
    public WantedField[] Wanted { get; }

    /// <summary>The depth of the message the layout was recorded at (the loop refuses to go below a limit).</summary>
    public int Depth { get; }

    /// <summary>The depth limit the layout was recorded under.</summary>
    public int MaxDepth { get; }

    /// <summary>The length of the message's fields.</summary>
    public int Length => _structure.Length;

    /// <summary>True when the byte at <paramref name="offset"/> of the fields is structure (for the tests).</summary>
    internal bool IsStructure(int offset) => _mask[offset] != 0;

    /// <summary>
    /// Set once a message has been found to have this layout, cleared when the cache looks for one to replace: a
    /// layout no message has used since is the one to go.
    /// </summary>
    public bool Used { get; set; }

    /// <summary>True when <paramref name="fields"/>, at <paramref name="depth"/> under <paramref name="maxDepth"/>, has this layout.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Fits(ReadOnlySpan<byte> fields, int depth, int maxDepth)
        => fields.Length == _structure.Length && depth == Depth && maxDepth == MaxDepth && SameStructure(fields, _structure, _mask);

    /// <summary>
    /// Builds the layout of <paramref name="fields"/> from what a recording run of the loop, which read the message to
    /// its end, marked.
    /// </summary>
    public static MessageLayout Create(ReadOnlySpan<byte> fields, Recorder recorder, int depth, int maxDepth)
    {
        var mask = recorder.Mask;
        var structure = new byte[fields.Length];
        for (int i = 0; i < structure.Length; i++) structure[i] = (byte)(fields[i] & mask[i]);
        return new MessageLayout(structure, mask, recorder.Wanted.ToArray(), depth, maxDepth);
    }

    /// <summary>
    /// True when every byte of <paramref name="fields"/> masked by <paramref name="mask"/> equals the byte of
    /// <paramref name="structure"/> (all three of one length). Whole vectors, the last one overlapping the one before
    /// when the length is not a multiple (its bytes are compared twice, to the same effect), OR-ed into one difference
    /// tested at the end: no branch per vector.
    /// </summary>
    internal static bool SameStructure(ReadOnlySpan<byte> fields, byte[] structure, byte[] mask)
    {
        int length = fields.Length;
#if NET8_0_OR_GREATER
        // Vector<byte> is the widest the hardware has: 32 bytes with AVX2, 16 with SSE2 or NEON.
        if (Vector.IsHardwareAccelerated && length >= Vector<byte>.Count)
        {
            ref byte message = ref MemoryMarshal.GetReference(fields);
            ref byte expected = ref MemoryMarshal.GetArrayDataReference(structure);
            ref byte bits = ref MemoryMarshal.GetArrayDataReference(mask);
            var difference = Vector<byte>.Zero;
            nuint last = (nuint)(length - Vector<byte>.Count);
            for (nuint i = 0; i < last; i += (nuint)Vector<byte>.Count)
                difference |= (Vector.LoadUnsafe(ref message, i) & Vector.LoadUnsafe(ref bits, i)) ^ Vector.LoadUnsafe(ref expected, i);
            difference |= (Vector.LoadUnsafe(ref message, last) & Vector.LoadUnsafe(ref bits, last)) ^ Vector.LoadUnsafe(ref expected, last);
            return difference == Vector<byte>.Zero;
        }
#endif
        return SameStructureByWords(fields, structure, mask);
    }

    /// <summary><see cref="SameStructure"/> eight bytes at a time: without vectors, and on netstandard2.0.</summary>
    internal static bool SameStructureByWords(ReadOnlySpan<byte> fields, byte[] structure, byte[] mask)
    {
        int length = fields.Length;
        int at = 0;
        for (; length - at >= sizeof(ulong); at += sizeof(ulong))
        {
            ulong word = MemoryMarshal.Read<ulong>(fields.Slice(at));
            if ((word & MemoryMarshal.Read<ulong>(mask.AsSpan(at))) != MemoryMarshal.Read<ulong>(structure.AsSpan(at))) return false;
        }
        for (; at < length; at++)
            if ((fields[at] & mask[at]) != structure[at]) return false;
        return true;
    }

    /// <summary>
    /// A field the loop tests: where its value is, its type, and the tests on its name; when that is one comparison
    /// with one literal (the usual case), also the comparison itself.
    /// </summary>
    internal readonly struct WantedField
    {
        public WantedField(int offset, int length, byte typeId, PlainPathPlan.NameTest[] tests)
        {
            Offset = offset;
            Length = length;
            TypeId = typeId;
            Tests = tests;
            if (tests.Length == 1 && tests[0].Literals.Length == 1)
            {
                Literal = tests[0].Literals[0];
                Operator = tests[0].Operator;
                Bit = tests[0].Bit;
            }
        }

        public int Offset { get; }

        public int Length { get; }

        public byte TypeId { get; }

        public PlainPathPlan.NameTest[] Tests { get; }

        /// <summary>The one literal of the one test, or null.</summary>
        public QueryLiteral? Literal { get; }

        /// <summary>The one test's operator, when <see cref="Literal"/> is set.</summary>
        public ComparisonOperator Operator { get; }

        /// <summary>The one test's plan bit, when <see cref="Literal"/> is set.</summary>
        public ulong Bit { get; }
    }

    /// <summary>What a recording run of the loop writes down: the structure bytes, and the fields it would test.</summary>
    internal sealed class Recorder
    {
        public Recorder(int length) => Mask = new byte[length];

        public byte[] Mask { get; }

        public List<WantedField> Wanted { get; } = new();

        /// <summary>Marks the bytes from <paramref name="start"/> up to <paramref name="end"/> as structure.</summary>
        public void Structure(int start, int end) => Mask.AsSpan(start, end - start).Fill(0xFF);
    }
}
