using System;

namespace Fudge.Bson.Internal;

/// <summary>
/// Plain mode's date conversions. BSON's datetime is a UTC instant in whole milliseconds since 1970-01-01, so a
/// Fudge date or date-time becomes the instant it names (a date: midnight UTC; a missing month or day: the first;
/// no zone: taken as UTC) truncated to milliseconds. Calendar arithmetic is done here on the proleptic Gregorian
/// calendar so that every Fudge year (±4 million) converts, not only .NET's 1..9999.
/// </summary>
internal static class BsonDates
{
    private const long MillisecondsPerDay = 86_400_000;

    /// <summary>The instant of a date (midnight UTC); false for markers and impossible dates.</summary>
    public static bool TryToUnixMilliseconds(FudgeDate date, out long milliseconds)
    {
        milliseconds = 0;
        if (!TryDays(date, out long days)) return false;
        milliseconds = days * MillisecondsPerDay;
        return true;
    }

    /// <summary>The instant of a date-time; false for markers, impossible dates and impossible times.</summary>
    public static bool TryToUnixMilliseconds(FudgeDate date, FudgeTime time, out long milliseconds)
    {
        milliseconds = 0;
        if (!TryDays(date, out long days)) return false;
        int seconds = time.SecondsSinceMidnight;
        int nanoseconds = time.Nanoseconds;
        if (seconds > 86_399 || nanoseconds > 999_999_999) return false;
        long offsetMilliseconds = (time.TimeZoneOffsetQuarterHours ?? 0) * 15L * 60_000;
        milliseconds = days * MillisecondsPerDay + seconds * 1000L + nanoseconds / 1_000_000 - offsetMilliseconds;
        return true;
    }

    /// <summary>
    /// A BSON datetime as a Fudge date-time of millisecond accuracy at UTC (offset 0); false when the year is beyond
    /// what a Fudge date holds.
    /// </summary>
    public static bool TryFromUnixMilliseconds(long milliseconds, out FudgeDateTime value)
    {
        long days = FloorDivide(milliseconds, MillisecondsPerDay);
        long inDay = milliseconds - days * MillisecondsPerDay;
        CivilFromDays(days, out long year, out int month, out int day);
        if (year < FudgeDate.MinYear || year > FudgeDate.MaxYear)
        {
            value = default;
            return false;
        }
        var time = new FudgeTime((int)(inDay / 1000), (int)(inDay % 1000) * 1_000_000, FudgeDateTimeAccuracy.Millisecond, 0);
        value = new FudgeDateTime(new FudgeDate((int)year, month, day), time);
        return true;
    }

    /// <summary>Days since 1970-01-01 of a real calendar date (a missing month or day counts as the first).</summary>
    private static bool TryDays(FudgeDate date, out long days)
    {
        days = 0;
        if (date.IsMarker) return false;
        int year = date.Year, month = date.Month, day = date.Day;
        if (month > 12) return false;
        if (month == 0)
        {
            if (day != 0) return false;
            month = 1;
        }
        if (day == 0) day = 1;
        if (day > DaysInMonth(year, month)) return false;
        days = DaysFromCivil(year, month, day);
        return true;
    }

    private static int DaysInMonth(long year, int month) => month switch
    {
        2 => IsLeap(year) ? 29 : 28,
        4 or 6 or 9 or 11 => 30,
        _ => 31,
    };

    private static bool IsLeap(long year) => year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);

    // Howard Hinnant's days_from_civil / civil_from_days: exact for every proleptic Gregorian date.
    private static long DaysFromCivil(long year, int month, int day)
    {
        year -= month <= 2 ? 1 : 0;
        long era = FloorDivide(year, 400);
        long yearOfEra = year - era * 400;
        long dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097 + dayOfEra - 719_468;
    }

    private static void CivilFromDays(long days, out long year, out int month, out int day)
    {
        days += 719_468;
        long era = FloorDivide(days, 146_097);
        long dayOfEra = days - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        day = (int)(dayOfYear - (153 * mp + 2) / 5 + 1);
        month = (int)(mp < 10 ? mp + 3 : mp - 9);
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    }

    private static long FloorDivide(long a, long b) => a >= 0 ? a / b : -((-a + b - 1) / b);

    /// <summary>
    /// Plain text of a time (BSON has no time-of-day type): <c>11:12:13.987654321</c>, then <c>+01:00</c> when it has a
    /// zone; false for a time whose clock is impossible. Writes at most 24 bytes.
    /// </summary>
    public static bool TryFormatTime(FudgeTime time, Span<byte> destination, out int written)
    {
        written = 0;
        int seconds = time.SecondsSinceMidnight;
        int nanoseconds = time.Nanoseconds;
        if (seconds > 86_399 || nanoseconds > 999_999_999) return false;
        int p = 0;
        Two(destination, ref p, seconds / 3600);
        destination[p++] = (byte)':';
        Two(destination, ref p, seconds / 60 % 60);
        destination[p++] = (byte)':';
        Two(destination, ref p, seconds % 60);
        destination[p++] = (byte)'.';
        for (int divisor = 100_000_000; divisor > 0; divisor /= 10) destination[p++] = (byte)('0' + nanoseconds / divisor % 10);
        if (time.TimeZoneOffsetQuarterHours is int quarters)
        {
            int minutes = Math.Abs(quarters) * 15;
            destination[p++] = quarters < 0 ? (byte)'-' : (byte)'+';
            Two(destination, ref p, minutes / 60);
            destination[p++] = (byte)':';
            Two(destination, ref p, minutes % 60);
        }
        written = p;
        return true;
    }

    private static void Two(Span<byte> destination, ref int p, int value)
    {
        destination[p++] = (byte)('0' + value / 10);
        destination[p++] = (byte)('0' + value % 10);
    }
}
