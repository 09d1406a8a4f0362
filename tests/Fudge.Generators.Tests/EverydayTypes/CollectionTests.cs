using System;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using Fudge.Serialization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Immutable, frozen, sorted, concurrent and other BCL collections, classes of the collection-initializer shape,
/// tuples, pairs and composite dictionary keys as members: every value comes back whole, in both field modes, and the
/// new kinds write the bytes List&lt;T&gt;, HashSet&lt;T&gt; and Dictionary&lt;K,V&gt; write for the same elements.
/// </summary>
public class CollectionTests
{
    private static T RoundTrip<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<T>(bytes);
        Assert.Equal(bytes, FudgeSerializer.Serialize(back));
        return back;
    }

    private static void Ordered<T>(IEnumerable<T>? expected, IEnumerable<T>? actual)
    {
        if (expected is null) { Assert.Null(actual); return; }
        Assert.NotNull(actual);
        Assert.Equal(expected.ToList(), actual!.ToList());
    }

    private static void Unordered<T>(IEnumerable<T>? expected, IEnumerable<T>? actual)
    {
        if (expected is null) { Assert.Null(actual); return; }
        Assert.NotNull(actual);
        var e = expected.ToList();
        var a = actual!.ToList();
        Assert.Equal(e.Count, a.Count);
        foreach (var item in e) Assert.Contains(item, a);
    }

    private static void Map<K, V>(IEnumerable<KeyValuePair<K, V>>? expected, IEnumerable<KeyValuePair<K, V>>? actual, Action<V, V>? value = null) where K : notnull
    {
        if (expected is null) { Assert.Null(actual); return; }
        Assert.NotNull(actual);
        var a = actual!.ToDictionary(p => p.Key, p => p.Value);
        Assert.Equal(expected.Count(), a.Count);
        foreach (var pair in expected)
        {
            Assert.True(a.TryGetValue(pair.Key, out var found), $"key {pair.Key} missing");
            if (value is null) Assert.Equal(pair.Value, found);
            else value(pair.Value, found);
        }
    }

    // ------------------------------------------------------------------ immutable and frozen

    private static T Immutable<T>() where T : IImmutableCollections, new() => new()
    {
        Array = ImmutableArray.Create(3, -1, int.MaxValue),
        Empty = ImmutableArray<string?>.Empty,
        List = ImmutableList.Create<string?>("a", null, "ü"),
        HashSet = ImmutableHashSet.Create(5, 1, 9),
        Dictionary = ImmutableDictionary<string, int>.Empty.Add("x", 1).Add("y", -2),
        SortedDictionary = ImmutableSortedDictionary<string, double>.Empty.Add("b", 0.1).Add("a", double.NaN).Add("c", -0.0),
        SortedSet = ImmutableSortedSet.Create(3, 1, 2),
        Queue = ImmutableQueue.Create(1, 2, 3),
        Stack = ImmutableStack.Create(1, 2, 3), // 3 on top
        IList = ImmutableList.Create("p", "q"),
        IDictionary = ImmutableDictionary<string, int>.Empty.Add("k", 7),
        ISet = ImmutableHashSet.Create(4),
        Frozen = new Dictionary<string, int> { ["f"] = 1, ["g"] = 2 }.ToFrozenDictionary(),
        FrozenSet = new[] { "s", "t" }.ToFrozenSet(),
    };

    [Fact]
    public void Immutable_and_frozen_collections_round_trip_by_names() => ImmutableRoundTrip<ImmutableCollections>();

    [Fact]
    public void Immutable_and_frozen_collections_round_trip_by_ordinals() => ImmutableRoundTrip<ImmutableCollectionsOrdinals>();

    private static void ImmutableRoundTrip<T>() where T : IImmutableCollections, new()
    {
        var value = Immutable<T>();
        var back = RoundTrip(value);
        Ordered(value.Array, back.Array);
        Assert.True(back.Unset.IsDefault); // a default ImmutableArray is written as a null and reads back default
        Assert.False(back.Empty.IsDefault);
        Assert.Empty(back.Empty);
        Ordered(value.List, back.List);
        Unordered(value.HashSet, back.HashSet);
        Map(value.Dictionary, back.Dictionary);
        Assert.Equal(value.SortedDictionary!.Keys, back.SortedDictionary!.Keys);
        Assert.Equal(value.SortedDictionary.Values.Select(BitConverter.DoubleToInt64Bits), back.SortedDictionary.Values.Select(BitConverter.DoubleToInt64Bits));
        Ordered(value.SortedSet, back.SortedSet);
        Ordered(value.Queue, back.Queue);
        Ordered(new[] { 3, 2, 1 }, back.Stack); // same top, same order below it
        Assert.Equal(3, back.Stack!.Peek());
        Ordered(value.IList, back.IList);
        Map(value.IDictionary, back.IDictionary);
        Unordered(value.ISet, back.ISet);
        Map(value.Frozen, back.Frozen);
        Unordered(value.FrozenSet, back.FrozenSet);
        Assert.Null(back.Null);
    }

    // ------------------------------------------------------------------ other BCL collections

    private static T Bcl<T>() where T : IBclCollections, new()
    {
        var value = new T
        {
            Collection = new Collection<int> { 1, 2, 3 },
            ReadOnly = new ReadOnlyCollection<string?>(new[] { "r", null }),
            Observable = new ObservableCollection<int> { 9, 8 },
            Queue = new Queue<int>(new[] { 1, 2, 3 }),
            Stack = new Stack<int>(new[] { 1, 2, 3 }), // 3 on top
            Linked = new LinkedList<int>(new[] { 5, 6 }),
            SortedSet = new SortedSet<string> { "b", "a", "C" },
            SortedDictionary = new SortedDictionary<string, int> { ["z"] = 1, ["a"] = 2 },
            SortedList = new SortedList<int, string?> { [2] = "two", [1] = null },
            Concurrent = new ConcurrentDictionary<string, int>(new Dictionary<string, int> { ["c"] = 3 }),
            ConcurrentQueue = new ConcurrentQueue<int>(new[] { 7, 8 }),
            ConcurrentStack = new ConcurrentStack<int>(new[] { 1, 2 }),
            Bag = new ConcurrentBag<int> { 4, 4, 5 },
            ReadOnlySet = new HashSet<int> { 1, 2 },
            ReadOnlyDictionary = new ReadOnlyDictionary<string, int>(new Dictionary<string, int> { ["ro"] = 1 }),
            Basket = new Basket { "apple", "pear" },
            Tags = new TagSet { "t1", "t2" },
            Registry = new Registry { ["one"] = 1 },
        };
        return value;
    }

    [Fact]
    public void Other_bcl_collections_round_trip_by_names() => BclRoundTrip<BclCollections>();

    [Fact]
    public void Other_bcl_collections_round_trip_by_ordinals() => BclRoundTrip<BclCollectionsOrdinals>();

    private static void BclRoundTrip<T>() where T : IBclCollections, new()
    {
        var value = Bcl<T>();
        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<T>(bytes);
        Ordered(value.Collection, back.Collection);
        Ordered(value.ReadOnly, back.ReadOnly);
        Ordered(value.Observable, back.Observable);
        Ordered(value.Queue, back.Queue);
        Ordered(value.Stack, back.Stack);
        Assert.Equal(3, back.Stack!.Peek());
        Ordered(value.Linked, back.Linked);
        Ordered(value.SortedSet, back.SortedSet);
        Ordered(value.SortedDictionary, back.SortedDictionary);
        Ordered(value.SortedList, back.SortedList);
        Map(value.Concurrent, back.Concurrent);
        Ordered(value.ConcurrentQueue, back.ConcurrentQueue);
        Ordered(value.ConcurrentStack, back.ConcurrentStack);
        Assert.True(back.ConcurrentStack!.TryPeek(out int top) && top == 2);
        Unordered(value.Bag, back.Bag); // a bag has no order: the same elements, duplicates kept
        Unordered(value.ReadOnlySet, back.ReadOnlySet);
        Map(value.ReadOnlyDictionary, back.ReadOnlyDictionary);
        Ordered(value.Basket, back.Basket);
        Unordered(value.Tags, back.Tags);
        Map(value.Registry, back.Registry);
        Assert.Null(back.Null);
        // The bag aside (its enumeration order is its own), the value writes the same bytes again.
        back.Bag = value.Bag;
        Assert.Equal(bytes, FudgeSerializer.Serialize(back));
    }

    [Fact]
    public void A_sorted_collection_with_its_own_comparer_comes_back_with_the_default_comparer()
    {
        var value = new BclCollections
        {
            SortedSet = new SortedSet<string>(StringComparer.OrdinalIgnoreCase) { "b", "A", "c" },
            SortedDictionary = new SortedDictionary<string, int>(Comparer<string>.Create((x, y) => string.CompareOrdinal(y, x))) { ["a"] = 1, ["b"] = 2 },
        };
        var back = FudgeSerializer.Deserialize<BclCollections>(FudgeSerializer.Serialize(value));
        // The elements come back; their order (and the comparer) is the default one of the element type.
        Assert.Equal(new[] { "A", "b", "c" }.OrderBy(s => s, Comparer<string>.Default), back.SortedSet!);
        Assert.Same(Comparer<string>.Default, back.SortedSet!.Comparer);
        Assert.Equal(new[] { "a", "b" }, back.SortedDictionary!.Keys);
    }

    // ------------------------------------------------------------------ tuples and pairs

    private static T TupleValues<T>() where T : ITuples, new() => new()
    {
        Pair = (1, "one"),
        Named = (Id: 2, Name: null),
        One = new ValueTuple<int>(-5),
        Nine = (1, 2, 3, 4, 5, 6, 7, 8, "nine"),
        Old = Tuple.Create(3, (string?)"three"),
        LongOld = new Tuple<int, int, int, int, int, int, int, Tuple<int, string>>(1, 2, 3, 4, 5, 6, 7, Tuple.Create(8, "eight")),
        Pair2 = new KeyValuePair<string, int>("k", 42),
        PairOfList = new KeyValuePair<string, List<int>?>("list", new List<int> { 1, 2 }),
        Maybe = (4, "four"),
        NoValue = null,
        Points = new List<(string, double)> { ("a", 0.5), ("b", -1e300) },
        Ranges = new Dictionary<string, (int Low, int High)> { ["r"] = (1, 10) },
        WithObject = (new CollTrade("VOD.L", 101), new DateTime(2026, 11, 28, 1, 2, 3, DateTimeKind.Utc)),
    };

    [Fact]
    public void Tuples_and_pairs_round_trip_by_names() => TupleRoundTrip<Tuples>();

    [Fact]
    public void Tuples_and_pairs_round_trip_by_ordinals() => TupleRoundTrip<TuplesOrdinals>();

    private static void TupleRoundTrip<T>() where T : ITuples, new()
    {
        var value = TupleValues<T>();
        var back = RoundTrip(value);
        Assert.Equal(value.Pair, back.Pair);
        Assert.Equal(value.Named, back.Named);
        Assert.Null(back.Named.Name);
        Assert.Equal(value.One, back.One);
        Assert.Equal(value.Nine, back.Nine);
        Assert.Equal(value.Old, back.Old);
        Assert.Equal(value.LongOld, back.LongOld);
        Assert.Equal(value.Pair2, back.Pair2);
        Assert.Equal("list", back.PairOfList.Key);
        Ordered(value.PairOfList.Value, back.PairOfList.Value);
        Assert.Equal(value.Maybe, back.Maybe);
        Assert.Null(back.NoValue);
        Ordered(value.Points, back.Points);
        Map(value.Ranges, back.Ranges);
        Assert.Equal(value.WithObject, back.WithObject);
        Assert.Equal(DateTimeKind.Utc, back.WithObject.Item2.Kind);
    }

    [Fact]
    public void A_pair_is_a_message_of_its_key_at_ordinal_1_and_its_value_at_ordinal_2()
    {
        var value = new Tuples { Pair2 = new KeyValuePair<string, int>("k", 42), Pair = (7, "seven") };
        var msg = FudgeMsg.Parse(FudgeSerializer.Serialize(value));
        var pair = msg.GetMessage("Pair2")!;
        Assert.Equal("k", pair.GetString(1));
        Assert.Equal(42, pair.GetInt32(2));
        var tuple = msg.GetMessage("Pair")!;
        Assert.Equal(7, tuple.GetInt32(1));
        Assert.Equal("seven", tuple.GetString(2));
    }

    // ------------------------------------------------------------------ composite keys

    private static T Keys<T>() where T : ICompositeKeys, new() => new()
    {
        ByTuple = new Dictionary<(string, int), CollTrade> { [("a", 1)] = new CollTrade("A", 1), [("a", 2)] = new CollTrade("B", 2) },
        ByStruct = new Dictionary<CellKey, string> { [new CellKey("r1", 3)] = "x", [new CellKey("r2", 4)] = "y" },
        ByRecord = new Dictionary<CellRecord, int> { [new CellRecord("s", 1)] = 10 },
        ByOldTuple = new Dictionary<Tuple<string, int>, int> { [Tuple.Create("o", 1)] = 5 },
        Sorted = new SortedDictionary<(int, int), string> { [(2, 1)] = "b", [(1, 9)] = "a" },
        Immutable = ImmutableDictionary<(string, int), int>.Empty.Add(("i", 1), 1),
        ByPair = new Dictionary<KeyValuePair<string, int>, string> { [new KeyValuePair<string, int>("p", 1)] = "pv" },
    };

    [Fact]
    public void Composite_dictionary_keys_round_trip_by_names() => KeysRoundTrip<CompositeKeys>();

    [Fact]
    public void Composite_dictionary_keys_round_trip_by_ordinals() => KeysRoundTrip<CompositeKeysOrdinals>();

    private static void KeysRoundTrip<T>() where T : ICompositeKeys, new()
    {
        var value = Keys<T>();
        var back = RoundTrip(value);
        Map(value.ByTuple, back.ByTuple);
        Assert.Equal(new CollTrade("B", 2), back.ByTuple![("a", 2)]); // the keys read back find their values
        Map(value.ByStruct, back.ByStruct);
        Map(value.ByRecord, back.ByRecord);
        Map(value.ByOldTuple, back.ByOldTuple);
        Ordered(value.Sorted, back.Sorted);
        Map(value.Immutable, back.Immutable);
        Map(value.ByPair, back.ByPair);
    }

    // ------------------------------------------------------------------ nested

    private static T Nested<T>() where T : INestedCollections, new() => new()
    {
        Books = ImmutableDictionary<string, ImmutableArray<CollTrade>>.Empty
            .Add("LSE", ImmutableArray.Create(new CollTrade("VOD.L", 1), new CollTrade("BP.L", 2)))
            .Add("none", ImmutableArray<CollTrade>.Empty)
            .Add("default", default),
        Lists = new List<ImmutableList<int>?> { ImmutableList.Create(1, 2), null, ImmutableList<int>.Empty },
        Queues = new Dictionary<string, Queue<int>> { ["q"] = new Queue<int>(new[] { 3, 4 }) },
        Jagged = ImmutableArray.Create(ImmutableArray.Create(1), default, ImmutableArray<int>.Empty),
        Frozen = new Dictionary<string, HashSet<int>> { ["h"] = new HashSet<int> { 1 } }.ToFrozenDictionary(),
        Stacks = new Stack<(int, string)>(new[] { (1, "a"), (2, "b") }),
        Deep = ImmutableList.Create(new Dictionary<(string, int), CollTrade> { [("d", 1)] = new CollTrade("D", 1) }),
        Array = new[] { new CollTrade("X", 1) },
    };

    [Fact]
    public void Nested_collections_round_trip_by_names() => NestedRoundTrip<NestedCollections>();

    [Fact]
    public void Nested_collections_round_trip_by_ordinals() => NestedRoundTrip<NestedCollectionsOrdinals>();

    private static void NestedRoundTrip<T>() where T : INestedCollections, new()
    {
        var value = Nested<T>();
        var back = RoundTrip(value);
        Assert.Equal(3, back.Books!.Count);
        Ordered(value.Books!["LSE"], back.Books["LSE"]);
        Assert.False(back.Books["none"].IsDefault);
        Assert.Empty(back.Books["none"]);
        Assert.True(back.Books["default"].IsDefault); // a null map value is an indicator
        Assert.Equal(3, back.Lists!.Count);
        Ordered(value.Lists![0], back.Lists[0]);
        Assert.Null(back.Lists[1]);
        Assert.Empty(back.Lists[2]!);
        Ordered(value.Queues!["q"], back.Queues!["q"]);
        Assert.Equal(3, back.Jagged.Length);
        Ordered(value.Jagged[0], back.Jagged[0]);
        Assert.True(back.Jagged[1].IsDefault); // a null element is an indicator
        Assert.False(back.Jagged[2].IsDefault);
        Unordered(value.Frozen!["h"], back.Frozen!["h"]);
        Ordered(value.Stacks, back.Stacks);
        Map(value.Deep![0], back.Deep![0]);
        Ordered(value.Array, back.Array);
    }

    // ------------------------------------------------------------------ empty and null

    [Fact]
    public void Empty_collections_come_back_empty_and_nulls_null()
    {
        var value = new BclCollectionsOrdinals
        {
            Collection = new Collection<int>(), Queue = new Queue<int>(), Stack = new Stack<int>(), SortedSet = new SortedSet<string>(),
            SortedDictionary = new SortedDictionary<string, int>(), Basket = new Basket(), Registry = new Registry(),
        };
        var back = RoundTrip(value);
        Assert.Empty(back.Collection!);
        Assert.Empty(back.Queue!);
        Assert.Empty(back.Stack!);
        Assert.Empty(back.SortedSet!);
        Assert.Empty(back.SortedDictionary!);
        Assert.Empty(back.Basket!);
        Assert.Empty(back.Registry!);
        Assert.Null(back.Linked);
        Assert.Null(back.Concurrent);
        Assert.Null(back.ReadOnlyDictionary);

        var immutable = RoundTrip(new ImmutableCollections());
        Assert.True(immutable.Array.IsDefault);
        Assert.Null(immutable.List);
        Assert.Null(immutable.Frozen);
    }

    // ------------------------------------------------------------------ populated in place

    [Fact]
    public void Get_only_collections_are_filled_in_place_by_names() => PopulateRoundTrip<PopulatedCollections>();

    [Fact]
    public void Get_only_collections_are_filled_in_place_by_ordinals() => PopulateRoundTrip<PopulatedCollectionsOrdinals>();

    private static void PopulateRoundTrip<T>() where T : IPopulatedCollections, new()
    {
        var value = new T();
        value.Sorted.Add(3); value.Sorted.Add(1);
        value.Observed.Add("o");
        value.Counts["c"] = 2;
        value.Plain.Add(9);
        var back = RoundTrip(value);
        Ordered(new[] { 1, 3 }, back.Sorted);
        Ordered(value.Observed, back.Observed);
        Map(value.Counts, back.Counts);
        Ordered(value.Plain, back.Plain);
    }

    // ------------------------------------------------------------------ bytes

    [Fact]
    public void A_list_set_and_map_member_write_the_bytes_they_always_wrote()
    {
        // Pinned from the generator before issue 41's collections: List<int>, HashSet<int> and Dictionary<int,int>.
        var value = new PlainShapes { List = new List<int> { 1, 300 }, Set = new HashSet<int> { 2 }, Map = new Dictionary<int, int> { [3] = 4 } };
        string hex = Convert.ToHexString(FudgeSerializer.Serialize(value));
        Assert.True(hex == PinnedPlainShapes, hex);
    }

    private const string PinnedPlainShapes = "0000000000000034280F044C697374078002018003012C280F03536574059002000102280F034D61700A90020001039002000204";

    [Fact]
    public void The_new_kinds_write_the_bytes_of_list_hash_set_and_dictionary()
    {
        var plain = FudgeSerializer.Serialize(new PlainShapes { List = new List<int> { 1, 2, 300 }, Set = new HashSet<int> { 1, 5, 9 }, Map = new Dictionary<int, int> { [1] = 10, [2] = 20 } });
        var immutable = FudgeSerializer.Serialize(new ImmutableShapes
        {
            List = ImmutableArray.Create(1, 2, 300), Set = ImmutableHashSet.Create(1, 5, 9),
            Map = ImmutableDictionary<int, int>.Empty.Add(1, 10).Add(2, 20),
        });
        var other = FudgeSerializer.Serialize(new OtherShapes
        {
            List = new Queue<int>(new[] { 1, 2, 300 }), Set = new SortedSet<int> { 9, 5, 1 },
            Map = new SortedDictionary<int, int> { [2] = 20, [1] = 10 },
        });
        Assert.Equal(plain, immutable);
        Assert.Equal(plain, other);
        // and each reads the others' bytes
        var fromPlain = FudgeSerializer.Deserialize<ImmutableShapes>(plain);
        Ordered(new[] { 1, 2, 300 }, fromPlain.List);
        var fromImmutable = FudgeSerializer.Deserialize<PlainShapes>(immutable);
        Ordered(new[] { 1, 2, 300 }, fromImmutable.List);
    }

    [Fact]
    public void A_stack_is_written_bottom_first_as_a_list()
    {
        var stack = FudgeSerializer.Serialize(new BclCollections { Stack = new Stack<int>(new[] { 1, 2, 3 }) });
        var list = FudgeMsg.Parse(stack).GetMessage("Stack")!;
        Assert.Equal(new[] { 1, 2, 3 }, list.Select(f => Convert.ToInt32(f.Value)));
        // as a List<int> of the same elements: a Java reader's Stack (a Vector) gets the same order
        var plain = FudgeMsg.Parse(FudgeSerializer.Serialize(new PlainShapes { List = new List<int> { 1, 2, 3 } })).GetMessage("List")!;
        Assert.Equal(plain.ToByteArray(), list.ToByteArray());
    }

    // ------------------------------------------------------------------ hostile input

    public static IEnumerable<object[]> Samples()
    {
        yield return new object[] { "Immutable", FudgeSerializer.Serialize(Immutable<ImmutableCollectionsOrdinals>()) };
        yield return new object[] { "Bcl", FudgeSerializer.Serialize(Bcl<BclCollections>()) };
        yield return new object[] { "Tuples", FudgeSerializer.Serialize(TupleValues<TuplesOrdinals>()) };
        yield return new object[] { "Keys", FudgeSerializer.Serialize(Keys<CompositeKeys>()) };
        yield return new object[] { "Nested", FudgeSerializer.Serialize(Nested<NestedCollectionsOrdinals>()) };
    }

    private static void Decode(string type, byte[] data)
    {
        switch (type)
        {
            case "Immutable": FudgeSerializer.Deserialize<ImmutableCollectionsOrdinals>(data); break;
            case "Bcl": FudgeSerializer.Deserialize<BclCollections>(data); break;
            case "Tuples": FudgeSerializer.Deserialize<TuplesOrdinals>(data); break;
            case "Keys": FudgeSerializer.Deserialize<CompositeKeys>(data); break;
            case "Nested": FudgeSerializer.Deserialize<NestedCollectionsOrdinals>(data); break;
            default: throw new ArgumentException(type);
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Truncated_and_corrupted_collections_raise_only_format_exceptions(string type, byte[] data)
    {
        Decode(type, data);
        HostileInput.AssertOnlyFormatErrors(data, d => Decode(type, d));
    }

    // ------------------------------------------------------------------ generator

    private const string Corpus73 = """
        using System;
        using System.Collections;
        using System.Collections.Concurrent;
        using System.Collections.Frozen;
        using System.Collections.Generic;
        using System.Collections.Immutable;
        using System.Collections.ObjectModel;
        using Fudge.Serialization;
        namespace Old
        {
            [FudgeMessage]
            public partial struct Cell
            {
                public string Row;
                public int Column;
            }

            public class Bag : IEnumerable<int>
            {
                private readonly List<int> _items = new List<int>();
                public void Add(int item) { _items.Add(item); }
                public IEnumerator<int> GetEnumerator() { return _items.GetEnumerator(); }
                IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
            }

            [FudgeMessage]
            public partial class Everything
            {
                public ImmutableArray<int> Array { get; set; }
                public ImmutableList<string> List { get; set; }
                public ImmutableHashSet<int> Set { get; set; }
                public ImmutableDictionary<string, ImmutableArray<Cell>> Map { get; set; }
                public ImmutableSortedDictionary<string, int> SortedMap { get; set; }
                public ImmutableSortedSet<int> SortedSet { get; set; }
                public ImmutableQueue<int> ImmutableQueue { get; set; }
                public ImmutableStack<int> ImmutableStack { get; set; }
                public IImmutableList<int> IList { get; set; }
                public IImmutableDictionary<string, int> IMap { get; set; }
                public FrozenDictionary<string, int> Frozen { get; set; }
                public FrozenSet<int> FrozenSet { get; set; }
                public Collection<int> Collection { get; set; }
                public ReadOnlyCollection<int> ReadOnly { get; set; }
                public ObservableCollection<int> Observable { get; set; }
                public Queue<int> Queue { get; set; }
                public Stack<int> Stack { get; set; }
                public LinkedList<int> Linked { get; set; }
                public SortedSet<string> Sorted { get; set; }
                public SortedDictionary<string, int> SortedDictionary { get; set; }
                public SortedList<int, string> SortedList { get; set; }
                public ConcurrentDictionary<string, int> Concurrent { get; set; }
                public ConcurrentQueue<int> ConcurrentQueue { get; set; }
                public ConcurrentBag<int> ConcurrentBag { get; set; }
                public IReadOnlySet<int> ReadOnlySet { get; set; }
                public ReadOnlyDictionary<string, int> ReadOnlyDictionary { get; set; }
                public Bag Bag { get; set; }
                public (int, string) Pair { get; set; }
                public (int Id, string Name)? Named { get; set; }
                public (int, int, int, int, int, int, int, int) Eight { get; set; }
                public Tuple<int, string> Old { get; set; }
                public KeyValuePair<string, int> Kvp { get; set; }
                public Dictionary<(string, int), Cell> ByTuple { get; set; }
                public Dictionary<Cell, string> ByStruct { get; set; }
                public SortedSet<int> Populated { get; } = new SortedSet<int>();
            }
        }
        """;

    [Fact]
    public void The_collection_shapes_compile_as_csharp_7_3()
    {
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp7_3, nullable: false, Corpus73));
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems.Select(d => d.ToString())));
        Assert.Contains(run.GeneratedTrees, t => t.ToString().Contains("FrozenDictionary.ToFrozenDictionary", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("System.Collections.Immutable.ImmutableArray<System.IO.Stream>")]
    [InlineData("Holder")]
    [InlineData("(int, System.IO.Stream)")]
    [InlineData("System.Collections.Generic.Dictionary<(int, Plain), int>?")]
    public void A_collection_or_tuple_of_an_unsupported_type_is_refused(string type)
    {
        string source = $$"""
            using System.Collections.Generic;
            using Fudge.Serialization;
            [FudgeMessage] public partial class Plain { public int A { get; set; } }
            public class Holder : IEnumerable<System.IO.Stream>
            {
                public void Add(System.IO.Stream s) { }
                public IEnumerator<System.IO.Stream> GetEnumerator() => null!;
                System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => null!;
            }
            [FudgeMessage] public partial class M { public {{type}} Member { get; set; } = default!; }
            """;
        var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        Assert.Equal("FUDGE002", Assert.Single(diagnostics).Id);
    }

    [Fact]
    public void A_key_equal_only_by_reference_is_still_refused()
    {
        const string source = """
            using System.Collections.Generic;
            using Fudge.Serialization;
            [FudgeMessage] public partial class Plain { public int A { get; set; } }
            [FudgeMessage] public partial class M { public Dictionary<Plain, int>? Map { get; set; } }
            """;
        var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        Assert.Equal("FUDGE002", Assert.Single(diagnostics).Id);
    }
}
