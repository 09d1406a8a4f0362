using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.Models;

/// <summary>A plain class with ordinals: its generated reader fills the object in place, expecting declaration order.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrderedTick
{
    [FudgeField(1)] public Status Status { get; set; } = Status.Open;
    [FudgeField(2)] public string? Symbol { get; set; }
    [FudgeField(3)] public double Price { get; set; }
    [FudgeField(4)] public long Size { get; set; }
    [FudgeField(5)] public int Level { get; set; }
    [FudgeField(6)] public float Weight { get; set; }
    [FudgeField(7)] public List<int>? Marks { get; set; }
}

/// <summary>The same with names on the wire.</summary>
[FudgeMessage]
public partial class NamedTick
{
    public string? Symbol { get; set; }
    public double Price { get; set; } = -1;
    public int Level { get; set; }
}

/// <summary>A union with ordinals, as the market-data shootout's body: its cases are read in place, names first.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "Q")]
[FudgeUnion("T", typeof(OrderedTrade))]
[FudgeUnion("L", typeof(OrderedLevel))]
public abstract partial class OrderedQuote
{
    [FudgeField(1)] public long Price { get; set; }
    [FudgeField(2)] public int Size { get; set; }
}

/// <summary>A case with no members of its own.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedTrade : OrderedQuote
{
}

/// <summary>A case with members of its own after the inherited ones.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedLevel : OrderedQuote
{
    [FudgeField(3)] public byte Flags { get; set; }
    [FudgeField(4)] public bool Bid { get; set; }
}

/// <summary>Unsigned 64-bit members under ordinals, as market data's timestamps and prices.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrderedStamp
{
    [FudgeField(1)] public ulong Nanos { get; set; }
    [FudgeField(2)] public ulong? Price { get; set; }
}
