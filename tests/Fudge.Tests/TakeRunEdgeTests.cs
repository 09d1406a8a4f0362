using System;
using System.Collections.Generic;
using System.Text;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// The loads a <see cref="FudgeTakeRun"/> makes near a message's edges: integers of every width as a message's last
/// field (read from the bytes that end with the value), and short text (read as the eight bytes that end with it).
/// Each take gives what Read() and the typed getter give, or returns false where they would fail.
/// </summary>
public class TakeRunEdgeTests
{
    // An ordinal-only fixed-width integer field: type 2 (int8) to 5 (int64), the value big-endian in the narrowest bytes.
    private static byte[] IntegerField(short ordinal, byte typeId, long value)
    {
        int width = 1 << (typeId - FudgeTypeId.Int8);
        var field = new byte[4 + width];
        field[0] = 0x90;
        field[1] = typeId;
        field[2] = (byte)(ordinal >> 8);
        field[3] = (byte)ordinal;
        for (int i = 0; i < width; i++) field[4 + i] = (byte)(value >> (8 * (width - 1 - i)));
        return field;
    }

    // An ordinal-only string field with a 1-byte size.
    private static byte[] StringField(short ordinal, byte[] text)
    {
        var field = new byte[5 + text.Length];
        field[0] = 0x30;
        field[1] = FudgeTypeId.String;
        field[2] = (byte)(ordinal >> 8);
        field[3] = (byte)ordinal;
        field[4] = (byte)text.Length;
        text.CopyTo(field, 5);
        return field;
    }

    private static byte[] Concat(params byte[][] parts)
    {
        var all = new List<byte>();
        foreach (var part in parts) all.AddRange(part);
        return all.ToArray();
    }

    public static IEnumerable<object[]> Integers()
    {
        foreach (long value in new long[] { 0, 1, -1, 127, -128, 32767, -32768, int.MaxValue, int.MinValue, 5_000_000_000L, long.MinValue, long.MaxValue })
            for (byte typeId = FudgeTypeId.Int8; typeId <= FudgeTypeId.Int64; typeId++)
            {
                int width = 1 << (typeId - FudgeTypeId.Int8);
                if (width < 8 && value != (width == 1 ? (sbyte)value : width == 2 ? (short)value : (int)value)) continue;
                yield return new object[] { typeId, value };
            }
    }

    [Theory]
    [MemberData(nameof(Integers))]
    public void An_integer_is_taken_at_every_width_first_in_the_middle_and_last(byte typeId, long value)
    {
        // Alone (first and last: too near the message's start for eight bytes ending with a narrow value), after a
        // five-byte field and after a longer one, and followed by nothing or by another field.
        var before = new[] { Array.Empty<byte>(), IntegerField(9, FudgeTypeId.Int8, 5), StringField(9, Encoding.ASCII.GetBytes("padding text")) };
        var after = new[] { Array.Empty<byte>(), IntegerField(8, FudgeTypeId.Int8, 6) };
        foreach (var head in before)
            foreach (var tail in after)
            {
                byte[] fields = Concat(head, IntegerField(2, typeId, value), tail);
                bool fitsInt = value == (int)value;

                var reader = FudgeReader.ForFields(fields);
                var run = reader.BeginTakeRun();
                if (head.Length > 0) Assert.True(run.TryTakeInt64(9, out _) || run.TryTakeString(9, out _));
                Assert.True(run.TryTakeInt64(2, out long wide));
                Assert.Equal(value, wide);

                reader = FudgeReader.ForFields(fields);
                run = reader.BeginTakeRun();
                if (head.Length > 0) Assert.True(run.TryTakeInt64(9, out _) || run.TryTakeString(9, out _));
                // An int64 that holds an int's value is taken as an int as well; one that does not is left to the getter.
                Assert.Equal(fitsInt, run.TryTakeInt32(2, out int narrow));
                if (fitsInt) Assert.Equal((int)value, narrow);
                Assert.Equal(fitsInt && tail.Length > 0, run.TryTakeInt32(8, out int next) && next == 6);
                reader.EndTakeRun(in run);
                if (!fitsInt)
                {
                    Assert.True(reader.Read());
                    Assert.Throws<FudgeFormatException>(() => { var r = FudgeReader.ForFields(fields); while (r.Read() && r.Ordinal != 2) { } r.GetInt32(); });
                }
            }
    }

    [Theory]
    [MemberData(nameof(Integers))]
    public void A_narrow_member_takes_what_the_ranged_64_bit_take_takes(byte typeId, long value)
    {
        // The 32-bit ranged take (sbyte, byte, short, ushort members) against the 64-bit one it replaced in generated
        // readers: the same answer and value for every width and value, first, after a field and before one, and the
        // run left where it was when the value is out of range.
        var ranges = new (int Min, int Max)[] { (-128, 127), (0, 255), (-32768, 32767), (0, 65535), (0, 1000), (int.MinValue, int.MaxValue) };
        foreach (var head in new[] { Array.Empty<byte>(), IntegerField(9, FudgeTypeId.Int8, 5) })
            foreach (var (min, max) in ranges)
            {
                byte[] fields = Concat(head, IntegerField(2, typeId, value), IntegerField(8, FudgeTypeId.Int8, 6));
                var wideRun = FudgeReader.ForFields(fields).BeginTakeRun();
                var narrowRun = FudgeReader.ForFields(fields).BeginTakeRun();
                if (head.Length > 0) Assert.True(wideRun.TryTakeInt64(9, out _) && narrowRun.TryTakeInt64(9, out _));
                bool expected = wideRun.TryTakeInt64(2, min, max, out long wide);
                Assert.Equal(expected, narrowRun.TryTakeInt32(2, min, max, out int narrow));
                Assert.Equal(wide, narrow);
                // Taken: the next field follows; refused: the field itself is still next (nothing consumed).
                Assert.Equal(expected, narrowRun.TryTakeInt32(8, out int next) && next == 6);
                if (!expected) Assert.True(narrowRun.TryTakeInt64(2, out long again) && again == value);
            }
    }

    [Fact]
    public void An_integer_cut_short_is_not_taken()
    {
        for (byte typeId = FudgeTypeId.Int8; typeId <= FudgeTypeId.Int64; typeId++)
        {
            byte[] field = IntegerField(1, typeId, -2);
            for (int cut = 0; cut < field.Length; cut++)
            {
                var run = FudgeReader.ForFields(field.AsSpan(0, cut)).BeginTakeRun();
                Assert.False(run.TryTakeInt32(1, out _));
                Assert.False(run.TryTakeInt32(1, -128, 127, out _));
                Assert.False(run.TryTakeInt64(1, out _));
            }
        }
    }

    public static IEnumerable<object[]> Texts()
    {
        var texts = new SortedSet<string>(StringComparer.Ordinal) { "\u007F\u0000\u0001 ~" };
        for (int length = 0; length <= 40; length++)
        {
            var ascii = new StringBuilder();
            for (int i = 0; i < length; i++) ascii.Append((char)('A' + i % 26));
            texts.Add(ascii.ToString());
            if (length > 0)
            {
                // One character outside ASCII at the start, in the middle and at the end.
                texts.Add("é" + ascii.ToString(1, length - 1));
                texts.Add(ascii.ToString(0, length / 2) + "é" + ascii.ToString(length / 2 + 1, length - length / 2 - 1));
                texts.Add(ascii.ToString(0, length - 1) + "\u00FF");
            }
        }
        foreach (string text in texts) yield return new object[] { text };
    }

    [Theory]
    [MemberData(nameof(Texts))]
    public void Text_is_taken_as_the_getter_reads_it_wherever_the_field_is(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        if (utf8.Length > 255) return;
        // First in the message (the eight bytes ending with short text would begin before it), after fields of one
        // to five bytes, and last or followed by a field.
        var before = new[] { Array.Empty<byte>(), new byte[] { 0x80, FudgeTypeId.Indicator }, IntegerField(9, FudgeTypeId.Int8, 5), IntegerField(9, FudgeTypeId.Int64, 5) };
        foreach (var head in before)
            foreach (bool more in new[] { false, true })
            {
                byte[] fields = Concat(head, StringField(2, utf8), more ? IntegerField(3, FudgeTypeId.Int8, 7) : Array.Empty<byte>());
                var general = FudgeReader.ForFields(fields);
                while (general.Read() && general.Ordinal != 2) { }
                string expected = general.GetString();
                Assert.Equal(text, expected);

                var reader = FudgeReader.ForFields(fields);
                if (head.Length > 0) Assert.True(reader.Read());
                var run = reader.BeginTakeRun();
                Assert.True(run.TryTakeString(2, out string taken));
                Assert.Equal(expected, taken);
                Assert.Equal(more, run.TryTakeInt32(3, out int seven) && seven == 7);
            }
    }

    [Fact]
    public void Short_text_that_is_not_UTF8_is_left_to_the_general_read()
    {
        // A lone continuation byte and a truncated two-byte sequence, at every length of short text: not taken.
        for (int length = 1; length <= 8; length++)
            foreach (byte bad in new byte[] { 0x80, 0xC3 })
                for (int at = 0; at < length; at++)
                {
                    var text = new byte[length];
                    for (int i = 0; i < length; i++) text[i] = (byte)'x';
                    text[at] = bad;
                    if (bad == 0xC3 && at < length - 1) continue; // followed by 'x': also invalid, covered by at == length - 1
                    var run = FudgeReader.ForFields(Concat(IntegerField(9, FudgeTypeId.Int64, 1), StringField(2, text))).BeginTakeRun();
                    Assert.True(run.TryTakeInt64(9, out _));
                    Assert.False(run.TryTakeString(2, out _));
                }
    }
}
