using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using Fudge.Serialization;

// Models of TypeArgumentTests: a generic [FudgeMessage] type closed over the member shapes of issue 41 (immutable and
// other collections, tuples, Uri, Version, numbers without a Fudge type, rectangular arrays, object, interfaces), and
// non-generic types with members of the same types, whose bytes the closed types must write.
namespace Fudge.Generators.Tests.EverydayTypes.TypeArguments;

[FudgeMessage]
public partial class Slot<T>
{
    public T Item { get; set; } = default!;
    public List<T> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalSlot<T>
{
    [FudgeField(1)] public T Item { get; set; } = default!;
    [FudgeField(2)] public List<T> Items { get; set; } = new();
}

[FudgeMessage]
public partial class ImmutableListSlot
{
    public ImmutableList<int> Item { get; set; } = ImmutableList<int>.Empty;
    public List<ImmutableList<int>> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalImmutableListSlot
{
    [FudgeField(1)] public ImmutableList<int> Item { get; set; } = ImmutableList<int>.Empty;
    [FudgeField(2)] public List<ImmutableList<int>> Items { get; set; } = new();
}

[FudgeMessage]
public partial class UriSlot
{
    public Uri Item { get; set; } = default!;
    public List<Uri> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalUriSlot
{
    [FudgeField(1)] public Uri Item { get; set; } = default!;
    [FudgeField(2)] public List<Uri> Items { get; set; } = new();
}

[FudgeMessage]
public partial class TupleSlot
{
    public (int, string) Item { get; set; }
    public List<(int, string)> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalTupleSlot
{
    [FudgeField(1)] public (int, string) Item { get; set; }
    [FudgeField(2)] public List<(int, string)> Items { get; set; } = new();
}

[FudgeMessage]
public partial class StackSlot
{
    public Stack<int> Item { get; set; } = new();
    public List<Stack<int>> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalStackSlot
{
    [FudgeField(1)] public Stack<int> Item { get; set; } = new();
    [FudgeField(2)] public List<Stack<int>> Items { get; set; } = new();
}

[FudgeMessage]
public partial class GridSlot
{
    public int[,] Item { get; set; } = new int[0, 0];
    public List<int[,]> Items { get; set; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalGridSlot
{
    [FudgeField(1)] public int[,] Item { get; set; } = new int[0, 0];
    [FudgeField(2)] public List<int[,]> Items { get; set; } = new();
}

/// <summary>
/// Closes Slot&lt;T&gt; and OrdinalSlot&lt;T&gt; over the shapes TypeArgumentTests round-trips through a generic helper: a
/// member (or a FudgeSerializer call) is a closed use the generator sees, and registers what it needs for the process.
/// </summary>
[FudgeMessage]
public partial class ClosedUses
{
    public Slot<Version>? N0 { get; set; }
    public OrdinalSlot<Version>? O0 { get; set; }
    public Slot<BigInteger>? N1 { get; set; }
    public OrdinalSlot<BigInteger>? O1 { get; set; }
    public Slot<Int128>? N2 { get; set; }
    public OrdinalSlot<Int128>? O2 { get; set; }
    public Slot<UInt128>? N3 { get; set; }
    public OrdinalSlot<UInt128>? O3 { get; set; }
    public Slot<Half>? N4 { get; set; }
    public OrdinalSlot<Half>? O4 { get; set; }
    public Slot<nint>? N5 { get; set; }
    public OrdinalSlot<nint>? O5 { get; set; }
    public Slot<ArraySegment<byte>>? N6 { get; set; }
    public OrdinalSlot<ArraySegment<byte>>? O6 { get; set; }
    public Slot<KeyValuePair<string, int>>? N7 { get; set; }
    public OrdinalSlot<KeyValuePair<string, int>>? O7 { get; set; }
    public Slot<Tuple<int, string, double>>? N8 { get; set; }
    public OrdinalSlot<Tuple<int, string, double>>? O8 { get; set; }
    public Slot<ImmutableArray<string>>? N9 { get; set; }
    public OrdinalSlot<ImmutableArray<string>>? O9 { get; set; }
    public Slot<ImmutableDictionary<string, int>>? N10 { get; set; }
    public OrdinalSlot<ImmutableDictionary<string, int>>? O10 { get; set; }
    public Slot<System.Collections.Frozen.FrozenSet<int>>? N11 { get; set; }
    public OrdinalSlot<System.Collections.Frozen.FrozenSet<int>>? O11 { get; set; }
    public Slot<SortedDictionary<string, int>>? N12 { get; set; }
    public OrdinalSlot<SortedDictionary<string, int>>? O12 { get; set; }
    public Slot<Queue<int>>? N13 { get; set; }
    public OrdinalSlot<Queue<int>>? O13 { get; set; }
    public Slot<LinkedList<int>>? N14 { get; set; }
    public OrdinalSlot<LinkedList<int>>? O14 { get; set; }
    public Slot<System.Collections.Concurrent.ConcurrentQueue<int>>? N15 { get; set; }
    public OrdinalSlot<System.Collections.Concurrent.ConcurrentQueue<int>>? O15 { get; set; }
    public Slot<object>? N16 { get; set; }
    public OrdinalSlot<object>? O16 { get; set; }
    public Slot<IUnionShape>? N17 { get; set; }
    public OrdinalSlot<IUnionShape>? O17 { get; set; }
}
