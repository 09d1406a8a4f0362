using System;
using System.Collections.Generic;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Members declared as interfaces: [FudgeUnion] on the interface gives each case a short name at ordinal 0; without
/// it, and for an abstract class that is no [FudgeMessage] type, the value's class is named by the name
/// FudgeClassRegistry knows it by (its .NET full name or TypeName). Reading builds only registered types that
/// implement the declared interface; any other name is a FudgeFormatException naming it.
/// </summary>
public class InterfaceMemberTests
{
    private static ShapeHolder Sample() => new()
    {
        Shape = new UnionCircle { Radius = 2, Label = "c" },
        Shapes = new List<IUnionShape> { new UnionSquare { Side = 3 }, new UnionCircle { Radius = 0.5 } },
        ByName = new Dictionary<string, IUnionShape> { ["sq"] = new UnionSquare { Side = 1, Label = "one" } },
        Plain = new PlainTriangle { Base = 4, Height = 5 },
        Plains = new List<IPlainShape?> { new PlainCircle { Radius = 1 }, null, new PlainTriangle { Base = 1 } },
        Animal = new PlainDog { Name = "Rex", Barks = true },
    };

    private static OrdinalShapeHolder Ordinal(ShapeHolder h) => new()
    {
        Shape = h.Shape, Shapes = h.Shapes, ByName = h.ByName, Plain = h.Plain, Plains = h.Plains, Animal = h.Animal,
    };

    [Fact]
    public void Each_implementation_comes_back_as_itself_under_names()
        => AssertSample(RoundTripTests.RoundTrip(Sample()).Shape, RoundTripTests.RoundTrip(Sample()));

    [Fact]
    public void Each_implementation_comes_back_as_itself_under_ordinals()
    {
        var read = RoundTripTests.RoundTrip(Ordinal(Sample()));
        AssertSample(read.Shape, new ShapeHolder { Shape = read.Shape, Shapes = read.Shapes, ByName = read.ByName, Plain = read.Plain, Plains = read.Plains, Animal = read.Animal });
    }

    private static void AssertSample(IUnionShape? shape, ShapeHolder read)
    {
        var circle = Assert.IsType<UnionCircle>(shape);
        Assert.Equal((2.0, "c"), (circle.Radius, circle.Label));
        Assert.Collection(read.Shapes!,
            s => Assert.Equal(3.0, Assert.IsType<UnionSquare>(s).Side),
            s => Assert.Equal(0.5, Assert.IsType<UnionCircle>(s).Radius));
        var square = Assert.IsType<UnionSquare>(read.ByName!["sq"]);
        Assert.Equal((1.0, "one"), (square.Side, square.Label));
        var triangle = Assert.IsType<PlainTriangle>(read.Plain);
        Assert.Equal((4.0, 5.0), (triangle.Base, triangle.Height));
        Assert.Collection(read.Plains!,
            s => Assert.Equal(1.0, Assert.IsType<PlainCircle>(s).Radius),
            Assert.Null,
            s => Assert.Equal(1.0, Assert.IsType<PlainTriangle>(s).Base));
        var dog = Assert.IsType<PlainDog>(read.Animal);
        Assert.Equal(("Rex", true), (dog.Name, dog.Barks));
    }

    [Fact]
    public void A_union_case_writes_its_short_name_and_a_plain_implementation_its_full_name()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(Sample()));
        Assert.Equal("circle", Assert.IsType<FudgeMsg>(message.GetValue("Shape")).GetValue((short)0));
        Assert.Equal(typeof(PlainTriangle).FullName, Assert.IsType<FudgeMsg>(message.GetValue("Plain")).GetValue((short)0));
        Assert.Equal(typeof(PlainDog).FullName, Assert.IsType<FudgeMsg>(message.GetValue("Animal")).GetValue((short)0));
        // A union case names itself wherever it is written, at the top level too.
        Assert.Equal("square", FudgeMsg.Parse(FudgeSerializer.Serialize(new UnionSquare { Side = 1 })).GetValue((short)0));
    }

    [Fact]
    public void Two_interfaces_whose_cases_share_short_names_each_read_back_their_own()
    {
        var board = new Board { Token = new TokenCircle { Colour = "red" }, Shape = new UnionCircle { Radius = 7 } };

        var read = RoundTripTests.RoundTrip(board);

        Assert.Equal("red", Assert.IsType<TokenCircle>(read.Token).Colour);
        Assert.Equal(7.0, Assert.IsType<UnionCircle>(read.Shape).Radius);
        Assert.Equal(3, Assert.IsType<TokenSquare>(RoundTripTests.RoundTrip(new Board { Token = new TokenSquare { Row = 3 } }).Token).Row);
    }

    [Fact]
    public void Null_members_are_omitted_and_read_back_null()
    {
        var read = RoundTripTests.RoundTrip(new ShapeHolder());
        Assert.Null(read.Shape);
        Assert.Null(read.Plain);
        Assert.Null(read.Animal);
    }

    public static TheoryData<string, string> UnknownNames() => new()
    {
        { "Shape", "triangle" },                                         // a name nobody registered
        { "Shape", "System.IO.FileInfo" },                               // a real type the data names: never loaded
        { "Shape", typeof(PlainCircle).FullName! },                       // registered, but no IUnionShape
        { "Plain", typeof(UnionCircle).FullName! },                       // not the name it is registered by ("circle")
        { "Animal", typeof(PlainCircle).FullName! },                      // registered, but no PlainAnimal
    };

    [Theory]
    [MemberData(nameof(UnknownNames))]
    public void An_unknown_or_unfit_class_name_is_a_format_exception_naming_it(string member, string name)
    {
        var body = new FudgeMsg().Add(0, name).Add("Radius", 1.0);
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ShapeHolder>(new FudgeMsg().Add(member, body).ToByteArray()));
        Assert.Contains(name, error.Message);
        var ordinal = member switch { "Shape" => (short)1, "Plain" => (short)4, _ => (short)6 };
        error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrdinalShapeHolder>(new FudgeMsg().Add(ordinal, body).ToByteArray()));
        Assert.Contains(name, error.Message);
    }

    [Fact]
    public void A_message_without_a_class_name_or_a_scalar_is_a_format_exception()
    {
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ShapeHolder>(new FudgeMsg().Add("Shape", new FudgeMsg().Add("Radius", 1.0)).ToByteArray()));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ShapeHolder>(new FudgeMsg().Add("Plain", 5).ToByteArray()));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ShapeHolder>(new FudgeMsg().Add("Shapes", new FudgeMsg().Add(null, "circle")).ToByteArray()));
    }

    [Fact]
    public void An_unregistered_implementation_is_a_FudgeException_naming_the_member_and_the_type()
    {
        var error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new ShapeHolder { Plain = new UnregisteredShape() }));
        Assert.Contains("ShapeHolder.Plain", error.Message);
        Assert.Contains(nameof(UnregisteredShape), error.Message);
        error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new OrdinalShapeHolder { Shapes = new List<IUnionShape> { new UnregisteredShape() } }));
        Assert.Contains("OrdinalShapeHolder.Shapes", error.Message);
    }

    [Fact]
    public void An_interface_held_by_an_object_member_comes_back_as_itself()
    {
        var read = RoundTripTests.RoundTrip(new ObjectHolder { Value = new UnionSquare { Side = 9 }, Items = new List<object?> { new PlainDog { Name = "d" } } });
        Assert.Equal(9.0, Assert.IsType<UnionSquare>(read.Value).Side);
        Assert.Equal("d", Assert.IsType<PlainDog>(read.Items![0]).Name);
    }

    [Fact]
    public void An_interface_serializes_at_the_top_level_too()
    {
        byte[] bytes = FudgeSerializer.Serialize<IUnionShape>(new UnionSquare { Side = 2, Label = "s" });
        Assert.Equal(FudgeSerializer.Serialize(new UnionSquare { Side = 2, Label = "s" }), bytes); // the case's own bytes
        var square = Assert.IsType<UnionSquare>(FudgeSerializer.Deserialize<IUnionShape>(bytes));
        Assert.Equal((2.0, "s"), (square.Side, square.Label));

        var triangle = Assert.IsType<PlainTriangle>(FudgeSerializer.Deserialize<IPlainShape>(FudgeSerializer.Serialize<IPlainShape>(new PlainTriangle { Base = 7 })));
        Assert.Equal(7.0, triangle.Base);
        var dog = Assert.IsType<PlainDog>(FudgeSerializer.Deserialize<PlainAnimal>(FudgeSerializer.Serialize<PlainAnimal>(new PlainDog { Name = "n" })));
        Assert.Equal("n", dog.Name);

        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<IUnionShape>(FudgeSerializer.Serialize(new PlainCircle())));
        Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize<IPlainShape>(new UnregisteredShape()));
    }

    [Fact]
    public void Truncated_and_corrupted_shapes_raise_only_format_exceptions()
    {
        foreach (var data in new[] { FudgeSerializer.Serialize(Sample()), FudgeSerializer.Serialize(Ordinal(Sample())) })
        {
            for (int length = 8; length < data.Length; length++)
            {
                var cut = data.AsSpan(0, length).ToArray();
                System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
                OnlyFormatErrors(cut);
            }
            for (int i = 8; i < data.Length; i++)
            {
                foreach (byte v in new byte[] { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0F, 0x0E, 0x63 })
                {
                    var corrupt = (byte[])data.Clone();
                    corrupt[i] = v;
                    OnlyFormatErrors(corrupt);
                    corrupt[i] = (byte)(data[i] ^ 0x55);
                    OnlyFormatErrors(corrupt);
                }
            }
        }
    }

    private static void OnlyFormatErrors(byte[] data)
    {
        try
        {
            FudgeSerializer.Deserialize<ShapeHolder>(data);
            FudgeSerializer.Deserialize<OrdinalShapeHolder>(data);
        }
        catch (FudgeFormatException)
        {
        }
    }
}
