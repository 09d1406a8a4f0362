using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.MarketData.Benchmarks.Models.Names;

// The study's schema as [FudgeMessage] types with field names on the wire (the default); otherwise as the
// ordinal twins in FudgeOrdinalModels.cs.

/// <summary>One batch of the feed.</summary>
[FudgeMessage]
public sealed partial class MultiMessage
{
    /// <summary>The feed's sequence number of the batch.</summary>
    public ulong SeqNo { get; set; }

    /// <summary>The batch's messages in feed order.</summary>
    public List<Message> Messages { get; set; } = new();
}

/// <summary>One message: when, which symbol, and a trade or a level update.</summary>
[FudgeMessage]
public sealed partial class Message
{
    /// <summary>Nanoseconds since the Unix epoch.</summary>
    public ulong TsNanos { get; set; }

    /// <summary>The instrument's symbol.</summary>
    public string Symbol { get; set; } = "";

    /// <summary>The union: a <see cref="Trade"/> or a <see cref="LevelUpdate"/>.</summary>
    public Body? Body { get; set; }
}

/// <summary>The study's body union.</summary>
[FudgeMessage(TypeName = "B")]
[FudgeUnion("T", typeof(Trade))]
[FudgeUnion("L", typeof(LevelUpdate))]
public abstract partial class Body
{
    /// <summary>Price in 1/10,000 dollars.</summary>
    public ulong Price { get; set; }

    /// <summary>Shares.</summary>
    public uint Size { get; set; }
}

/// <summary>A trade report.</summary>
[FudgeMessage]
public sealed partial class Trade : Body
{
}

/// <summary>A price-level update.</summary>
[FudgeMessage]
public sealed partial class LevelUpdate : Body
{
    /// <summary>IEX's flag byte.</summary>
    public byte Flags { get; set; }

    /// <summary>Bid or offer.</summary>
    public Side Side { get; set; }
}

/// <summary>The side of the book.</summary>
public enum Side : byte
{
    /// <summary>Bid.</summary>
    Buy,

    /// <summary>Offer.</summary>
    Sell,
}
