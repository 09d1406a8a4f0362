using System;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// Conversions of Fudge dates and date-times to .NET's types, which generated readers call once per date field and so
/// compute the day number by arithmetic: every day .NET can represent converts to the same value the calendar does,
/// and everything else still raises or maps as documented.
/// </summary>
public class DateConversionTests
{
    [Fact]
    public void Every_day_from_year_1_to_9999_converts_as_the_calendar_says()
    {
        for (var day = new DateTime(1, 1, 1); ; day = day.AddDays(1))
        {
            var date = new FudgeDate(day.Year, day.Month, day.Day);
            if (date.ToDateTime() != day) Assert.Fail($"{date} converted to {date.ToDateTime():O}, not {day:O}");
#if NET6_0_OR_GREATER
            if (date.ToDateOnly() != DateOnly.FromDateTime(day)) Assert.Fail($"{date} converted to {date.ToDateOnly():O}");
#endif
            if (day.Year == 9999 && day.Month == 12 && day.Day == 31) break;
        }
    }

    // Writing keeps the last conversion of each of RecentDaySlots slots; days that far apart share a slot. Threads converting
    // such days at once must each get their own day's answer, whichever entry they read.
    [Fact]
    public void Conversions_of_days_sharing_a_cache_slot_stay_exact_across_threads()
    {
        var first = new DateTime(1900, 1, 1); // eight stretches of about eleven years from here stay within year 9999
        var failures = new System.Collections.Concurrent.ConcurrentBag<string>();
        System.Threading.Tasks.Parallel.For(0, 8, worker =>
        {
            for (int round = 0; round < 2_000; round++)
            {
                // Each worker walks its own stretch of RecentDaySlots days, so the same slots are filled by different days.
                var day = first.AddDays(worker * FudgeDate.RecentDaySlots + (round * 37) % FudgeDate.RecentDaySlots);
                var date = FudgeDate.FromDateTime(day);
                if (date.Year != day.Year || date.Month != day.Month || date.Day != day.Day) failures.Add($"{day:O} became {date}");
                if (date.ToDateTime() != day) failures.Add($"{date} became {date.ToDateTime():O}");
                var instant = day.AddTicks(round * 7_919L);
                if (FudgeDateTime.FromDateTime(instant).ToDateTime() != instant) failures.Add($"{instant:O} did not round-trip");
            }
        });
        Assert.Empty(failures);
    }

    [Fact]
    public void A_date_that_is_not_a_calendar_date_is_refused_after_a_real_one_filled_its_slot()
    {
        var real = new FudgeDate(2024, 2, 28);
        Assert.Equal(new DateTime(2024, 2, 28), real.ToDateTime());
        Assert.Throws<FudgeException>(() => new FudgeDate(2023, 2, 29).ToDateTime());
        Assert.Throws<FudgeException>(() => FudgeDate.FromRawValue(0).ToDateTime());
        Assert.Equal(new DateTime(2024, 2, 28), real.ToDateTime());
    }

    [Theory]
    [InlineData(2023, 2, 29)]
    [InlineData(1900, 2, 29)]    // divisible by 100, not by 400: not a leap year
    [InlineData(2024, 4, 31)]
    [InlineData(2024, 6, 31)]
    [InlineData(2024, 9, 31)]
    [InlineData(2024, 11, 31)]
    [InlineData(2024, 0, 0)]     // no month
    [InlineData(2024, 3, 0)]     // no day
    [InlineData(0, 1, 1)]
    [InlineData(10000, 1, 1)]
    [InlineData(-44, 3, 15)]
    public void A_date_that_is_not_in_NET_calendar_raises_FudgeException(int year, int month, int day)
    {
        var date = new FudgeDate(year, month, day);
        Assert.Throws<FudgeException>(() => date.ToDateTime());
        Assert.Throws<FudgeException>(() => new FudgeDateTime(date, new FudgeTime(0, 0)).ToDateTime());
    }

    [Fact]
    public void Leap_days_of_leap_years_convert()
    {
        Assert.Equal(new DateTime(2000, 2, 29), new FudgeDate(2000, 2, 29).ToDateTime());
        Assert.Equal(new DateTime(2024, 2, 29), new FudgeDate(2024, 2, 29).ToDateTime());
    }

    [Fact]
    public void The_markers_map_to_the_first_and_last_dates()
    {
        Assert.Equal(DateTime.MinValue.Date, FudgeDate.MinValue.ToDateTime());
        Assert.Equal(DateTime.MaxValue.Date, FudgeDate.MaxValue.ToDateTime());
        var markerTime = new FudgeTime(3600, 0, FudgeDateTimeAccuracy.Nanosecond, 0);
        Assert.Equal(new DateTime(DateTime.MinValue.Ticks + TimeSpan.TicksPerHour, DateTimeKind.Utc),
            new FudgeDateTime(FudgeDate.MinValue, markerTime).ToDateTime());
    }

    [Fact]
    public void Date_times_convert_with_their_zone_and_at_the_edges_of_the_range()
    {
        var noon = new FudgeTime(12 * 3600, 123_456_789);
        Assert.Equal(new DateTime(2026, 3, 2, 12, 0, 0, DateTimeKind.Unspecified).AddTicks(1_234_567),
            new FudgeDateTime(new FudgeDate(2026, 3, 2), noon).ToDateTime());

        var plusTwo = new FudgeTime(1 * 3600, 0, FudgeDateTimeAccuracy.Nanosecond, 8); // 01:00 at +02:00
        var utc = new FudgeDateTime(new FudgeDate(2026, 3, 2), plusTwo).ToDateTime();
        Assert.Equal(new DateTime(2026, 3, 1, 23, 0, 0, DateTimeKind.Utc), utc);
        Assert.Equal(DateTimeKind.Utc, utc.Kind);

        // 0001-01-01 00:30 at +01:00 is before .NET's first instant: the wall-clock time is kept, marked UTC.
        var early = new FudgeDateTime(new FudgeDate(1, 1, 1), new FudgeTime(1800, 0, FudgeDateTimeAccuracy.Nanosecond, 4)).ToDateTime();
        Assert.Equal(new DateTime(1, 1, 1, 0, 30, 0, DateTimeKind.Utc), early);

        // A wire time of 36 hours on the last day runs past .NET's last instant.
        var late = FudgeTime.ReadFrom(new byte[] { 0x80, 0xA1, 0xFA, 0x40, 0, 0, 0, 0 }); // no zone, nanosecond accuracy, 129,600 s
        Assert.Throws<FudgeException>(() => new FudgeDateTime(new FudgeDate(9999, 12, 31), late).ToDateTime());
        Assert.Equal(new DateTime(2026, 1, 2, 12, 0, 0), new FudgeDateTime(new FudgeDate(2026, 1, 1), late).ToDateTime());
    }

    [Fact]
    public void Every_day_from_year_1_to_9999_converts_from_NET_as_the_calendar_says()
    {
        var random = new Random(5);
        for (var day = new DateTime(1, 1, 2); day.Year < 9999 || day.DayOfYear < 365; day = day.AddDays(1))
        {
            var expected = new FudgeDate(day.Year, day.Month, day.Day);
            if (FudgeDate.FromDateTime(day) != expected) Assert.Fail($"{day:O} converted to {FudgeDate.FromDateTime(day)}");
#if NET6_0_OR_GREATER
            if (FudgeDate.FromDateOnly(DateOnly.FromDateTime(day)) != expected) Assert.Fail($"{day:O} as DateOnly converted to {FudgeDate.FromDateOnly(DateOnly.FromDateTime(day))}");
#endif
            var instant = new DateTime(day.Ticks + (long)(random.NextDouble() * TimeSpan.TicksPerDay), (DateTimeKind)(day.Day % 2 * 1)); // Unspecified or Utc
            var converted = FudgeDateTime.FromDateTime(instant);
            var reference = new FudgeDateTime(expected, FudgeTime.FromTimeOfDay(instant.TimeOfDay, FudgeDateTimeAccuracy.Nanosecond, instant.Kind == DateTimeKind.Utc ? 0 : null));
            if (converted != reference) Assert.Fail($"{instant:O} ({instant.Kind}) converted to {converted}, not {reference}");
            if (converted.ToDateTime() != instant) Assert.Fail($"{instant:O} came back as {converted.ToDateTime():O}");
        }
    }

    [Fact]
    public void The_first_and_last_days_become_the_markers_keeping_their_time()
    {
        Assert.Equal(FudgeDate.MinValue, FudgeDate.FromDateTime(DateTime.MinValue.AddHours(5)));
        Assert.Equal(FudgeDate.MaxValue, FudgeDate.FromDateTime(DateTime.MaxValue));
        var last = FudgeDateTime.FromDateTime(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc));
        Assert.Equal(FudgeDate.MaxValue, last.Date);
        Assert.Equal(86399, last.Time.SecondsSinceMidnight);
        Assert.Equal(999_999_900, last.Time.Nanoseconds);
        Assert.Equal(0, last.Time.TimeZoneOffsetQuarterHours);
#if NET6_0_OR_GREATER
        Assert.Equal(FudgeDate.MinValue, FudgeDate.FromDateOnly(DateOnly.MinValue));
        Assert.Equal(FudgeDate.MaxValue, FudgeDate.FromDateOnly(DateOnly.MaxValue));
#endif
    }

    [Fact]
    public void A_local_time_and_a_coarser_accuracy_take_the_general_path()
    {
        var local = new DateTime(2026, 7, 1, 12, 0, 0, DateTimeKind.Local);
        var converted = FudgeDateTime.FromDateTime(local);
        Assert.Equal((int)TimeZoneInfo.Local.GetUtcOffset(local).TotalMinutes / 15, converted.Time.TimeZoneOffsetQuarterHours);
        Assert.Equal(FudgeDateTimeAccuracy.Second, FudgeDateTime.FromDateTime(new DateTime(2026, 7, 1), FudgeDateTimeAccuracy.Second).Accuracy);
    }

    [Fact]
    public void Every_year_month_and_day_converts_as_the_calendar_says()
    {
        // The reading conversion is arithmetic (March-based years): every year .NET has and its neighbours, every month
        // and day value the wire's bits can hold, against DateTime's calendar.
        int checkedDates = 0;
        foreach (int year in new[] { -1, 0, 10000, 10001, 4_194_303, -4_194_304 })
            for (int month = 0; month < 16; month++)
                for (int day = 0; day < 32; day++)
                    Assert.False(FudgeDate.TryGetDayNumber((year << 9) | (month << 5) | day, out _));
        for (int year = 1; year <= 9999; year++)
            for (int month = 0; month < 16; month++)
                for (int day = 0; day < 32; day++)
                {
                    bool real = month is >= 1 and <= 12 && day >= 1 && day <= DateTime.DaysInMonth(year, month);
                    bool taken = FudgeDate.TryGetDayNumber((year << 9) | (month << 5) | day, out int days);
                    if (taken != real || (real && days != (int)(new DateTime(year, month, day).Ticks / TimeSpan.TicksPerDay)))
                        Assert.Fail($"{year}-{month}-{day}: taken {taken}, day number {days}");
                    if (real) checkedDates++;
                }
        Assert.Equal(3_652_059, checkedDates);
    }
}
