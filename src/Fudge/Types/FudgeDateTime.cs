using System;

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
    // this conversion and then call the small span writes that follow instead of inlining them.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    public static FudgeDateTime FromDateTime(DateTime value, FudgeDateTimeAccuracy accuracy = FudgeDateTimeAccuracy.Nanosecond)
        => Convert(value, accuracy);

    /// <summary>
    /// Writes <paramref name="value"/> at nanosecond accuracy (as <see cref="FromDateTime"/> converts it) as a whole
    /// field: <paramref name="header"/>'s four bytes, the date and the time, 16 bytes big-endian. One call that stores
    /// its result, where <see cref="FromDateTime"/>'s 12-byte return went through the caller's stack (FudgeFieldRun).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal static void WriteField(Span<byte> destination, uint header, DateTime value)
    {
        var converted = Convert(value, FudgeDateTimeAccuracy.Nanosecond);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64BigEndian(destination, ((ulong)header << 32) | (uint)converted.Date.RawValue);
        System.Buffers.Binary.BinaryPrimitives.WriteInt64BigEndian(destination.Slice(8), converted.Time.RawValue);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static FudgeDateTime Convert(DateTime value, FudgeDateTimeAccuracy accuracy)
    {
        var kind = value.Kind; // read once: each read of the property decodes the kind bits again
        if (kind != DateTimeKind.Local && accuracy == FudgeDateTimeAccuracy.Nanosecond)
        {
            // The common case, taken by generated writers per field: the parts come from the ticks by arithmetic.
            // Ticks are never negative, so unsigned: a division by a constant is then a multiply and a shift, without
            // the sign corrections a signed one needs, on the chain every date-time written waits for.
            ulong ticks = (ulong)value.Ticks;
            ulong day = ticks / (ulong)TimeSpan.TicksPerDay;
            ulong timeOfDay = ticks - day * (ulong)TimeSpan.TicksPerDay;
            ulong seconds = timeOfDay / (ulong)TimeSpan.TicksPerSecond;
            int nanoseconds = (int)(timeOfDay - seconds * (ulong)TimeSpan.TicksPerSecond) * 100;
            var date = FudgeDate.FromDayNumber((int)day);
            return new FudgeDateTime(date, FudgeTime.FromParts((int)seconds, nanoseconds, FudgeDateTimeAccuracy.Nanosecond, kind == DateTimeKind.Utc ? 0 : null));
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
