using System.Collections.Generic;
using Fudge.Serialization;

// Types mapped one by one (Mapping = Java) in a namespace no FudgeJavaPackage names: their Java package is the
// namespace lower-cased, fudge.generators.tests.javamapping.
namespace Fudge.Generators.Tests.JavaMapping;

public enum OrderState { New, PartiallyFilled, HTTPRejected, [FudgeField(Name = "done")] Done }

[FudgeEnum(TypeName = "org.example.Venue")]
public enum Venue { Xnas = 1, Bats = 2 }

[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class Order
{
    public string? OrderId { get; set; }
    public OrderState State { get; set; }
    public Venue? Venue { get; set; }
    public decimal Price { get; set; }
    [FudgeField(Name = "qty")] public long Quantity { get; set; }
    public Leg? First { get; set; }
    public List<Leg>? Legs { get; set; }
    public Fill? LastFill { get; set; }

    /// <summary>A nested type: its Java name joins the outer class with '$', as Java's binary names do.</summary>
    [FudgeMessage(Mapping = FudgeObjectMapping.Java)]
    public sealed partial class Fill
    {
        public double Px { get; set; }
    }
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class Leg
{
    public int Size { get; set; }
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class ChildLeg : Leg
{
    public string? Note { get; set; }
}

/// <summary>A derived type nobody registered: written as its nearest registered base, read as that base.</summary>
public class UnregisteredLeg : Leg
{
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java, TypeName = "org.example.Renamed")]
public partial class Renamed
{
    public int A { get; set; }
}

[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class Dated
{
    public System.DateOnly On { get; set; }
}

/// <summary>This library's own mapping: enums are numbers, yet every form of an enum reads.</summary>
[FudgeMessage]
public partial class DefaultMode
{
    public OrderState State { get; set; }
    public List<OrderState>? States { get; set; }
}
