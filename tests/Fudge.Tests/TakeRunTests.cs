using System;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeTakeRun"/>: the expected fields a generated reader takes from a local copy of the reader's position
/// (<see cref="FudgeReader.BeginTakeRun"/>), handed back with <see cref="FudgeReader.EndTakeRun"/>. A take accepts what
/// Read() and the typed getter accept and gives the same value; anything else consumes nothing and returns false.
/// </summary>
public class TakeRunTests
{
    private static FudgeReader ReaderOver(FudgeMsg message) => new(message.ToByteArray());

    [Fact]
    public void Fields_are_taken_in_order_and_Read_moves_to_the_field_after_them()
    {
        var day = new FudgeDate(2026, 11, 29);
        var at = new DateTime(2026, 11, 29, 4, 30, 15, DateTimeKind.Utc);
        var message = new FudgeMsg().Add(1, 7).Add(2, -5_000_000_000L).Add(3, 99.25).Add(4, 1.5f).Add(5, true).Add(6, "VOD")
            .Add(7, new byte[16]).Add(8, new byte[] { 1, 2, 3 }).Add(9, day).Add(10, FudgeDateTime.FromDateTime(at)).Add(11, "after");
        var reader = ReaderOver(message);

        var run = reader.BeginTakeRun();
        Assert.True(run.TryTakeInt32(1, out int id));
        Assert.True(run.TryTakeInt64(2, out long quantity));
        Assert.True(run.TryTakeDouble(3, out double price));
        Assert.True(run.TryTakeSingle(4, out float weight));
        Assert.True(run.TryTakeBoolean(5, out bool settled));
        Assert.True(run.TryTakeString(6, out string symbol));
        Assert.True(run.TryTakeBytes(7, out byte[] hash));  // 16 bytes: the fixed-width type byte[16]
        Assert.True(run.TryTakeBytes(8, out byte[] small)); // type 6 with a 1-byte size
        Assert.True(run.TryTakeDate(9, out FudgeDate date));
        Assert.True(run.TryTakeDateTime(10, out DateTime executed));
        reader.EndTakeRun(in run);

        Assert.Equal((7, -5_000_000_000L, 99.25, 1.5f, true, "VOD"), (id, quantity, price, weight, settled, symbol));
        Assert.Equal(16, hash.Length);
        Assert.Equal(new byte[] { 1, 2, 3 }, small);
        Assert.Equal(day, date);
        Assert.Equal(at, executed);
        Assert.True(reader.Read());
        Assert.Equal(11, reader.Ordinal);
        Assert.Equal("after", reader.GetString());
        Assert.False(reader.Read());
    }

    [Fact]
    public void Nothing_is_consumed_when_the_next_field_is_not_taken()
    {
        // A float where a double is expected, another ordinal, a name, a value out of range, text that is not UTF-8
        // (here Fudge-Java's CESU-8 for U+1F600), the end: each take returns false and the run stays where it was.
        var message = new FudgeMsg().Add(1, 1.5f).Add(2, 300).Add("named", 3).Add(3, "x");
        byte[] bytes = message.ToByteArray();
        var reader = new FudgeReader(bytes);
        var run = reader.BeginTakeRun();
        Assert.False(run.TryTakeDouble(1, out _));
        Assert.False(run.TryTakeSingle(2, out _));
        Assert.True(run.TryTakeSingle(1, out float f));
        Assert.Equal(1.5f, f);
        Assert.False(run.TryTakeInt64(2, -128, 127, out _)); // 300 does not fit an sbyte: left to the getter's error
        Assert.True(run.TryTakeInt64(2, 0, 1000, out long wide));
        Assert.Equal(300, wide);
        Assert.False(run.TryTakeInt32(0, out _)); // named, no ordinal
        reader.EndTakeRun(in run);
        Assert.True(reader.Read());
        Assert.Equal("named", reader.GetName());

        var java = new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 0x30, FudgeTypeId.String, 0, 1, 6, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80 };
        java[7] = (byte)java.Length;
        reader = new FudgeReader(java);
        run = reader.BeginTakeRun();
        Assert.False(run.TryTakeString(1, out _));
        reader.EndTakeRun(in run);
        Assert.True(reader.Read());
        Assert.Equal("\U0001F600", reader.GetString()); // the general read decodes it
        run = reader.BeginTakeRun();
        Assert.False(run.TryTakeBoolean(1, out _)); // the end of the message
    }

    [Fact]
    public void A_message_cut_anywhere_is_never_read_past_its_end()
    {
        // Every take over every prefix of a message of every shape: a take either gives the field Read() gives or
        // returns false; none reads a byte past the prefix (the spans end there) or throws.
        var message = new FudgeMsg().Add(1, long.MaxValue).Add(2, (sbyte)-3).Add(3, 2.5).Add(4, 0.5f).Add(5, false).Add(6, "text")
            .Add(7, new byte[20]).Add(8, new FudgeDate(2020, 2, 29)).Add(9, FudgeDateTime.FromDateTime(new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc)));
        byte[] fields = message.ToByteArray().AsSpan(8).ToArray();
        var ends = new System.Collections.Generic.List<int>();
        var whole = FudgeReader.ForFields(fields);
        while (whole.Read()) ends.Add(whole.FieldOffset + whole.FieldSpan.Length);
        Assert.Equal(9, ends.Count);
        for (int cut = 0; cut <= fields.Length; cut++)
        {
            var reader = FudgeReader.ForFields(fields.AsSpan(0, cut));
            int taken = 0;
            while (true)
            {
                var run = reader.BeginTakeRun();
                short next = (short)(taken + 1);
                bool any = run.TryTakeInt64(next, out _) || run.TryTakeDouble(next, out _) || run.TryTakeSingle(next, out _)
                    || run.TryTakeBoolean(next, out _) || run.TryTakeString(next, out _) || run.TryTakeBytes(next, out _)
                    || run.TryTakeDate(next, out _) || run.TryTakeDateTime(next, out _);
                reader.EndTakeRun(in run);
                if (!any) break;
                taken++;
            }
            // Exactly the fields wholly inside the prefix are taken; the one the cut goes through is not.
            Assert.Equal(ends.FindAll(end => end <= cut).Count, taken);
        }
    }
}
