using System.Collections.Generic;
using Fudge.Serialization;

// Models of issue 41 section 2 (values that came back wrong): members whose null the reader would not restore by
// itself, in both field modes, and Fudge-Java objects with readable-only properties and struct class chains.
namespace Fudge.Generators.Tests.EverydayTypes.WrongValues;

public enum Side { Buy, Sell }

[FudgeMessage]
public partial class Address
{
    public string? Street { get; set; } = "Main";
}

[FudgeMessage]
public partial struct Point
{
    public int X { get; set; }
}

/// <summary>The four examples and more: every member has a non-null initializer (a reader would keep it).</summary>
[FudgeMessage]
public partial class Defaults
{
    public int? Retries { get; set; } = 3;
    public string? Currency { get; set; } = "USD";
    public List<int>? Tags { get; set; } = new() { 1 };
    public Address? Address { get; set; } = new();
    public Point? Point { get; set; } = new Point { X = 1 };
    public Side? Side { get; set; } = WrongValues.Side.Sell;
    public Dictionary<string, int>? Limits { get; set; } = new() { ["a"] = 1 };
    public string? Field = "field";
    public string? Plain { get; set; } // no initializer: a null is left out, as before
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class DefaultsOrdinals
{
    [FudgeField(1)] public int? Retries { get; set; } = 3;
    [FudgeField(2)] public string? Currency { get; set; } = "USD";
    [FudgeField(3)] public List<int>? Tags { get; set; } = new() { 1 };
    [FudgeField(4)] public Address? Address { get; set; } = new();
    [FudgeField(5)] public Point? Point { get; set; } = new Point { X = 1 };
    [FudgeField(6)] public Side? Side { get; set; } = WrongValues.Side.Sell;
    [FudgeField(7)] public Dictionary<string, int>? Limits { get; set; } = new() { ["a"] = 1 };
    [FudgeField(8)] public string? Field = "field";
    [FudgeField(9)] public string? Plain { get; set; }
    [FudgeField(10)] public int Count { get; set; } // fixed-width neighbours: written in a field run
    [FudgeField(11)] public int Other { get; set; }
}

/// <summary>Filled by the constructor's body rather than initializers, one through a chained constructor.</summary>
[FudgeMessage]
public partial class Order
{
    public Order() : this("n") { Tags = new List<string>(); }
    private Order(string note) { Note = note; }
    public List<string>? Tags { get; set; }
    public string? Note { get; set; }
    public string? Other { get; set; } // nothing fills it
}

[FudgeMessage]
public partial class BaseOrder
{
    public BaseOrder() { Desk = "desk"; }
    public string? Desk { get; set; }
}

[FudgeMessage]
public partial class DerivedOrder : BaseOrder
{
    public string? Trader { get; set; } = "t";
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrderOrdinals
{
    public OrderOrdinals() { Tags = new List<string>(); Note = "n"; }
    [FudgeField(1)] public List<string>? Tags { get; set; }
    [FudgeField(2)] public string? Note { get; set; }
    [FudgeField(3)] public string? Other { get; set; }
}

/// <summary>Constructor parameters with defaults (a positional record), init-only constants and a required member.</summary>
[FudgeMessage]
public partial record Quote(string? Venue = "XNAS", int? Size = 100, string? Plain = null)
{
    public string? Unit { get; init; } = "ms";
    public required string? Book { get; init; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial record QuoteOrdinals([property: FudgeField(1)] string? Venue = "XNAS", [property: FudgeField(2)] int? Size = 100, [property: FudgeField(3)] string? Plain = null)
{
    [FudgeField(4)] public string? Unit { get; init; } = "ms";
    [FudgeField(5)] public required string? Book { get; init; }
}

/// <summary>A struct whose declared constructor runs its initializers.</summary>
[FudgeMessage]
public partial struct Settings
{
    public Settings() { }
    public string? Label { get; set; } = "label";
    public int? Level { get; set; } = 2;
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial struct SettingsOrdinals
{
    public SettingsOrdinals() { }
    [FudgeField(1)] public string? Label { get; set; } = "label";
    [FudgeField(2)] public int? Level { get; set; } = 2;
}

/// <summary>Nested: the outer member and the inner object's members all have initializers.</summary>
[FudgeMessage]
public partial class Outer
{
    public Defaults? Inner { get; set; } = new();
    public List<Defaults?>? Items { get; set; } = new() { new Defaults() };
    public Settings? Settings { get; set; } = new Settings();
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OuterOrdinals
{
    [FudgeField(1)] public DefaultsOrdinals? Inner { get; set; } = new();
    [FudgeField(2)] public List<DefaultsOrdinals?>? Items { get; set; } = new() { new DefaultsOrdinals() };
    [FudgeField(3)] public SettingsOrdinals? Settings { get; set; } = new SettingsOrdinals();
}

/// <summary>Nothing fills any member: nulls are left out, the bytes of an empty message.</summary>
[FudgeMessage]
public partial class Plain
{
    public string? Name { get; set; }
    public int? Count { get; set; }
    public List<int>? Items { get; set; }
    public Address? Address { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class PlainOrdinals
{
    [FudgeField(1)] public string? Name { get; set; }
    [FudgeField(2)] public int? Count { get; set; }
    [FudgeField(3)] public List<int>? Items { get; set; }
    [FudgeField(4)] public Address? Address { get; set; }
}

/// <summary>A get-only collection: it cannot be null, so there is nothing to write for a null.</summary>
[FudgeMessage]
public partial class Basket
{
    public List<int> Items { get; } = new() { 1 };
}

/// <summary>Write failures: values Fudge cannot hold, deep in a graph.</summary>
[FudgeMessage]
public partial class Trade
{
    public string? Symbol { get; set; }
    public char Flag { get; set; } = 'x';
    public List<Leg>? Legs { get; set; }
    public Dictionary<string, Leg?>? ByVenue { get; set; }
    public Leg? Main { get; set; }
    public List<List<string>>? Grid { get; set; }
}

[FudgeMessage]
public partial class Leg
{
    public string? Symbol { get; set; }
    public LegPoint? Point { get; set; }
}

[FudgeMessage]
public partial struct LegPoint
{
    public string? Label { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class TradeOrdinals
{
    [FudgeField(1)] public int Id { get; set; }
    [FudgeField(2)] public string? Symbol { get; set; } // in a field run with Id and Size
    [FudgeField(3)] public int Size { get; set; }
    [FudgeField(4)] public List<LegOrdinals>? Legs { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class LegOrdinals
{
    [FudgeField(1)] public string? Symbol { get; set; }
    [FudgeField(2)] public char Flag { get; set; } = 'y';
}

[FudgeMessage]
public partial class Node
{
    public Node? Next { get; set; }
}
