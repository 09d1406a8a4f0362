// Models of the collection shapes of issue 41: each in the names mode and (suffix Ordinals) the ordinals mode.
#nullable enable
using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>The members of <see cref="ImmutableCollections"/> and <see cref="ImmutableCollectionsOrdinals"/>, so that one test fills and checks both.</summary>
public interface IImmutableCollections
{
    ImmutableArray<int> Array { get; set; }
    ImmutableArray<string?> Unset { get; set; }
    ImmutableArray<string?> Empty { get; set; }
    ImmutableList<string?>? List { get; set; }
    ImmutableHashSet<int>? HashSet { get; set; }
    ImmutableDictionary<string, int>? Dictionary { get; set; }
    ImmutableSortedDictionary<string, double>? SortedDictionary { get; set; }
    ImmutableSortedSet<int>? SortedSet { get; set; }
    ImmutableQueue<int>? Queue { get; set; }
    ImmutableStack<int>? Stack { get; set; }
    IImmutableList<string>? IList { get; set; }
    IImmutableDictionary<string, int>? IDictionary { get; set; }
    IImmutableSet<int>? ISet { get; set; }
    FrozenDictionary<string, int>? Frozen { get; set; }
    FrozenSet<string>? FrozenSet { get; set; }
    ImmutableList<int>? Null { get; set; }
}

/// <summary>The members of <see cref="BclCollections"/> and <see cref="BclCollectionsOrdinals"/>, so that one test fills and checks both.</summary>
public interface IBclCollections
{
    Collection<int>? Collection { get; set; }
    ReadOnlyCollection<string?>? ReadOnly { get; set; }
    ObservableCollection<int>? Observable { get; set; }
    Queue<int>? Queue { get; set; }
    Stack<int>? Stack { get; set; }
    LinkedList<int>? Linked { get; set; }
    SortedSet<string>? SortedSet { get; set; }
    SortedDictionary<string, int>? SortedDictionary { get; set; }
    SortedList<int, string?>? SortedList { get; set; }
    ConcurrentDictionary<string, int>? Concurrent { get; set; }
    ConcurrentQueue<int>? ConcurrentQueue { get; set; }
    ConcurrentStack<int>? ConcurrentStack { get; set; }
    ConcurrentBag<int>? Bag { get; set; }
    IReadOnlySet<int>? ReadOnlySet { get; set; }
    ReadOnlyDictionary<string, int>? ReadOnlyDictionary { get; set; }
    Basket? Basket { get; set; }
    TagSet? Tags { get; set; }
    Registry? Registry { get; set; }
    Queue<int>? Null { get; set; }
}

/// <summary>The members of <see cref="Tuples"/> and <see cref="TuplesOrdinals"/>, so that one test fills and checks both.</summary>
public interface ITuples
{
    (int, string) Pair { get; set; }
    (int Id, string? Name) Named { get; set; }
    ValueTuple<int> One { get; set; }
    (int, int, int, int, int, int, int, int, string) Nine { get; set; }
    Tuple<int, string?>? Old { get; set; }
    Tuple<int, int, int, int, int, int, int, Tuple<int, string>>? LongOld { get; set; }
    KeyValuePair<string, int> Pair2 { get; set; }
    KeyValuePair<string, List<int>?> PairOfList { get; set; }
    (int, string)? Maybe { get; set; }
    (int, string)? NoValue { get; set; }
    List<(string, double)>? Points { get; set; }
    Dictionary<string, (int Low, int High)>? Ranges { get; set; }
    (CollTrade?, DateTime) WithObject { get; set; }
}

/// <summary>The members of <see cref="CompositeKeys"/> and <see cref="CompositeKeysOrdinals"/>, so that one test fills and checks both.</summary>
public interface ICompositeKeys
{
    Dictionary<(string, int), CollTrade>? ByTuple { get; set; }
    Dictionary<CellKey, string>? ByStruct { get; set; }
    Dictionary<CellRecord, int>? ByRecord { get; set; }
    Dictionary<Tuple<string, int>, int>? ByOldTuple { get; set; }
    SortedDictionary<(int, int), string>? Sorted { get; set; }
    ImmutableDictionary<(string, int), int>? Immutable { get; set; }
    Dictionary<KeyValuePair<string, int>, string>? ByPair { get; set; }
}

/// <summary>The members of <see cref="NestedCollections"/> and <see cref="NestedCollectionsOrdinals"/>, so that one test fills and checks both.</summary>
public interface INestedCollections
{
    ImmutableDictionary<string, ImmutableArray<CollTrade>>? Books { get; set; }
    List<ImmutableList<int>?>? Lists { get; set; }
    Dictionary<string, Queue<int>>? Queues { get; set; }
    ImmutableArray<ImmutableArray<int>> Jagged { get; set; }
    FrozenDictionary<string, HashSet<int>>? Frozen { get; set; }
    Stack<(int, string)>? Stacks { get; set; }
    ImmutableList<Dictionary<(string, int), CollTrade>>? Deep { get; set; }
    CollTrade[]? Array { get; set; }
}

/// <summary>The members of <see cref="PopulatedCollections"/> and <see cref="PopulatedCollectionsOrdinals"/>, so that one test fills and checks both.</summary>
public interface IPopulatedCollections
{
    SortedSet<int> Sorted { get; }
    ObservableCollection<string> Observed { get; }
    ConcurrentDictionary<string, int> Counts { get; }
    Collection<int> Plain { get; }
}

[FudgeMessage]
public partial record CollTrade(string Symbol, long Price);

/// <summary>A composite key: a record struct, equal by value.</summary>
[FudgeMessage]
public partial record struct CellKey(string Row, int Column);

/// <summary>A composite key: a record class, equal by value.</summary>
[FudgeMessage]
public partial record CellRecord(string Sheet, int Row);

/// <summary>The collection-initializer shape: a parameterless constructor, Add(T) and IEnumerable&lt;T&gt;.</summary>
public sealed class Basket : IEnumerable<string>
{
    private readonly List<string> _items = new();

    public void Add(string item) => _items.Add(item);

    public IEnumerator<string> GetEnumerator() => _items.GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}

/// <summary>A set of the initializer shape (an ISet&lt;T&gt;: a set on the wire).</summary>
public sealed class TagSet : HashSet<string>
{
}

/// <summary>A dictionary of the initializer shape (an IDictionary&lt;K,V&gt;).</summary>
public sealed class Registry : Dictionary<string, int>
{
}

[FudgeMessage]
public partial class ImmutableCollections : IImmutableCollections
{
    public ImmutableArray<int> Array { get; set; }
    public ImmutableArray<string?> Unset { get; set; }
    public ImmutableArray<string?> Empty { get; set; }
    public ImmutableList<string?>? List { get; set; }
    public ImmutableHashSet<int>? HashSet { get; set; }
    public ImmutableDictionary<string, int>? Dictionary { get; set; }
    public ImmutableSortedDictionary<string, double>? SortedDictionary { get; set; }
    public ImmutableSortedSet<int>? SortedSet { get; set; }
    public ImmutableQueue<int>? Queue { get; set; }
    public ImmutableStack<int>? Stack { get; set; }
    public IImmutableList<string>? IList { get; set; }
    public IImmutableDictionary<string, int>? IDictionary { get; set; }
    public IImmutableSet<int>? ISet { get; set; }
    public FrozenDictionary<string, int>? Frozen { get; set; }
    public FrozenSet<string>? FrozenSet { get; set; }
    public ImmutableList<int>? Null { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class ImmutableCollectionsOrdinals : IImmutableCollections
{
    [FudgeField(1)] public ImmutableArray<int> Array { get; set; }
    [FudgeField(2)] public ImmutableArray<string?> Unset { get; set; }
    [FudgeField(3)] public ImmutableArray<string?> Empty { get; set; }
    [FudgeField(4)] public ImmutableList<string?>? List { get; set; }
    [FudgeField(5)] public ImmutableHashSet<int>? HashSet { get; set; }
    [FudgeField(6)] public ImmutableDictionary<string, int>? Dictionary { get; set; }
    [FudgeField(7)] public ImmutableSortedDictionary<string, double>? SortedDictionary { get; set; }
    [FudgeField(8)] public ImmutableSortedSet<int>? SortedSet { get; set; }
    [FudgeField(9)] public ImmutableQueue<int>? Queue { get; set; }
    [FudgeField(10)] public ImmutableStack<int>? Stack { get; set; }
    [FudgeField(11)] public IImmutableList<string>? IList { get; set; }
    [FudgeField(12)] public IImmutableDictionary<string, int>? IDictionary { get; set; }
    [FudgeField(13)] public IImmutableSet<int>? ISet { get; set; }
    [FudgeField(14)] public FrozenDictionary<string, int>? Frozen { get; set; }
    [FudgeField(15)] public FrozenSet<string>? FrozenSet { get; set; }
    [FudgeField(16)] public ImmutableList<int>? Null { get; set; }
}

[FudgeMessage]
public partial class BclCollections : IBclCollections
{
    public Collection<int>? Collection { get; set; }
    public ReadOnlyCollection<string?>? ReadOnly { get; set; }
    public ObservableCollection<int>? Observable { get; set; }
    public Queue<int>? Queue { get; set; }
    public Stack<int>? Stack { get; set; }
    public LinkedList<int>? Linked { get; set; }
    public SortedSet<string>? SortedSet { get; set; }
    public SortedDictionary<string, int>? SortedDictionary { get; set; }
    public SortedList<int, string?>? SortedList { get; set; }
    public ConcurrentDictionary<string, int>? Concurrent { get; set; }
    public ConcurrentQueue<int>? ConcurrentQueue { get; set; }
    public ConcurrentStack<int>? ConcurrentStack { get; set; }
    public ConcurrentBag<int>? Bag { get; set; }
    public IReadOnlySet<int>? ReadOnlySet { get; set; }
    public ReadOnlyDictionary<string, int>? ReadOnlyDictionary { get; set; }
    public Basket? Basket { get; set; }
    public TagSet? Tags { get; set; }
    public Registry? Registry { get; set; }
    public Queue<int>? Null { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class BclCollectionsOrdinals : IBclCollections
{
    [FudgeField(1)] public Collection<int>? Collection { get; set; }
    [FudgeField(2)] public ReadOnlyCollection<string?>? ReadOnly { get; set; }
    [FudgeField(3)] public ObservableCollection<int>? Observable { get; set; }
    [FudgeField(4)] public Queue<int>? Queue { get; set; }
    [FudgeField(5)] public Stack<int>? Stack { get; set; }
    [FudgeField(6)] public LinkedList<int>? Linked { get; set; }
    [FudgeField(7)] public SortedSet<string>? SortedSet { get; set; }
    [FudgeField(8)] public SortedDictionary<string, int>? SortedDictionary { get; set; }
    [FudgeField(9)] public SortedList<int, string?>? SortedList { get; set; }
    [FudgeField(10)] public ConcurrentDictionary<string, int>? Concurrent { get; set; }
    [FudgeField(11)] public ConcurrentQueue<int>? ConcurrentQueue { get; set; }
    [FudgeField(12)] public ConcurrentStack<int>? ConcurrentStack { get; set; }
    [FudgeField(13)] public ConcurrentBag<int>? Bag { get; set; }
    [FudgeField(14)] public IReadOnlySet<int>? ReadOnlySet { get; set; }
    [FudgeField(15)] public ReadOnlyDictionary<string, int>? ReadOnlyDictionary { get; set; }
    [FudgeField(16)] public Basket? Basket { get; set; }
    [FudgeField(17)] public TagSet? Tags { get; set; }
    [FudgeField(18)] public Registry? Registry { get; set; }
    [FudgeField(19)] public Queue<int>? Null { get; set; }
}

[FudgeMessage]
public partial class Tuples : ITuples
{
    public (int, string) Pair { get; set; }
    public (int Id, string? Name) Named { get; set; }
    public ValueTuple<int> One { get; set; }
    public (int, int, int, int, int, int, int, int, string) Nine { get; set; }
    public Tuple<int, string?>? Old { get; set; }
    public Tuple<int, int, int, int, int, int, int, Tuple<int, string>>? LongOld { get; set; }
    public KeyValuePair<string, int> Pair2 { get; set; }
    public KeyValuePair<string, List<int>?> PairOfList { get; set; }
    public (int, string)? Maybe { get; set; }
    public (int, string)? NoValue { get; set; }
    public List<(string, double)>? Points { get; set; }
    public Dictionary<string, (int Low, int High)>? Ranges { get; set; }
    public (CollTrade?, DateTime) WithObject { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class TuplesOrdinals : ITuples
{
    [FudgeField(1)] public (int, string) Pair { get; set; }
    [FudgeField(2)] public (int Id, string? Name) Named { get; set; }
    [FudgeField(3)] public ValueTuple<int> One { get; set; }
    [FudgeField(4)] public (int, int, int, int, int, int, int, int, string) Nine { get; set; }
    [FudgeField(5)] public Tuple<int, string?>? Old { get; set; }
    [FudgeField(6)] public Tuple<int, int, int, int, int, int, int, Tuple<int, string>>? LongOld { get; set; }
    [FudgeField(7)] public KeyValuePair<string, int> Pair2 { get; set; }
    [FudgeField(8)] public KeyValuePair<string, List<int>?> PairOfList { get; set; }
    [FudgeField(9)] public (int, string)? Maybe { get; set; }
    [FudgeField(10)] public (int, string)? NoValue { get; set; }
    [FudgeField(11)] public List<(string, double)>? Points { get; set; }
    [FudgeField(12)] public Dictionary<string, (int Low, int High)>? Ranges { get; set; }
    [FudgeField(13)] public (CollTrade?, DateTime) WithObject { get; set; }
}

[FudgeMessage]
public partial class CompositeKeys : ICompositeKeys
{
    public Dictionary<(string, int), CollTrade>? ByTuple { get; set; }
    public Dictionary<CellKey, string>? ByStruct { get; set; }
    public Dictionary<CellRecord, int>? ByRecord { get; set; }
    public Dictionary<Tuple<string, int>, int>? ByOldTuple { get; set; }
    public SortedDictionary<(int, int), string>? Sorted { get; set; }
    public ImmutableDictionary<(string, int), int>? Immutable { get; set; }
    public Dictionary<KeyValuePair<string, int>, string>? ByPair { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class CompositeKeysOrdinals : ICompositeKeys
{
    [FudgeField(1)] public Dictionary<(string, int), CollTrade>? ByTuple { get; set; }
    [FudgeField(2)] public Dictionary<CellKey, string>? ByStruct { get; set; }
    [FudgeField(3)] public Dictionary<CellRecord, int>? ByRecord { get; set; }
    [FudgeField(4)] public Dictionary<Tuple<string, int>, int>? ByOldTuple { get; set; }
    [FudgeField(5)] public SortedDictionary<(int, int), string>? Sorted { get; set; }
    [FudgeField(6)] public ImmutableDictionary<(string, int), int>? Immutable { get; set; }
    [FudgeField(7)] public Dictionary<KeyValuePair<string, int>, string>? ByPair { get; set; }
}

[FudgeMessage]
public partial class NestedCollections : INestedCollections
{
    public ImmutableDictionary<string, ImmutableArray<CollTrade>>? Books { get; set; }
    public List<ImmutableList<int>?>? Lists { get; set; }
    public Dictionary<string, Queue<int>>? Queues { get; set; }
    public ImmutableArray<ImmutableArray<int>> Jagged { get; set; }
    public FrozenDictionary<string, HashSet<int>>? Frozen { get; set; }
    public Stack<(int, string)>? Stacks { get; set; }
    public ImmutableList<Dictionary<(string, int), CollTrade>>? Deep { get; set; }
    public CollTrade[]? Array { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class NestedCollectionsOrdinals : INestedCollections
{
    [FudgeField(1)] public ImmutableDictionary<string, ImmutableArray<CollTrade>>? Books { get; set; }
    [FudgeField(2)] public List<ImmutableList<int>?>? Lists { get; set; }
    [FudgeField(3)] public Dictionary<string, Queue<int>>? Queues { get; set; }
    [FudgeField(4)] public ImmutableArray<ImmutableArray<int>> Jagged { get; set; }
    [FudgeField(5)] public FrozenDictionary<string, HashSet<int>>? Frozen { get; set; }
    [FudgeField(6)] public Stack<(int, string)>? Stacks { get; set; }
    [FudgeField(7)] public ImmutableList<Dictionary<(string, int), CollTrade>>? Deep { get; set; }
    [FudgeField(8)] public CollTrade[]? Array { get; set; }
}

[FudgeMessage]
public partial class PopulatedCollections : IPopulatedCollections
{
    public SortedSet<int> Sorted { get; } = new();
    public ObservableCollection<string> Observed { get; } = new();
    public ConcurrentDictionary<string, int> Counts { get; } = new();
    public Collection<int> Plain { get; } = new();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class PopulatedCollectionsOrdinals : IPopulatedCollections
{
    [FudgeField(1)] public SortedSet<int> Sorted { get; } = new();
    [FudgeField(2)] public ObservableCollection<string> Observed { get; } = new();
    [FudgeField(3)] public ConcurrentDictionary<string, int> Counts { get; } = new();
    [FudgeField(4)] public Collection<int> Plain { get; } = new();
}

[FudgeMessage]
public partial class PlainShapes
{
    public List<int>? List { get; set; }
    public HashSet<int>? Set { get; set; }
    public Dictionary<int, int>? Map { get; set; }
}

[FudgeMessage]
public partial class ImmutableShapes
{
    public ImmutableArray<int> List { get; set; }
    public ImmutableHashSet<int>? Set { get; set; }
    public ImmutableDictionary<int, int>? Map { get; set; }
}

[FudgeMessage]
public partial class OtherShapes
{
    public Queue<int>? List { get; set; }
    public SortedSet<int>? Set { get; set; }
    public SortedDictionary<int, int>? Map { get; set; }
}
