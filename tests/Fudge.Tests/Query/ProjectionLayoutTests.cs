using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A projection's reads remember where the walk found each leaf in an envelope, and the structure bytes it read to get
/// there (<see cref="ProjectionLayout"/>). An envelope with the same structure bytes has its leaves read straight from
/// those places. Whatever the stream mixes (shapes, absent and repeated fields, reordered fields, one integer in
/// several widths, strings of every length, fields no path takes, values out of a member's range), the slots must hold
/// what the walk gives, and an exception must be the walk's.
/// </summary>
public class ProjectionLayoutTests
{
    private static readonly (string Path, Type Type)[] Leaves =
    {
        ("$.Symbol", typeof(string)), ("$.Qty", typeof(long)), ("$.Level", typeof(byte)), ("$.Lots", typeof(int?)),
        ("$.Price", typeof(double)), ("$.Ratio", typeof(float)), ("$.Active", typeof(bool)), ("$.When", typeof(DateTime)),
        ("$.Trade.Price", typeof(double)), ("$.Trade.Size", typeof(int)), ("$.Trade.Venue", typeof(string)),
    };

    private static readonly string[] Texts = { "", "A", "IBM", "AAPL", "MSFT", "Zürich", "東京", "a much longer venue name", "ÀÉÎ\U0001F600" };

    private static readonly string[] SameLength = { "AAPL", "MSFT", "GOOG", "ÀÉ" };

    internal static ProjectionLeaves Reads(params int[] leaves)
        => new(leaves.Select(i => FudgePath.Compile(Leaves[i].Path)).ToArray(), leaves.Select(i => Leaves[i].Type).ToArray());

    /// <summary>How one message of a shape is written: its top-level fields in order, each with its wire type.</summary>
    internal sealed record Shape((string Name, byte Type)[] Top, (string Name, byte Type)[]? Trade, int TradeAt);

    internal static Shape RandomShape(Random random)
    {
        var top = new List<(string, byte)>();
        void Maybe(string name, params byte[] types)
        {
            if (random.Next(6) == 0) return; // absent
            var type = types[random.Next(types.Length)];
            top.Add((name, type));
            if (random.Next(12) == 0) top.Add((name, types[random.Next(types.Length)])); // repeated: the first counts
        }
        Maybe("Symbol", FudgeTypeId.String);
        Maybe("Qty", FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32, FudgeTypeId.Int64);
        Maybe("Level", FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32);
        Maybe("Lots", FudgeTypeId.Int8, FudgeTypeId.Int32, FudgeTypeId.Indicator);
        Maybe("Price", FudgeTypeId.Double, FudgeTypeId.Float, FudgeTypeId.Int32);
        Maybe("Ratio", FudgeTypeId.Float, FudgeTypeId.Double);
        Maybe("Active", FudgeTypeId.Boolean, FudgeTypeId.Int8);
        Maybe("When", FudgeTypeId.DateTime);
        for (int extra = random.Next(3); extra > 0; extra--) top.Add(("X" + random.Next(3), random.Next(2) == 0 ? FudgeTypeId.String : FudgeTypeId.Int32));
        var ordered = top.OrderBy(_ => random.Next()).ToList();
        (string, byte)[]? trade = null;
        if (random.Next(4) != 0)
        {
            var fields = new List<(string, byte)>();
            if (random.Next(5) != 0) fields.Add(("Price", random.Next(3) == 0 ? FudgeTypeId.Float : FudgeTypeId.Double));
            if (random.Next(5) != 0) fields.Add(("Size", random.Next(2) == 0 ? FudgeTypeId.Int16 : FudgeTypeId.Int32));
            if (random.Next(5) != 0) fields.Add(("Venue", FudgeTypeId.String));
            if (random.Next(3) == 0) fields.Add(("Y", FudgeTypeId.Int64));
            trade = fields.OrderBy(_ => random.Next()).ToArray();
        }
        return new Shape(ordered.ToArray(), trade, random.Next(ordered.Count + 1));
    }

    // A value of the wire type, random; one in `outOfRange` integers is too large for the narrower members.
    private static object Value(byte type, Random random, int outOfRange) => type switch
    {
        // Mostly texts of one length (so layouts recur), now and then any other.
        FudgeTypeId.String => random.Next(8) == 0 ? Texts[random.Next(Texts.Length)] : SameLength[random.Next(SameLength.Length)],
        FudgeTypeId.Int8 => (sbyte)random.Next(0, 100),
        FudgeTypeId.Int16 => (short)(random.Next(outOfRange) == 0 ? 300 : random.Next(0, 250)),
        FudgeTypeId.Int32 => random.Next(outOfRange) == 0 ? 70_000 : random.Next(-5, 250),
        FudgeTypeId.Int64 => (long)random.Next() << random.Next(0, 31),
        FudgeTypeId.Double => Math.Round(random.NextDouble() * 1000, 2),
        FudgeTypeId.Float => (float)random.NextDouble(),
        FudgeTypeId.Boolean => random.Next(2) == 0,
        FudgeTypeId.Indicator => FudgeIndicator.Instance,
        FudgeTypeId.DateTime => new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(random.Next(1_000_000)),
        _ => throw new ArgumentOutOfRangeException(nameof(type)),
    };

    internal static byte[] Message(Shape shape, Random random, int outOfRange)
    {
        var message = new FudgeMsg();
        for (int i = 0; i <= shape.Top.Length; i++)
        {
            if (i == shape.TradeAt && shape.Trade is { } trade)
            {
                var sub = new FudgeMsg();
                foreach (var (name, type) in trade) sub.Add(name, null, type, Value(type, random, outOfRange));
                message.Add("Trade", sub);
            }
            if (i == shape.Top.Length) break;
            var (field, wire) = shape.Top[i];
            // Dates and indicators in the form the model writes them; the other values with the type the shape gives.
            if (wire is FudgeTypeId.DateTime or FudgeTypeId.Indicator) message.Add(field, Value(wire, random, outOfRange));
            else message.Add(field, null, wire, Value(wire, random, outOfRange));
        }
        return message.ToByteArray();
    }

    // The slots after reading the envelope (Present where the selector reads it: for nullable members), or the
    // exception's type and message.
    private static object[] Outcome(ProjectionLeaves reads, byte[] envelope, LeafSlots slots)
    {
        try
        {
            reads.Read(envelope, FudgeReaderOptions.Default, slots);
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

    [Theory]
    [InlineData(1, new[] { 0, 4 })]                         // two top-level leaves: the walk stops early
    [InlineData(2, new[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 })] // every leaf, nested ones and a date among them
    [InlineData(3, new[] { 8, 0, 9 })]                      // into the sub-message and back
    [InlineData(4, new[] { 10, 3 })]
    public void Replayed_layouts_give_what_the_walk_gives(int seed, int[] leaves)
    {
        var random = new Random(seed);
        var reads = Reads(leaves);
        var slots = new LeafSlots(reads.Count);
        var walked = new LeafSlots(reads.Count);
        walked.Layouts.Enabled = false;
        int messages = 0;
        for (int stream = 0; stream < 30; stream++)
        {
            // A stream of a few shapes (so layouts recur), then one of many (so they are replaced).
            var shapes = Enumerable.Range(0, stream % 5 == 4 ? 40 : 1 + random.Next(6)).Select(_ => RandomShape(random)).ToArray();
            int outOfRange = stream % 3 == 0 ? 40 : int.MaxValue;
            for (int i = 0; i < 200; i++, messages++)
            {
                var envelope = Message(shapes[random.Next(shapes.Length)], random, outOfRange);
                var expected = Outcome(reads, envelope, walked);
                Assert.Equal(expected, Outcome(reads, envelope, slots));
            }
        }
        Assert.Equal(0, walked.Layouts.Hits);
        // Most messages were read by replaying a layout, and many layouts were learned.
        Assert.True(slots.Layouts.Hits > messages / 5, $"{slots.Layouts.Hits} replays of {messages} messages");
        Assert.True(slots.Layouts.Recorded > 20, $"{slots.Layouts.Recorded} layouts recorded");
    }

    [Fact]
    public void A_message_of_another_structure_is_not_taken_for_a_known_layout()
    {
        var reads = Reads(0, 4);
        var slots = new LeafSlots(reads.Count);
        var first = new FudgeMsg().Add("Symbol", "AAPL").Add("Price", 10.5).ToByteArray();
        reads.Read(first, FudgeReaderOptions.Default, slots);
        reads.Read(first, FudgeReaderOptions.Default, slots);
        Assert.Equal(1, slots.Layouts.Hits);

        // The symbol one byte longer, so every field after it moves (a field named like a prefix of the wanted one first).
        var shifted = new FudgeMsg().Add("Symbol", "AAPLX").Add("Pric", 1.0).Add("Price", 20.25).ToByteArray();
        reads.Read(shifted, FudgeReaderOptions.Default, slots);
        Assert.Equal(("AAPLX", 20.25), (slots.Strings[0], slots.Floats[1]));
        // A price written as an integer, of the same width as the double.
        var integer = new FudgeMsg().Add("Symbol", "AAPL").Add("Price", null, FudgeTypeId.Int64, 7L).ToByteArray();
        Assert.Equal(first.Length, integer.Length);
        reads.Read(integer, FudgeReaderOptions.Default, slots);
        Assert.Equal(7.0, slots.Floats[1]);
        Assert.Equal(1, slots.Layouts.Hits);
    }

    [Fact]
    public void Layouts_of_one_size_are_told_apart_by_their_structure()
    {
        // Looked up first by the envelope's size: two layouts of one size, alternating, must each read its own places.
        var reads = Reads(0, 4);
        var slots = new LeafSlots(reads.Count);
        var symbolFirst = new FudgeMsg().Add("Symbol", "AAPL").Add("Price", 1.5).ToByteArray();
        var priceFirst = new FudgeMsg().Add("Price", 2.5).Add("Symbol", "MSFT").ToByteArray();
        Assert.Equal(symbolFirst.Length, priceFirst.Length);
        for (int i = 0; i < 10; i++)
        {
            reads.Read(symbolFirst, FudgeReaderOptions.Default, slots);
            Assert.Equal(("AAPL", 1.5), (slots.Strings[0], slots.Floats[1]));
            reads.Read(priceFirst, FudgeReaderOptions.Default, slots);
            Assert.Equal(("MSFT", 2.5), (slots.Strings[0], slots.Floats[1]));
        }
        Assert.Equal(18, slots.Layouts.Hits);
    }

    [Fact]
    public void Layouts_that_differ_in_a_length_byte_are_found_by_that_byte_whatever_the_size()
    {
        // Symbols of four lengths (four layouts) and a field after the leaves in two widths, so that envelopes of one
        // size have different layouts: each is found by its symbol's length byte, its places read, none walked again.
        var reads = Reads(0, 4);
        var slots = new LeafSlots(reads.Count);
        string[] symbols = { "AB", "ABC", "ABCD", "ABCDE" };
        var messages = new List<(byte[] Bytes, string Symbol, double Price)>();
        for (int i = 0; i < 40; i++)
        {
            string symbol = symbols[i % 4];
            var msg = new FudgeMsg().Add("Symbol", symbol).Add("Price", i + 0.5);
            msg = (i / 4) % 2 == 0 ? msg.Add("Size", null, FudgeTypeId.Int8, (sbyte)1) : msg.Add("Size", null, FudgeTypeId.Int16, (short)300);
            messages.Add((msg.ToByteArray(), symbol, i + 0.5));
        }
        foreach (var (bytes, symbol, price) in messages)
        {
            reads.Read(bytes, FudgeReaderOptions.Default, slots);
            Assert.Equal((symbol, price), (slots.Strings[0], slots.Floats[1]));
        }
        Assert.Equal(4, slots.Layouts.Recorded);
        Assert.Equal(36, slots.Layouts.Hits);
        // The envelope header, the symbol's prefix, type and name (a byte of length and "Symbol"): then its length.
        Assert.Equal(8 + 2 + 1 + 6, slots.Layouts.TellingOffset);

        // A message with a known length byte there but another structure after it is walked, not taken for the layout.
        var other = new FudgeMsg().Add("Symbol", "AB").Add("Prize", 1.0).Add("Price", 9.25).ToByteArray();
        reads.Read(other, FudgeReaderOptions.Default, slots);
        Assert.Equal(("AB", 9.25), (slots.Strings[0], slots.Floats[1]));
        Assert.Equal(36, slots.Layouts.Hits);
    }

    [Theory]
    [InlineData(29)]
    [InlineData(31)]
    [InlineData(32)]
    [InlineData(33)]
    [InlineData(64)]
    [InlineData(65)]
    public void Every_structure_byte_of_a_layout_is_checked_whatever_its_length(int extent)
    {
        // A text field no leaf takes, then the price: the layout ends after the price, at `extent` bytes (16 to 31: its
        // first and last 16 bytes held in the layout; 32 to 64: its first and last 32; 65: the arrays, as the filters'
        // layouts are compared). Each byte
        // changed in turn: a value's byte is still the layout (the new price read from its place), any other byte
        // is not, and the read gives what the walk gives, or the walk's exception.
        int text = extent - (FudgeEnvelopeHeader.Size + 5 + 3 + 5 + 8);
        var original = new FudgeMsg().Add("X", new string('x', text)).Add("Price", 1.5).ToByteArray();
        Assert.Equal(extent, original.Length);
        var reads = Reads(4);
        EachByteChangedReadsAsTheWalk(original, reads,
            isValue: at => (at >= FudgeEnvelopeHeader.Size + 5 && at < FudgeEnvelopeHeader.Size + 5 + text) || at >= extent - 8,
            (at, walked, slots) => Assert.Equal(walked.Floats[0], slots.Floats[0]));
    }

    [Theory]
    [InlineData(13)]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(21)]
    [InlineData(29)]
    [InlineData(31)]
    [InlineData(32)]
    [InlineData(33)]
    public void A_layout_ending_in_a_text_checks_every_structure_byte_whatever_its_length(int extent)
    {
        // One text field, the leaf, whose end is the layout's: 0 to 20 bytes of text make layouts of 13 to 33 bytes
        // (under 16: compared word by word; 16 to 31: two 16-byte vectors the layout holds; 32 and more: two of 32).
        // Texts of up to 16 bytes are found again by their bytes, longer ones decoded. Each byte changed in turn:
        // a text byte is still the layout (the new text read from its place), any other is not, and the read gives
        // what the walk gives, or the walk's exception.
        int length = extent - (FudgeEnvelopeHeader.Size + 5);
        var original = new FudgeMsg().Add("S", new string('a', length)).ToByteArray();
        Assert.Equal(extent, original.Length);
        var reads = new ProjectionLeaves(new[] { FudgePath.Compile("$.S") }, new[] { typeof(string) });
        EachByteChangedReadsAsTheWalk(original, reads, isValue: at => at >= extent - length, (at, walked, slots) =>
        {
            Assert.Equal(walked.Strings[0], slots.Strings[0]);
            if (at >= extent - length) Assert.Equal(new string('a', length).Remove(at - (extent - length), 1).Insert(at - (extent - length), "!"), slots.Strings[0]);
        });
    }

    // Each byte of the envelope changed in turn (the declared size aside: the reader's framing checks it): a byte
    // isValue names is still the layout (one more hit, the new value read from its place), any other is not, and the
    // layout's read gives what the walk gives (checked by same), or the walk's exception.
    private static void EachByteChangedReadsAsTheWalk(byte[] original, ProjectionLeaves reads, Func<int, bool> isValue, Action<int, LeafSlots, LeafSlots> same)
    {
        for (int at = 0; at < original.Length; at++)
        {
            if (at is >= 4 and < 8) continue;
            var changed = (byte[])original.Clone();
            changed[at] ^= 0x40;
            var slots = new LeafSlots(reads.Count);
            reads.Read(original, FudgeReaderOptions.Default, slots);
            reads.Read(original, FudgeReaderOptions.Default, slots);
            Assert.Equal(1, slots.Layouts.Hits);
            var walked = new LeafSlots(reads.Count);
            walked.Layouts.Enabled = false;
            var walkError = Record.Exception(() => reads.Read(changed, FudgeReaderOptions.Default, walked));
            var error = Record.Exception(() => reads.Read(changed, FudgeReaderOptions.Default, slots));
            Assert.Equal(isValue(at) ? 2 : 1, slots.Layouts.Hits);
            Assert.Equal(walkError?.GetType(), error?.GetType());
            if (error is not null)
            {
                Assert.IsAssignableFrom<FudgeException>(error);
                continue;
            }
            same(at, walked, slots);
        }
    }

    [Fact]
    public void A_stream_of_one_shape_that_changes_shape_reads_each_from_its_own_layout()
    {
        // One layout held (tried first, with no table), then a second shape (a longer symbol: a telling byte), then a
        // third that no byte tells from the first (a field after the leaves' in another width: the size and hints).
        var reads = Reads(0, 4, 1);
        var slots = new LeafSlots(reads.Count);
        byte[] Tick(string symbol, double price, long qty, bool wide)
        {
            var msg = new FudgeMsg().Add("Symbol", symbol).Add("Price", price);
            return (wide ? msg.Add("Qty", null, FudgeTypeId.Int64, qty) : msg.Add("Qty", null, FudgeTypeId.Int32, (int)qty)).ToByteArray();
        }
        var expected = new List<(byte[] Bytes, string Symbol, double Price, long Qty)>();
        for (int i = 0; i < 10; i++) expected.Add((Tick("AAPL", i + 0.25, i, wide: false), "AAPL", i + 0.25, i));
        for (int i = 0; i < 10; i++) expected.Add((Tick(i % 2 == 0 ? "MSFT" : "IBM", i + 0.5, -i, wide: false), i % 2 == 0 ? "MSFT" : "IBM", i + 0.5, -i));
        for (int i = 0; i < 10; i++)
        {
            long qty = i % 2 == 0 ? 1L << 40 : 7;
            expected.Add((Tick("GOOG", i + 0.75, qty, wide: i % 2 == 0), "GOOG", i + 0.75, qty));
        }
        int read = 0;
        foreach (var (bytes, symbol, price, qty) in expected)
        {
            reads.Read(bytes, FudgeReaderOptions.Default, slots);
            Assert.Equal((symbol, price, qty), (slots.Strings[0], slots.Floats[1], slots.Integers[2]));
            if (++read == 10)
            {
                Assert.Equal(1, slots.Layouts.Recorded);
                Assert.Equal(9, slots.Layouts.Hits);
                Assert.Equal(-1, slots.Layouts.TellingOffset);
            }
        }
        // AAPL, IBM (a length byte of its own), and the 64-bit quantity's layout; MSFT and GOOG's 32-bit one are AAPL's.
        Assert.Equal(3, slots.Layouts.Recorded);
        Assert.Equal(27, slots.Layouts.Hits);
    }

    [Fact]
    public void A_layout_with_an_absent_leaf_holds_only_for_the_same_size()
    {
        var reads = Reads(0, 4);
        var slots = new LeafSlots(reads.Count);
        reads.Read(new FudgeMsg().Add("Symbol", "AAPL").ToByteArray(), FudgeReaderOptions.Default, slots);
        // The walk read to the end and found no price; the same start with a price after it must find the price.
        reads.Read(new FudgeMsg().Add("Symbol", "AAPL").Add("Price", 3.5).ToByteArray(), FudgeReaderOptions.Default, slots);
        Assert.Equal(3.5, slots.Floats[1]);
        Assert.Equal(0, slots.Layouts.Hits);
    }

    [Fact]
    public void A_nullable_leaf_is_present_after_a_layout_that_left_it_absent_or_null()
    {
        // Lots (int?) then Price: three layouts, the nullable leaf read as an integer, absent, and an indicator (null).
        // A replay marks a nullable leaf present itself: after the other two layouts, each replay must say so again.
        var reads = Reads(3, 4);
        Assert.True(reads.MarksPresence(0));
        Assert.False(reads.MarksPresence(1));
        var slots = new LeafSlots(reads.Count);
        var present = new FudgeMsg().Add("Lots", null, FudgeTypeId.Int32, 7).Add("Price", 1.5).ToByteArray();
        var absent = new FudgeMsg().Add("Price", 2.5).ToByteArray();
        var indicator = new FudgeMsg().Add("Lots", FudgeIndicator.Instance).Add("Price", 3.5).ToByteArray();
        for (int round = 0; round < 3; round++)
        {
            reads.Read(present, FudgeReaderOptions.Default, slots);
            Assert.Equal((true, 7L, 1.5), (slots.Present[0], slots.Integers[0], slots.Floats[1]));
            reads.Read(absent, FudgeReaderOptions.Default, slots);
            Assert.Equal((false, 2.5), (slots.Present[0], slots.Floats[1]));
            reads.Read(present, FudgeReaderOptions.Default, slots);
            Assert.Equal((true, 7L, 1.5), (slots.Present[0], slots.Integers[0], slots.Floats[1]));
            reads.Read(indicator, FudgeReaderOptions.Default, slots);
            Assert.Equal((false, 3.5), (slots.Present[0], slots.Floats[1]));
        }
        Assert.Equal(3, slots.Layouts.Recorded);
        Assert.Equal(12 - 3, slots.Layouts.Hits);
    }

    [Fact]
    public void A_short_text_at_a_layouts_end_is_read_whether_or_not_eight_bytes_follow_it()
    {
        // The layout ends with the text (the walk stopped there), so a word read from its start passes the layout's end:
        // in a longer envelope the eight bytes are there (read as a word), in one of the layout's length they are not.
        var reads = Reads(4, 0);
        var slots = new LeafSlots(reads.Count);
        var alone = new FudgeMsg().Add("Price", 1.5).Add("Symbol", "AB").ToByteArray();
        var followed = new FudgeMsg().Add("Price", 2.5).Add("Symbol", "CD").Add("Qty", 123_456_789_012L).ToByteArray();
        reads.Read(alone, FudgeReaderOptions.Default, slots);
        for (int round = 0; round < 3; round++)
        {
            reads.Read(followed, FudgeReaderOptions.Default, slots);
            Assert.Equal((2.5, "CD"), (slots.Floats[0], slots.Strings[1]));
            reads.Read(alone, FudgeReaderOptions.Default, slots);
            Assert.Equal((1.5, "AB"), (slots.Floats[0], slots.Strings[1]));
        }
        Assert.Equal(1, slots.Layouts.Recorded);
        Assert.Equal(6, slots.Layouts.Hits);
    }

    [Fact]
    public void A_value_out_of_range_in_a_known_layout_raises_the_walks_exception()
    {
        var reads = Reads(2);
        var slots = new LeafSlots(reads.Count);
        reads.Read(new FudgeMsg().Add("Level", null, FudgeTypeId.Int16, (short)200).ToByteArray(), FudgeReaderOptions.Default, slots);
        var e = Assert.Throws<FudgeException>(() => reads.Read(new FudgeMsg().Add("Level", null, FudgeTypeId.Int16, (short)300).ToByteArray(), FudgeReaderOptions.Default, slots));
        Assert.Equal("The value 300 does not fit in Byte.", e.Message);
        Assert.Equal(1, slots.Layouts.Hits);
    }

    [Fact]
    public void Invalid_text_in_a_known_layout_raises_the_walks_exception_at_its_offset()
    {
        var reads = Reads(0);
        var slots = new LeafSlots(reads.Count);
        var good = new FudgeMsg().Add("Symbol", "AB").ToByteArray();
        reads.Read(good, FudgeReaderOptions.Default, slots);
        var bad = (byte[])good.Clone();
        bad[^1] = 0xFF;
        var walked = new LeafSlots(reads.Count);
        walked.Layouts.Enabled = false;
        var expected = Assert.Throws<FudgeFormatException>(() => reads.Read(bad, FudgeReaderOptions.Default, walked));
        var e = Assert.Throws<FudgeFormatException>(() => reads.Read(bad, FudgeReaderOptions.Default, slots));
        Assert.Equal((expected.Offset, expected.Message), (e.Offset, e.Message));
    }
}
