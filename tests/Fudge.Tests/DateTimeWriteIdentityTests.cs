using System;
using System.Buffers.Binary;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// The conversion of <see cref="DateTime"/> that generated writers run per date-time field was rewritten for speed
/// (issue 42: the day and the seconds divided out of the ticks side by side, the markers answered by the table of
/// recent days). Its bytes must not move: each test compares it with <see cref="Reference"/>, the conversion as it was
/// before (2026-11-29, 5f3a4c1), over every day .NET has, random ticks across the range, every kind and the markers.
/// </summary>
public class DateTimeWriteIdentityTests
{
    private const uint Header = 0x901C0004; // fixed width, ordinal 4, type 28

    [Fact]
    public void Every_day_of_years_1_to_9999_writes_the_bytes_it_wrote_before_at_its_first_last_and_a_random_tick()
    {
        var random = new Random(42);
        long days = DateTime.MaxValue.Ticks / TimeSpan.TicksPerDay;
        for (long day = 0; day <= days; day++)
        {
            long midnight = day * TimeSpan.TicksPerDay;
            AssertSameBytes(new DateTime(midnight, DateTimeKind.Utc));
            AssertSameBytes(new DateTime(midnight + TimeSpan.TicksPerDay - 1, DateTimeKind.Unspecified));
            AssertSameBytes(new DateTime(midnight + random.NextInt64(TimeSpan.TicksPerDay), day % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified));
        }
    }

    [Fact]
    public void Random_ticks_across_the_whole_range_write_the_bytes_they_wrote_before()
    {
        // In random order the table of recent days is filled and overwritten by days far apart, unlike a day-by-day walk.
        var random = new Random(7);
        for (int i = 0; i < 2_000_000; i++)
        {
            long ticks = random.NextInt64(DateTime.MaxValue.Ticks + 1);
            AssertSameBytes(new DateTime(ticks, i % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified));
        }
    }

    [Fact]
    public void The_seconds_and_nanoseconds_at_the_edges_of_each_second_and_day_write_as_before()
    {
        // Where a division by a reciprocal would first go wrong: one tick either side of whole seconds and days, up to
        // the last ticks .NET has.
        long[] days = { 0, 1, 365, 146_097, 730_000, 3_000_000, DateTime.MaxValue.Ticks / TimeSpan.TicksPerDay };
        foreach (long day in days)
        {
            for (long second = 0; second < 86_400; second += 1 + second / 7)
            {
                long at = day * TimeSpan.TicksPerDay + second * TimeSpan.TicksPerSecond;
                foreach (long ticks in new[] { at - 1, at, at + 1, at + TimeSpan.TicksPerSecond - 1 })
                    if (ticks >= 0 && ticks <= DateTime.MaxValue.Ticks) AssertSameBytes(new DateTime(ticks, DateTimeKind.Utc));
            }
        }
        AssertSameBytes(DateTime.MaxValue);
        AssertSameBytes(DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc));
    }

    [Fact]
    public void The_markers_write_as_before_whatever_the_table_of_recent_days_held()
    {
        // Day 0 and the last day share their slots with days RecentDaySlots apart: converting those first must not change the markers.
        long last = DateTime.MaxValue.Ticks / TimeSpan.TicksPerDay, apart = FudgeDate.RecentDaySlots;
        foreach (long day in new[] { apart, 2 * apart, 0L, last - apart, last, apart, 0L, last - 2 * apart, last })
        {
            AssertSameBytes(new DateTime(day * TimeSpan.TicksPerDay + 5 * TimeSpan.TicksPerHour, DateTimeKind.Utc));
            AssertSameBytes(new DateTime(day * TimeSpan.TicksPerDay, DateTimeKind.Unspecified));
        }
        Assert.Equal(FudgeDate.MinValue, FudgeDateTime.FromDateTime(DateTime.MinValue).Date);
        Assert.Equal(FudgeDate.MaxValue, FudgeDateTime.FromDateTime(DateTime.MaxValue).Date);
#if NET6_0_OR_GREATER
        Assert.Equal(FudgeDate.MinValue, FudgeDate.FromDateOnly(DateOnly.MinValue));
        Assert.Equal(FudgeDate.MaxValue, FudgeDate.FromDateOnly(DateOnly.MaxValue));
#endif
    }

    [Fact]
    public void Local_times_write_as_before_with_the_local_offset()
    {
        var random = new Random(3);
        for (int i = 0; i < 20_000; i++)
        {
            // Away from the ends of the range, where a local offset could carry the instant outside it.
            long ticks = TimeSpan.TicksPerDay * 2 + random.NextInt64(DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay * 4);
            var local = new DateTime(ticks, DateTimeKind.Local);
            if (TimeZoneInfo.Local.GetUtcOffset(local).Ticks % (15 * TimeSpan.TicksPerMinute) != 0) continue; // not a Fudge offset
            AssertSameBytes(local);
        }
    }

    [Fact]
    public void A_field_run_and_the_writer_write_a_date_time_as_the_reference_does()
    {
        var instant = new DateTime(2026, 11, 20, 7, 30, 0, DateTimeKind.Utc).AddTicks(123_456_789);
        var (date, time) = Reference.Convert(instant);
        var expected = new byte[16];
        BinaryPrimitives.WriteUInt64BigEndian(expected, ((ulong)Header << 32) | (uint)date);
        BinaryPrimitives.WriteInt64BigEndian(expected.AsSpan(8), time);

        var output = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var run = writer.BeginFieldRun(FudgeFieldRun.DateTimeFieldBytes);
        run.WriteDateTime(4, instant);
        writer.EndFieldRun(in run);
        writer.WriteDateTime(4, instant);
        writer.Flush();
        Assert.Equal(Convert.ToHexString(expected) + Convert.ToHexString(expected), Convert.ToHexString(output.WrittenSpan));
    }

    // The field the writers write and the value FromDateTime returns, against the reference's.
    private static void AssertSameBytes(DateTime value)
    {
        var (date, time) = Reference.Convert(value);
        Span<byte> field = stackalloc byte[16];
        FudgeDateTime.WriteField(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(field), Header, value);
        var converted = FudgeDateTime.FromDateTime(value);
        if (BinaryPrimitives.ReadUInt64BigEndian(field) != (((ulong)Header << 32) | (uint)date) || BinaryPrimitives.ReadInt64BigEndian(field.Slice(8)) != time
            || converted.Date.RawValue != date || converted.Time.RawValue != time)
            Assert.Fail($"{value:O} ({value.Kind}): wrote {Convert.ToHexString(field)}, converted to {converted.Date.RawValue:X8} {converted.Time.RawValue:X16}; before: {date:X8} {time:X16}");
    }

    /// <summary>The conversion at nanosecond accuracy as it was before the rewrite, kept to compare with.</summary>
    private static class Reference
    {
        public static (int Date, long Time) Convert(DateTime value)
        {
            var kind = value.Kind;
            if (kind != DateTimeKind.Local)
            {
                ulong ticks = (ulong)value.Ticks;
                ulong day = ticks / (ulong)TimeSpan.TicksPerDay;
                ulong timeOfDay = ticks - day * (ulong)TimeSpan.TicksPerDay;
                ulong seconds = timeOfDay / (ulong)TimeSpan.TicksPerSecond;
                int nanoseconds = (int)(timeOfDay - seconds * (ulong)TimeSpan.TicksPerSecond) * 100;
                return (FromDayNumber((int)day), Time((int)seconds, nanoseconds, kind == DateTimeKind.Utc ? 0 : null));
            }
            var offset = TimeZoneInfo.Local.GetUtcOffset(value);
            int quarters = (int)(offset.Ticks / TimeSpan.FromMinutes(15).Ticks);
            var timeOfDayTicks = value.TimeOfDay.Ticks;
            return (FromDayNumber((int)(value.Ticks / TimeSpan.TicksPerDay)),
                Time((int)(timeOfDayTicks / TimeSpan.TicksPerSecond), (int)(timeOfDayTicks % TimeSpan.TicksPerSecond) * 100, quarters));
        }

        private static long Time(int seconds, int nanoseconds, int? quarters)
        {
            sbyte tz = quarters.HasValue ? (sbyte)quarters.Value : (sbyte)-128;
            uint high = ((uint)(byte)tz << 24) | ((uint)FudgeDateTimeAccuracy.Nanosecond << 20) | (uint)seconds;
            return (long)(((ulong)high << 32) | (uint)nanoseconds);
        }

        // The table of recent days only remembered this function's answers, so it is left out.
        private static int FromDayNumber(int dayNumber)
        {
            if (dayNumber == 0) return unchecked((int)0x800001FF);
            if (dayNumber == (int)(3155378975999999999L / TimeSpan.TicksPerDay)) return 0x7FFFFFFF;
            uint n1 = 4 * (uint)(dayNumber + 306) + 3;
            uint century = n1 / 146097;
            uint n2 = (n1 % 146097) | 3;
            uint yearOfCentury = n2 / 1461;
            uint dayOfYear = n2 % 1461 / 4;
            uint n3 = 2141 * dayOfYear + 197913;
            int month = (int)(n3 >> 16);
            int day = (int)((n3 & 0xFFFF) / 2141) + 1;
            int year = (int)(100 * century + yearOfCentury);
            if (dayOfYear >= 306)
            {
                year++;
                month -= 12;
            }
            return (year << 9) | (month << 5) | day;
        }
    }
}
