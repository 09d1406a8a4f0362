using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

/// <summary>A Fudge date-time (type 28, spec §9.3): a <see cref="FudgeDate"/> followed by a <see cref="FudgeTime"/>.</summary>
public readonly struct FudgeDateTime : IEquatable<FudgeDateTime>
{
    /// <summary>Creates a date-time from its parts; the accuracy of the whole is the time's.</summary>
    public FudgeDateTime(FudgeDate date, FudgeTime time)
    {
        Date = date;
        Time = time;
    }

    /// <summary>A date-time of day accuracy: midnight, no zone.</summary>
    public FudgeDateTime(FudgeDate date)
    {
        Date = date;
        Time = new FudgeTime(0, 0, FudgeDateTimeAccuracy.Day);
    }

    /// <summary>The date part.</summary>
    public FudgeDate Date { get; }

    /// <summary>The time part.</summary>
    public FudgeTime Time { get; }

    /// <summary>The accuracy of the whole value (0..10; 11..15 only for a value read from the wire that carries one).</summary>
    public FudgeDateTimeAccuracy Accuracy => Time.Accuracy;

    /// <summary>
    /// Converts a <see cref="DateTime"/> at nanosecond accuracy: <see cref="DateTimeKind.Utc"/> gets offset 0,
    /// <see cref="DateTimeKind.Local"/> the local offset at that instant, <see cref="DateTimeKind.Unspecified"/> no zone.
    /// <see cref="DateTime.MinValue"/> and <see cref="DateTime.MaxValue"/> keep their time but use the date markers.
    /// </summary>
    // Not inlined: callers such as the generated writers' date-time helper would spend the JIT's inlining budget on
    // this conversion and then call the small span writes that follow instead of inlining them. A leaf in the common
    // case (see WriteField), everything else one call away.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    public static FudgeDateTime FromDateTime(DateTime value, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond)
    {
        var kind = value.Kind; // read once: each read of the property decodes the kind bits again
        ulong ticks = (ulong)value.Ticks;
        uint day = (uint)(ticks / (ulong)TimeSpan.TicksPerDay);
        if (kind == DateTimeKind.Local || accuracy != FudgeDateTimeAccuracy.Nanosecond || !FudgeDate.TryGetRecentRaw((int)day, out int date))
            return Convert(value, accuracy);
        return new FudgeDateTime(FudgeDate.FromRawValue(date), FudgeTime.FromRawValue(TimeWireValue(ticks, day, kind == DateTimeKind.Utc)));
    }

    /// <summary>
    /// Writes <paramref name="value"/> at nanosecond accuracy (as <see cref="FromDateTime"/> converts it) as a whole
    /// field at <paramref name="destination"/>, which must have 16 bytes of room (FudgeFieldRun takes them first):
    /// <paramref name="header"/>'s four bytes, the date and the time, big-endian.
    /// </summary>
    /// <remarks>
    /// Generated writers convert a date-time per field (issue 42: a third of the 1 KB graph's writer floor). So this
    /// is a leaf in the common case, a UTC or unspecified time on a day converted recently: no call, and so nothing
    /// saved and restored around one (the call that converted every value before pushed six registers); the rest
    /// (a local time, a day to compute) is one call out of the way. The day and the whole seconds are both divided out
    /// of the ticks, side by side, and the second of the day and the nanoseconds are each one multiplication and one
    /// subtraction from them (in 32 bits: the results are below 2^32, so the wrapped products subtract right), where
    /// the seconds were divided out of what the day left, one chain.
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal static void WriteField(ref byte destination, uint header, DateTime value)
    {
        var kind = value.Kind;
        ulong ticks = (ulong)value.Ticks;
        uint day = (uint)(ticks / (ulong)TimeSpan.TicksPerDay);
        if (kind == DateTimeKind.Local || !FudgeDate.TryGetRecentRaw((int)day, out int date))
        {
            WriteConvertedField(ref destination, header, value);
            return;
        }
        long time = TimeWireValue(ticks, day, kind == DateTimeKind.Utc);
        StoreField(ref destination, header, date, time);
    }

    // WriteField's other cases: a day the table did not hold, converted and kept for the next time with one call (a
    // large graph's dates miss often: the 1 MB portfolio's date-times one in seven), or a local time, converted as
    // FromDateTime converts it.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void WriteConvertedField(ref byte destination, uint header, DateTime value)
    {
        var kind = value.Kind;
        if (kind == DateTimeKind.Local)
        {
            var converted = FromDateTime(value);
            StoreField(ref destination, header, converted.Date.RawValue, converted.Time.RawValue);
            return;
        }
        ulong ticks = (ulong)value.Ticks;
        uint day = (uint)(ticks / (ulong)TimeSpan.TicksPerDay);
        StoreField(ref destination, header, FudgeDate.RawFromDayNumberMissed((int)day), TimeWireValue(ticks, day, kind == DateTimeKind.Utc));
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static void StoreField(ref byte destination, uint header, int date, long time)
    {
        ulong first = ((ulong)header << 32) | (uint)date;
        Unsafe.WriteUnaligned(ref destination, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(first) : first);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 8), BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(time) : time);
    }

    /// <summary>
    /// The time's wire value for <paramref name="ticks"/> on day <paramref name="day"/> (their quotient by a day's
    /// ticks) at nanosecond accuracy: offset 0 when <paramref name="utc"/>, no zone otherwise.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static long TimeWireValue(ulong ticks, uint day, bool utc)
    {
        ulong seconds = ticks / (ulong)TimeSpan.TicksPerSecond; // beside the day's division, not after it
        uint secondOfDay = (uint)seconds - day * 86_400;
        uint nanoseconds = (uint)ticks * 100 - (uint)seconds * 1_000_000_000;
        // The zone byte (0 for UTC, -128 for none), then accuracy 10 (nanosecond) in bits 20-23, then the seconds.
        uint high = (utc ? 0u : 0x8000_0000u) | ((uint)FudgeDateTimeAccuracy.Nanosecond << 20) | secondOfDay;
        return (long)(((ulong)high << 32) | nanoseconds);
    }

    // FromDateTime's other cases: a day to convert, a local time, another accuracy.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static FudgeDateTime Convert(DateTime value, FudgeDateTimeAccuracy accuracy)
    {
        var kind = value.Kind;
        if (kind != DateTimeKind.Local && accuracy == FudgeDateTimeAccuracy.Nanosecond)
        {
            // The parts by arithmetic. Ticks are never negative, so unsigned: a division by a constant is then a
            // multiply-high and a shift, without the sign corrections a signed one needs.
            ulong ticks = (ulong)value.Ticks;
            uint day = (uint)(ticks / (ulong)TimeSpan.TicksPerDay);
            // FromDateTime has just missed the day in the table: converted and kept without asking it again.
            return new FudgeDateTime(FudgeDate.FromRawValue(FudgeDate.RawFromDayNumberMissed((int)day)), FudgeTime.FromRawValue(TimeWireValue(ticks, day, kind == DateTimeKind.Utc)));
        }
        int? quarters = kind switch
        {
            DateTimeKind.Utc => 0,
            DateTimeKind.Local => QuarterHours(TimeZoneInfo.Local.GetUtcOffset(value)),
            _ => null,
        };
        return new FudgeDateTime(FudgeDate.FromDateTime(value), FudgeTime.FromTimeOfDay(value.TimeOfDay, accuracy, quarters));
    }

    /// <summary>Converts a <see cref="DateTimeOffset"/>; its offset must be a whole number of quarter hours.</summary>
    public static FudgeDateTime FromDateTimeOffset(DateTimeOffset value, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond)
        => new(FudgeDate.FromDateTime(value.DateTime), FudgeTime.FromTimeOfDay(value.TimeOfDay, accuracy, QuarterHours(value.Offset)));

    private static int QuarterHours(TimeSpan offset)
    {
        if (offset.Ticks % TimeSpan.FromMinutes(15).Ticks != 0)
            throw new ArgumentException($"Fudge time-zone offsets are whole quarter hours; {offset} is not.");
        return (int)(offset.Ticks / TimeSpan.FromMinutes(15).Ticks);
    }

    /// <summary>
    /// Converts to <see cref="DateTime"/>: no zone gives <see cref="DateTimeKind.Unspecified"/> wall-clock time, a zone
    /// gives the <see cref="DateTimeKind.Utc"/> instant. Nanoseconds are truncated to 100 ns ticks.
    /// </summary>
    /// <exception cref="FudgeException">The date is not representable by <see cref="DateTime"/>.</exception>
    public DateTime ToDateTime()
    {
        var local = LocalDateTime();
        if (Time.UtcOffset is not TimeSpan offset) return local;
        long utcTicks = local.Ticks - offset.Ticks;
        if (utcTicks < DateTime.MinValue.Ticks || utcTicks > DateTime.MaxValue.Ticks) return DateTime.SpecifyKind(local, DateTimeKind.Utc);
        return new DateTime(utcTicks, DateTimeKind.Utc);
    }

    /// <summary>Converts to <see cref="DateTimeOffset"/>; a value without a zone is taken as UTC.</summary>
    /// <exception cref="FudgeException">
    /// The date is not representable, the offset is beyond the ±14 hours <see cref="DateTimeOffset"/> allows, or the
    /// instant falls outside its range.
    /// </exception>
    public DateTimeOffset ToDateTimeOffset()
    {
        var local = LocalDateTime();
        var offset = Time.UtcOffset ?? TimeSpan.Zero;
        if (offset.Duration() > MaxOffset) throw new FudgeException($"The zone offset {offset} of {this} is beyond the ±14 hours a DateTimeOffset can carry.");
        long utcTicks = local.Ticks - offset.Ticks;
        if (utcTicks < DateTime.MinValue.Ticks || utcTicks > DateTime.MaxValue.Ticks)
            throw new FudgeException($"The instant {this} is outside the range of DateTimeOffset.");
        return new DateTimeOffset(local, offset);
    }

    private static readonly TimeSpan MaxOffset = TimeSpan.FromHours(14);

    /// <summary>The wall-clock date and time; a time read from the wire may hold up to 36 hours, so the sum is checked.</summary>
    /// <summary>
    /// <see cref="ToDateTime"/> without its exceptions, for calendar dates of years 1 to 9999 whose instant .NET can
    /// hold; false for everything else (markers included), which <see cref="ToDateTime"/> then decides.
    /// </summary>
    // Inlined: generated readers convert a date-time per field, and the call (the value spilled to the stack, five
    // registers saved) cost as much as the conversion.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal bool TryToDateTime(out DateTime value)
    {
        if (Date.TryGetDayNumber(out int days))
        {
            long ticks = days * TimeSpan.TicksPerDay + TimeOfDayTicks;
            if (Time.TimeZoneOffsetQuarterHours is not int quarters)
            {
                if (ticks <= MaxTicks)
                {
                    value = new DateTime(ticks, DateTimeKind.Unspecified);
                    return true;
                }
            }
            else
            {
                long utcTicks = ticks - quarters * 15 * TimeSpan.TicksPerMinute;
                if (ticks <= MaxTicks && utcTicks >= 0 && utcTicks <= MaxTicks)
                {
                    value = new DateTime(utcTicks, DateTimeKind.Utc);
                    return true;
                }
            }
        }
        value = default;
        return false;
    }

    private const long MaxTicks = 3155378975999999999L; // DateTime.MaxValue.Ticks, a constant to the JIT

    /// <summary>The time of day in 100 ns ticks (nanoseconds truncated); a time read from the wire may hold up to 36 hours.</summary>
    private long TimeOfDayTicks => Time.SecondsSinceMidnight * TimeSpan.TicksPerSecond + (uint)Time.Nanoseconds / 100; // 30 bits: unsigned

    private DateTime LocalDateTime()
    {
        long ticks = Date.DayNumber() * TimeSpan.TicksPerDay + TimeOfDayTicks;
        if (ticks > DateTime.MaxValue.Ticks) throw AfterLastInstant();
        return new DateTime(ticks, DateTimeKind.Unspecified);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private FudgeException AfterLastInstant() => new($"The Fudge date-time {this} is after the last instant .NET can represent.");

    /// <inheritdoc/>
    public bool Equals(FudgeDateTime other) => Date == other.Date && Time == other.Time;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeDateTime other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => Date.GetHashCode() * 397 ^ Time.GetHashCode();

    /// <summary>Equality.</summary>
    public static bool operator ==(FudgeDateTime left, FudgeDateTime right) => left.Equals(right);

    /// <summary>Inequality.</summary>
    public static bool operator !=(FudgeDateTime left, FudgeDateTime right) => !left.Equals(right);

    /// <summary>RFC 3339 text plus accuracy: <c>2010-03-04T11:12:13.987654321Z nanosecond</c> (Z is written as +00:00).</summary>
    public override string ToString() => Date.ToRoundTripString() + "T" + Time.FormatClock() + " " + Accuracy.ToString().ToLowerInvariant();

    /// <summary>Parses <see cref="ToString"/>'s form (accuracy word optional).</summary>
    public static bool TryParse(string text, out FudgeDateTime value)
    {
        value = default;
        var parts = text.Trim().Split(' ');
        var accuracy = FudgeDateTimeAccuracy.Nanosecond;
        if (parts.Length == 2 && !FudgeTime.TryParseAccuracy(parts[1], out accuracy)) return false;
        if (parts.Length > 2) return false;
        int t = parts[0].IndexOf('T');
        if (t < 0) return false;
        if (!FudgeDate.TryParse(parts[0].Substring(0, t), out var date)) return false;
        if (!FudgeTime.TryParseClock(parts[0].Substring(t + 1), accuracy, out var time)) return false;
        value = new FudgeDateTime(date, time);
        return true;
    }
}
