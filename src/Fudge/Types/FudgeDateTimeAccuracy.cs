namespace Fudge;

/// <summary>The accuracy nibble of Fudge times and date-times (spec §9.2); larger is finer.</summary>
public enum FudgeDateTimeAccuracy : byte
{
    /// <summary>Only the millennium is meaningful.</summary>
    Millennium = 0,
    /// <summary>Only the century is meaningful.</summary>
    Century = 1,
    /// <summary>Only the year is meaningful.</summary>
    Year = 2,
    /// <summary>Year and month.</summary>
    Month = 3,
    /// <summary>A calendar day.</summary>
    Day = 4,
    /// <summary>Hours.</summary>
    Hour = 5,
    /// <summary>Minutes.</summary>
    Minute = 6,
    /// <summary>Seconds.</summary>
    Second = 7,
    /// <summary>Milliseconds.</summary>
    Millisecond = 8,
    /// <summary>Microseconds.</summary>
    Microsecond = 9,
    /// <summary>Nanoseconds.</summary>
    Nanosecond = 10,
}
