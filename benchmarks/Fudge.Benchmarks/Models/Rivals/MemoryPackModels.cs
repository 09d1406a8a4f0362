using System;
using System.Collections.Generic;
using MemoryPack;

// The shared models again, serialized by MemoryPack's source generator.
namespace Fudge.Benchmarks.Models.Rivals.MemoryPack;

/// <summary>Workload 2's message, MemoryPack (source-generated).</summary>
[MemoryPackable]
public sealed partial class MarketTick : ITickFields
{
    public TickKind Kind { get; set; }
    public string Symbol { get; set; } = "";
    public Side Side { get; set; }
    public double Price { get; set; }
    public long Size { get; set; }
    public long TimestampNs { get; set; }
    public int Flags { get; set; }
    public long Sequence { get; set; }
    public int Level { get; set; }
}

/// <summary>Workload 1's parent, MemoryPack (source-generated).</summary>
[MemoryPackable]
public sealed partial class Portfolio
{
    public long Id { get; set; }
    public string Name { get; set; } = "";
    public DateOnly AsOf { get; set; }
    public DateTime Created { get; set; }
    public bool Active { get; set; }
    public double[] RiskFactors { get; set; } = Array.Empty<double>();
    public List<Position> Positions { get; set; } = new();
}

/// <summary>Workload 1's child, MemoryPack (source-generated).</summary>
[MemoryPackable]
public sealed partial class Position
{
    public int Id { get; set; }
    public string Instrument { get; set; } = "";
    public short Book { get; set; }
    public sbyte Strategy { get; set; }
    public long Quantity { get; set; }
    public double Price { get; set; }
    public float Weight { get; set; }
    public byte[] Hash { get; set; } = Array.Empty<byte>();
    public DateOnly Maturity { get; set; }
    public List<Lot> Lots { get; set; } = new();
}

/// <summary>Workload 1's grandchild, MemoryPack (source-generated).</summary>
[MemoryPackable]
public sealed partial class Lot
{
    public long Sequence { get; set; }
    public int Quantity { get; set; }
    public double Price { get; set; }
    public DateTime Executed { get; set; }
    public string Venue { get; set; } = "";
    public bool Settled { get; set; }
}
