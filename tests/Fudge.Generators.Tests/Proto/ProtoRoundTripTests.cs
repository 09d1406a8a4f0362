using System;
using System.Collections.Generic;
using Fudge.Generators.Tests.ProtoGenerated.trading;
using Fudge.Generators.Tests.ProtoGenerated.trading.reference.data;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>Types generated from Proto/Schemas/Trading.proto behave like [FudgeMessage] types: they round-trip, apply defaults and enforce required fields.</summary>
public class ProtoRoundTripTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    [Fact]
    public void Order_with_nested_repeated_and_optional_fields_round_trips()
    {
        var order = new Order
        {
            Instrument = new Instrument { Symbol = "VOD.L", Description = "Vodafone" },
            Side = Side.SHORT,
            Quantity = 5_000_000_000,
            Fills = { 1.5, 2.25 },
            Notes = { "first", "second" },
            Venue = Venue.XETRA,
            FirstLeg = new Order.Leg { Id = 1 },
            Legs = { new Order.Leg { Id = 2, Weight = 0.5 }, new Order.Leg { Id = 3 } },
        };
        var back = RoundTrip(order);
        Assert.Equal("VOD.L", back.Instrument.Symbol);
        Assert.Equal("Vodafone", back.Instrument.Description);
        Assert.Equal(0.01, back.Instrument.TickSize);
        Assert.Equal(Side.SHORT, back.Side);
        Assert.Equal(5_000_000_000, back.Quantity);
        Assert.Equal(new[] { 1.5, 2.25 }, back.Fills);
        Assert.Equal(new[] { "first", "second" }, back.Notes);
        Assert.Equal(Venue.XETRA, back.Venue);
        Assert.Equal(1, back.FirstLeg!.Id);
        Assert.Equal(new[] { 2, 3 }, back.Legs.ConvertAll(l => l.Id));
        Assert.Equal(new double?[] { 0.5, 1.0 }, back.Legs.ConvertAll(l => l.Weight));
    }

    [Fact]
    public void Required_and_repeated_fields_read_in_any_order_and_a_missing_one_is_found_wherever_the_run_stops()
    {
        var order = new Order
        {
            Instrument = new Instrument { Symbol = "VOD.L" },
            Side = Side.SHORT,
            Quantity = 7,
            Fills = { 1.5, 2.25, 3.5 },
            Legs = { new Order.Leg { Id = 2 }, new Order.Leg { Id = 3 } },
        };
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(order));
        // The first field moved to the end: the reader's run in declaration order stops at once and the general
        // loop takes everything, required fields included; repeated elements keep their order.
        var rotated = new FudgeMsg();
        for (int i = 1; i < message.Count; i++) rotated.Add(message[i]);
        rotated.Add(message[0]);
        var back = FudgeSerializer.Deserialize<Order>(rotated.ToByteArray());
        Assert.Equal("VOD.L", back.Instrument.Symbol);
        Assert.Equal(7, back.Quantity);
        Assert.Equal(new[] { 1.5, 2.25, 3.5 }, back.Fills);
        Assert.Equal(new[] { 2, 3 }, back.Legs.ConvertAll(l => l.Id));

        // Without the required quantity (ordinal 3): the run reads instrument and side, then stops.
        var withoutQuantity = new FudgeMsg();
        foreach (var field in message) if (field.Ordinal != 3) withoutQuantity.Add(field);
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Order>(withoutQuantity.ToByteArray()));
        Assert.Contains("'Quantity'", error.Message);
    }

    [Fact]
    public void Every_scalar_type_round_trips()
    {
        var value = new Scalars
        {
            Flag = true, Tiny = -128, Small = short.MaxValue, Count = -1, Big = long.MinValue, Ratio = 1.5f, Price = -2.5,
            Text = "héllo", Marker = true, Day = new DateOnly(2011, 3, 4), Stamp = new DateTimeOffset(2011, 3, 4, 5, 6, 7, TimeSpan.FromHours(1)),
            Clock = new TimeOnly(13, 14, 15), Extra = new FudgeMsg().Add("k", 1), Side = Side.COVER, Venue = Venue.NYSE,
            AliasInt = 7, AliasBool = false, AliasDouble = 0.125,
        };
        var back = RoundTrip(value);
        Assert.Equal(value.Flag, back.Flag);
        Assert.Equal(value.Tiny, back.Tiny);
        Assert.Equal(value.Small, back.Small);
        Assert.Equal(value.Count, back.Count);
        Assert.Equal(value.Big, back.Big);
        Assert.Equal(value.Ratio, back.Ratio);
        Assert.Equal(value.Price, back.Price);
        Assert.Equal(value.Text, back.Text);
        Assert.True(back.Marker);
        Assert.Equal(value.Day, back.Day);
        Assert.Equal(value.Stamp, back.Stamp);
        Assert.Equal(value.Clock, back.Clock);
        Assert.Equal(value.Extra, back.Extra);
        Assert.Equal(Side.COVER, back.Side);
        Assert.Equal(Venue.NYSE, back.Venue);
        Assert.Equal(7, back.AliasInt);
        Assert.False(back.AliasBool);
        Assert.Equal(0.125, back.AliasDouble);
    }

    [Fact]
    public void Defaults_apply_to_new_objects_and_absent_fields_read_as_null()
    {
        var fresh = new Scalars();
        Assert.Equal((sbyte)-4, fresh.Tiny);
        Assert.Equal(42, fresh.Count);
        Assert.Equal(3.0e-8f, fresh.Ratio);
        Assert.Equal(3.141592, fresh.Price);
        Assert.Equal("tab\there \"quoted\" \\ A\0", fresh.Text);
        Assert.Equal(Side.SELL, fresh.Side);
        Assert.False(fresh.Marker);

        // As Fudge-Proto's generated fromFudgeMsg: a field absent on the wire is null, default or not (a writer that
        // kept the default wrote it; one that wrote nothing had set it to null).
        var fromEmpty = FudgeSerializer.Deserialize<Scalars>(new FudgeMsg().ToByteArray());
        Assert.Null(fromEmpty.Count);
        Assert.Null(fromEmpty.Side);

        var defaults = new Defaults();
        Assert.Equal("VOD.L", defaults.Instrument!.Symbol);
        Assert.Equal("Vodafone", defaults.Instrument.Description);
        Assert.Equal(0.5, defaults.Instrument.TickSize);
        Assert.Equal(7, defaults.FixedValue);

        // A subclass's default for an inherited field (Square: required double area [default = 4]).
        Assert.Equal(4, new Square().Area);
    }

    [Fact]
    public void A_missing_required_field_is_a_format_error_naming_it()
    {
        var bytes = new FudgeMsg().Add(2, "no symbol").ToByteArray();
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Instrument>(bytes));
        Assert.Contains("'Symbol'", error.Message);
        Assert.Contains("symbol", error.Message);

        var leg = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Order.Leg>(new FudgeMsg().Add(2, 1.0).ToByteArray()));
        Assert.Contains("'Id'", leg.Message);
    }

    [Fact]
    public void Arrays_round_trip_as_dotnet_arrays()
    {
        var value = new Arrays
        {
            Bytes = new byte[] { 1, 2, 3 },
            Shorts = new short[] { -1, 2 },
            Ints = new[] { 1, 70000 },
            Longs = new[] { long.MaxValue },
            Floats = new[] { 0.5f },
            Doubles = new[] { 0.25, -1 },
            Strings = new[] { "a", null!, "c" },
            Grid = new[] { new[] { 1, 2 }, new[] { 3 } },
            FixedInts = new[] { 1, 2, 3, 4 },
            Instruments = new[] { new Instrument { Symbol = "X" } },
            Flags = new[] { true, false },
        };
        var back = RoundTrip(value);
        Assert.Equal(value.Bytes, back.Bytes);
        Assert.Equal(value.Shorts, back.Shorts);
        Assert.Equal(value.Ints, back.Ints);
        Assert.Equal(value.Longs, back.Longs);
        Assert.Equal(value.Floats, back.Floats);
        Assert.Equal(value.Doubles, back.Doubles);
        Assert.Equal(value.Strings, back.Strings);
        Assert.Equal(value.Grid, back.Grid);
        Assert.Equal(value.FixedInts, back.FixedInts);
        Assert.Equal("X", Assert.Single(back.Instruments!).Symbol);
        Assert.Equal(value.Flags, back.Flags);
    }

    [Fact]
    public void Extends_is_inheritance_and_reads_are_polymorphic()
    {
        Base item = new MoreDerived { Id = "1", Extra = "e", Level = 3 };
        Assert.IsAssignableFrom<Derived>(item);
        var back = RoundTrip(new Holder { Item = item });
        var more = Assert.IsType<MoreDerived>(back.Item);
        Assert.Equal(("1", "e", 3), (more.Id, more.Extra, more.Level));

        var shape = RoundTrip(new UsesShape { Shape = new Circle { Area = 3.14, Radius = 1 } });
        Assert.Equal(1, Assert.IsType<Circle>(shape.Shape).Radius);
    }

    [Fact]
    public void Nested_namespaces_typedefs_and_csharp_bindings()
    {
        var listing = RoundTrip(new Listing { Mic = "XLON", Instrument = new Instrument { Symbol = "VOD" } });
        Assert.Equal("VOD", listing.Instrument!.Symbol);
        Assert.Equal("s", RoundTrip(new Aliased { Symbol = "s" }).Symbol);
        IComparable<WithBinding> comparable = new WithBinding { Name = "a" };
        Assert.True(comparable.CompareTo(new WithBinding { Name = "b" }) < 0);
        Assert.Equal(5, RoundTrip(new global::TopLevel { Value = 5 }).Value);
    }

    [Fact]
    public void Taxonomies_list_imported_and_explicit_entries()
    {
        Assert.Equal(1, OrderFields.symbol);
        Assert.Equal(3, OrderFields.tickSize);
        Assert.Equal(100, OrderFields.NOTE);
        Assert.Equal(101, OrderFields.EXTRA);
        Assert.Equal("description", OrderFields.Instance.GetName(OrderFields.description));
    }

    [Fact]
    public void A_fixed_size_array_is_length_checked_when_written_and_when_read()
    {
        var tooShort = new Arrays { FixedInts = new[] { 1, 2, 3 } };
        var written = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(tooShort));

        var message = new FudgeMsg();
        message.Add("fixedInts", new[] { 1, 2, 3, 4, 5 });
        byte[] fromAnotherWriter = new FudgeEnvelope(message).ToByteArray();
        var read = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Arrays>(fromAnotherWriter));

        Assert.Equal("The member 'FixedInts' of org.example.trading.Arrays is a fixed-size array of 4 elements; it holds 3, so it cannot be written.", written.Message);
        Assert.Contains("the member 'FixedInts' of ", read.Message);
        Assert.EndsWith("is a fixed-size array of 4 elements, but the data holds 5", read.Message);
        Assert.Equal(new[] { 1, 2, 3, 4 }, RoundTrip(new Arrays { FixedInts = new[] { 1, 2, 3, 4 } }).FixedInts);
    }
}
