using System;
using System.Collections.Generic;
using Fudge.Serialization;

// Generic [FudgeMessage] types and their closed uses, in both field modes (GenericTests.cs, TopLevelTests.cs).
namespace Fudge.Generators.Tests.EverydayTypes.Generics;

public enum Venue : byte { Xlon, Xpar, Xnys }

[FudgeMessage]
public partial class Deal
{
    public string Symbol { get; set; } = "";
    public decimal Price { get; set; }
    public DateTime At { get; set; }
    public double Quantity { get; set; }
    public Venue Venue { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalDeal
{
    [FudgeField(1)] public string Symbol { get; set; } = "";
    [FudgeField(2)] public decimal Price { get; set; }
    [FudgeField(3)] public DateTime At { get; set; }
}

/// <summary>A page of results: the type parameter as a member, in collections, arrays, maps and sets.</summary>
[FudgeMessage]
public partial class Page<T>
{
    public int Number { get; set; }
    public List<T> Items { get; set; } = new();
    public T? First { get; set; }
    public T[]? Array { get; set; }
    public Dictionary<string, T>? ByKey { get; set; }
    public HashSet<T>? Set { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalPage<T>
{
    [FudgeField(1)] public int Number { get; set; }
    [FudgeField(2)] public List<T>? Items { get; set; }
    [FudgeField(3)] public T? First { get; set; }
    [FudgeField(4)] public Dictionary<string, T>? ByKey { get; set; }
    [FudgeField(5)] public IReadOnlyList<T>? ReadOnly { get; set; }
}

/// <summary>A positional generic record.</summary>
[FudgeMessage]
public partial record Result<T>(bool Ok, T? Value, string? Error);

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial record struct OrdinalResult<T>([property: FudgeField(1)] bool Ok, [property: FudgeField(2)] T? Value);

/// <summary>A generic struct constrained to value types: <c>T?</c> is <c>Nullable&lt;T&gt;</c>.</summary>
[FudgeMessage]
public partial struct Box<T> where T : struct
{
    public T Value { get; set; }
    public T? Maybe { get; set; }
}

/// <summary>Several type parameters, with constraints, one of them a map key.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class Pair<TKey, TValue> where TKey : notnull, IComparable<TKey> where TValue : class
{
    [FudgeField(1)] public TKey Key { get; set; } = default!;
    [FudgeField(2)] public TValue? Value { get; set; }
    [FudgeField(3)] public Dictionary<TKey, TValue?>? Map { get; set; }
}

public partial class Outer
{
    /// <summary>A generic type nested in a non-generic one.</summary>
    [FudgeMessage]
    public partial class Inner<T>
    {
        public T? Item { get; set; }
        public List<Page<T>>? Pages { get; set; }
    }
}

public partial class Container<TOuter>
{
    /// <summary>A type nested in a generic one uses its container's type parameter.</summary>
    [FudgeMessage]
    public partial class Slot
    {
        public TOuter? Held { get; set; }
    }
}

/// <summary>A generic base; a non-generic type derives from a closed use of it.</summary>
[FudgeMessage]
public partial class Tagged<T>
{
    public T? Tag { get; set; }
}

[FudgeMessage]
public partial class NamedTag : Tagged<int>
{
    public string? Name { get; set; }
}

/// <summary>Closed generic types as members of a non-generic type.</summary>
[FudgeMessage]
public partial class Portfolio
{
    public Page<Deal>? Deals { get; set; }
    public Box<int> Count { get; set; }
    public Result<List<Deal>>? Batch { get; set; }
    public Result<int>? Total { get; set; }
    public Page<Result<Deal>>? Nested { get; set; }
    public Outer.Inner<string>? Inner { get; set; }
    public Container<long>.Slot? Slot { get; set; }
    public Page<int?>? Optional { get; set; }
    public Page<List<int>>? Lists { get; set; }
    public Page<Venue>? Venues { get; set; }
    public NamedTag? Tag { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalPortfolio
{
    [FudgeField(1)] public OrdinalPage<OrdinalDeal>? Deals { get; set; }
    [FudgeField(2)] public OrdinalResult<int> Total { get; set; }
    [FudgeField(3)] public Pair<string, OrdinalDeal>? Pair { get; set; }
    [FudgeField(4)] public OrdinalPage<OrdinalResult<decimal>>? Nested { get; set; }
    [FudgeField(5)] public Box<Guid>? Id { get; set; }
}
