using System;
using System.Collections.Generic;
using Fudge.Serialization;

// The shared models again, serialized by the Fudge source generator as ordinals named by taxonomy 1 (the receiver restores the names).
namespace Fudge.Benchmarks.Models.Generated.Taxonomy;

/// <summary>Workload 2's message with a generated serializer (taxonomy on the wire).</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 1)]
public sealed partial class MarketTick : ITickFields
{
    [FudgeField(1)] public TickKind Kind { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public Side Side { get; set; }
    [FudgeField(4)] public double Price { get; set; }
    [FudgeField(5)] public long Size { get; set; }
    [FudgeField(6)] public long TimestampNs { get; set; }
    [FudgeField(7)] public int Flags { get; set; }
    [FudgeField(8)] public long Sequence { get; set; }
    [FudgeField(9)] public int Level { get; set; }
}

/// <summary>Workload 1's parent with a generated serializer.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 1)]
public sealed partial class Portfolio
{
    [FudgeField(1)] public long Id { get; set; }
    [FudgeField(2)] public string Name { get; set; } = "";
    [FudgeField(3)] public DateOnly AsOf { get; set; }
    [FudgeField(4)] public DateTime Created { get; set; }
    [FudgeField(5)] public bool Active { get; set; }
    [FudgeField(6)] public double[] RiskFactors { get; set; } = Array.Empty<double>();
    [FudgeField(7)] public List<Position> Positions { get; set; } = new();
}

/// <summary>Workload 1's child with a generated serializer.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 1)]
public sealed partial class Position
{
    [FudgeField(1)] public int Id { get; set; }
    [FudgeField(2)] public string Instrument { get; set; } = "";
    [FudgeField(3)] public short Book { get; set; }
    [FudgeField(4)] public sbyte Strategy { get; set; }
    [FudgeField(5)] public long Quantity { get; set; }
    [FudgeField(6)] public double Price { get; set; }
    [FudgeField(7)] public float Weight { get; set; }
    [FudgeField(8)] public byte[] Hash { get; set; } = Array.Empty<byte>();
    [FudgeField(9)] public DateOnly Maturity { get; set; }
    [FudgeField(10)] public List<Lot> Lots { get; set; } = new();
}

/// <summary>Workload 1's grandchild with a generated serializer.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 1)]
public sealed partial class Lot
{
    [FudgeField(1)] public long Sequence { get; set; }
    [FudgeField(2)] public int Quantity { get; set; }
    [FudgeField(3)] public double Price { get; set; }
    [FudgeField(4)] public DateTime Executed { get; set; }
    [FudgeField(5)] public string Venue { get; set; } = "";
    [FudgeField(6)] public bool Settled { get; set; }
}
