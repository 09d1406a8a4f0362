using System;
using System.Collections.Generic;
using MessagePack;

// The shared models again, annotated for MessagePack-CSharp with integer keys (arrays on the wire): its fastest and most compact mode.
namespace Fudge.Benchmarks.Models.Rivals.MessagePackIntKeys;

/// <summary>Workload 2's message, MessagePack with integer keys.</summary>
[MessagePackObject]
public sealed class MarketTick : ITickFields
{
    [Key(0)] public TickKind Kind { get; set; }
    [Key(1)] public string Symbol { get; set; } = "";
    [Key(2)] public Side Side { get; set; }
    [Key(3)] public double Price { get; set; }
    [Key(4)] public long Size { get; set; }
    [Key(5)] public long TimestampNs { get; set; }
    [Key(6)] public int Flags { get; set; }
    [Key(7)] public long Sequence { get; set; }
    [Key(8)] public int Level { get; set; }
}

/// <summary>Workload 1's parent, MessagePack with integer keys.</summary>
[MessagePackObject]
public sealed class Portfolio
{
    [Key(0)] public long Id { get; set; }
    [Key(1)] public string Name { get; set; } = "";
    [Key(2)] public DateOnly AsOf { get; set; }
    [Key(3)] public DateTime Created { get; set; }
    [Key(4)] public bool Active { get; set; }
    [Key(5)] public double[] RiskFactors { get; set; } = Array.Empty<double>();
    [Key(6)] public List<Position> Positions { get; set; } = new();
}

/// <summary>Workload 1's child, MessagePack with integer keys.</summary>
[MessagePackObject]
public sealed class Position
{
    [Key(0)] public int Id { get; set; }
    [Key(1)] public string Instrument { get; set; } = "";
    [Key(2)] public short Book { get; set; }
    [Key(3)] public sbyte Strategy { get; set; }
    [Key(4)] public long Quantity { get; set; }
    [Key(5)] public double Price { get; set; }
    [Key(6)] public float Weight { get; set; }
    [Key(7)] public byte[] Hash { get; set; } = Array.Empty<byte>();
    [Key(8)] public DateOnly Maturity { get; set; }
    [Key(9)] public List<Lot> Lots { get; set; } = new();
}

/// <summary>Workload 1's grandchild, MessagePack with integer keys.</summary>
[MessagePackObject]
public sealed class Lot
{
    [Key(0)] public long Sequence { get; set; }
    [Key(1)] public int Quantity { get; set; }
    [Key(2)] public double Price { get; set; }
    [Key(3)] public DateTime Executed { get; set; }
    [Key(4)] public string Venue { get; set; } = "";
    [Key(5)] public bool Settled { get; set; }
}
