using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.JavaMapping;

/// <summary>The rules of FudgeObjectMapping.Java, one by one, on the bytes.</summary>
public class JavaMappingTests
{
    private const string Package = "fudge.generators.tests.javamapping.";

    private static FudgeMsg Message(byte[] bytes) => FudgeMsg.Parse(bytes);

    [Fact]
    public void Members_take_bean_names_and_explicit_names_win()
    {
        var msg = Message(FudgeSerializer.Serialize(new Order { OrderId = "o1", Quantity = 5 }));
        Assert.Equal("o1", msg.GetString("orderId"));
        Assert.Equal(5, msg.GetInt64("qty"));
        Assert.Null(msg.GetString("OrderId"));
    }

    [Fact]
    public void Class_names_follow_the_fields_and_name_the_whole_chain_at_the_top_level()
    {
        var msg = Message(FudgeSerializer.Serialize(new ChildLeg { Size = 1, Note = "n" }));
        var fields = msg.ToList();
        Assert.Equal(new[] { Package + "ChildLeg", Package + "Leg" }, fields.Where(f => f.Ordinal == 0).Select(f => (string)f.Value));
        Assert.All(fields.TakeLast(2), f => Assert.Equal((short?)0, f.Ordinal));
        Assert.Equal(Package + "Order$Fill", Order.Fill.FudgeFormatter.Instance.JavaClassName);
        Assert.Equal("org.example.Renamed", Message(FudgeSerializer.Serialize(new Renamed())).GetString(0));
    }

    [Fact]
    public void A_property_names_only_the_classes_below_its_declared_type()
    {
        var order = new Order { First = new ChildLeg { Size = 2, Note = "x" }, Legs = new List<Leg> { new() { Size = 3 }, new ChildLeg { Size = 4 } } };
        var msg = Message(FudgeSerializer.Serialize(order));
        var first = msg.GetMessage("first")!;
        Assert.Equal(new[] { Package + "ChildLeg" }, first.Where(f => f.Ordinal == 0).Select(f => (string)f.Value));
        var legs = msg.GetMessage("legs")!.Select(f => (FudgeMsg)f.Value).ToList();
        Assert.Equal(new[] { Package + "Leg" }, legs[0].Where(f => f.Ordinal == 0).Select(f => (string)f.Value));
        Assert.Equal(new[] { Package + "ChildLeg", Package + "Leg" }, legs[1].Where(f => f.Ordinal == 0).Select(f => (string)f.Value));

        var back = FudgeSerializer.Deserialize<Order>(FudgeSerializer.Serialize(order));
        Assert.Equal("x", Assert.IsType<ChildLeg>(back.First).Note);
        Assert.IsType<Leg>(back.Legs![0]);
        Assert.IsType<ChildLeg>(back.Legs[1]);
    }

    [Fact]
    public void A_derived_type_nobody_registered_is_written_and_read_as_its_registered_base()
    {
        var back = FudgeSerializer.Deserialize<Order>(FudgeSerializer.Serialize(new Order { First = new UnregisteredLeg { Size = 7 } }));
        Assert.Equal(7, Assert.IsType<Leg>(back.First).Size);
    }

    [Fact]
    public void Enums_are_Java_enum_messages_with_Java_constants()
    {
        var msg = Message(FudgeSerializer.Serialize(new Order { State = OrderState.HTTPRejected, Venue = Venue.Bats }));
        var state = msg.GetMessage("state")!;
        Assert.Equal(Package + "OrderState", state.GetString(0));
        Assert.Equal("HTTP_REJECTED", state.GetString(1));
        Assert.Equal("org.example.Venue", msg.GetMessage("venue")!.GetString(0));
        Assert.Equal("BATS", msg.GetMessage("venue")!.GetString(1));
        Assert.Equal("done", Message(FudgeSerializer.Serialize(new Order { State = OrderState.Done })).GetMessage("state")!.GetString(1));
        Assert.Equal("PARTIALLY_FILLED", Message(FudgeSerializer.Serialize(new Order { State = OrderState.PartiallyFilled })).GetMessage("state")!.GetString(1));
    }

    [Fact]
    public void A_value_with_no_constant_cannot_be_written_for_Java()
    {
        var e = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new Order { State = (OrderState)42 }));
        Assert.Contains("42", e.Message);
    }

    public static IEnumerable<object[]> EnumForms() => new[]
    {
        new object[] { new FudgeMsg().Add("State", 2) },                                                               // a number
        new object[] { new FudgeMsg().Add("State", "HTTP_REJECTED") },                                                 // the Java constant
        new object[] { new FudgeMsg().Add("State", "HTTPRejected") },                                                  // the .NET name
        new object[] { new FudgeMsg().Add("State", new FudgeMsg().Add(0, "com.other.OrderState").Add(1, "HTTP_REJECTED")) }, // Java's form
    };

    [Theory]
    [MemberData(nameof(EnumForms))]
    public void Every_form_of_an_enum_reads_in_this_library_s_own_mapping_too(FudgeMsg message)
    {
        Assert.Equal(OrderState.HTTPRejected, FudgeSerializer.Deserialize<DefaultMode>(message.ToByteArray()).State);
    }

    [Fact]
    public void An_unknown_constant_is_a_format_error()
    {
        var bytes = new FudgeMsg().Add("State", "NOPE").ToByteArray();
        var e = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<DefaultMode>(bytes));
        Assert.Contains("NOPE", e.Message);
    }

    [Fact]
    public void Decimals_are_written_as_BigDecimal_text()
    {
        string Text(decimal d) => Message(FudgeSerializer.Serialize(new Order { Price = d })).GetString("price")!;
        Assert.Equal("1234.50", Text(1234.50m));
        Assert.Equal("0.000001", Text(0.000001m));
        Assert.Equal("1.2E-7", Text(0.00000012m));
        Assert.Equal("-1.05E-9", Text(-0.00000000105m));
        Assert.Equal("0E-8", Text(0.00000000m));
        Assert.Equal(-0.00000000105m, FudgeSerializer.Deserialize<Order>(FudgeSerializer.Serialize(new Order { Price = -0.00000000105m })).Price);
    }

    [Fact]
    public void The_first_and_last_dates_are_written_as_dates_Java_can_read()
    {
        foreach (var date in new[] { DateOnly.MinValue, DateOnly.MaxValue })
        {
            byte[] bytes = FudgeSerializer.Serialize(new Dated { On = date });
            var wire = FudgeMsg.Parse(bytes).GetDate("on")!.Value;
            Assert.Equal((date.Year, date.Month, date.Day), (wire.Year, wire.Month, wire.Day));
            Assert.Equal(date, FudgeSerializer.Deserialize<Dated>(bytes).On);
        }
    }

    [Fact]
    public void Untyped_reads_build_only_registered_classes()
    {
        // A class name no one registered (here a .NET type that could do harm if built from data) is never loaded.
        var gadget = new FudgeMsg().Add("fileName", "/etc/passwd").Add(0, "System.IO.FileInfo").ToByteArray();
        Assert.IsType<FudgeMsg>(FudgeSerializer.DeserializeObject(gadget));
        var e = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.DeserializeObject(gadget, unknownClasses: FudgeUnknownClasses.Throw));
        Assert.Contains("FudgeClassRegistry", e.Message);

        // The first registered name wins: a subclass Java knows and .NET does not falls back to its base.
        var newer = new FudgeMsg().Add("size", 3).Add(0, "com.example.NewerLeg").Add(0, Package + "Leg").ToByteArray();
        Assert.Equal(3, Assert.IsType<Leg>(FudgeSerializer.DeserializeObject(newer)).Size);
        Assert.Equal(typeof(Leg), FudgeClassRegistry.FindType(Package + "Leg"));
        Assert.Equal(Package + "ChildLeg", FudgeClassRegistry.FindClassName(typeof(ChildLeg)));
    }

    [Fact]
    public void Untyped_reads_of_messages_without_class_names_give_lists_sets_and_maps_as_Java_does()
    {
        var list = FudgeSerializer.DeserializeObject(new FudgeMsg().Add((string?)null, "a").Add((string?)null, 2).ToByteArray());
        Assert.Equal(new object?[] { "a", (sbyte)2 }, Assert.IsType<List<object?>>(list));
        var set = FudgeSerializer.DeserializeObject(new FudgeMsg().Add(1, "x").Add(1, "y").ToByteArray());
        Assert.Equal(new HashSet<object?> { "x", "y" }, Assert.IsType<HashSet<object?>>(set));
        var map = FudgeSerializer.DeserializeObject(new FudgeMsg().Add(1, "k").Add(2, new FudgeMsg().Add("size", 1).Add(0, Package + "Leg")).ToByteArray());
        Assert.Equal(1, Assert.IsType<Leg>(Assert.IsType<Dictionary<object, object?>>(map)["k"]).Size);
        Assert.IsType<FudgeMsg>(FudgeSerializer.DeserializeObject(new FudgeMsg().Add("plain", 1).ToByteArray()));
    }
}
