using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

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
internal sealed class MessageLayout : Layout
{
    /// <summary>The longest message a layout is kept for: a layout holds two copies of its length.</summary>
    public const int MaxLength = 512;

    private MessageLayout(ReadOnlySpan<byte> fields, byte[] mask, WantedField[] wanted, int depth, int maxDepth)
        : base(fields, mask, KeyFor(depth, maxDepth))
    {
        Wanted = wanted;
    }

    /// <summary>The fields the loop tests, in the order it meets them.</summary>
    public WantedField[] Wanted { get; }

    /// <summary>
    /// The cache's key for a message at <paramref name="depth"/> under <paramref name="maxDepth"/>: the loop's path
    /// depends on both (it refuses to go below the limit).
    /// </summary>
    public static long KeyFor(int depth, int maxDepth) => ((long)depth << 32) | (uint)maxDepth;

    /// <summary>True when <paramref name="fields"/>, at <paramref name="depth"/> under <paramref name="maxDepth"/>, has this layout.</summary>
    public bool Fits(ReadOnlySpan<byte> fields, int depth, int maxDepth) => Fits(fields, KeyFor(depth, maxDepth));

    /// <summary>
    /// Builds the layout of <paramref name="fields"/> from what a recording run of the loop, which read the message to
    /// its end, marked.
    /// </summary>
    public static MessageLayout Create(ReadOnlySpan<byte> fields, Recorder recorder, int depth, int maxDepth)
    {
        return new MessageLayout(fields, recorder.Mask, recorder.Wanted.ToArray(), depth, maxDepth);
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
