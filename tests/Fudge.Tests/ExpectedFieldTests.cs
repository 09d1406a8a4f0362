using System;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeReader"/>'s reads of an expected field (what generated readers use to take fields in declaration
/// order): they read exactly what Read() and the typed getters would, and consume nothing when the prediction is wrong.
/// </summary>
public class ExpectedFieldTests
{
    private static FudgeReader ReaderOver(FudgeMsg message) => new(message.ToByteArray());

    [Theory]
    [InlineData(FudgeTypeId.Int8, -5L)]
    [InlineData(FudgeTypeId.Int16, -1234L)]
    [InlineData(FudgeTypeId.Int32, 123456789L)]
    [InlineData(FudgeTypeId.Int64, -5_000_000_000L)]
    public void An_integer_of_any_width_is_read_with_its_ordinal(byte typeId, long value)
    {
        object boxed = typeId switch
        {
            FudgeTypeId.Int8 => (object)(sbyte)value,
            FudgeTypeId.Int16 => (short)value,
            FudgeTypeId.Int32 => (int)value,
            _ => value,
        };
        var reader = ReaderOver(new FudgeMsg().Add(null, 7, typeId, boxed).Add(8, "next"));

        Assert.True(reader.TryReadInt64Field(7, out long read));
        Assert.Equal(value, read);
        Assert.Equal(typeId, reader.TypeId);
        Assert.Equal(7, reader.Ordinal);
        Assert.False(reader.HasName);
        Assert.Equal(value, reader.GetInt64()); // positioned as Read() would leave it
        Assert.True(reader.Read());
        Assert.Equal("next", reader.GetString());
    }

    // The reader takes an integer with a wide load when eight bytes follow its header and byte by byte nearer the end of
    // the message: both must give each width's extremes, signs included.
    [Theory]
    [InlineData(FudgeTypeId.Int8, sbyte.MinValue)]
    [InlineData(FudgeTypeId.Int8, sbyte.MaxValue)]
    [InlineData(FudgeTypeId.Int16, short.MinValue)]
    [InlineData(FudgeTypeId.Int16, short.MaxValue)]
    [InlineData(FudgeTypeId.Int32, int.MinValue)]
    [InlineData(FudgeTypeId.Int32, int.MaxValue)]
    [InlineData(FudgeTypeId.Int64, long.MinValue)]
    [InlineData(FudgeTypeId.Int64, long.MaxValue)]
    public void An_integer_reads_the_same_last_in_its_message_as_before_other_fields(byte typeId, long value)
    {
        object boxed = typeId switch
        {
            FudgeTypeId.Int8 => (object)(sbyte)value,
            FudgeTypeId.Int16 => (short)value,
            FudgeTypeId.Int32 => (int)value,
            _ => value,
        };
        var alone = ReaderOver(new FudgeMsg().Add(null, 7, typeId, boxed));
        var followed = ReaderOver(new FudgeMsg().Add(null, 7, typeId, boxed).Add(8, -1L).Add(9, -1L));

        Assert.True(alone.TryReadInt64Field(7, out long last));
        Assert.True(followed.TryReadInt64Field(7, out long first));
        Assert.Equal(value, last);
        Assert.Equal(value, first);
        Assert.False(alone.Read());
        Assert.True(followed.TryReadInt64Field(8, out long next));
        Assert.Equal(-1L, next);
    }

    [Fact]
    public void Fields_of_one_ordinal_are_stepped_over_as_TryReadField_would_and_the_reader_is_left_on_the_last()
    {
        string longName = new('n', 300); // a 2-byte size: past the quick loop, taken the general way
        var reader = ReaderOver(new FudgeMsg().Add(0, "T").Add(0, "B").Add(0, longName).Add(0, 5).Add(1, 7).Add(0, "after"));

        Assert.Equal(4, reader.SkipFields(0));
        Assert.Equal(0, reader.Ordinal);
        Assert.Equal(5, reader.GetInt64());
        Assert.True(reader.TryReadInt64Field(1, out long next));
        Assert.Equal(7, next);
        Assert.Equal(0, reader.SkipFields(2)); // nothing with that ordinal next: nothing moves
        Assert.Equal(1, reader.SkipFields(0));
        Assert.Equal("after", reader.GetString()); // the last one stepped over, as Read() leaves it
        Assert.False(reader.Read());
    }

    [Fact]
    public void Stepping_over_a_field_that_overruns_its_message_is_a_format_error()
    {
        byte[] bytes = new FudgeMsg().Add(0, "T").Add(0, "LongerName").ToByteArray();
        bytes[^11] = 200; // the second name's 1-byte size, now past the end of the message
        var exception = Assert.Throws<FudgeFormatException>(() => new FudgeReader(bytes).SkipFields(0));
        Assert.Contains("remain", exception.Message);
    }

    [Fact]
    public void A_wrong_prediction_consumes_nothing()
    {
        var reader = ReaderOver(new FudgeMsg().Add(2, 42).Add("name", 1.5).Add(3, FudgeIndicator.Instance).Add(4, 2.5f));

        Assert.False(reader.TryReadInt64Field(1, out _)); // another ordinal
        Assert.False(reader.TryReadDoubleField(2, out _)); // an integer, not a double
        Assert.False(reader.TryReadField(5));
        Assert.True(reader.TryReadInt32Field(2, out int first));
        Assert.Equal(42, first);

        Assert.False(reader.TryReadDoubleField(2, out _)); // a name, not an ordinal
        Assert.False(reader.TryReadField("other"u8));
        Assert.True(reader.TryReadField("name"u8));
        Assert.Equal(1.5, reader.GetDouble());

        Assert.False(reader.TryReadInt64Field(3, out _)); // an indicator
        Assert.True(reader.TryReadField(3));
        Assert.True(reader.IsIndicator);

        Assert.False(reader.TryReadDoubleField(4, out _)); // a float
        Assert.True(reader.Read());
        Assert.Equal(2.5f, reader.GetSingle());

        Assert.False(reader.TryReadField(4)); // the end of the message
        Assert.False(reader.TryReadInt64Field(4, out _));
        Assert.False(reader.Read());
    }

    [Fact]
    public void A_double_is_read_with_its_ordinal()
    {
        var reader = ReaderOver(new FudgeMsg().Add(3, 99.25));
        Assert.True(reader.TryReadDoubleField(3, out double value));
        Assert.Equal(99.25, value);
        Assert.Equal(FudgeTypeId.Double, reader.TypeId);
    }

    [Fact]
    public void A_short_string_is_read_with_its_ordinal_and_a_long_one_is_left_to_Read()
    {
        string longText = new string('x', 300);
        var reader = ReaderOver(new FudgeMsg().Add(5, "déjà").Add(5, "").Add(5, longText).Add(6, "next"));

        Assert.False(reader.TryReadStringField(6, out _)); // another ordinal
        Assert.True(reader.TryReadStringField(5, out string first));
        Assert.Equal("déjà", first);
        Assert.Equal(FudgeTypeId.String, reader.TypeId);
        Assert.Equal("déjà", reader.GetString()); // positioned as Read() would leave it
        Assert.True(reader.TryReadStringField(5, out string empty));
        Assert.Equal("", empty);
        Assert.False(reader.TryReadStringField(5, out _)); // a 2-byte size
        Assert.True(reader.Read());
        Assert.Equal(longText, reader.GetString());
        Assert.True(reader.TryReadStringField(6, out string next));
        Assert.Equal("next", next);
        Assert.False(reader.TryReadStringField(6, out _)); // the end
    }

    [Fact]
    public void A_string_is_peeked_at_without_moving_the_reader()
    {
        string longText = new string('x', 300);
        var reader = ReaderOver(new FudgeMsg().Add(0, "L").Add("named", 0, "N").Add(0, longText).Add(0, 5));

        Assert.False(reader.TryPeekStringField(1, out _)); // another ordinal
        Assert.True(reader.TryPeekStringField(0, out var peeked));
        Assert.Equal("L"u8.ToArray(), peeked.ToArray());
        Assert.True(reader.TryPeekStringField(0, out _)); // nothing moved: the same field again
        Assert.True(reader.TryReadStringField(0, out string read));
        Assert.Equal("L", read);
        Assert.False(reader.TryPeekStringField(0, out _)); // a name as well
        Assert.True(reader.Read());
        Assert.False(reader.TryPeekStringField(0, out _)); // a 2-byte size
        Assert.True(reader.Read());
        Assert.False(reader.TryPeekStringField(0, out _)); // not a string
        Assert.True(reader.Read());
        Assert.False(reader.TryPeekStringField(0, out var none)); // the end
        Assert.True(none.IsEmpty);
    }

    [Fact]
    public void A_peeked_string_that_overruns_its_message_is_declined_and_left_to_Read()
    {
        byte[] bytes = [0, 0, 0, 0, 0, 0, 0, 14, 0x30, FudgeTypeId.String, 0, 0, 5, (byte)'L'];
        var reader = new FudgeReader(bytes);
        Assert.False(reader.TryPeekStringField(0, out _));
        var error = Assert.Throws<FudgeFormatException>(() =>
        {
            var again = new FudgeReader(bytes);
            again.Read();
        });
        Assert.Equal(13L, error.Offset);
    }

    [Fact]
    public void A_string_that_is_not_UTF8_is_a_format_error_with_its_offset()
    {
        byte[] bytes = new FudgeMsg().Add(5, "abc").ToByteArray();
        bytes[^2] = 0xFF; // the middle character
        var error = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryReadStringField(5, out _);
        });
        Assert.Equal((long)(bytes.Length - 2), error.Offset);
    }

    [Fact]
    public void A_date_time_is_read_with_its_ordinal_as_the_general_conversion_gives_it()
    {
        var utc = new DateTime(2026, 11, 25, 18, 30, 1, DateTimeKind.Utc).AddTicks(1234567);
        var local = new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Unspecified);
        var zoned = new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(3600, 500, FudgeDateTimeAccuracy.Nanosecond, 8));
        var marker = new FudgeDateTime(FudgeDate.MaxValue, new FudgeTime(0, 0));
        var reader = ReaderOver(new FudgeMsg().Add(4, utc).Add(4, local).Add(4, zoned).Add(4, marker).Add(4, new FudgeDate(2020, 1, 2)));

        Assert.True(reader.TryReadDateTimeField(4, out var first));
        Assert.Equal(utc, first);
        Assert.Equal(DateTimeKind.Utc, first.Kind);
        Assert.Equal(FudgeTypeId.DateTime, reader.TypeId);
        Assert.True(reader.TryReadDateTimeField(4, out var second));
        Assert.Equal(local, second);
        Assert.Equal(DateTimeKind.Unspecified, second.Kind);
        Assert.True(reader.TryReadDateTimeField(4, out var third));
        Assert.Equal(zoned.ToDateTime(), third);
        Assert.False(reader.TryReadDateTimeField(4, out _)); // a marker: left to the general conversion
        Assert.True(reader.Read());
        Assert.Equal(marker, reader.GetDateTime());
        Assert.False(reader.TryReadDateTimeField(4, out _)); // a plain date
        Assert.True(reader.Read());
        Assert.False(reader.TryReadDateTimeField(4, out _)); // the end
    }

    [Fact]
    public void Named_fields_are_read_by_name_as_Read_would_leave_them()
    {
        var reader = ReaderOver(new FudgeMsg().Add("qty", -5_000_000_000L).Add("n", 7).Add("px", 99.25).Add("sym", "VOD").Add("px", 1.5f).Add("late", 1));

        Assert.False(reader.TryReadInt64Field("qt"u8, out _)); // another name
        Assert.True(reader.TryReadInt64Field("qty"u8, out long quantity));
        Assert.Equal(-5_000_000_000L, quantity);
        Assert.Equal("qty", reader.GetName());
        Assert.False(reader.HasOrdinal);
        Assert.Equal(FudgeTypeId.Int64, reader.TypeId);
        Assert.False(reader.TryReadDoubleField("n"u8, out _)); // an integer, not a double
        Assert.True(reader.TryReadInt32Field("n"u8, out int n));
        Assert.Equal(7, n);
        Assert.Equal("n", reader.GetName());
        Assert.True(reader.TryReadDoubleField("px"u8, out double price));
        Assert.Equal(99.25, price);
        Assert.Equal(99.25, reader.GetDouble());
        Assert.False(reader.TryReadInt64Field("sym"u8, out _)); // a string
        Assert.True(reader.TryReadField("sym"u8));
        Assert.Equal("VOD", reader.GetString());
        Assert.Equal("sym", reader.GetName());
        Assert.False(reader.TryReadDoubleField("px"u8, out _)); // a float
        Assert.True(reader.TryReadField("px"u8));
        Assert.Equal(1.5f, reader.GetSingle());
        Assert.True(reader.Read());
        Assert.Equal("late", reader.GetName());
        Assert.False(reader.TryReadField("late"u8)); // the end
    }

    [Fact]
    public void Narrowing_a_named_field_out_of_range_is_a_format_error()
    {
        byte[] bytes = new FudgeMsg().Add("big", 5_000_000_000L).ToByteArray();
        Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryReadInt32Field("big"u8, out _);
        });
    }

    [Fact]
    public void Narrowing_out_of_range_is_a_format_error_as_with_GetInt32()
    {
        byte[] bytes = new FudgeMsg().Add(1, 5_000_000_000L).ToByteArray();
        var error = Assert.Throws<FudgeFormatException>(() =>
        {
            var reader = new FudgeReader(bytes);
            reader.TryReadInt32Field(1, out _);
        });
        Assert.Contains("int", error.Message);
    }

    [Fact]
    public void A_truncated_expected_field_is_left_to_Read_which_reports_it()
    {
        byte[] bytes = new FudgeMsg().Add(1, 5_000_000_000L).ToByteArray();
        // Cut the int64 value short but keep the envelope size consistent with the bytes that remain.
        byte[] cut = bytes[..^3];
        cut[4] = 0; cut[5] = 0; cut[6] = 0; cut[7] = (byte)cut.Length;
        var reader = new FudgeReader(cut);

        Assert.False(reader.TryReadInt64Field(1, out _));
        bool threw = false;
        try { reader.Read(); }
        catch (FudgeFormatException) { threw = true; }
        Assert.True(threw);
    }
}
