using System;
using System.Buffers.Binary;
using System.Globalization;
using System.Threading;

namespace Fudge;

/// <summary>
/// A Fudge date (type 26, spec §9.1): a 23-bit signed year, a month (0 = none) and a day (0 = none), plus the
/// far-past and far-future markers (month 15, day 31). Values read from the wire are carried unchanged even when
/// they are not calendar dates; conversions to .NET types check.
/// </summary>
public readonly struct FudgeDate : IEquatable<FudgeDate>, IComparable<FudgeDate>
{
    /// <summary>Smallest year the wire can hold.</summary>
    public const int MinYear = -4_194_304;
    /// <summary>Largest year the wire can hold.</summary>
    public const int MaxYear = 4_194_303;

    private readonly int _raw;

    private FudgeDate(int raw) => _raw = raw;

    /// <summary>Creates a date; month and day may be 0 to leave them out.</summary>
    /// <exception cref="ArgumentOutOfRangeException">A part is outside what the wire can hold, or the date is not a real one.</exception>
    public FudgeDate(int year, int month, int day)
    {
        if (year < MinYear || year > MaxYear) throw new ArgumentOutOfRangeException(nameof(year), year, "Fudge years are 23-bit signed values.");
        if (month < 0 || month > 12) throw new ArgumentOutOfRangeException(nameof(month), month, "Months are 1..12, or 0 for none.");
        if (day < 0 || day > 31) throw new ArgumentOutOfRangeException(nameof(day), day, "Days are 1..31, or 0 for none.");
        if (day != 0 && month == 0) throw new ArgumentOutOfRangeException(nameof(day), day, "A day needs a month.");
        _raw = (year << 9) | (month << 5) | day;
    }

    /// <summary>The far-past marker (payload <c>80 00 01 FF</c>).</summary>
    public static FudgeDate MinValue { get; } = new(unchecked((int)0x800001FF));

    /// <summary>The far-future marker (payload <c>7F FF FF FF</c>).</summary>
    public static FudgeDate MaxValue { get; } = new(0x7FFFFFFF);

    /// <summary>The year; negative years are BC (1 BC is -1).</summary>
    public int Year => _raw >> 9;

    /// <summary>The month 1..12, 0 when absent (15 in the min/max markers).</summary>
    public int Month => (_raw >> 5) & 0xF;

    /// <summary>The day 1..31, 0 when absent.</summary>
    public int Day => _raw & 0x1F;

    /// <summary>True for either min/max marker.</summary>
    public bool IsMarker => Month == 15 && Day == 31;

    /// <summary>The 32-bit wire value.</summary>
    public int RawValue => _raw;

    /// <summary>Creates a date from its 32-bit wire value, unchecked.</summary>
    public static FudgeDate FromRawValue(int raw) => new(raw);

    /// <summary>Reads the 4-byte payload.</summary>
    public static FudgeDate ReadFrom(ReadOnlySpan<byte> source) => new(BinaryPrimitives.ReadInt32BigEndian(source));

    /// <summary>Writes the 4-byte payload.</summary>
    public void WriteTo(Span<byte> destination) => BinaryPrimitives.WriteInt32BigEndian(destination, _raw);

    /// <summary>
    /// True when this is a real calendar date in .NET's range (year 1..9999, month and day present) or one of the two
    /// markers; month 15 day 31 in any other year is neither.
    /// </summary>
    public bool IsConvertible => this == MinValue || this == MaxValue || TryGetDayNumber(out _);

    /// <summary>Converts to a midnight <see cref="DateTime"/> (markers map to <see cref="DateTime.MinValue"/>/<see cref="DateTime.MaxValue"/> dates).</summary>
    /// <exception cref="FudgeException">The value is not a calendar date .NET can represent.</exception>
    public DateTime ToDateTime() => new(DayNumber() * TimeSpan.TicksPerDay, DateTimeKind.Unspecified);

    /// <summary>Days from 0001-01-01 to this date (the markers: to the first and last dates .NET has).</summary>
    /// <exception cref="FudgeException">The value is not a calendar date .NET can represent.</exception>
    internal int DayNumber() => TryGetDayNumber(out int days) ? days : MarkerDayNumber();

    /// <summary>Days from 0001-01-01 to this date when it is a calendar date of years 1 to 9999 (not a marker).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal bool TryGetDayNumber(out int days) => TryGetDayNumber(_raw, out days);

    /// <summary>
    /// <see cref="TryGetDayNumber(out int)"/> of the date whose wire value is <paramref name="raw"/>: plain arithmetic in
    /// registers (three multiplications), with one branch that calendar dates all take the same way.
    /// </summary>
    /// <remarks>
    /// Generated readers convert a date per field. A cache of recent conversions (a 4 KB table) was tried here: in a
    /// large read, whose objects and bytes stream through the processor's caches, its lines were gone by the next
    /// date and each look-up waited on memory (13% of the 1 MB graph read's profile). The arithmetic is Neri and
    /// Schneider's: years that begin on 1 March (February, the odd month, comes last), so that neither the year's days
    /// nor the month's start need a leap test; only 29 February does, out of the way.
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static bool TryGetDayNumber(int raw, out int days)
    {
        int year = raw >> 9, month = (raw >> 5) & 0xF, day = raw & 0x1F;
        // The month's length in a common year (not short-circuited: these are data, not branches to predict).
        int length = 28 + (int)((MonthLengthsOver28 >> (2 * month)) & 3);
        if ((((uint)(year - 1) < 9999) & ((uint)(month - 1) < 12) & ((uint)(day - 1) < (uint)length)) || IsLeapDay(year, month, day))
        {
            uint march = month <= 2 ? 1u : 0u;
            uint y = (uint)year - march;                // whole years since 0000-03-01 (January and February: the year before)
            uint m = (uint)month + 12 * march;          // 3 (March) to 14 (February)
            uint century = y / 100;
            // 365.25 days a year less the centuries not divisible by 400, then the days from 1 March to the month's
            // first; 0001-01-01 is day 306 of the year that begins on 0000-03-01.
            days = (int)(1461 * y / 4 - century + century / 4 + (979 * m - 2919) / 32) + day - 1 - 306;
            return true;
        }
        days = 0;
        return false;
    }

    // 29 February of a leap year of 1 to 9999 (years divisible by 100 are leap years when divisible by 400, that is
    // by 16 too).
    private static bool IsLeapDay(int year, int month, int day)
        => month == 2 && day == 29 && (uint)(year - 1) < 9999 && (year & 3) == 0 && (year % 100 != 0 || (year & 15) == 0);

    // Each month's length less 28, two bits a month from bit 2 (January) to bit 24 (December); February's leap day is
    // added apart. Month 0 and 13-15 read bits no calendar date uses (the range test refuses them).
    private const uint MonthLengthsOver28 = (3u << 2) | (0u << 4) | (3u << 6) | (2u << 8) | (3u << 10) | (2u << 12) | (3u << 14)
        | (3u << 16) | (2u << 18) | (3u << 20) | (2u << 22) | (3u << 24);

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private int MarkerDayNumber()
    {
        if (this == MinValue) return 0;
        if (this == MaxValue) return (int)(DateTime.MaxValue.Ticks / TimeSpan.TicksPerDay);
        throw new FudgeException($"The Fudge date {this} is not a calendar date that .NET can represent.");
    }

    /// <summary>Converts a <see cref="DateTime"/>'s date; the min and max dates become the markers.</summary>
    public static FudgeDate FromDateTime(DateTime value) => FromDayNumber((int)(value.Ticks / TimeSpan.TicksPerDay));

    /// <summary>The date <paramref name="dayNumber"/> days after 0001-01-01 (0 and .NET's last day become the markers).</summary>
    internal static FudgeDate FromDayNumber(int dayNumber) => new(RawFromDayNumber(dayNumber));

    /// <summary>
    /// The wire value of <see cref="FromDayNumber"/>'s date, for a day number of .NET's range (0 to its last day): one
    /// load and one compare when the day was converted recently.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static int RawFromDayNumber(int dayNumber) => TryGetRecentRaw(dayNumber, out int raw) ? raw : RawFromDayNumberMissed(dayNumber);

    /// <summary>
    /// True, with the wire value of day <paramref name="dayNumber"/>'s date (0 to .NET's last day), when the day was
    /// converted recently: one load and one compare. False otherwise; <see cref="RawFromDayNumber"/> then converts it.
    /// </summary>
    /// <remarks>
    /// Serialized dates cluster (a day's trades, ten years of maturities): the last date converted for each day of a
    /// window of <see cref="RecentDaySlots"/> days (about eleven years) is kept, so a repeated day costs one load instead of the calendar arithmetic's chain of dependent
    /// multiplications. Entries are one 64-bit word, day and date together, so that a thread racing another reads a
    /// whole entry or misses; only where such reads are atomic (64-bit processes) is it used. An entry holds its day
    /// plus one, so that a zeroed entry matches no day; the markers' days are kept like any other, so the common case
    /// has no test for them.
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static bool TryGetRecentRaw(int dayNumber, out int raw)
    {
        if (IntPtr.Size == 8)
        {
            long entry = Volatile.Read(ref RecentDays[dayNumber & (RecentDays.Length - 1)]);
            raw = (int)entry;
            return (int)(entry >> 32) == dayNumber + 1;
        }
        raw = 0;
        return false;
    }

    /// <summary>
    /// <see cref="RawFromDayNumber"/> by the calendar arithmetic (or a marker), kept in the table for the next time: for
    /// callers that have just missed it.
    /// </summary>
    // Not inlined: the calendar arithmetic stays out of the callers' code, which repeated days never run.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal static int RawFromDayNumberMissed(int dayNumber)
    {
        int raw = dayNumber == 0 ? MinValue._raw : dayNumber == LastDayNumber ? MaxValue._raw : Compute(dayNumber)._raw;
        if (IntPtr.Size == 8) Volatile.Write(ref RecentDays[dayNumber & (RecentDays.Length - 1)], ((long)(dayNumber + 1) << 32) | (uint)raw);
        return raw;
    }

    /// <summary>
    /// Days kept by the table of recent conversions; days this far apart share a slot. 4,096 (32 KB): with 512, a
    /// portfolio's maturities over ten years took the slots of its trade dates, and 30% of the 1 MB graph's dates were
    /// computed again (the 1 MB graph serialize went from 1.35x to 1.21x MemoryPack's time: whole-graph.md).
    /// </summary>
    internal const int RecentDaySlots = 4096;

    // Allocated as it is (no helper) so that the runtime can place it where the JIT takes its address as a constant.
    private static readonly long[] RecentDays = new long[RecentDaySlots];

    private static FudgeDate Compute(int dayNumber)
    {
        // Generated writers convert a date per field, so this is the Neri-Schneider computational calendar: years
        // that begin on 1 March (February, the odd month, comes last), centuries, years of the century and month
        // starts found by multiplying and shifting, with three divisions by constants in all.
        uint n1 = 4 * (uint)(dayNumber + 306) + 3;      // days since 0000-03-01, scaled
        uint century = n1 / 146097;
        uint n2 = (n1 % 146097) | 3;                     // 4 * day of the century + 3
        uint yearOfCentury = n2 / 1461;
        uint dayOfYear = n2 % 1461 / 4;                  // from 1 March
        uint n3 = 2141 * dayOfYear + 197913;
        int month = (int)(n3 >> 16);                     // 3..14
        int day = (int)((n3 & 0xFFFF) / 2141) + 1;
        int year = (int)(100 * century + yearOfCentury);
        if (dayOfYear >= 306)                            // January and February belong to the next calendar year
        {
            year++;
            month -= 12;
        }
        return new FudgeDate((year << 9) | (month << 5) | day);
    }

    private const int LastDayNumber = (int)(3155378975999999999L / TimeSpan.TicksPerDay); // DateTime.MaxValue's day

#if NET6_0_OR_GREATER
    /// <summary>Converts to <see cref="DateOnly"/> (markers map to <see cref="DateOnly.MinValue"/>/<see cref="DateOnly.MaxValue"/>).</summary>
    public DateOnly ToDateOnly() => DateOnly.FromDayNumber(DayNumber());

    /// <summary>Converts a <see cref="DateOnly"/>; its min and max become the markers.</summary>
    public static FudgeDate FromDateOnly(DateOnly value) => FromDayNumber(value.DayNumber);

    /// <summary>Converts a <see cref="DateOnly"/>.</summary>
    public static implicit operator FudgeDate(DateOnly value) => FromDateOnly(value);
#endif

    /// <inheritdoc/>
    public bool Equals(FudgeDate other) => _raw == other._raw;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeDate other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => _raw;

    /// <inheritdoc/>
    public int CompareTo(FudgeDate other) => _raw.CompareTo(other._raw);

    /// <summary>Equality.</summary>
    public static bool operator ==(FudgeDate left, FudgeDate right) => left._raw == right._raw;

    /// <summary>Inequality.</summary>
    public static bool operator !=(FudgeDate left, FudgeDate right) => left._raw != right._raw;

    /// <summary>
    /// RFC 3339 style text: <c>2010-03-04</c>, <c>2010-03</c> without a day, <c>2010</c> without a month; years
    /// outside 0..9999 take ISO 8601's expanded form, a sign and at least four digits (<c>-0001-12-31</c>,
    /// <c>-0044-03-15</c>, <c>+10000</c>, <c>-3000000</c>); markers are <c>min</c> and <c>max</c>.
    /// </summary>
    public override string ToString()
    {
        if (this == MinValue) return "min";
        if (this == MaxValue) return "max";
        string year = Year is >= 0 and <= 9999 ? Year.ToString("D4", CultureInfo.InvariantCulture) : Year.ToString("+0000;-0000", CultureInfo.InvariantCulture);
        if (Month == 0 && Day == 0) return year;
        if (Day == 0) return year + "-" + Month.ToString("D2", CultureInfo.InvariantCulture);
        return year + "-" + Month.ToString("D2", CultureInfo.InvariantCulture) + "-" + Day.ToString("D2", CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// Parses the text written by <see cref="ToString"/> (a signed year may also have fewer than four digits, as
    /// earlier versions of this library wrote them: <c>-1-12-31</c>); also takes a raw form <c>raw:0x...</c> for invalid dates.
    /// </summary>
    public static bool TryParse(string text, out FudgeDate value)
    {
        value = default;
        text = text.Trim();
        if (text == "min") { value = MinValue; return true; }
        if (text == "max") { value = MaxValue; return true; }
        if (text.StartsWith("raw:0x", StringComparison.Ordinal))
        {
            if (!int.TryParse(text.Substring(6), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out int raw)) return false;
            value = new FudgeDate(raw);
            return true;
        }
        int start = text.StartsWith("-", StringComparison.Ordinal) || text.StartsWith("+", StringComparison.Ordinal) ? 1 : 0;
        var parts = text.Substring(start).Split('-');
        if (parts.Length is < 1 or > 3) return false;
        if (!int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int year)) return false;
        if (start == 1 && text[0] == '-') year = -year;
        int month = 0, day = 0;
        if (parts.Length > 1 && !int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out month)) return false;
        if (parts.Length > 2 && !int.TryParse(parts[2], NumberStyles.None, CultureInfo.InvariantCulture, out day)) return false;
        if (year < MinYear || year > MaxYear || month > 12 || day > 31 || (day != 0 && month == 0)) return false;
        value = new FudgeDate(year, month, day);
        return true;
    }

    /// <summary>Text that round-trips exactly, even for values that are not valid dates.</summary>
    public string ToRoundTripString()
    {
        if (this == MinValue || this == MaxValue) return ToString();
        bool valid = Year >= MinYear && Month <= 12 && !(Month == 0 && Day != 0);
        return valid ? ToString() : "raw:0x" + _raw.ToString("x8", CultureInfo.InvariantCulture);
    }
}
