using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.MarketData.Benchmarks.Models.Ordinals;

// The study's schema as [FudgeMessage] types with ordinals on the wire; the union is an abstract base whose
// [FudgeUnion] cases the reader tells apart by the type name at ordinal 0 (short names: they travel in every body).

/// <summary>One batch of the feed.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class MultiMessage
{
    /// <summary>The feed's sequence number of the batch.</summary>
    [FudgeField(1)] public ulong SeqNo { get; set; }

    /// <summary>The batch's messages in feed order.</summary>
    [FudgeField(2)] public List<Message> Messages { get; set; } = new();
}

/// <summary>One message: when, which symbol, and a trade or a level update.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class Message
{
    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [FudgeField(1)] public ulong TsNanos { get; set; }

    /// <summary>The instrument's symbol.</summary>
    [FudgeField(2)] public string Symbol { get; set; } = "";

    /// <summary>The union: a <see cref="Trade"/> or a <see cref="LevelUpdate"/>.</summary>
    [FudgeField(3)] public Body? Body { get; set; }
}

/// <summary>The study's body union.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "B")]
[FudgeUnion("T", typeof(Trade))]
[FudgeUnion("L", typeof(LevelUpdate))]
public abstract partial class Body
{
    /// <summary>Price in 1/10,000 dollars.</summary>
    [FudgeField(1)] public ulong Price { get; set; }

    /// <summary>Shares.</summary>
    [FudgeField(2)] public uint Size { get; set; }
}

/// <summary>A trade report.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class Trade : Body
{
}

/// <summary>A price-level update.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class LevelUpdate : Body
{
    /// <summary>IEX's flag byte.</summary>
    [FudgeField(3)] public byte Flags { get; set; }

    /// <summary>Bid or offer.</summary>
    [FudgeField(4)] public Side Side { get; set; }
}

/// <summary>The side of the book.</summary>
public enum Side : byte
{
    /// <summary>Bid.</summary>
    Buy,

    /// <summary>Offer.</summary>
    Sell,
}
