using System;

namespace Fudge.Json.Internal;

/// <summary>
/// The plain JSON text of dates, times and date-times (see <see cref="FudgeValueText"/>'s non-exact forms) written as
/// UTF-8 without building strings: the common cases only (years 0..9999, nanoseconds below one second, no min/max
/// marker). Returns false for the rest, which the caller formats through <see cref="FudgeValueText"/>.
/// </summary>
internal static class PlainDateText
{
    /// <summary>The longest text written: a date, "T", a clock with nine decimals and an offset.</summary>
    public const int MaxLength = 10 + 1 + 18 + 6;

    /// <summary>As <see cref="FudgeValueText.FormatDate"/> with exact = false.</summary>
    public static bool TryFormat(FudgeDate date, Span<byte> destination, out int written)
    {
        written = 0;
        int year = date.Year;
        if (year is < 0 or > 9999 || date.IsMarker) return false; // signed years and the min/max words
        Digits(year, 4, destination);
        written = 4;
        if (date.Month == 0 && date.Day == 0) return true;
        destination[written++] = (byte)'-';
        Digits(date.Month, 2, destination.Slice(written));
        written += 2;
        if (date.Day == 0) return true;
        destination[written++] = (byte)'-';
        Digits(date.Day, 2, destination.Slice(written));
        written += 2;
        return true;
    }

    /// <summary>As <see cref="FudgeValueText.FormatTime"/> with exact = false: the clock without the accuracy word.</summary>
    public static bool TryFormat(FudgeTime time, Span<byte> destination, out int written)
    {
        written = 0;
        int nanoseconds = time.Nanoseconds;
        if (nanoseconds > 999_999_999) return false; // "D9" would give ten digits; leave such bits to the general path
        int seconds = time.SecondsSinceMidnight; // at most 131071: the hour has two digits
        Digits(seconds / 3600, 2, destination);
        destination[2] = (byte)':';
        Digits(seconds / 60 % 60, 2, destination.Slice(3));
        destination[5] = (byte)':';
        Digits(seconds % 60, 2, destination.Slice(6));
        destination[8] = (byte)'.';
        Digits(nanoseconds, 9, destination.Slice(9));
        written = 18;
        if (time.TimeZoneOffsetQuarterHours is int quarters)
        {
            int minutes = Math.Abs(quarters) * 15; // at most 1920: two digits of hours
            destination[written++] = quarters < 0 ? (byte)'-' : (byte)'+';
            Digits(minutes / 60, 2, destination.Slice(written));
            destination[written + 2] = (byte)':';
            Digits(minutes % 60, 2, destination.Slice(written + 3));
            written += 5;
        }
        return true;
    }

    /// <summary>As <see cref="FudgeValueText.FormatDateTime"/> with exact = false.</summary>
    public static bool TryFormat(FudgeDateTime value, Span<byte> destination, out int written)
    {
        if (!TryFormat(value.Date, destination, out written)) return false;
        if (value.Accuracy <= FudgeDateTimeAccuracy.Day) return true;
        destination[written] = (byte)'T';
        if (!TryFormat(value.Time, destination.Slice(written + 1), out int clock)) return false;
        written += 1 + clock;
        return true;
    }

    /// <summary>A non-negative number as exactly <paramref name="count"/> digits (it has no more), two at a time.</summary>
    private static void Digits(int value, int count, Span<byte> destination)
    {
        int i = count;
        while (i >= 2)
        {
            int pair = value % 100;
            value /= 100;
            destination[--i] = (byte)('0' + pair % 10);
            destination[--i] = (byte)('0' + pair / 10);
        }
        if (i == 1) destination[0] = (byte)('0' + value % 10);
    }
}
