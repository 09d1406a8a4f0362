using System;
using System.Buffers;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeReader"/>'s Take forms of the expected-field reads (what generated readers use): the same checks and
/// values as the TryRead...Field forms and as Read() with the typed getters, the same errors at the same offsets, but
/// the reader moves past the field without making it the current one (only <see cref="FudgeReader.FieldOffset"/> is
/// the field's).
/// </summary>
public class TakenFieldTests
{
    private static FudgeReader ReaderOver(FudgeMsg message) => new(message.ToByteArray());

    [Fact]
    public void Values_are_taken_in_order_and_Read_moves_to_the_field_after_them()
    {
        var reader = ReaderOver(new FudgeMsg().Add(1, 7).Add(2, -5_000_000_000L).Add(3, 99.25).Add(4, "VOD").Add(5, "after"));

        Assert.True(reader.Read()); // on ordinal 1, so the takes below can be seen not to move the current field
        var reference = ReaderOver(new FudgeMsg().Add(1, 7).Add(2, -5_000_000_000L).Add(3, 99.25).Add(4, "VOD").Add(5, "after"));
        reference.Read();
        reference.Read();
        Assert.True(reader.TryTakeInt64(2, out long quantity));
        Assert.Equal(-5_000_000_000L, quantity);
        Assert.Equal(reference.FieldOffset, reader.FieldOffset); // where the taken field began, for errors
        Assert.Equal(1, reader.Ordinal);                         // the current field is still the one Read() found
        Assert.Equal(7, reader.GetInt64());
        Assert.True(reader.TryTakeDouble(3, out double price));
        Assert.Equal(99.25, price);
        Assert.True(reader.TryTakeString(4, out string symbol));
        Assert.Equal("VOD", symbol);
        Assert.True(reader.Read());
        Assert.Equal(5, reader.Ordinal);
        Assert.Equal("after", reader.GetString());
        Assert.False(reader.Read());
    }

    [Fact]
    public void Nothing_is_consumed_when_the_next_field_is_not_the_one_expected()
    {
        var reader = ReaderOver(new FudgeMsg().Add(1, "text").Add(2, 1.5f).Add("named", 3));

        Assert.False(reader.TryTakeInt64(1, out _));    // a string
        Assert.False(reader.TryTakeString(2, out _));   // another ordinal
        Assert.False(reader.TryTakeMessage(1, out _));  // not a sub-message
        Assert.False(reader.TryTakeAnonymousMessage(out _));
        Assert.True(reader.TryTakeString(1, out string text));
        Assert.Equal("text", text);
        Assert.False(reader.TryTakeDouble(2, out _));   // a float is left to Read() and GetDouble()
        Assert.True(reader.Read());
        Assert.Equal(1.5, reader.GetDouble());
        Assert.False(reader.TryTakeInt64(3, out _));    // a name where an ordinal was expected
        Assert.False(reader.TryTakeInt64("name"u8, out _));
        Assert.True(reader.TryTakeInt32("named"u8, out int named));
        Assert.Equal(3, named);
        Assert.False(reader.TryTakeInt64(1, out _));    // the end
        Assert.False(reader.Read());
    }

    [Fact]
    public void Named_doubles_and_integers_are_taken_by_name()
    {
        var reader = ReaderOver(new FudgeMsg().Add("px", 99.25).Add("qty", -5_000_000_000L).Add("late", 1));

        Assert.False(reader.TryTakeInt64("px"u8, out _)); // a double
        Assert.True(reader.TryTakeDouble("px"u8, out double price));
        Assert.Equal(99.25, price);
        Assert.True(reader.TryTakeInt64("qty"u8, out long quantity));
        Assert.Equal(-5_000_000_000L, quantity);
        Assert.True(reader.Read());
        Assert.Equal("late", reader.GetName());
    }

    [Theory]
    [InlineData("VOD")]                 // short ASCII: widened in place
    [InlineData("")]                    // empty
    [InlineData("Zürich")]              // non-ASCII: the general decoder
    [InlineData("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")] // longer than the short-text path
    public void Strings_are_taken_as_GetString_reads_them(string value)
    {
        var taken = ReaderOver(new FudgeMsg().Add(4, value));
        var read = ReaderOver(new FudgeMsg().Add(4, value));

        Assert.True(taken.TryTakeString(4, out string text));
        Assert.True(read.Read());
        Assert.Equal(read.GetString(), text);
        Assert.Equal(value, text);
    }

    [Fact]
    public void Invalid_UTF8_in_a_taken_string_is_the_same_error_as_GetString_gives()
    {
        byte[] bytes = new FudgeMsg().Add(4, "AB").ToByteArray();
        bytes[^1] = 0xFF; // "A\xFF": no valid sequence starts there

        var taken = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryTakeString(4, out _);
        });
        var read = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.Read();
            reader.GetString();
        });
        Assert.Equal(read.Offset, taken.Offset);
        Assert.Equal(read.Message, taken.Message);
    }

    [Fact]
    public void A_narrowing_error_after_a_take_points_at_the_taken_field_as_after_Read()
    {
        byte[] bytes = new FudgeMsg().Add(1, 1).Add(2, 5_000_000_000L).ToByteArray();

        var taken = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryTakeInt64(1, out _);
            reader.TryTakeInt64(2, out long wide);
            FudgeFormatterHelpers.ToUInt32(ref reader, wide);
        });
        var read = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.Read();
            reader.Read();
            FudgeFormatterHelpers.ReadUInt32(ref reader);
        });
        Assert.Equal(read.Offset, taken.Offset);
        Assert.Equal(read.Message, taken.Message);
        var narrowed = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryTakeInt64(1, out _);
            reader.TryTakeInt32(2, out _);
        });
        Assert.Equal(read.Offset, narrowed.Offset);
    }

    [Fact]
    public void Sub_messages_with_one_and_two_size_bytes_are_taken_with_a_reader_over_their_fields()
    {
        var small = new FudgeMsg().Add(1, 7);
        var large = new FudgeMsg().Add(1, new string('x', 300)); // a 2-byte size
        var reader = ReaderOver(new FudgeMsg().Add(3, small).Add(3, large).Add(4, "after"));

        Assert.True(reader.TryTakeMessage(3, out var first));
        Assert.Equal(1, first.Depth);
        Assert.True(first.TryTakeInt64(1, out long seven));
        Assert.Equal(7, seven);
        Assert.False(first.Read());
        Assert.True(reader.TryTakeMessage(3, out var second));
        Assert.True(second.Read());
        Assert.Equal(300, second.GetString().Length);
        Assert.False(reader.TryTakeMessage(3, out _)); // a string
        Assert.True(reader.Read());
        Assert.Equal("after", reader.GetString());
    }

    [Fact]
    public void Anonymous_sub_messages_are_taken_as_a_list_holds_its_objects()
    {
        byte[] bytes = Envelope(static (ref FudgeWriter writer) =>
        {
            var list = writer.BeginMessage(FudgeFieldKey.FromOrdinal(2), 0);
            for (int i = 0; i < 3; i++)
            {
                var element = writer.BeginMessage(FudgeFieldKey.Anonymous, 0);
                writer.WriteInt64((short)1, i);
                if (i == 2) writer.WriteString((short)2, new string('y', 300)); // a 2-byte size
                writer.EndMessage(element);
            }
            writer.WriteString((short)9, "not an element");
            writer.EndMessage(list);
        });
        var reader = new FudgeReader(bytes);
        Assert.True(reader.Read());
        var list = reader.ReadMessage();

        Assert.Equal(3, list.CountCollectionElements());
        for (int i = 0; i < 3; i++)
        {
            Assert.True(list.TryTakeAnonymousMessage(out var element));
            Assert.True(element.TryTakeInt64(1, out long index));
            Assert.Equal(i, index);
        }
        Assert.False(list.TryTakeAnonymousMessage(out _));
        Assert.True(list.Read());
        Assert.Equal(9, list.Ordinal);
    }

    [Fact]
    public void Taking_a_sub_message_past_the_depth_limit_is_the_error_ReadMessage_gives()
    {
        byte[] bytes = new FudgeMsg().Add(3, new FudgeMsg().Add(3, new FudgeMsg().Add(1, 1))).ToByteArray();
        var options = new FudgeReaderOptions { MaxDepth = 1 };

        var taken = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes, options);
            reader.TryTakeMessage(3, out var inner);
            inner.TryTakeMessage(3, out _);
        });
        var read = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes, options);
            reader.Read();
            var inner = reader.ReadMessage();
            inner.Read();
            inner.ReadMessage();
        });
        Assert.Equal(read.Offset, taken.Offset);
        Assert.Equal(read.Message, taken.Message);
    }

    [Fact]
    public void A_list_whose_last_object_overruns_it_is_counted_and_reported_as_before()
    {
        byte[] bytes = Envelope(static (ref FudgeWriter writer) =>
        {
            var list = writer.BeginMessage(FudgeFieldKey.FromOrdinal(2), 0);
            for (int i = 0; i < 2; i++)
            {
                var element = writer.BeginMessage(FudgeFieldKey.Anonymous, 0);
                writer.WriteInt64((short)1, i);
                writer.EndMessage(element);
            }
            writer.EndMessage(list);
        });
        // The list's fields, with the last element's size raised past the list's end.
        var reader = new FudgeReader(bytes);
        reader.Read();
        byte[] fields = reader.ReadMessage().UnreadFieldsCopy();
        fields[fields.Length - 8 + 2] += 1; // the last element: a 3-byte header and one int8 field of 5 bytes
        var cut = FudgeReader.ForFields(fields);

        Assert.Equal(3, cut.CountCollectionElements()); // the general count: room for what Read() will reject
        Assert.True(cut.TryTakeAnonymousMessage(out _));
        Assert.False(cut.TryTakeAnonymousMessage(out _)); // overruns: left to Read(), which reports it
        Assert.Throws<FudgeFormatException>(() =>
        {
            var again = FudgeReader.ForFields(fields);
            again.TryTakeAnonymousMessage(out _);
            again.Read();
        });
    }

    private delegate void WriteFields(ref FudgeWriter writer);

    private static byte[] Envelope(WriteFields write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(buffer);
        var envelope = writer.BeginEnvelope();
        write(ref writer);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }
}

internal static class TakenFieldTestReaders
{
    // The fields a reader has not reached, as an array (a test builds malformed variants of them).
    public static byte[] UnreadFieldsCopy(this FudgeReader reader) => reader.UnreadFields.ToArray();
}
