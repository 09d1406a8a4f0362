using System.Collections.Generic;
using MessagePack;
using Fudge.MarketData.Benchmarks.Models.Ordinals;

namespace Fudge.MarketData.Benchmarks.Models.MessagePack;

// The study's schema for MessagePack-CSharp with integer keys (arrays on the wire); the union is [Union] (a
// two-element array of tag and body).

/// <summary>One batch of the feed.</summary>
[MessagePackObject]
public sealed class MultiMessage
{
    /// <summary>The feed's sequence number of the batch.</summary>
    [Key(0)] public ulong SeqNo { get; set; }

    /// <summary>The batch's messages in feed order.</summary>
    [Key(1)] public List<Message> Messages { get; set; } = new();
}

/// <summary>One message: when, which symbol, and a trade or a level update.</summary>
[MessagePackObject]
public sealed class Message
{
    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [Key(0)] public ulong TsNanos { get; set; }

    /// <summary>The instrument's symbol.</summary>
    [Key(1)] public string Symbol { get; set; } = "";

    /// <summary>The union: a <see cref="Trade"/> or a <see cref="LevelUpdate"/>.</summary>
    [Key(2)] public Body? Body { get; set; }
}

/// <summary>The study's body union.</summary>
[Union(0, typeof(Trade))]
[Union(1, typeof(LevelUpdate))]
public abstract class Body
{
    /// <summary>Price in 1/10,000 dollars.</summary>
    [Key(0)] public ulong Price { get; set; }

    /// <summary>Shares.</summary>
    [Key(1)] public uint Size { get; set; }
}

/// <summary>A trade report.</summary>
[MessagePackObject]
public sealed class Trade : Body
{
}

/// <summary>A price-level update.</summary>
[MessagePackObject]
public sealed class LevelUpdate : Body
{
    /// <summary>IEX's flag byte.</summary>
    [Key(2)] public byte Flags { get; set; }

    /// <summary>Bid or offer.</summary>
    [Key(3)] public Side Side { get; set; }
}
