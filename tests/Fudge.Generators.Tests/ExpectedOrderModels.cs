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

/// <summary>A byte-sized enum, read by the fused integer read when it arrives as a number.</summary>
public enum NarrowSide : byte { Buy, Sell = 200 }

/// <summary>A 16-bit unsigned enum.</summary>
public enum NarrowVenue : ushort { None, Far = 65_000 }

/// <summary>Every integer narrower than long, and ulong, under ordinals: each read by the fused integer read, then narrowed.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedNarrow
{
    [FudgeField(1)] public byte Flags { get; set; }
    [FudgeField(2)] public sbyte Tick { get; set; }
    [FudgeField(3)] public short Lots { get; set; }
    [FudgeField(4)] public ushort Port { get; set; }
    [FudgeField(5)] public uint Size { get; set; }
    [FudgeField(6)] public ulong Nanos { get; set; }
    [FudgeField(7)] public NarrowSide Side { get; set; }
    [FudgeField(8)] public NarrowVenue Venue { get; set; }
}

/// <summary>A union whose case is itself a union: the outer base knows only the inner base's name.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "Order")]
[FudgeUnion("Limit", typeof(LimitOrder))]
public abstract partial class NestedOrder
{
    [FudgeField(1)] public long Quantity { get; set; }
}

/// <summary>The inner base, abstract, with its own case.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
[FudgeUnion("Iceberg", typeof(IcebergOrder))]
public abstract partial class LimitOrder : NestedOrder
{
    [FudgeField(2)] public long Limit { get; set; }
}

/// <summary>The innermost case.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class IcebergOrder : LimitOrder
{
    [FudgeField(3)] public long Shown { get; set; }
}

/// <summary>A case that keeps what it does not know, type names included.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "Note")]
[FudgeUnion("Kept", typeof(KeptNote))]
public abstract partial class Note
{
    [FudgeField(1)] public string? Text { get; set; }
}

/// <summary>The extensible case.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class KeptNote : Note, IFudgeExtensible
{
    /// <inheritdoc />
    public FudgeMsg? ExtensionData { get; set; }
}

/// <summary>Nested objects under ordinals: one member, a list of them, and a field after them.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedHolder
{
    [FudgeField(1)] public OrderedTick? Tick { get; set; }
    [FudgeField(2)] public List<OrderedTick>? Ticks { get; set; }
    [FudgeField(3)] public string? Tail { get; set; }
}

/// <summary>One message of a feed under ordinals, the market-data shootout's shape: a timestamp, a symbol and a union body.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedFeedMessage
{
    [FudgeField(1)] public ulong TsNanos { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public OrderedQuote? Body { get; set; }
}

/// <summary>A batch of feed messages: a list of objects, each entered as an anonymous sub-message.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class OrderedFeedBatch
{
    [FudgeField(1)] public ulong SeqNo { get; set; }
    [FudgeField(2)] public List<OrderedFeedMessage> Messages { get; set; } = new();
}
