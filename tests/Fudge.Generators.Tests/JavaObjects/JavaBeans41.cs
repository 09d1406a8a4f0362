using System;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;
using Fudge.Serialization;

// The .NET side of the beans of tests/interop/java-objects that hold the types of issue 41 (BclLists, BclSetsMaps,
// ObjectBag, WideEnums, Offsets, OddOffset, WideText): the namespace is mapped to com.acme.trading (JavaBeans.cs), so
// they take Fudge-Java's object mapping.
namespace Fudge.Generators.Tests.JavaObjects;

/// <summary>Java <c>Rating</c>; .NET declares it over <see cref="byte"/>.</summary>
public enum Rating : byte { Low, High }

/// <summary>Java <c>Tenor</c>; .NET declares it over <see cref="long"/>.</summary>
public enum Tenor : long { Overnight = 1, LongDated = 1L << 40 }

/// <summary>Java <c>Level</c>; .NET declares it over <see cref="ulong"/>.</summary>
public enum Level : ulong { Min = 0, Max = ulong.MaxValue }

/// <summary>Java <c>BclLists</c>: nine <c>List&lt;String&gt;</c> properties.</summary>
[FudgeMessage]
public partial class BclLists
{
    public ImmutableArray<string> Values { get; set; }
    public ImmutableList<string>? Immutable { get; set; }
    public Collection<string>? Plain { get; set; }
    public ReadOnlyCollection<string>? ReadOnly { get; set; }
    public ObservableCollection<string>? Observable { get; set; }
    public Queue<string>? Fifo { get; set; }
    public Stack<string>? Lifo { get; set; }
    public LinkedList<string>? Linked { get; set; }
    public ConcurrentQueue<string>? Concurrent { get; set; }
}

/// <summary>Java <c>BclSetsMaps</c>: <c>Set&lt;String&gt;</c> and <c>Map&lt;String, Double&gt;</c> properties.</summary>
[FudgeMessage]
public partial class BclSetsMaps
{
    public ImmutableHashSet<string>? ImmutableSet { get; set; }
    public FrozenSet<string>? Frozen { get; set; }
    public SortedSet<string>? Sorted { get; set; }
    public ImmutableDictionary<string, double>? ImmutableMap { get; set; }
    public FrozenDictionary<string, double>? FrozenMap { get; set; }
    public SortedDictionary<string, double>? SortedMap { get; set; }
    public SortedList<string, double>? SortedPairs { get; set; }
    public ConcurrentDictionary<string, double>? ConcurrentMap { get; set; }
    public ReadOnlyDictionary<string, double>? ReadOnlyMap { get; set; }
}

/// <summary>Java <c>ObjectBag</c>: <c>Object</c> properties, a <c>Map&lt;String, Object&gt;</c> and a <c>List&lt;Object&gt;</c>.</summary>
[FudgeMessage]
public partial class ObjectBag
{
    public object? Value { get; set; }
    public object? Text { get; set; }
    public object? Bean { get; set; }
    public Dictionary<string, object?>? Bag { get; set; }
    public List<object?>? Items { get; set; }
}

/// <summary>Java <c>WideEnums</c>: enums .NET declares over other underlying types.</summary>
[FudgeMessage]
public partial class WideEnums
{
    public Rating? Rating { get; set; }
    public Tenor? Tenor { get; set; }
    public Level? Level { get; set; }
    public List<Rating>? Ratings { get; set; }
}

/// <summary>Java <c>Offsets</c>: <c>OffsetDateTime</c> properties at whole quarter hours.</summary>
[FudgeMessage]
public partial class Offsets
{
    public DateTimeOffset? East { get; set; }
    public DateTimeOffset? West { get; set; }
    public DateTimeOffset? Nepal { get; set; }
    public DateTimeOffset? Newfoundland { get; set; }
    public DateTimeOffset? Utc { get; set; }
}

/// <summary>Java <c>OddOffset</c>: an <c>OffsetDateTime</c> at +05:17.</summary>
[FudgeMessage]
public partial class OddOffset
{
    public DateTimeOffset? Odd { get; set; }
}

/// <summary>Java <c>WideText</c>: a <c>BigDecimal</c> and two <c>String</c>s, here a <see cref="BigInteger"/> and two <see cref="Uri"/>s.</summary>
[FudgeMessage]
public partial class WideText
{
    public BigInteger? Big { get; set; }
    public Uri? Link { get; set; }
    public Uri? Relative { get; set; }
}
