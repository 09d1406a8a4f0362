using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A replayed layout reads a text of up to eight bytes as one word and finds its string in the table of its length
/// (<see cref="TextsOfOneLength"/>): a recurring text is the string decoded the first time, any other text is decoded
/// as the walk decodes it, and whatever the texts (non-ASCII, zero bytes, one byte changed, crafted to one set, never
/// recurring) the slots hold what the walk gives, or the walk's exception.
/// </summary>
public class TextsOfOneLengthTests
{
    private static ulong Word(string text)
    {
        var bytes = new byte[8];
        Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
        return BitConverter.ToUInt64(bytes, 0); // the test hosts are little-endian, as the table's words are
    }

    [Fact]
    public void A_word_added_is_found_again_and_no_other()
    {
        var table = new TextsOfOneLength();
        Assert.Null(table.Find(Word("AAPL")));
        Assert.Null(table.Find(0)); // an empty place does not hold the empty text
        table.Add(Word("AAPL"), "AAPL");
        table.Add(0, "");
        Assert.Equal("AAPL", table.Find(Word("AAPL")));
        Assert.Equal("", table.Find(0));
        Assert.Null(table.Find(Word("AAPM")));
    }

    [Fact]
    public void A_set_holds_the_last_two_texts_that_hash_to_it()
    {
        // Words crafted to one set (the hash is not secret): the third puts out the first, and each still reads right.
        var table = new TextsOfOneLength();
        var colliding = Colliding(4);
        for (int i = 0; i < colliding.Length; i++) table.Add(colliding[i], "t" + i);
        Assert.Null(table.Find(colliding[0]));
        Assert.Null(table.Find(colliding[1]));
        Assert.Equal("t2", table.Find(colliding[2]));
        Assert.Equal("t3", table.Find(colliding[3]));
    }

    // Words of four bytes whose sets are the same.
    private static ulong[] Colliding(int count)
    {
        var bySet = new Dictionary<int, List<ulong>>();
        for (ulong word = 0x41414141; ; word++)
        {
            int set = TextsOfOneLength.SetOf(word);
            if (!bySet.TryGetValue(set, out var words)) bySet[set] = words = new List<ulong>();
            words.Add(word);
            if (words.Count == count) return words.ToArray();
        }
    }

    private static readonly ProjectionLeaves SymbolAndPrice = new(
        new[] { FudgePath.Compile("$.Symbol"), FudgePath.Compile("$.Price") }, new[] { typeof(string), typeof(double) });

    private static byte[] Tick(string symbol, double price) => new FudgeMsg().Add("Symbol", symbol).Add("Price", price).ToByteArray();

    // Reads each envelope with layouts and with the walk alone: the same slots, or the same exception.
    private static LeafSlots ReadAsTheWalk(ProjectionLeaves reads, IEnumerable<byte[]> envelopes)
    {
        var slots = new LeafSlots(reads.Count);
        var walked = new LeafSlots(reads.Count);
        walked.Layouts.Enabled = false;
        foreach (var envelope in envelopes)
        {
            var walkError = Record.Exception(() => reads.Read(envelope, FudgeReaderOptions.Default, walked));
            var error = Record.Exception(() => reads.Read(envelope, FudgeReaderOptions.Default, slots));
            Assert.Equal(walkError?.GetType(), error?.GetType());
            Assert.Equal(walkError?.Message, error?.Message);
            if (error is not null)
            {
                Assert.IsAssignableFrom<FudgeException>(error);
                continue;
            }
            // Present where the selector reads it: for nullable members.
            for (int leaf = 0; leaf < reads.Count; leaf++)
            {
                bool? present = reads.MarksPresence(leaf) ? slots.Present[leaf] : null, walkedPresent = reads.MarksPresence(leaf) ? walked.Present[leaf] : null;
                Assert.Equal((walkedPresent, walked.Strings[leaf], walked.Floats[leaf]), (present, slots.Strings[leaf], slots.Floats[leaf]));
            }
        }
        return slots;
    }

    [Fact]
    public void Texts_of_every_length_read_as_the_walk_reads_them_and_a_recurring_one_is_the_same_string()
    {
        // 0 to 8 bytes (one word), 9 to 16 (the short-text cache), 17 and more (decoded each time); ASCII, two- and
        // three-byte characters, and a zero byte inside (so that "A" and "A\0" are told apart by their lengths).
        string[] texts =
        {
            "", "A", "A\0", "IBM", "AAPL", "ÀÉ", "東京", "Zürich", "exactly8", "BRK.B.X", "nine-byte", "sixteen-bytes-ab",
            "seventeen-bytes-x", "ÀÉÎ\U0001F600", "\0\0\0",
        };
        var envelopes = new List<byte[]>();
        for (int round = 0; round < 4; round++)
            envelopes.AddRange(texts.Select((text, i) => Tick(text, round * 100 + i)));
        var slots = ReadAsTheWalk(SymbolAndPrice, envelopes);
        Assert.True(slots.Layouts.Hits > envelopes.Count / 2, $"{slots.Layouts.Hits} replays of {envelopes.Count}");

        foreach (var text in texts.Where(text => Encoding.UTF8.GetByteCount(text) <= TextsOfOneLength.MaxBytes))
        {
            SymbolAndPrice.Read(Tick(text, 1), FudgeReaderOptions.Default, slots);
            string first = slots.Strings[0]!;
            SymbolAndPrice.Read(Tick(text, 2), FudgeReaderOptions.Default, slots);
            Assert.Equal(text, slots.Strings[0]);
            Assert.Same(first, slots.Strings[0]);
        }
    }

    [Fact]
    public void A_recurring_text_changed_by_one_byte_is_read_as_the_new_text()
    {
        // Each byte of an eight-byte symbol changed in turn, between reads of the original (found in the table).
        const string original = "ABCDEFGH";
        var envelopes = new List<byte[]> { Tick(original, 1), Tick(original, 2) };
        for (int at = 0; at < original.Length; at++)
        {
            var changed = original.ToCharArray();
            changed[at] = (char)(changed[at] + 1);
            envelopes.Add(Tick(new string(changed), at));
            envelopes.Add(Tick(original, at + 0.5));
        }
        ReadAsTheWalk(SymbolAndPrice, envelopes);
    }

    [Fact]
    public void Texts_crafted_to_one_set_read_right()
    {
        // Four-byte symbols whose words hash to one set, read round and round: they keep putting each other out.
        var symbols = Colliding(5).Select(word => Encoding.ASCII.GetString(BitConverter.GetBytes(word), 0, 4)).ToArray();
        ReadAsTheWalk(SymbolAndPrice, Enumerable.Range(0, 100).Select(i => Tick(symbols[i % symbols.Length], i)));
    }

    [Fact]
    public void Many_distinct_texts_read_right_and_the_tables_stay_their_size()
    {
        var random = new Random(5);
        var envelopes = Enumerable.Range(0, 20_000).Select(i =>
        {
            // Identifiers of one to eight characters that seldom recur, some of them non-ASCII.
            var id = i.ToString("x", CultureInfo.InvariantCulture);
            return Tick(random.Next(10) == 0 ? "é" + id.Substring(0, Math.Min(id.Length, 6)) : id, i);
        });
        var slots = ReadAsTheWalk(SymbolAndPrice, envelopes);
        Assert.True(slots.Layouts.Hits > 15_000, $"{slots.Layouts.Hits} replays");
    }

    [Fact]
    public void A_text_at_the_end_of_an_envelope_is_read_as_the_walk_reads_it()
    {
        // Fewer than eight bytes from the text's start to the envelope's end: no word is read there.
        var reads = new ProjectionLeaves(new[] { FudgePath.Compile("$.Price"), FudgePath.Compile("$.Symbol") }, new[] { typeof(double), typeof(string) });
        var envelopes = Enumerable.Range(0, 40).Select(i => new FudgeMsg().Add("Price", i + 0.5).Add("Symbol", new[] { "A", "IBM", "AAPL", "東京" }[i % 4]).ToByteArray());
        var slots = ReadAsTheWalk(reads, envelopes);
        Assert.True(slots.Layouts.Hits >= 30, $"{slots.Layouts.Hits} replays");
    }

    [Fact]
    public void Streams_that_switch_shapes_read_each_text_from_its_own_layout()
    {
        // The symbol before or after the price, with a field of two widths between: a text of one length at several
        // places, in several layouts that share the table of that length.
        var random = new Random(11);
        string[] symbols = { "AB", "ABC", "ABCD", "MSFT", "IBM", "東", "ÀÉÎ" };
        var envelopes = Enumerable.Range(0, 2_000).Select(i =>
        {
            string symbol = symbols[random.Next(symbols.Length)];
            var msg = new FudgeMsg();
            bool narrow = random.Next(2) == 0;
            if (random.Next(2) == 0) msg.Add("Symbol", symbol).Add("Size", null, narrow ? FudgeTypeId.Int8 : FudgeTypeId.Int32, narrow ? (object)(sbyte)1 : 70_000).Add("Price", i + 0.25);
            else msg.Add("Price", i + 0.25).Add("Size", null, FudgeTypeId.Int16, (short)3).Add("Symbol", symbol).Add("Venue", "X");
            return msg.ToByteArray();
        });
        var slots = ReadAsTheWalk(SymbolAndPrice, envelopes);
        Assert.True(slots.Layouts.Recorded > 4, $"{slots.Layouts.Recorded} layouts");
    }

    [Fact]
    public void Invalid_or_cut_text_in_a_known_layout_raises_the_walks_exception_and_is_not_kept()
    {
        // A symbol of the known layout's length whose bytes are not UTF-8, then the valid one again; and envelopes cut
        // inside the text or after it: each the walk's exception, never a string for the bad bytes.
        var good = Tick("AB\u00E9", 1.5);
        int at = Array.IndexOf(good, (byte)'A');
        var bad = (byte[])good.Clone();
        bad[at + 2] = 0xC3; // a two-byte sequence with its second byte missing
        bad[at + 3] = 0x41;
        var envelopes = new List<byte[]> { good, good, bad, bad, good };
        for (int length = at; length < good.Length; length++)
        {
            var cut = good.Take(length).ToArray();
            cut[4] = 0;
            cut[5] = 0;
            cut[6] = (byte)(length >> 8);
            cut[7] = (byte)length;
            envelopes.Add(cut);
            envelopes.Add(good);
        }
        var slots = ReadAsTheWalk(SymbolAndPrice, envelopes);
        SymbolAndPrice.Read(good, FudgeReaderOptions.Default, slots);
        Assert.Equal("AB\u00E9", slots.Strings[0]);
    }
}
