using System;
using System.Buffers.Binary;
using System.Globalization;

namespace Fudge;

/// <summary>
/// A Fudge time of day (type 27, spec §9.2): seconds since midnight, nanoseconds, an accuracy, and an optional
/// time-zone offset in quarter hours. The clock values are local wall-clock time at that offset.
/// </summary>
/// <remarks>
/// The accuracy nibble has 16 values but the spec defines 0..10 (<see cref="FudgeDateTimeAccuracy"/>), and Fudge-Java
/// throws on 11..15 while reading and loses the whole envelope; so the constructors refuse them. A time read from the
/// wire is kept as it came, whatever its nibble: <see cref="Accuracy"/> then returns the undefined value (11..15),
/// re-encoding gives the same bytes, and the exact text forms carry it as <c>raw:0x</c> followed by the bits.
/// </remarks>
public readonly struct FudgeTime : IEquatable<FudgeTime>
{
    private const sbyte NoZone = -128;
    private readonly uint _hi;
    private readonly uint _lo;

    private FudgeTime(uint hi, uint lo)
    {
        _hi = hi;
        _lo = lo;
    }

    /// <summary>Creates a time.</summary>
    /// <param name="secondsSinceMidnight">0..86399.</param>
    /// <param name="nanoseconds">0..999,999,999.</param>
    /// <param name="accuracy">How much of the value is meaningful: a defined <see cref="FudgeDateTimeAccuracy"/> (0..10).</param>
    /// <param name="timeZoneOffsetQuarterHours">Offset from UTC in 15-minute units (-127..127), or null for none.</param>
    /// <exception cref="ArgumentOutOfRangeException">A part is out of range, or the accuracy is not one the spec defines (11..15 included).</exception>
    public FudgeTime(int secondsSinceMidnight, int nanoseconds, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond, int? timeZoneOffsetQuarterHours = null)
    {
        if (secondsSinceMidnight is < 0 or > 86399) throw new ArgumentOutOfRangeException(nameof(secondsSinceMidnight));
        if (nanoseconds is < 0 or > 999_999_999) throw new ArgumentOutOfRangeException(nameof(nanoseconds));
        if ((byte)accuracy > (byte)FudgeDateTimeAccuracy.Nanosecond)
            throw new ArgumentOutOfRangeException(nameof(accuracy), accuracy, "Fudge accuracies are 0 (millennium) to 10 (nanosecond); 11..15 are undefined and Fudge-Java cannot read them.");
        if (timeZoneOffsetQuarterHours is < -127 or > 127) throw new ArgumentOutOfRangeException(nameof(timeZoneOffsetQuarterHours));
        sbyte tz = timeZoneOffsetQuarterHours.HasValue ? (sbyte)timeZoneOffsetQuarterHours.Value : NoZone;
        _hi = ((uint)(byte)tz << 24) | ((uint)accuracy << 20) | (uint)secondsSinceMidnight;
        _lo = (uint)nanoseconds;
    }

    /// <summary>Creates a time from hours, minutes, seconds and nanoseconds.</summary>
    public FudgeTime(int hour, int minute, int second, int nanoseconds, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond, int? timeZoneOffsetQuarterHours = null)
        : this(CheckClock(hour, minute, second), nanoseconds, accuracy, timeZoneOffsetQuarterHours)
    {
    }

    private static int CheckClock(int hour, int minute, int second)
    {
        if (hour is < 0 or > 23) throw new ArgumentOutOfRangeException(nameof(hour));
        if (minute is < 0 or > 59) throw new ArgumentOutOfRangeException(nameof(minute));
        if (second is < 0 or > 59) throw new ArgumentOutOfRangeException(nameof(second));
        return hour * 3600 + minute * 60 + second;
    }

    /// <summary>Seconds since midnight (17 bits on the wire).</summary>
    public int SecondsSinceMidnight => (int)(_hi & 0x1FFFF);

    /// <summary>Nanoseconds within the second (30 bits on the wire).</summary>
    public int Nanoseconds => (int)(_lo & 0x3FFFFFFF);

    /// <summary>The accuracy nibble: a defined value, or 11..15 for a time read from the wire that carries one (see remarks).</summary>
    public FudgeDateTimeAccuracy Accuracy => (FudgeDateTimeAccuracy)((_hi >> 20) & 0xF);

    /// <summary>Offset from UTC in quarter hours, or null when the time has no zone.</summary>
    public int? TimeZoneOffsetQuarterHours => (sbyte)(_hi >> 24) == NoZone ? null : (sbyte)(_hi >> 24);

    /// <summary>Offset from UTC, or null when the time has no zone.</summary>
    public TimeSpan? UtcOffset => TimeZoneOffsetQuarterHours is int q ? TimeSpan.FromMinutes(q * 15) : null;

    /// <summary>Hours 0..23.</summary>
    public int Hour => SecondsSinceMidnight / 3600;

    /// <summary>Minutes 0..59.</summary>
    public int Minute => SecondsSinceMidnight / 60 % 60;

    /// <summary>Seconds 0..59.</summary>
    public int Second => SecondsSinceMidnight % 60;

    /// <summary>The time of day as a <see cref="TimeSpan"/> (nanoseconds truncated to 100 ns ticks).</summary>
    public TimeSpan TimeOfDay => TimeSpan.FromTicks(SecondsSinceMidnight * TimeSpan.TicksPerSecond + Nanoseconds / 100);

    /// <summary>Reads the 8-byte payload.</summary>
    public static FudgeTime ReadFrom(ReadOnlySpan<byte> source)
        => new(BinaryPrimitives.ReadUInt32BigEndian(source), BinaryPrimitives.ReadUInt32BigEndian(source.Slice(4)));

    /// <summary>Writes the 8-byte payload.</summary>
    public void WriteTo(Span<byte> destination)
    {
        BinaryPrimitives.WriteUInt32BigEndian(destination, _hi);
        BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(4), _lo);
    }

    /// <summary>The raw 64-bit wire value.</summary>
    public long RawValue => (long)((ulong)_hi << 32 | _lo);

    /// <summary>
    /// Creates a time from its raw 64-bit wire value, unchecked (values from the wire are carried as they are, even an
    /// undefined accuracy 11..15).
    /// </summary>
    public static FudgeTime FromRawValue(long raw) => new((uint)((ulong)raw >> 32), (uint)raw);

    /// <summary>A time from a <see cref="TimeSpan"/> of day (0 to 24 h exclusive).</summary>
    public static FudgeTime FromTimeOfDay(TimeSpan timeOfDay, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond, int? timeZoneOffsetQuarterHours = null)
    {
        if (timeOfDay < TimeSpan.Zero || timeOfDay.Ticks >= TimeSpan.TicksPerDay) throw new ArgumentOutOfRangeException(nameof(timeOfDay));
        return new FudgeTime((int)(timeOfDay.Ticks / TimeSpan.TicksPerSecond), (int)(timeOfDay.Ticks % TimeSpan.TicksPerSecond) * 100, accuracy, timeZoneOffsetQuarterHours);
    }

#if NET6_0_OR_GREATER
    /// <summary>Converts a <see cref="TimeOnly"/> (no zone, nanosecond accuracy by default).</summary>
    public static FudgeTime FromTimeOnly(TimeOnly value, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond)
        => FromTimeOfDay(value.ToTimeSpan(), accuracy);

    /// <summary>Converts to a <see cref="TimeOnly"/> (the zone is dropped, nanoseconds truncated to ticks).</summary>
    public TimeOnly ToTimeOnly()
    {
        if (SecondsSinceMidnight > 86399 || Nanoseconds > 999_999_999) throw new FudgeException($"The Fudge time {this} is not a valid time of day.");
        return new TimeOnly(TimeOfDay.Ticks);
    }
#endif

    /// <inheritdoc/>
    public bool Equals(FudgeTime other) => _hi == other._hi && _lo == other._lo;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeTime other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => (int)(_hi * 31 ^ _lo);

    /// <summary>Equality.</summary>
    public static bool operator ==(FudgeTime left, FudgeTime right) => left.Equals(right);

    /// <summary>Inequality.</summary>
    public static bool operator !=(FudgeTime left, FudgeTime right) => !left.Equals(right);

    /// <summary>
    /// RFC 3339 partial-time with nine fraction digits and the offset when present, plus the accuracy:
    /// <c>11:12:13.987654321+01:00 nanosecond</c>.
    /// </summary>
    public override string ToString() => FormatClock() + " " + Accuracy.ToString().ToLowerInvariant();

    internal string FormatClock()
    {
        int s = SecondsSinceMidnight;
        string clock = (s / 3600).ToString("D2", CultureInfo.InvariantCulture) + ":" + (s / 60 % 60).ToString("D2", CultureInfo.InvariantCulture)
            + ":" + (s % 60).ToString("D2", CultureInfo.InvariantCulture) + "." + Nanoseconds.ToString("D9", CultureInfo.InvariantCulture);
        if (TimeZoneOffsetQuarterHours is int q)
        {
            int minutes = Math.Abs(q) * 15;
            clock += (q < 0 ? "-" : "+") + (minutes / 60).ToString("D2", CultureInfo.InvariantCulture) + ":" + (minutes % 60).ToString("D2", CultureInfo.InvariantCulture);
        }
        return clock;
    }

    /// <summary>Parses <see cref="ToString"/>'s form (the accuracy word is optional, nanosecond by default).</summary>
    public static bool TryParse(string text, out FudgeTime value)
    {
        value = default;
        var parts = text.Trim().Split(' ');
        var accuracy = FudgeDateTimeAccuracy.Nanosecond;
        if (parts.Length == 2 && !TryParseAccuracy(parts[1], out accuracy)) return false;
        if (parts.Length > 2) return false;
        return TryParseClock(parts[0], accuracy, out value);
    }

    internal static bool TryParseAccuracy(string text, out FudgeDateTimeAccuracy accuracy)
    {
        if (Enum.TryParse(text, ignoreCase: true, out accuracy) && Enum.IsDefined(typeof(FudgeDateTimeAccuracy), accuracy)) return true;
        // Only defined accuracies parse: a time with an undefined one is written (and read back) in its raw:0x form.
        if (byte.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out byte raw) && raw <= (byte)FudgeDateTimeAccuracy.Nanosecond) { accuracy = (FudgeDateTimeAccuracy)raw; return true; }
        return false;
    }

    internal static bool TryParseClock(string clock, FudgeDateTimeAccuracy accuracy, out FudgeTime value)
    {
        value = default;
        int? quarters = null;
        int zoneAt = Math.Max(clock.LastIndexOf('+'), clock.LastIndexOf('-'));
        string main = clock;
        if (clock.EndsWith("Z", StringComparison.Ordinal)) { quarters = 0; main = clock.Substring(0, clock.Length - 1); }
        else if (zoneAt > 0)
        {
            main = clock.Substring(0, zoneAt);
            var zone = clock.Substring(zoneAt + 1).Split(':');
            if (zone.Length != 2 || !int.TryParse(zone[0], NumberStyles.None, CultureInfo.InvariantCulture, out int zh)
                || !int.TryParse(zone[1], NumberStyles.None, CultureInfo.InvariantCulture, out int zm)) return false;
            // Bounded before multiplying: a huge hour count must not wrap around into a plausible offset.
            if (zh > 99 || zm > 59) return false;
            int minutes = zh * 60 + zm;
            if (minutes % 15 != 0 || minutes / 15 > 127) return false;
            quarters = (clock[zoneAt] == '-' ? -1 : 1) * minutes / 15;
        }
        var hms = main.Split(':');
        if (hms.Length != 3) return false;
        var secParts = hms[2].Split('.');
        if (!int.TryParse(hms[0], NumberStyles.None, CultureInfo.InvariantCulture, out int h) || h > 23
            || !int.TryParse(hms[1], NumberStyles.None, CultureInfo.InvariantCulture, out int m) || m > 59
            || !int.TryParse(secParts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int s) || s > 59) return false;
        int nanos = 0;
        if (secParts.Length == 2)
        {
            string frac = secParts[1];
            if (frac.Length is 0 or > 9 || !int.TryParse(frac.PadRight(9, '0'), NumberStyles.None, CultureInfo.InvariantCulture, out nanos)) return false;
        }
        else if (secParts.Length > 2) return false;
        value = new FudgeTime(h * 3600 + m * 60 + s, nanos, accuracy, quarters);
        return true;
    }
}
