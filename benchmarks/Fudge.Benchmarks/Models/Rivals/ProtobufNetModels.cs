using System;
using System.Collections.Generic;
using ProtoBuf;

// The shared models again, as protobuf-net contracts (the same field numbers as Protos/*.proto and the Fudge ordinals).
namespace Fudge.Benchmarks.Models.Rivals.ProtobufNet;

/// <summary>Workload 2's message, protobuf-net contract.</summary>
[ProtoContract]
public sealed class MarketTick : ITickFields
{
    [ProtoMember(1)] public TickKind Kind { get; set; }
    [ProtoMember(2)] public string Symbol { get; set; } = "";
    [ProtoMember(3)] public Side Side { get; set; }
    [ProtoMember(4)] public double Price { get; set; }
    [ProtoMember(5)] public long Size { get; set; }
    [ProtoMember(6)] public long TimestampNs { get; set; }
    [ProtoMember(7)] public int Flags { get; set; }
    [ProtoMember(8)] public long Sequence { get; set; }
    [ProtoMember(9)] public int Level { get; set; }
}

/// <summary>Workload 1's parent, protobuf-net contract.</summary>
[ProtoContract]
public sealed class Portfolio
{
    [ProtoMember(1)] public long Id { get; set; }
    [ProtoMember(2)] public string Name { get; set; } = "";
    [ProtoMember(3)] public DateOnly AsOf { get; set; }
    [ProtoMember(4)] public DateTime Created { get; set; }
    [ProtoMember(5)] public bool Active { get; set; }
    [ProtoMember(6, IsPacked = true)] public double[] RiskFactors { get; set; } = Array.Empty<double>();
    [ProtoMember(7)] public List<Position> Positions { get; set; } = new();
}

/// <summary>Workload 1's child, protobuf-net contract.</summary>
[ProtoContract]
public sealed class Position
{
    [ProtoMember(1)] public int Id { get; set; }
    [ProtoMember(2)] public string Instrument { get; set; } = "";
    [ProtoMember(3)] public short Book { get; set; }
    [ProtoMember(4)] public sbyte Strategy { get; set; }
    [ProtoMember(5, DataFormat = DataFormat.ZigZag)] public long Quantity { get; set; }
    [ProtoMember(6)] public double Price { get; set; }
    [ProtoMember(7)] public float Weight { get; set; }
    [ProtoMember(8)] public byte[] Hash { get; set; } = Array.Empty<byte>();
    [ProtoMember(9)] public DateOnly Maturity { get; set; }
    [ProtoMember(10)] public List<Lot> Lots { get; set; } = new();
}

/// <summary>Workload 1's grandchild, protobuf-net contract.</summary>
[ProtoContract]
public sealed class Lot
{
    [ProtoMember(1)] public long Sequence { get; set; }
    [ProtoMember(2)] public int Quantity { get; set; }
    [ProtoMember(3)] public double Price { get; set; }
    [ProtoMember(4)] public DateTime Executed { get; set; }
    [ProtoMember(5)] public string Venue { get; set; } = "";
    [ProtoMember(6)] public bool Settled { get; set; }
}
