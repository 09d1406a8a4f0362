using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Fuzz;

/// <summary>
/// A model touching most of what generated readers handle: scalars, strings, dates, arrays, lists, nested and
/// polymorphic-free sub-messages, and unknown fields kept in <see cref="ExtensionData"/>.
/// </summary>
[FudgeMessage]
public partial class FuzzOrder : IFudgeExtensible
{
    public string Symbol { get; set; } = "";
    public long Quantity { get; set; }
    public int? Lots { get; set; }
    public double Price { get; set; }
    public bool Open { get; set; }
    public DateTime Placed { get; set; }
    public DateTimeOffset? Confirmed { get; set; }
    public byte[]? Tag { get; set; }
    public int[]? Levels { get; set; }
    public List<string>? Notes { get; set; }
    public FuzzLeg? Leg { get; set; }
    public List<FuzzLeg>? Legs { get; set; }
    public Guid Id { get; set; }
    public decimal Fee { get; set; }

    /// <inheritdoc/>
    public FudgeMsg? ExtensionData { get; set; }
}

/// <summary>A sub-message addressed by ordinals.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class FuzzLeg
{
    [FudgeField(1)] public string Venue { get; set; } = "";
    [FudgeField(2)] public short Side { get; set; }
    [FudgeField(3)] public FuzzLeg? Next { get; set; }
    [FudgeField(4)] public FuzzFill? Fill { get; set; }
    [FudgeField(5)] public List<FuzzFill>? Fills { get; set; }
}

/// <summary>
/// A small object of fixed-width members, a date-time and a string under ordinals: whole-graph code (issue 42) writes it
/// inside its holder's field run and reads it with its holder's reader.
/// </summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class FuzzFill
{
    [FudgeField(1)] public long Quantity { get; set; }
    [FudgeField(2)] public double Price { get; set; }
    [FudgeField(3)] public DateTime At { get; set; }
    [FudgeField(4)] public string? Venue { get; set; }
}

/// <summary>The market-data shootout's body under ordinals: a union told apart by its type names.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "B")]
[FudgeUnion("T", typeof(FuzzTrade))]
[FudgeUnion("L", typeof(FuzzLevel))]
public abstract partial class FuzzBody
{
    /// <summary>Price in fixed point.</summary>
    [FudgeField(1)] public ulong Price { get; set; }

    /// <summary>Shares.</summary>
    [FudgeField(2)] public uint Size { get; set; }
}

/// <summary>A case with no members of its own.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class FuzzTrade : FuzzBody
{
}

/// <summary>A case with narrow members of its own.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class FuzzLevel : FuzzBody
{
    /// <summary>A flag byte.</summary>
    [FudgeField(3)] public byte Flags { get; set; }

    /// <summary>A byte-sized enum.</summary>
    [FudgeField(4)] public FuzzSide Side { get; set; }
}

/// <summary>The side of a level.</summary>
public enum FuzzSide : byte
{
    /// <summary>Bid.</summary>
    Buy,

    /// <summary>Offer.</summary>
    Sell,
}

/// <summary>One feed message: written with field runs, read in place with the Take reads.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class FuzzFeedMessage
{
    /// <summary>Nanoseconds.</summary>
    [FudgeField(1)] public ulong TsNanos { get; set; }

    /// <summary>The symbol.</summary>
    [FudgeField(2)] public string Symbol { get; set; } = "";

    /// <summary>The union.</summary>
    [FudgeField(3)] public FuzzBody? Body { get; set; }
}

/// <summary>A batch of feed messages: a list of objects as anonymous sub-messages.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class FuzzFeedBatch
{
    /// <summary>Sequence number.</summary>
    [FudgeField(1)] public ulong SeqNo { get; set; }

    /// <summary>The messages.</summary>
    [FudgeField(2)] public List<FuzzFeedMessage> Messages { get; set; } = new();
}
