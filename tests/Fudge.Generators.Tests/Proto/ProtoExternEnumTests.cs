using System;
using Fudge.Generators.Tests.ProtoGenerated.externs;
using Fudge.Generators.Tests.ProtoGenerated.trading;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>An enum of the test project that no .proto file defines, referenced by Proto/Schemas/Externs.proto.</summary>
public enum HandWrittenColour
{
    Red = 5,
    Green = 7,
}

/// <summary>
/// <c>extern enum</c> fields and arrays (Proto/Schemas/Externs.proto), byte for byte. Fudge-Proto compiles a project's
/// files together, so an extern enum is encoded as its definition says: Trading.proto's <c>Side</c> (values) as an
/// integer and its arrays as an <c>int[]</c>, <c>Venue</c> (no values) by name. An enum no .proto file defines is one
/// whose values Fudge-Proto's Java cannot see (<c>EnumDefinition.Type.DEFAULT</c>): it writes the member's name.
/// </summary>
public class ProtoExternEnumTests
{
    [Fact]
    public void Extern_enums_are_encoded_as_their_definition_says_or_by_name()
    {
        var value = new UsesExternEnums
        {
            Sides = new[] { Side.BUY, Side.SHORT },
            Venues = new[] { Venue.LSE, Venue.XETRA },
            Colours = new[] { HandWrittenColour.Green, HandWrittenColour.Red },
            Side = Side.SHORT,
            Venue = Venue.NYSE,
            Colour = HandWrittenColour.Green,
        };
        // Field by field (prefix 0x30: ordinal, one size byte; 0x90: ordinal, fixed width):
        //   ordinal 1, type 8 (int[]), 8 bytes: 1 and 10, four bytes each, not reduced
        //   ordinal 2, type 15 (sub-message): anonymous strings (prefix 0x20) "LSE", "XETRA"
        //   ordinal 3, type 15: anonymous strings "Green", "Red"
        //   ordinal 4, type 2 (int8): 10
        //   ordinal 5, type 14 (string): "NYSE"
        //   ordinal 6, type 14: "Green"
        string venues = "200E" + "03" + "4C5345" + "200E" + "05" + "5845545241";
        string colours = "200E" + "05" + "477265656E" + "200E" + "03" + "526564";
        string fields = "30080001" + "08" + "00000001" + "0000000A"
            + "300F0002" + (venues.Length / 2).ToString("X2") + venues
            + "300F0003" + (colours.Length / 2).ToString("X2") + colours
            + "90020004" + "0A"
            + "300E0005" + "04" + "4E595345"
            + "300E0006" + "05" + "477265656E";
        byte[] expected = Convert.FromHexString("00000000" + (8 + fields.Length / 2).ToString("X8") + fields);
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(FudgeSerializer.Serialize(value)));

        // The same bytes built as Java builds them.
        var java = new FudgeMsg()
            .Add(1, new[] { 1, 10 })
            .Add(2, new FudgeMsg().Add(null, "LSE").Add(null, "XETRA"))
            .Add(3, new FudgeMsg().Add(null, "Green").Add(null, "Red"))
            .Add(4, (sbyte)10)
            .Add(5, "NYSE")
            .Add(6, "Green");
        Assert.Equal(Convert.ToHexString(java.ToByteArray()), Convert.ToHexString(expected));

        var back = FudgeSerializer.Deserialize<UsesExternEnums>(expected);
        Assert.Equal(value.Sides, back.Sides);
        Assert.Equal(value.Venues, back.Venues);
        Assert.Equal(value.Colours, back.Colours);
        Assert.Equal(Side.SHORT, back.Side);
        Assert.Equal(Venue.NYSE, back.Venue);
        Assert.Equal(HandWrittenColour.Green, back.Colour);
    }

    [Fact]
    public void An_unknown_name_of_an_enum_no_proto_file_defines_is_a_format_error()
    {
        var bytes = new FudgeMsg().Add(6, "Blue").ToByteArray();
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<UsesExternEnums>(bytes));
        Assert.Contains(nameof(HandWrittenColour), error.Message);
        // Its value, not its name, is no member either: Java's Enum.valueOf would not take it.
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<UsesExternEnums>(new FudgeMsg().Add(6, 7).ToByteArray()));
        Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new UsesExternEnums { Colour = (HandWrittenColour)3 }));
    }
}
