using System;
using Xunit;

namespace Fudge.Tests;

/// <summary>The worked examples of FUDGE-SPEC.md, byte for byte.</summary>
public class SpecExampleTests
{
    [Fact]
    public void Worked_example_of_section_17_encodes_to_37_bytes()
    {
        var msg = new FudgeMsg().Add("qty", 42).Add(5, "Zürich").Add(null, 1.5);

        Assert.Equal(Convert.FromHexString("0000000000000025880203717479" + "2A300E0005075AC3BC72696368800B3FF8000000000000"), msg.ToByteArray());
    }

    [Fact]
    public void Taxonomy_message_of_section_13_3_encodes_to_42_bytes()
    {
        var taxonomy = new FudgeTaxonomy(new System.Collections.Generic.Dictionary<short, string> { [1] = "id", [2] = "name", [3] = "email", [42] = "foo" });

        byte[] bytes = taxonomy.ToMessage().ToByteArray();

        Assert.Equal(Convert.FromHexString("000000000000002A300E00010269643" + "00E0002046E616D65300E000305656D61696C300E002A03666F6F"), bytes);
        var decoded = FudgeTaxonomy.FromMessage(FudgeMsg.Parse(bytes));
        Assert.Equal("foo", decoded.GetName(42));
        Assert.Equal((short)3, decoded.GetOrdinal("email"));
    }

    [Theory]
    [InlineData(2010, 1, 31, "000FB43F")]
    [InlineData(2000, 8, 0, "000FA100")]
    [InlineData(-3000000, 0, 0, "A4728000")]
    [InlineData(2010, 0, 0, "000FB400")]
    [InlineData(2010, 3, 0, "000FB460")]
    [InlineData(2010, 3, 4, "000FB464")]
    public void Dates_of_section_9_1(int year, int month, int day, string payload)
    {
        var date = new FudgeDate(year, month, day);
        var bytes = new byte[4];

        date.WriteTo(bytes);

        Assert.Equal(payload, Convert.ToHexString(bytes));
        Assert.Equal(date, FudgeDate.ReadFrom(bytes));
        Assert.Equal((year, month, day), (date.Year, date.Month, date.Day));
    }

    [Fact]
    public void Min_and_max_date_markers()
    {
        var max = new byte[4];
        var min = new byte[4];
        FudgeDate.MaxValue.WriteTo(max);
        FudgeDate.MinValue.WriteTo(min);

        Assert.Equal("7FFFFFFF", Convert.ToHexString(max));
        Assert.Equal("800001FF", Convert.ToHexString(min));
        Assert.Equal((4_194_303, 15, 31), (FudgeDate.MaxValue.Year, FudgeDate.MaxValue.Month, FudgeDate.MaxValue.Day));
        Assert.Equal((-4_194_304, 15, 31), (FudgeDate.MinValue.Year, FudgeDate.MinValue.Month, FudgeDate.MinValue.Day));
        Assert.Equal(FudgeDate.MaxValue, FudgeDate.FromDateOnly(DateOnly.MaxValue));
        Assert.Equal(FudgeDate.MinValue, FudgeDate.FromDateOnly(DateOnly.MinValue));
        Assert.Equal(DateOnly.MaxValue, FudgeDate.MaxValue.ToDateOnly());
        Assert.Equal(DateOnly.MinValue, FudgeDate.MinValue.ToDateOnly());
    }

    [Theory]
    [InlineData(1, 2, 3, 123456789, FudgeDateTimeAccuracy.Microsecond, 4, "04900E8B075BCD15")]
    [InlineData(11, 12, 13, 987654321, FudgeDateTimeAccuracy.Nanosecond, 0, "00A09D8D3ADE68B1")]
    [InlineData(11, 12, 13, 987654321, FudgeDateTimeAccuracy.Nanosecond, null, "80A09D8D3ADE68B1")]
    [InlineData(11, 12, 13, 987654321, FudgeDateTimeAccuracy.Nanosecond, 4, "04A09D8D3ADE68B1")]
    [InlineData(11, 12, 13, 987000000, FudgeDateTimeAccuracy.Millisecond, 0, "00809D8D3AD46CC0")]
    [InlineData(11, 0, 0, 0, FudgeDateTimeAccuracy.Hour, 0, "00509AB000000000")]
    public void Times_of_section_9_2(int h, int m, int s, int ns, FudgeDateTimeAccuracy accuracy, int? zoneQuarters, string payload)
    {
        var time = new FudgeTime(h, m, s, ns, accuracy, zoneQuarters);
        var bytes = new byte[8];

        time.WriteTo(bytes);

        Assert.Equal(payload, Convert.ToHexString(bytes));
        var read = FudgeTime.ReadFrom(bytes);
        Assert.Equal((h, m, s, ns, accuracy, zoneQuarters), (read.Hour, read.Minute, read.Second, read.Nanoseconds, read.Accuracy, read.TimeZoneOffsetQuarterHours));
    }

    [Theory]
    [InlineData("000FB46400A09D8D3ADE68B1", "2010-03-04T11:12:13.987654321+00:00 nanosecond")]
    [InlineData("000FB46480A09D8D3ADE68B1", "2010-03-04T11:12:13.987654321 nanosecond")]
    [InlineData("000FB46404A09D8D3ADE68B1", "2010-03-04T11:12:13.987654321+01:00 nanosecond")]
    [InlineData("0007D000800000000000000" + "0", "1000T00:00:00.000000000 millennium")]
    [InlineData("000ED80080100000000000" + "00", "1900T00:00:00.000000000 century")]
    public void Date_times_of_section_9_3_read_and_print(string payload, string text)
    {
        var message = new FudgeMsg().Add(null, null, FudgeTypeId.DateTime, FudgeTypeIdPayload(payload));

        var value = (FudgeDateTime)FudgeMsg.Parse(message.ToByteArray())[0].Value;

        Assert.Equal(text, value.ToString());
        Assert.True(FudgeDateTime.TryParse(text, out var parsed));
        Assert.Equal(value, parsed);
    }

    private static FudgeDateTime FudgeTypeIdPayload(string hex)
    {
        var bytes = Convert.FromHexString(hex);
        return new FudgeDateTime(FudgeDate.ReadFrom(bytes), FudgeTime.ReadFrom(bytes.AsSpan(4)));
    }

    [Fact]
    public void Empty_sub_message_is_three_bytes_and_empty_string_has_a_size_byte()
    {
        var msg = new FudgeMsg().Add(null, new FudgeMsg()).Add(null, "");

        Assert.Equal(Convert.FromHexString("000000000000000E" + "200F00" + "200E00"), msg.ToByteArray());
    }

    [Fact]
    public void Only_the_five_primitive_array_types_have_an_element_width()
    {
        for (int id = 0; id < 256; id++)
        {
            int expected = id switch
            {
                FudgeTypeId.Int16Array => 2,
                FudgeTypeId.Int32Array or FudgeTypeId.FloatArray => 4,
                FudgeTypeId.Int64Array or FudgeTypeId.DoubleArray => 8,
                _ => 0,
            };
            Assert.Equal(expected, FudgeTypeId.GetArrayElementWidth((byte)id));
        }
    }

    [Fact]
    public void Fixed_widths_are_those_of_the_spec_for_every_type_id()
    {
        for (int id = 0; id < 256; id++)
        {
            int expected = id switch
            {
                FudgeTypeId.Indicator => 0,
                FudgeTypeId.Boolean or FudgeTypeId.Int8 => 1,
                FudgeTypeId.Int16 => 2,
                FudgeTypeId.Int32 or FudgeTypeId.Float or FudgeTypeId.Date or FudgeTypeId.ByteArray4 => 4,
                FudgeTypeId.Int64 or FudgeTypeId.Double or FudgeTypeId.Time or FudgeTypeId.ByteArray8 => 8,
                FudgeTypeId.DateTime => 12,
                FudgeTypeId.ByteArray16 => 16,
                FudgeTypeId.ByteArray20 => 20,
                FudgeTypeId.ByteArray32 => 32,
                FudgeTypeId.ByteArray64 => 64,
                FudgeTypeId.ByteArray128 => 128,
                FudgeTypeId.ByteArray256 => 256,
                FudgeTypeId.ByteArray512 => 512,
                _ => -1,
            };
            Assert.Equal(expected, FudgeTypeId.GetFixedWidth((byte)id));
            Assert.Equal(expected >= 0, FudgeTypeId.IsFixedWidth((byte)id));
        }
    }
}
