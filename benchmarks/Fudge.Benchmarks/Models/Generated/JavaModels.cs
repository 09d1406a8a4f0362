using System;
using System.Collections.Generic;
using Fudge.Serialization;

// The Fudge (names) models again, written as Fudge-Java 0.3's object mapping writes its beans: the namespace is mapped
// to a Java package, so every [FudgeMessage] type in it is a Fudge-Java object (bean names in Java's HashMap order,
// class names at ordinal 0 after the fields, enums as {0: class, 1: constant}, CESU-8 text). Same members as
// Models/Generated/NameModels.cs and sealed like them, so the difference measured is the mapping alone.
[assembly: FudgeJavaPackage("Fudge.Benchmarks.Models.Generated.Java", "org.fudgemsg.bench.sealed")]

namespace Fudge.Benchmarks.Models.Generated.Java;

/// <summary>Workload 2's message as a Fudge-Java object.</summary>
[FudgeMessage]
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

/// <summary>Workload 1's parent as a Fudge-Java object.</summary>
[FudgeMessage]
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

/// <summary>Workload 1's child as a Fudge-Java object.</summary>
[FudgeMessage]
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

/// <summary>Workload 1's grandchild as a Fudge-Java object.</summary>
[FudgeMessage]
public sealed partial class Lot
{
    public long Sequence { get; set; }
    public int Quantity { get; set; }
    public double Price { get; set; }
    public DateTime Executed { get; set; }
    public string Venue { get; set; } = "";
    public bool Settled { get; set; }
}
