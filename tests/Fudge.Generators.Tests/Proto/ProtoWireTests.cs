using System;
using System.Collections.Generic;
using Fudge.Generators.Tests.ProtoGenerated.trading;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>
/// The bytes of generated .proto types follow Fudge-Proto's generated Java (docs/proto.md, "Wire rules"): ordinals where
/// declared, names otherwise; repeated fields as one field per element; enums by value or by name; arrays native or as
/// sub-messages of anonymous fields; class names at ordinal 0 for polymorphic reads.
/// </summary>
public class ProtoWireTests
{
    private static void AssertBytes<T>(T value, FudgeMsg javaShaped)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.Equal(Convert.ToHexString(javaShaped.ToByteArray()), Convert.ToHexString(bytes));
    }

    [Fact]
    public void Declared_ordinals_are_written_without_names_and_defaults_are_written()
    {
        // Envelope (8 bytes, size 0x1A); symbol: variable width, 1 size byte, ordinal 1, string "A";
        // tickSize: fixed width, ordinal 3, double 0.01 (its default, which Fudge-Proto's Java also writes).
        byte[] expected = Convert.FromHexString("000000000000001A" + "300E00010141" + "900B0003" + "3F847AE147AE147B");
        Assert.Equal(expected, FudgeSerializer.Serialize(new Instrument { Symbol = "A" }));
        Assert.Equal("A", FudgeSerializer.Deserialize<Instrument>(expected).Symbol);
    }

    [Fact]
    public void Integers_are_reduced_to_the_smallest_type()
    {
        // id = 1 as int8 (type 2) at ordinal 1; weight = 1.0 at ordinal 2.
        byte[] expected = Convert.FromHexString("0000000000000019" + "9002000101" + "900B0002" + "3FF0000000000000");
        Assert.Equal(expected, FudgeSerializer.Serialize(new Order.Leg { Id = 1 }));
    }

    [Fact]
    public void Names_are_used_where_no_ordinal_is_declared_and_repeated_fields_repeat_the_key()
    {
        var order = new Order
        {
            Instrument = new Instrument { Symbol = "VOD" },
            Side = Side.SHORT,
            Quantity = 5_000_000_000,
            Fills = { 1.5, 2.25 },
            Notes = { "a", "b" },
            Venue = Venue.XETRA,
            Legs = { new Order.Leg { Id = 2 } },
        };
        var instrument = new FudgeMsg().Add(1, "VOD").Add(3, 0.01);
        var java = new FudgeMsg()
            .Add(1, instrument)
            .Add(2, (sbyte)10)                 // Side is integer-encoded: its value
            .Add(3, 5_000_000_000L)
            .Add(4, 1.5).Add(4, 2.25)         // repeated: one field per element, same ordinal
            .Add("notes", "a").Add("notes", "b")
            .Add(5, "XETRA")                  // Venue is name-encoded: the constant's name
            .Add("legs", new FudgeMsg().Add(1, (sbyte)2).Add(2, 1.0));
        AssertBytes(order, java);
    }

    [Fact]
    public void Arrays_are_native_Fudge_arrays_or_submessages_of_anonymous_fields()
    {
        var value = new Arrays { Ints = new[] { 1, 2 }, Strings = new[] { "x", null! }, Grid = new[] { new[] { 3 } }, Flags = new[] { true } };
        var java = new FudgeMsg()
            .Add("ints", new[] { 1, 2 })
            .Add("strings", new FudgeMsg().Add(null, "x").Add(null, null))   // a null element is an indicator
            .Add("grid", new FudgeMsg().Add(null, new[] { 3 }))
            .Add("flags", new FudgeMsg().Add(null, true));
        AssertBytes(value, java);
    }

    [Fact]
    public void Arrays_of_integer_encoded_enums_are_int_arrays_of_their_values()
    {
        // Fudge-Proto's Java (JavaClassCode.writeAddToFudgeMsg, case INT_ARRAY_TYPE_ID) copies the values into an int[]
        // (type 8, not reduced). Envelope (size 0x19); "sides": prefix 0x28 (name, one size byte), type 8, name length
        // 5, "sides", size 8, then 1 (BUY) and 11 (COVER), four bytes each.
        byte[] expected = Convert.FromHexString("0000000000000019" + "2808" + "05" + "7369646573" + "08" + "00000001" + "0000000B");
        Assert.Equal(expected, FudgeSerializer.Serialize(new Arrays { Sides = new[] { Side.BUY, Side.COVER } }));
        Assert.Equal(new[] { Side.BUY, Side.COVER }, FudgeSerializer.Deserialize<Arrays>(expected).Sides);

        // Nested: the outer level is a sub-message of int[]s (a null row an indicator); name-encoded enums stay a
        // sub-message of their names (Java's FUDGE_MSG_TYPE_ID array case).
        var nested = new Arrays { SideGrid = new[] { new[] { Side.SELL }, null! }, Venues = new[] { Venue.NYSE } };
        var java = new FudgeMsg()
            .Add("sideGrid", new FudgeMsg().Add(null, new[] { 2 }).Add(null, null))
            .Add("venues", new FudgeMsg().Add(null, "NYSE"));
        AssertBytes(nested, java);
        var read = FudgeSerializer.Deserialize<Arrays>(java.ToByteArray());
        Assert.Equal(new[] { Side.SELL }, read.SideGrid![0]);
        Assert.Null(read.SideGrid[1]);
    }

    [Fact]
    public void Arrays_of_integer_encoded_enums_are_read_in_the_sub_message_form_earlier_versions_wrote()
    {
        var earlier = new FudgeMsg()
            .Add("sides", new FudgeMsg().Add(null, (sbyte)1).Add(null, (sbyte)11))
            .Add("sideGrid", new FudgeMsg().Add(null, new FudgeMsg().Add(null, (sbyte)2)));
        var read = FudgeSerializer.Deserialize<Arrays>(earlier.ToByteArray());
        Assert.Equal(new[] { Side.BUY, Side.COVER }, read.Sides);
        Assert.Equal(new[] { Side.SELL }, Assert.Single(read.SideGrid!));

        // A short[] of values (another writer's narrowing) is widened.
        Assert.Equal(new[] { Side.SHORT }, FudgeSerializer.Deserialize<Arrays>(new FudgeMsg().Add("sides", new short[] { 10 }).ToByteArray()).Sides);
    }

    [Fact]
    public void Taxonomies_are_numbered_as_fudge_proto_numbers_them()
    {
        // Fudge-Proto's tests/proto/taxonomy.proto, ImportTest3: an explicit ordinal met in a later import replaces the
        // automatic one, and the count restarts at 1 after each import (BuildSemanticRepresentation.taxonomyImportMessage).
        Assert.Equal(new short[] { 1, 10, 3, 11 }, new[] { ImportTest3.foo, ImportTest3.bar, ImportTest3.deep, ImportTest3.cow });

        // After an import the count restarts where it was, so SECOND and THIRD repeat foo's and bar's ordinals; an
        // automatic ordinal given explicitly later (FOURTH = 4) moves up past it (deep: 5).
        Assert.Equal(new short[] { 1, 2, 3, 5 }, new[] { Restarts.FIRST, Restarts.foo, Restarts.bar, Restarts.deep });
        Assert.Equal(new short[] { 2, 3, 4 }, new[] { Restarts.SECOND, Restarts.THIRD, Restarts.FOURTH });
    }

    [Fact]
    public void A_taxonomy_maps_names_to_fudge_proto_ordinals_and_a_shared_ordinal_back_to_the_last_name()
    {
        // Written through Restarts: each name becomes its ordinal alone (fixed width, int8 values). Envelope with
        // taxonomy id 7 and size 0x17; "foo" and "SECOND" both become ordinal 2, "bar" 3.
        var message = new FudgeMsg().Add("foo", (sbyte)1).Add("SECOND", (sbyte)2).Add("bar", (sbyte)3);
        byte[] expected = Convert.FromHexString("00000007" + "00000017" + "9002000201" + "9002000202" + "9002000303");
        Assert.Equal(expected, new FudgeEnvelope(message, taxonomyId: 7).ToByteArray(Restarts.Instance));

        // Java's MapFudgeTaxonomy, built from the same pairs in the same order, maps an ordinal back to its last name.
        Assert.Equal("SECOND", Restarts.Instance.GetName(2));
        Assert.Equal("THIRD", Restarts.Instance.GetName(3));
        Assert.Equal("deep", Restarts.Instance.GetName(5));
        Assert.Equal((short)2, Restarts.Instance.GetOrdinal("foo"));
    }

    [Fact]
    public void Indicator_fields_are_present_when_true()
    {
        var bytes = FudgeSerializer.Serialize(new Scalars { Marker = true });
        var message = FudgeMsg.Parse(bytes);
        Assert.True(message.GetField("marker")!.Value.IsIndicator);
        Assert.Null(FudgeMsg.Parse(FudgeSerializer.Serialize(new Scalars())).GetField("marker"));
        Assert.True(FudgeSerializer.Deserialize<Scalars>(bytes).Marker);
    }

    [Fact]
    public void Reading_honours_java_class_headers_and_ignores_unknown_fields()
    {
        // What Fudge-Proto's Java writes for a MoreDerived in a Base field: the runtime class (and classes up to, not
        // including, the declared one) at ordinal 0, then the fields, base first.
        var sub = new FudgeMsg()
            .Add(0, "org.example.trading.MoreDerived").Add(0, "org.example.trading.Derived")
            .Add(1, "id").Add(2, "extra").Add(3, 7).Add("unknown", 1.5).Add(99, "ignored");
        var holder = FudgeSerializer.Deserialize<Holder>(new FudgeMsg().Add(1, sub).ToByteArray());
        var more = Assert.IsType<MoreDerived>(holder.Item);
        Assert.Equal(("id", "extra", 7), (more.Id, more.Extra, more.Level));

        // A subclass this side does not know: the first known name wins.
        var newer = new FudgeMsg().Add(0, "org.example.trading.FutureThing").Add(0, "org.example.trading.Derived").Add(1, "x").Add(2, "y");
        Assert.IsType<Derived>(FudgeSerializer.Deserialize<Holder>(new FudgeMsg().Add(1, newer).ToByteArray()).Item);

        // No header: the declared type.
        Assert.IsType<Base>(FudgeSerializer.Deserialize<Holder>(new FudgeMsg().Add(1, new FudgeMsg().Add(1, "x")).ToByteArray()).Item);
    }

    [Fact]
    public void A_field_value_names_its_runtime_class_and_its_bases_below_the_declared_type()
    {
        // Fudge-Proto's Java (JavaClassCode.writeAddToFudgeMsg) writes a message-typed field through
        // FudgeSerializationContext.addClassHeader(message, value.getClass(), Declared.class): the names of the runtime
        // class and of its superclasses up to, not including, the declared class. Holder.item is declared Base, so a
        // Derived carries one name. Envelope (size 0x39); item: ordinal 1, sub-message of 0x2C bytes holding the class
        // name (ordinal 0, 27 bytes), id (ordinal 1, "i") and extra (ordinal 2, "e").
        byte[] expected = Convert.FromHexString("0000000000000039" + "300F0001" + "2C"
            + "300E0000" + "1B" + "6F72672E6578616D706C652E74726164696E672E44657269766564" // org.example.trading.Derived
            + "300E0001" + "01" + "69" + "300E0002" + "01" + "65");
        Assert.Equal(expected, FudgeSerializer.Serialize(new Holder { Item = new Derived { Id = "i", Extra = "e" } }));
        Assert.IsType<Derived>(FudgeSerializer.Deserialize<Holder>(expected).Item);

        // Two levels below: both names, the runtime class first.
        AssertBytes(new Holder { Item = new MoreDerived { Id = "i", Extra = "e", Level = 7 } }, new FudgeMsg().Add(1, new FudgeMsg()
            .Add(0, "org.example.trading.MoreDerived").Add(0, "org.example.trading.Derived")
            .Add(1, "i").Add(2, "e").Add(3, (sbyte)7)));

        // The declared class itself: no name.
        AssertBytes(new Holder { Item = new Base { Id = "i" } }, new FudgeMsg().Add(1, new FudgeMsg().Add(1, "i")));

        // An abstract declared type: the concrete class only.
        AssertBytes(new UsesShape { Shape = new Circle { Area = 2.0, Radius = 1.0 } }, new FudgeMsg().Add("shape", new FudgeMsg()
            .Add(0, "org.example.trading.Circle").Add("area", 2.0).Add("radius", 1.0)));
    }

    [Fact]
    public void A_top_level_message_names_no_class()
    {
        // Java's toFudgeMsg (JavaClassCode.writeToFudgeMsg) adds no class header: only a field's value has one.
        AssertBytes(new Derived { Id = "i", Extra = "e" }, new FudgeMsg().Add(1, "i").Add(2, "e"));
        AssertBytes<Base>(new MoreDerived { Id = "i", Extra = "e", Level = 7 }, new FudgeMsg().Add(1, "i").Add(2, "e").Add(3, (sbyte)7));

        // So what is read at the top level is the type asked for.
        byte[] bytes = FudgeSerializer.Serialize<Base>(new MoreDerived { Id = "i", Extra = "e", Level = 7 });
        Assert.IsType<Base>(FudgeSerializer.Deserialize<Base>(bytes));
        Assert.Equal(7, FudgeSerializer.Deserialize<MoreDerived>(bytes).Level);
    }

    [Fact]
    public void The_whole_class_chain_earlier_versions_wrote_is_still_read()
    {
        // Earlier versions of this generator wrote every name of the chain, root included, at the top level too.
        var topLevel = new FudgeMsg().Add(0, "org.example.trading.Derived").Add(0, "org.example.trading.Base").Add(1, "i").Add(2, "e");
        Assert.Equal("e", Assert.IsType<Derived>(FudgeSerializer.Deserialize<Base>(topLevel.ToByteArray())).Extra);

        var field = new FudgeMsg().Add(1, new FudgeMsg()
            .Add(0, "org.example.trading.MoreDerived").Add(0, "org.example.trading.Derived").Add(0, "org.example.trading.Base")
            .Add(1, "i").Add(2, "e").Add(3, 7));
        Assert.Equal(7, Assert.IsType<MoreDerived>(FudgeSerializer.Deserialize<Holder>(field.ToByteArray()).Item).Level);
    }

    [Fact]
    public void An_abstract_message_without_a_known_class_name_is_a_format_error()
    {
        var bytes = new FudgeMsg().Add("shape", new FudgeMsg().Add("area", 1.0)).ToByteArray();
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<UsesShape>(bytes));
    }

    [Fact]
    public void A_name_encoded_enum_with_an_unknown_name_is_a_format_error()
    {
        var bytes = new FudgeMsg().Add("venue", "MOON").ToByteArray();
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Scalars>(bytes));
        Assert.Contains("Venue", error.Message);
        Assert.Equal(Venue.LSE, FudgeSerializer.Deserialize<Scalars>(new FudgeMsg().Add("venue", "LSE").ToByteArray()).Venue);
    }
}
