using System;
using System.Collections.Generic;
using Fudge.Serialization;

// The .NET side of the beans in tests/interop/java-objects (package com.acme.trading): ordinary [FudgeMessage] types
// whose namespace is mapped to that package, so they take Fudge-Java's object mapping with no attribute per member.
[assembly: FudgeJavaPackage("Fudge.Generators.Tests.JavaObjects", "com.acme.trading")]

namespace Fudge.Generators.Tests.JavaObjects;

public enum Side { Buy, Sell, ShortSell }

[FudgeMessage]
public partial class Quote
{
    public double Bid { get; set; }
    public double Ask { get; set; }
    public string? Venue { get; set; }
}

[FudgeMessage]
public partial class Primitives
{
    public bool Flag { get; set; }
    public sbyte Tiny { get; set; }
    public short Small { get; set; }
    public int Count { get; set; }
    public long Big { get; set; }
    public float Ratio { get; set; }
    public double Price { get; set; }
    public char Initial { get; set; }
}

[FudgeMessage]
public partial class Boxed
{
    public bool? Flag { get; set; }
    public sbyte? Tiny { get; set; }
    public short? Small { get; set; }
    public int? Count { get; set; }
    public long? Big { get; set; }
    public float? Ratio { get; set; }
    public double? Price { get; set; }
    public string? Text { get; set; }
}

[FudgeMessage]
public partial class Text
{
    public string? Plain { get; set; }
    public string? NonBmp { get; set; }
    public string? Empty { get; set; }
    public string? Mixed { get; set; }
}

[FudgeMessage]
public partial class Baskets
{
    public List<string?>? Names { get; set; }
    public HashSet<int>? Numbers { get; set; }
    public Dictionary<string, double>? Weights { get; set; }
    public List<Quote?>? Quotes { get; set; }
    public Dictionary<string, Quote?>? QuoteByVenue { get; set; }
    public HashSet<string>? Tags { get; set; }
    public List<long>? Longs { get; set; }
    public Dictionary<int, string>? Labels { get; set; }
}

[FudgeMessage]
public partial class Enums
{
    public Side? Side { get; set; }
    public List<Side>? Sides { get; set; }
    public Dictionary<string, Side>? SideByName { get; set; }
}

[FudgeMessage]
public partial class Vectors
{
    public int[]? Ints { get; set; }
    public long[]? Longs { get; set; }
    public double[]? Doubles { get; set; }
    public short[]? Shorts { get; set; }
    public float[]? Floats { get; set; }
    public byte[]? Bytes { get; set; }
    public byte[]? Digest { get; set; }
    public string[]? Words { get; set; }
}

[FudgeMessage]
public partial class QuoteArray
{
    public Quote[]? Quotes { get; set; }
}

[FudgeMessage]
public partial class Instrument
{
    public string? Id { get; set; }
}

[FudgeMessage]
public partial class Equity : Instrument
{
    public string? Ticker { get; set; }
}

[FudgeMessage]
public partial class Bond : Instrument
{
    public double Coupon { get; set; }
    public DateOnly? Maturity { get; set; }
}

[FudgeMessage]
public partial class Portfolio
{
    public string? Owner { get; set; }
    public Instrument? Main { get; set; }
    public Equity? Exact { get; set; }
    public List<Instrument>? Holdings { get; set; }
    public Dictionary<string, Instrument>? ById { get; set; }
}

/// <summary>Java's secondary types: BigDecimal, Date, Calendar, UUID, the ThreeTen dates and times, TimeZone.</summary>
[FudgeMessage]
public partial class Temporal
{
    public decimal? Amount { get; set; }
    public decimal? Tiny { get; set; }
    public decimal? Large { get; set; }
    [FudgeField(Accuracy = FudgeDateTimeAccuracy.Millisecond)]
    public DateTime? When { get; set; }               // java.util.Date
    [FudgeField(Accuracy = FudgeDateTimeAccuracy.Millisecond)]
    public DateTimeOffset? Calendar { get; set; }     // java.util.Calendar
    public Guid? Uuid { get; set; }                   // java.util.UUID
    public DateOnly? Date { get; set; }               // LocalDate
    public TimeOnly? Time { get; set; }               // LocalTime
    public DateTime? Local { get; set; }              // LocalDateTime (Kind Unspecified)
    public DateTimeOffset? Offset { get; set; }       // OffsetDateTime
    public DateTime? Instant { get; set; }            // Instant (Kind Utc)
    public string? Zone { get; set; }                 // TimeZone's id
}

[FudgeMessage]
public partial class Naming
{
    public string? TradeDate { get; set; }
    public string? URL { get; set; }
    public bool Active { get; set; }
    public int X { get; set; }
}
