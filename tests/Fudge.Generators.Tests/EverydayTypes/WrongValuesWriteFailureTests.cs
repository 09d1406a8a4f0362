using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes.WrongValues;

/// <summary>
/// Issue 41 section 2: every serializer failure is a <see cref="FudgeException"/> naming the member path, its cause
/// (what the writer raised) inside; found after the fact, so writing pays nothing for it.
/// </summary>
public class WrongValuesWriteFailureTests
{
    private static FudgeException Fails<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var e = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(buffer, value));
        Assert.Equal(0, buffer.WrittenCount); // nothing half-written reaches the output
        return e;
    }

    private static void AssertPath(string path, FudgeException e)
    {
        Assert.Equal(path, e.Data[FudgeFormatterHelpers.WritePathKey]);
        Assert.StartsWith("Cannot write " + path + ": ", e.Message, StringComparison.Ordinal);
        Assert.NotNull(e.InnerException);
    }

    [Fact]
    public void A_lone_surrogate_in_a_string_names_the_member()
    {
        var e = Fails(new Trade { Symbol = "A\uD800" });
        AssertPath("Trade.Symbol", e);
        Assert.IsAssignableFrom<ArgumentException>(e.InnerException);
        Assert.Contains("surrogate", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_lone_surrogate_char_names_the_member()
        => AssertPath("Trade.Flag", Fails(new Trade { Flag = '\uDC00' }));

    [Fact]
    public void The_path_names_list_elements_map_entries_nested_objects_and_structs()
    {
        var legs = new List<Leg> { new() { Symbol = "a" }, new() { Symbol = "b" }, new() { Symbol = "c\uD800" } };
        AssertPath("Trade.Legs[2].Symbol", Fails(new Trade { Legs = legs }));
        AssertPath("Trade.ByVenue[XNAS].Point.Label", Fails(new Trade { ByVenue = new() { ["ok"] = null, ["XNAS"] = new Leg { Point = new LegPoint { Label = "\uDFFF" } } } }));
        AssertPath("Trade.ByVenue[\uD800] (the key)", Fails(new Trade { ByVenue = new() { ["\uD800"] = new Leg() } }));
        AssertPath("Trade.Main.Symbol", Fails(new Trade { Main = new Leg { Symbol = "\uD800" } }));
        AssertPath("Trade.Grid[1][0]", Fails(new Trade { Grid = new() { new() { "a" }, new() { "\uD800" } } }));
        AssertPath("Leg.Point.Label", Fails(new Leg { Point = new LegPoint { Label = "\uD800" } }));
    }

    [Fact]
    public void Ordinals_mode_and_field_runs_name_the_member_too()
    {
        AssertPath("TradeOrdinals.Symbol", Fails(new TradeOrdinals { Id = 1, Symbol = "\uD800", Size = 2 }));
        AssertPath("TradeOrdinals.Legs[0].Flag", Fails(new TradeOrdinals { Legs = new() { new LegOrdinals { Flag = '\uD800' } } }));
    }

    [Fact]
    public void An_enum_value_with_no_Java_constant_names_the_member()
    {
        var e = Fails(new WrongValues.Java.Order { Side = (WrongValues.Java.Side)42 });
        AssertPath("Order.Side", e);
        Assert.Contains("no Java enum constant", e.Message, StringComparison.Ordinal);
        AssertPath("Order.History[1]", Fails(new WrongValues.Java.Order { History = new() { WrongValues.Java.Side.Sell, (WrongValues.Java.Side)7 } }));
    }

    [Fact]
    public void Every_Serialize_overload_reports_the_member()
    {
        var trade = new Trade { Symbol = "\uD800" };
        AssertPath("Trade.Symbol", Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(trade)));
        AssertPath("Trade.Symbol", Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new System.IO.MemoryStream(), trade)));
        AssertPath("Trade.Symbol", Assert.Throws<FudgeException>(() => FudgeSerializer.ToFudgeMsg(trade)));
    }

    [Fact]
    public void A_destination_too_small_is_not_the_values_fault_and_stays_as_it_was()
    {
        var value = new Trade { Symbol = "long enough to overflow" };
        Assert.Throws<InvalidOperationException>(() =>
        {
            var writer = new FudgeWriter(new byte[16].AsSpan());
            FudgeSerializer.Serialize(ref writer, value);
        });
    }

    [Fact]
    public void A_cycle_is_reported_as_before()
    {
        var node = new Node();
        node.Next = node;
        var e = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(node));
        Assert.Contains("cycle", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_serializer_keeps_working_after_a_failure()
    {
        Fails(new Trade { Symbol = "\uD800" });
        Assert.Equal("ok", FudgeSerializer.Deserialize<Trade>(FudgeSerializer.Serialize(new Trade { Symbol = "ok" })).Symbol);
    }
}
