using System.Collections.Generic;
using Fudge.Serialization;

// Fudge-Java objects of issue 41 section 2: tests/interop/java-objects/generator/probe holds the Java beans.
namespace Fudge.Generators.Tests.EverydayTypes.WrongValues.Java;

/// <summary>Mirrors com.acme.probe.Defaults: properties with initial values.</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Defaults")]
public partial class Defaults
{
    public int? Retries { get; set; } = 3;
    public string? Currency { get; set; } = "USD";
    public List<int>? Tags { get; set; } = new() { 1 };
}

/// <summary>Mirrors com.acme.probe.Reading: a read-write property and two readable-only ones.</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Reading")]
public partial class Reading
{
    public string? Name { get; set; }
    public string Id => "fixed-id";
    public int Length => Name?.Length ?? 0;
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Point")]
public partial struct Point
{
    public int X { get; set; }
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Pair")]
public partial record struct Pair(int A, int B);

[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Holder")]
public partial class Holder
{
    public Point Point { get; set; }
    public Pair? Pair { get; set; }
    public List<Point>? Points { get; set; }
}

public enum Side { Buy, Sell }

[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "com.acme.probe.Order")]
public partial class Order
{
    public Side Side { get; set; }
    public List<Side>? History { get; set; }
}
