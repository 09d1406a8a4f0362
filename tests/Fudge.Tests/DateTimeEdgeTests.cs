using System;
using Fudge.Tests.Support;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests;

/// <summary>
/// Values the reference cannot read or that text forms got wrong: accuracy codes 11..15 (undefined by the spec;
/// Fudge-Java throws on them) and negative years, which ISO 8601 writes with at least four digits.
/// </summary>
public class DateTimeEdgeTests
{
    [Theory]
    [InlineData(11)]
    [InlineData(15)]
    public void An_undefined_accuracy_is_refused_when_a_time_is_built(byte accuracy)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new FudgeTime(0, 0, (FudgeDateTimeAccuracy)accuracy));
        Assert.Throws<ArgumentOutOfRangeException>(() => new FudgeTime(1, 2, 3, 0, (FudgeDateTimeAccuracy)accuracy));
        Assert.Throws<ArgumentOutOfRangeException>(() => FudgeTime.FromTimeOfDay(TimeSpan.FromHours(1), (FudgeDateTimeAccuracy)accuracy));
        Assert.Throws<ArgumentOutOfRangeException>(() => FudgeDateTime.FromDateTime(new DateTime(2026, 1, 1), (FudgeDateTimeAccuracy)accuracy));
    }

    [Fact]
    public void Every_defined_accuracy_is_accepted()
    {
        foreach (FudgeDateTimeAccuracy accuracy in Enum.GetValues(typeof(FudgeDateTimeAccuracy)))
            Assert.Equal(accuracy, new FudgeTime(0, 0, accuracy).Accuracy);
    }

    /// <summary>A time field 12:00:00 UTC whose accuracy nibble is 13, as a foreign writer could send it.</summary>
    private static readonly byte[] TimeWithAccuracy13 = Envelope([0x80, FudgeTypeId.Time, 0x00, 0xD0, 0xA8, 0xC0, 0, 0, 0, 0]);

    [Fact]
    public void An_undefined_accuracy_on_the_wire_is_kept_as_it_came()
    {
        var message = FudgeMsg.Parse(TimeWithAccuracy13);
        var time = (FudgeTime)message[0].Value;

        Assert.Equal((FudgeDateTimeAccuracy)13, time.Accuracy);
        Assert.Equal(43200, time.SecondsSinceMidnight);
        Assert.Equal(0, time.TimeZoneOffsetQuarterHours);
        Assert.Equal(TimeWithAccuracy13, message.ToByteArray());
    }

    [Fact]
    public void An_undefined_accuracy_on_the_wire_is_carried_through_every_decode_path()
    {
        foreach (var path in DecodePath.All)
            Assert.Null(HostileAssert.DecodesOrRejectsCleanly(path, TimeWithAccuracy13));
    }

    [Fact]
    public void An_undefined_accuracy_round_trips_through_the_exact_text_form()
    {
        var time = FudgeTime.ReadFrom(TimeWithAccuracy13.AsSpan(10));

        string text = FudgeValueText.FormatTime(time, exact: true);

        Assert.StartsWith("raw:0x", text, StringComparison.Ordinal);
        Assert.True(FudgeValueText.TryParseTime(text, out var back));
        Assert.Equal(time, back);
        Assert.Equal("12:00:00.000000000+00:00", FudgeValueText.FormatTime(time, exact: false));
    }

    [Fact]
    public void Text_naming_an_undefined_accuracy_does_not_parse()
    {
        Assert.False(FudgeTime.TryParse("12:00:00 13", out _));
        Assert.False(FudgeDateTime.TryParse("2026-01-01T12:00:00 15", out _));
        Assert.True(FudgeTime.TryParse("12:00:00 10", out var nanosecond));
        Assert.Equal(FudgeDateTimeAccuracy.Nanosecond, nanosecond.Accuracy);
    }

    [Theory]
    [InlineData(-1, 12, 31, "-0001-12-31")]
    [InlineData(-44, 3, 15, "-0044-03-15")]
    [InlineData(-753, 4, 0, "-0753-04")]
    [InlineData(-9999, 0, 0, "-9999")]
    [InlineData(-12345, 1, 1, "-12345-01-01")]
    [InlineData(-3000000, 0, 0, "-3000000")]
    [InlineData(10000, 1, 1, "+10000-01-01")]
    [InlineData(0, 1, 1, "0000-01-01")]
    [InlineData(44, 3, 15, "0044-03-15")]
    public void Years_outside_0_to_9999_take_the_iso_8601_expanded_form(int year, int month, int day, string expected)
    {
        var date = new FudgeDate(year, month, day);

        Assert.Equal(expected, date.ToString());
        Assert.True(FudgeDate.TryParse(expected, out var back));
        Assert.Equal(date, back);
    }

    [Fact]
    public void A_negative_year_date_time_is_padded_and_parses_back()
    {
        var value = new FudgeDateTime(new FudgeDate(-44, 3, 15), new FudgeTime(12, 0, 0, 0, FudgeDateTimeAccuracy.Second, 0));

        Assert.Equal("-0044-03-15T12:00:00.000000000+00:00 second", value.ToString());
        Assert.Equal("-0044-03-15T12:00:00.000000000+00:00", FudgeValueText.FormatDateTime(value, exact: false));
        Assert.True(FudgeValueText.TryParseDateTime(value.ToString(), out var back));
        Assert.Equal(value, back);
    }

    [Fact]
    public void The_unpadded_form_of_earlier_versions_still_parses()
    {
        Assert.True(FudgeDate.TryParse("-1-12-31", out var date));
        Assert.Equal(new FudgeDate(-1, 12, 31), date);
    }
}
