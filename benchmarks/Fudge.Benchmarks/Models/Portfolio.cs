using System;
using System.Collections.Generic;

namespace Fudge.Benchmarks.Models;

/// <summary>
/// Parent of workload 1's object graph: a portfolio holds positions (children), which hold lots (grandchildren).
/// Between them the three levels use most Fudge types: every integer width, float and double, bool, strings,
/// byte arrays, dates, date-times, a native double array and nested lists.
/// </summary>
public sealed class Portfolio
{
    public long Id { get; set; }
    public string Name { get; set; } = "";
    public DateOnly AsOf { get; set; }
    public DateTime Created { get; set; }
    public bool Active { get; set; }
    public double[] RiskFactors { get; set; } = Array.Empty<double>();
    public List<Position> Positions { get; set; } = new();
}

/// <summary>Child of the graph.</summary>
public sealed class Position
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

/// <summary>Grandchild of the graph.</summary>
public sealed class Lot
{
    public long Sequence { get; set; }
    public int Quantity { get; set; }
    public double Price { get; set; }
    public DateTime Executed { get; set; }
    public string Venue { get; set; } = "";
    public bool Settled { get; set; }
}
