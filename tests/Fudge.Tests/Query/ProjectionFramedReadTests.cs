using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A stream projection reads each envelope the reader framed (its length is the size it declares) through
/// <see cref="ProjectionLeaves.TryReplayFramed"/>, which replays a known layout with no bounds checks and raises nothing,
/// and <see cref="ProjectionLeaves.ReadFramedUnreplayed"/> for the rest. Whatever the envelopes hold, changed or cut at
/// any offset, the slots must be what the walk gives, and an exception the walk's (a <see cref="FudgeException"/>).
/// </summary>
public class ProjectionFramedReadTests
{
    // The slots after reading the envelope as a stream projection reads it (Present where the selector reads it: for
    // nullable members), or the exception's type and message.
    private static object[] Outcome(ProjectionLeaves reads, byte[] envelope, LeafSlots slots, bool framed)
    {
        try
        {
            if (!framed) reads.Read(envelope, FudgeReaderOptions.Default, slots);
            else if (!ProjectionLeaves.TryReplayFramed(envelope, FudgeReaderOptions.Default, slots)) reads.ReadFramedUnreplayed(envelope, FudgeReaderOptions.Default, slots);
        }
        catch (FudgeException e)
        {
            return new object[] { e.GetType().Name, e.Message };
        }
        var outcome = new List<object>();
        for (int leaf = 0; leaf < reads.Count; leaf++)
            outcome.Add((reads.MarksPresence(leaf) ? slots.Present[leaf] : (bool?)null, slots.Integers[leaf], slots.Floats[leaf], slots.Strings[leaf], slots.Objects[leaf]));
        return outcome.ToArray();
    }

    private static LeafSlots Framed(ProjectionLeaves reads)
    {
        var slots = new LeafSlots(reads.Count);
        Assert.True(slots.Layouts.Ready(FudgeReaderOptions.Default));
        return slots;
    }

    private static LeafSlots Walked(ProjectionLeaves reads)
    {
        var slots = new LeafSlots(reads.Count);
        slots.Layouts.Enabled = false;
        return slots;
    }

    [Theory]
    [InlineData(11, new[] { 0, 4 })]                         // the benchmark's two leaves, a text and a double
    [InlineData(12, new[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })] // every leaf: the places past the second, nested ones
    [InlineData(13, new[] { 4, 6, 1 })]                      // a double, a boolean and an integer of any width
    [InlineData(14, new[] { 10, 3 })]                        // a nested text and a nullable integer (or an indicator)
    [InlineData(15, new[] { 3, 4 })]                         // the nullable integer first, then a double
    public void Framed_replays_give_what_the_walk_gives(int seed, int[] leaves)
    {
        var random = new Random(seed);
        var reads = ProjectionLayoutTests.Reads(leaves);
        var slots = Framed(reads);
        var walked = Walked(reads);
        int messages = 0;
        for (int stream = 0; stream < 20; stream++)
        {
            // A few shapes (so layouts recur and a telling byte names them), then many (so they are replaced).
            var shapes = Enumerable.Range(0, stream % 5 == 4 ? 40 : 1 + random.Next(6)).Select(_ => ProjectionLayoutTests.RandomShape(random)).ToArray();
            int outOfRange = stream % 3 == 0 ? 40 : int.MaxValue;
            for (int i = 0; i < 200; i++, messages++)
            {
                var envelope = ProjectionLayoutTests.Message(shapes[random.Next(shapes.Length)], random, outOfRange);
                Assert.Equal(Outcome(reads, envelope, walked, framed: false), Outcome(reads, envelope, slots, framed: true));
            }
        }
        Assert.True(slots.Layouts.Hits > messages / 5, $"{slots.Layouts.Hits} replays of {messages} messages");
    }

    [Theory]
    [InlineData(21, new[] { 0, 4 })]
    [InlineData(22, new[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })]
    [InlineData(23, new[] { 10, 8, 9 })]
    public void Envelopes_changed_or_cut_at_every_offset_read_as_the_walk_reads_them(int seed, int[] leaves)
    {
        var random = new Random(seed);
        var reads = ProjectionLayoutTests.Reads(leaves);
        for (int message = 0; message < 6; message++)
        {
            var original = ProjectionLayoutTests.Message(ProjectionLayoutTests.RandomShape(random), random, int.MaxValue);
            var slots = Framed(reads);
            // The layout learned (recorded, then replayed) before the hostile envelopes come.
            Outcome(reads, original, slots, framed: true);
            Assert.Equal(Outcome(reads, original, Walked(reads), framed: false), Outcome(reads, original, slots, framed: true));
            var hostile = new List<byte[]>();
            for (int at = 0; at < original.Length; at++)
            {
                // Each byte changed (the declared size aside: the reader frames by it, so it is the length) ...
                if (at is < 4 or >= 8)
                {
                    var changed = (byte[])original.Clone();
                    changed[at] ^= (byte)(at % 2 == 0 ? 0x40 : 0xFF);
                    hostile.Add(changed);
                }
                // ... and the envelope cut there, its declared size the bytes left, as the reader frames it.
                if (at >= FudgeEnvelopeHeader.Size)
                {
                    var cut = original.AsSpan(0, at).ToArray();
                    System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), at);
                    hostile.Add(cut);
                }
            }
            foreach (var envelope in hostile)
            {
                // Anything but a FudgeException escapes Outcome and fails the test.
                Assert.Equal(Outcome(reads, envelope, Walked(reads), framed: false), Outcome(reads, envelope, slots, framed: true));
                // The original still replays as before after each.
                Assert.Equal(Outcome(reads, original, Walked(reads), framed: false), Outcome(reads, original, slots, framed: true));
            }
        }
    }

    [Fact]
    public void A_shape_that_matches_the_header_but_not_a_later_field_is_walked()
    {
        // The same first fields and length; the price field's type byte differs after the text (a float, not a double).
        var reads = ProjectionLayoutTests.Reads(0, 4);
        var slots = Framed(reads);
        var asDouble = new FudgeMsg().Add("Symbol", "Zürich").Add("Price", 2.5).Add("Qty", null, FudgeTypeId.Int32, 1).ToByteArray();
        var asFloat = new FudgeMsg().Add("Symbol", "Zürich").Add("Price", null, FudgeTypeId.Float, 1.5f).Add("Qty", null, FudgeTypeId.Int64, 1L).ToByteArray();
        Assert.Equal(asDouble.Length, asFloat.Length);
        Outcome(reads, asDouble, slots, framed: true);
        Assert.True(ProjectionLeaves.TryReplayFramed(asDouble, FudgeReaderOptions.Default, slots));
        Assert.False(ProjectionLeaves.TryReplayFramed(asFloat, FudgeReaderOptions.Default, slots));
        Assert.Equal(Outcome(reads, asFloat, Walked(reads), framed: false), Outcome(reads, asFloat, slots, framed: true));
        Assert.Equal(("Zürich", 1.5), (slots.Strings[0], slots.Floats[1]));
    }

    [Fact]
    public void Every_set_of_a_text_table_is_within_its_places()
    {
        // The table's lookup reads a set's two places with no bounds check: every word's set must be inside.
        var table = new TextsOfOneLength();
        var random = new Random(7);
        var words = new List<ulong> { 0, 1, ulong.MaxValue, 0x8000_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF };
        for (int i = 0; i < 100_000; i++) words.Add((ulong)random.NextInt64() ^ ((ulong)random.Next() << 40));
        foreach (var word in words)
        {
            int first = TextsOfOneLength.SetOf(word);
            Assert.InRange(first, 0, table.PlaceCount - 2);
            Assert.Equal(0, first % 2);
        }
    }
}
