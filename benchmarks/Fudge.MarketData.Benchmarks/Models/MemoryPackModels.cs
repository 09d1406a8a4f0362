using System.Collections.Generic;
using MemoryPack;
using Fudge.MarketData.Benchmarks.Models.Ordinals;

namespace Fudge.MarketData.Benchmarks.Models.MemoryPack;

// The study's schema for MemoryPack's source generator; the union is [MemoryPackUnion] (a one-byte tag).

/// <summary>One batch of the feed.</summary>
[MemoryPackable]
public sealed partial class MultiMessage
{
    /// <summary>The feed's sequence number of the batch.</summary>
    public ulong SeqNo { get; set; }

    /// <summary>The batch's messages in feed order.</summary>
    public List<Message> Messages { get; set; } = new();
}

/// <summary>One message: when, which symbol, and a trade or a level update.</summary>
[MemoryPackable]
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
[MemoryPackable]
[MemoryPackUnion(0, typeof(Trade))]
[MemoryPackUnion(1, typeof(LevelUpdate))]
public abstract partial class Body
{
    /// <summary>Price in 1/10,000 dollars.</summary>
    public ulong Price { get; set; }

    /// <summary>Shares.</summary>
    public uint Size { get; set; }
}

/// <summary>A trade report.</summary>
[MemoryPackable]
public sealed partial class Trade : Body
{
}

/// <summary>A price-level update.</summary>
[MemoryPackable]
public sealed partial class LevelUpdate : Body
{
    /// <summary>IEX's flag byte.</summary>
    public byte Flags { get; set; }

    /// <summary>Bid or offer.</summary>
    public Side Side { get; set; }
}
