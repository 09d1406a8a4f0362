using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.TakeRuns;

public enum TSmall : byte { Zero, One, Big = 250 }

public enum TWide : long { Low = long.MinValue, Zero = 0, High = long.MaxValue }

/// <summary>One member of every shape the generated reader takes from a FudgeTakeRun, then a list of its own kind.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class TScalars
{
    [FudgeField(1)] public byte B { get; set; }
    [FudgeField(2)] public sbyte SB { get; set; }
    [FudgeField(3)] public short S { get; set; }
    [FudgeField(4)] public ushort US { get; set; }
    [FudgeField(5)] public int I { get; set; }
    [FudgeField(6)] public uint UI { get; set; }
    [FudgeField(7)] public long L { get; set; }
    [FudgeField(8)] public ulong UL { get; set; }
    [FudgeField(9)] public TSmall Small { get; set; }
    [FudgeField(10)] public TWide Wide { get; set; }
    [FudgeField(11)] public bool Flag { get; set; }
    [FudgeField(12)] public float F { get; set; }
    [FudgeField(13)] public double D { get; set; }
    [FudgeField(14)] public string? Text { get; set; }
    [FudgeField(15)] public byte[]? Data { get; set; }
    [FudgeField(16)] public DateOnly Day { get; set; }
    [FudgeField(17)] public DateTime At { get; set; }
    [FudgeField(19)] public double[]? Doubles { get; set; }
    [FudgeField(20)] public int[]? Ints { get; set; }
    [FudgeField(18)] public List<TScalars>? Children { get; set; }
}

/// <summary>
/// A read leaf: scalar members a take reads and nothing else, so that a holder takes a list of them whole inside its
/// own run (each element from a run over its sub-message, no reader entered for it).
/// </summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class TLeaf
{
    [FudgeField(1)] public long L { get; set; }
    [FudgeField(2)] public int I { get; set; }
    [FudgeField(3)] public TSmall Small { get; set; }
    [FudgeField(4)] public double D { get; set; }
    [FudgeField(5)] public DateTime At { get; set; }
    [FudgeField(6)] public string? Text { get; set; }
    [FudgeField(7)] public bool Flag { get; set; }
    [FudgeField(8)] public byte[]? Data { get; set; }
    [FudgeField(9)] public double[]? Factors { get; set; }
}

/// <summary>Lists and arrays of read leaves between scalars, and a list of holders (each list one level deeper).</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class TLeafHolder
{
    [FudgeField(1)] public int Id { get; set; }
    [FudgeField(2)] public List<TLeaf>? Leaves { get; set; }
    [FudgeField(3)] public TLeaf[]? Array { get; set; }
    [FudgeField(4)] public IReadOnlyList<TLeaf>? ReadOnly { get; set; }
    [FudgeField(5)] public string? After { get; set; }
    [FudgeField(6)] public List<TLeafHolder>? Children { get; set; }
    [FudgeField(7)] public List<TLeafBranch>? Branches { get; set; }
}

/// <summary>A read leaf of the second level: scalars and a list of leaves (a holder takes a list of these whole too).</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class TLeafBranch
{
    [FudgeField(1)] public int Id { get; set; }
    [FudgeField(2)] public List<TLeaf>? Leaves { get; set; }
    [FudgeField(3)] public string? Name { get; set; }
}
