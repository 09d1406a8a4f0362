using System.Collections.Generic;
using Fudge.Serialization;

// Models of ObjectMemberTests: object members and property bags, in both field modes.
namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>An object member and the property bags of a model moved from MessagePack or MemoryPack.</summary>
[FudgeMessage]
public partial class ObjectHolder
{
    public object? Value { get; set; }
    public Dictionary<string, object?>? Bag { get; set; }
    public IDictionary<string, object>? Props { get; set; }
    public List<object?>? Items { get; set; }
    public object?[]? Array { get; set; }
}

/// <summary><see cref="ObjectHolder"/> with ordinals.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class OrdinalObjectHolder
{
    [FudgeField(1)] public object? Value { get; set; }
    [FudgeField(2)] public Dictionary<string, object?>? Bag { get; set; }
    [FudgeField(3)] public IDictionary<string, object>? Props { get; set; }
    [FudgeField(4)] public List<object?>? Items { get; set; }
    [FudgeField(5)] public object?[]? Array { get; set; }
}

/// <summary>A plain [FudgeMessage] type (no union): an object member names it by its .NET full name.</summary>
[FudgeMessage]
public partial class BagPoint
{
    public int X { get; set; }
    public string? Label { get; set; }

    public override bool Equals(object? obj) => obj is BagPoint p && p.X == X && p.Label == Label;

    public override int GetHashCode() => X;
}

/// <summary>A [FudgeMessage] type with a TypeName: that is the name an object member writes for it.</summary>
[FudgeMessage(TypeName = "acme.Money")]
public partial class BagMoney
{
    public decimal Amount { get; set; }
    public string? Currency { get; set; }
}

public enum BagColor : byte { Red = 1, Green = 2 }

/// <summary>A type no generator saw, registered by nobody: an object member cannot write it.</summary>
public sealed class NotAMessage
{
    public int A { get; set; }
}

/// <summary>A Fudge-Java object with an Object property (Java package fudge.generators.tests.everydaytypes).</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class JavaBag
{
    public object? Value { get; set; }
}

/// <summary>A Fudge-Java bean an Object property can hold: its class names follow its fields, as Java writes them.</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class JavaPoint
{
    public int X { get; set; }
}
