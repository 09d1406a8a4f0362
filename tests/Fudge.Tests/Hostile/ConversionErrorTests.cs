using System;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>
/// Values a hostile envelope can carry must fail to convert with the library's own exception, never with the .NET
/// type's (issue 10, items 2 to 4). The hex inputs are the minimal cases found by a mutation campaign.
/// </summary>
public class ConversionErrorTests
{
    /// <summary>A datetime (ordinal 0) whose date is year 0, month 15, day 31: marker-shaped but not a marker.</summary>
    private const string MarkerShapedDateTime = "0000000000000018901c00000000ffff0000000000000000";

    [Fact]
    public void A_marker_shaped_date_that_is_not_a_marker_is_not_convertible()
    {
        var value = FudgeMsg.Parse(Convert.FromHexString(MarkerShapedDateTime)).GetValue((short)0);
        var dateTime = Assert.IsType<FudgeDateTime>(value);

        Assert.False(dateTime.Date.IsConvertible);
        Assert.True(FudgeDate.MinValue.IsConvertible);
        Assert.True(FudgeDate.MaxValue.IsConvertible);
    }

    [Fact]
    public void Dom_conversions_of_a_marker_shaped_date_raise_a_fudge_exception()
    {
        var msg = FudgeMsg.Parse(Convert.FromHexString(MarkerShapedDateTime));
        object? value = msg.GetValue((short)0);

        Assert.Throws<FudgeException>(() => msg.GetValue<DateTime>(0));
        Assert.Throws<FudgeException>(() => msg.GetValue<DateTimeOffset>(0));
        Assert.Throws<FudgeException>(() => msg.GetValue<DateOnly>(0));
        Assert.Throws<FudgeException>(() => FudgeConvert.To<DateTime>(value));
        Assert.Throws<FudgeException>(() => FudgeConvert.To<DateTimeOffset?>(value));
    }

    [Theory]
    [InlineData(57)] // 14 h 15 min
    [InlineData(-127)]
    [InlineData(127)]
    public void A_zone_offset_beyond_fourteen_hours_raises_a_fudge_exception(int quarterHours)
    {
        var value = new FudgeDateTime(new FudgeDate(2020, 1, 1), new FudgeTime(0, 0, FudgeDateTimeAccuracy.Nanosecond, quarterHours));
        var msg = new FudgeMsg().Add("t", value);

        Assert.Throws<FudgeException>(() => msg.GetValue<DateTimeOffset>("t"));
        Assert.Throws<FudgeException>(() => value.ToDateTimeOffset());
    }

    [Fact]
    public void A_time_beyond_the_last_day_raises_a_fudge_exception()
    {
        // 17 bits of seconds reach 36 hours; added to the max marker that is after DateTime.MaxValue.
        var value = new FudgeDateTime(FudgeDate.MaxValue, FudgeTime.FromRawValue((long)0x8091FFFF << 32));

        Assert.Throws<FudgeException>(() => new FudgeMsg().Add("t", value).GetValue<DateTime>("t"));
    }

    [Fact]
    public void A_string_that_is_not_a_uri_raises_a_fudge_exception()
    {
        var msg = new FudgeMsg().Add("u", "http://[::1");

        var e = Assert.Throws<FudgeException>(() => msg.GetValue<Uri>("u"));
        Assert.IsType<UriFormatException>(e.InnerException);
    }

    [Theory]
    [InlineData("0-0-5")]
    [InlineData("2020-0-5")]
    public void FudgeDate_TryParse_returns_false_for_a_day_without_a_month(string text)
    {
        Assert.False(FudgeDate.TryParse(text, out _));
        Assert.False(FudgeValueText.TryParseDate(text, out _));
    }

    [Fact]
    public void FudgeDateTime_TryParse_returns_false_for_a_day_without_a_month()
    {
        Assert.False(FudgeDateTime.TryParse("0-0-4T", out _));
        Assert.False(FudgeValueText.TryParseDateTime("0-0-4T", out _));
    }

    [Theory]
    [InlineData("2:0:0+40000000:1")]
    [InlineData("2:0:0-99:60")]
    [InlineData("2:0:0+2147483647:0")]
    public void FudgeTime_TryParse_returns_false_for_an_offset_out_of_range(string text)
    {
        Assert.False(FudgeTime.TryParse(text, out _));
        Assert.False(FudgeValueText.TryParseTime(text, out _));
    }

    [Fact]
    public void FudgeTime_TryParse_still_reads_the_largest_offset()
    {
        Assert.True(FudgeTime.TryParse("02:00:00+31:45", out var time));
        Assert.Equal(127, time.TimeZoneOffsetQuarterHours);
    }

    [Fact]
    public void A_taxonomy_message_with_an_empty_name_is_a_format_error()
    {
        var e = Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(new FudgeMsg().Add(1, "a").Add(2, "")));
        Assert.Contains("empty name", e.Message);
    }

    [Fact]
    public void A_taxonomy_message_with_a_repeated_name_is_a_format_error()
    {
        var e = Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(new FudgeMsg().Add(1, "a").Add(2, "a")));
        Assert.Contains("appears twice", e.Message);
    }

    [Fact]
    public void A_taxonomy_message_from_the_wire_with_an_empty_name_is_a_format_error()
    {
        var wire = new FudgeMsg().Add(1, "price").Add(2, "").ToByteArray();

        Assert.Throws<FudgeFormatException>(() => FudgeTaxonomy.FromMessage(FudgeMsg.Parse(wire)));
    }
}
