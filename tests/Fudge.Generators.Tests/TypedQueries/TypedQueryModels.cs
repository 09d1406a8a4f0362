using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.TypedQueries;

public enum QSide
{
    Buy = 1,
    Sell = 2,
    ShortSell = 3,
}

/// <summary>A trade with a member of every kind typed queries translate (Guid and decimal: equality only).</summary>
[FudgeMessage]
public partial class QTrade
{
    public string? Symbol { get; set; }
    public double Price { get; set; }
    public long Qty { get; set; }
    public int? Lots { get; set; }
    public bool Active { get; set; }
    public QSide Side { get; set; }
    public DateTime Time { get; set; }
    public DateTimeOffset At { get; set; }
    public DateOnly Day { get; set; }
    public TimeSpan Age { get; set; }
    public float Ratio { get; set; }
    public char Grade { get; set; } = 'A';
    public QLeg? Main { get; set; }
    public List<QLeg>? Legs { get; set; }
    public List<string>? Tags { get; set; }
    public HashSet<int>? Codes { get; set; }
    public QInstrument? Instrument { get; set; }
    public Guid Id { get; set; }
    public decimal Fee { get; set; }

    [FudgeIgnore]
    public string? Note { get; set; }

    public string Upper => Symbol?.ToUpperInvariant() ?? "";
}

[FudgeMessage]
public partial class QLeg
{
    public string? Venue { get; set; }
    public long Qty { get; set; }
}

[FudgeMessage]
[FudgeUnion("stock", typeof(QStock))]
[FudgeUnion("bond", typeof(QBond))]
public abstract partial class QInstrument
{
    public string? Name { get; set; }
}

[FudgeMessage]
public partial class QStock : QInstrument
{
    public string? Ticker { get; set; }
}

[FudgeMessage]
public partial class QBond : QInstrument
{
    public double Coupon { get; set; }
}

/// <summary>The same members under ordinals only: paths become <c>$.#n</c>.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OTrade
{
    [FudgeField(1)] public string? Symbol { get; set; }
    [FudgeField(2)] public double Price { get; set; }
    [FudgeField(3)] public OLeg? Main { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OLeg
{
    [FudgeField(1)] public string? Venue { get; set; }
}

/// <summary>A Fudge-Java object: bean names, and the enum as <c>{0: class, 1: constant}</c>.</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class JTrade
{
    public string? TradeSymbol { get; set; }
    public double Price { get; set; }
    public QSide Side { get; set; }
}
