using System;

namespace Fudge.Query;

/// <summary>
/// Dates and date-times as comparable instants: whole seconds from 1970-01-01 plus nanoseconds. A value with a time
/// zone is moved to UTC; a value without one is taken as UTC (Fudge cannot say which zone it meant). Pure arithmetic,
/// so hostile dates (years in the millions, month 15) compare without raising anything.
/// </summary>
internal static class QueryInstant
{
    /// <summary>Days from 1970-01-01 to the proleptic Gregorian date (Howard Hinnant's days_from_civil).</summary>
    public static long DaysFromCivil(long year, int month, int day)
    {
        year -= month <= 2 ? 1 : 0;
        long era = (year >= 0 ? year : year - 399) / 400;
        long yoe = year - era * 400;
        long mp = (month + 9) % 12;
        long doy = (153 * mp + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }

    public static long Seconds(FudgeDate date) => DaysFromCivil(date.Year, date.Month, date.Day) * 86400;

    public static void Of(FudgeDateTime value, out long seconds, out int nanoseconds)
    {
        seconds = Seconds(value.Date) + value.Time.SecondsSinceMidnight - (value.Time.TimeZoneOffsetQuarterHours ?? 0) * 900L;
        nanoseconds = value.Time.Nanoseconds;
    }

    /// <summary>
    /// Parses an ISO 8601 date (<c>2024-01-31</c>) or date-time (<c>2024-01-31T09:30</c>, seconds, up to nine fraction
    /// digits, and <c>Z</c> or <c>+hh:mm</c> optional) starting at <paramref name="start"/>. Returns the end index, or
    /// -1 when the text there is not one; <paramref name="hasTime"/> says which form was read.
    /// </summary>
    public static int TryParse(string text, int start, out FudgeDate date, out long seconds, out int nanoseconds, out bool hasTime)
    {
        date = default;
        seconds = 0;
        nanoseconds = 0;
        hasTime = false;
        int p = start;
        if (!Digits(text, ref p, 4, out int year) || !Char(text, ref p, '-') || !Digits(text, ref p, 2, out int month)
            || !Char(text, ref p, '-') || !Digits(text, ref p, 2, out int day))
            return -1;
        if (month is < 1 or > 12 || day < 1 || day > DateTime.DaysInMonth(year == 0 ? 2000 : year, month)) return -1;
        date = new FudgeDate(year, month, day);
        seconds = Seconds(date);
        if (p >= text.Length || text[p] != 'T') return p;
        p++;
        if (!Digits(text, ref p, 2, out int hour) || !Char(text, ref p, ':') || !Digits(text, ref p, 2, out int minute)) return -1;
        int second = 0;
        if (Char(text, ref p, ':') && !Digits(text, ref p, 2, out second)) return -1;
        if (hour > 23 || minute > 59 || second > 59) return -1;
        if (Char(text, ref p, '.'))
        {
            int digits = 0;
            while (p < text.Length && text[p] is >= '0' and <= '9')
            {
                if (++digits > 9) return -1;
                nanoseconds = nanoseconds * 10 + (text[p] - '0');
                p++;
            }
            if (digits == 0) return -1;
            for (int i = digits; i < 9; i++) nanoseconds *= 10;
        }
        int offsetMinutes = 0;
        if (Char(text, ref p, 'Z')) { }
        else if (p < text.Length && text[p] is '+' or '-')
        {
            int sign = text[p] == '-' ? -1 : 1;
            p++;
            if (!Digits(text, ref p, 2, out int oh) || !Char(text, ref p, ':') || !Digits(text, ref p, 2, out int om) || oh > 23 || om > 59) return -1;
            offsetMinutes = sign * (oh * 60 + om);
        }
        seconds += hour * 3600 + minute * 60 + second - offsetMinutes * 60L;
        hasTime = true;
        return p;
    }

    private static bool Digits(string text, ref int p, int count, out int value)
    {
        value = 0;
        if (p + count > text.Length) return false;
        for (int i = 0; i < count; i++)
        {
            char c = text[p + i];
            if (c is < '0' or > '9') return false;
            value = value * 10 + (c - '0');
        }
        p += count;
        return true;
    }

    private static bool Char(string text, ref int p, char c)
    {
        if (p >= text.Length || text[p] != c) return false;
        p++;
        return true;
    }
}
