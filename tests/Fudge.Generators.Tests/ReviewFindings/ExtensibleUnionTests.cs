using System;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: an <see cref="IFudgeExtensible"/> polymorphic type that reads a newer derived type it does not know fell
/// back to a type it knows, kept the unknown fields, but dropped the ordinal-0 type names; written back, the message
/// claimed to be the older type, and a newer receiver could no longer read it as what it was.
/// </summary>
public class ExtensibleUnionTests
{
    private static readonly FudgeMsg Square = new FudgeMsg()
        .Add(0, "Square").Add(0, "Shape")           // a derived type this version does not know
        .Add("Id", "s1")
        .Add("Side", 2.5);

    [Fact]
    public void A_relay_of_an_unknown_derived_type_writes_its_type_names_back()
    {
        byte[] original = Square.ToByteArray();
        var relayed = FudgeSerializer.Deserialize<ShapeV1>(original);
        Assert.IsType<ShapeV1>(relayed);
        Assert.Equal("s1", relayed.Id);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(FudgeSerializer.Serialize(relayed)));
    }

    [Fact]
    public void A_relay_that_knows_an_intermediate_type_reads_it_and_writes_the_full_names_back()
    {
        var bigCircle = new FudgeMsg().Add(0, "BigCircle").Add(0, "Circle").Add(0, "Shape").Add("Id", "b").Add("Radius", 9.0).Add("Glow", true);
        byte[] original = bigCircle.ToByteArray();
        var relayed = Assert.IsType<CircleV1>(FudgeSerializer.Deserialize<ShapeV1>(original));
        Assert.Equal(9.0, relayed.Radius);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(FudgeSerializer.Serialize<ShapeV1>(relayed)));
    }

    [Fact]
    public void A_known_type_still_writes_its_own_names()
    {
        var circle = FudgeSerializer.Deserialize<ShapeV1>(FudgeSerializer.Serialize<ShapeV1>(new CircleV1 { Id = "c", Radius = 1 }));
        Assert.Equal(1, Assert.IsType<CircleV1>(circle).Radius);
        Assert.Null(circle.ExtensionData);
        var expected = new FudgeMsg().Add(0, "Circle").Add(0, "Shape").Add("Id", "c").Add("Radius", 1.0);
        Assert.Equal(Convert.ToHexString(expected.ToByteArray()), Convert.ToHexString(FudgeSerializer.Serialize<ShapeV1>(circle)));
        // a fresh object of the base type writes the base's name
        Assert.Equal(new FudgeMsg().Add(0, "Shape").Add("Id", "x"), FudgeMsg.Parse(FudgeSerializer.Serialize(new ShapeV1 { Id = "x" })));
    }
}

/// <summary>Keeping type names costs nothing when they are the reader's own.</summary>
public class ExtensibleUnionAllocationTests
{
    /// <summary>Where the object counted for comparison goes, so that the JIT cannot put it on the stack.</summary>
    private static object? _escaped;

    [Fact]
    public void Reading_a_known_type_allocates_no_extension_data()
    {
        byte[] bytes = FudgeSerializer.Serialize<ShapeV1>(new CircleV1 { Id = null, Radius = 2 });
        long perRead = Allocations.SteadyState(() => FudgeSerializer.Deserialize<ShapeV1>(bytes), 1000, warmUps: 2000) / 1000;
        long perObject = Allocations.SteadyState(() => _escaped = new CircleV1(), 1000) / 1000;
        Assert.Equal(perObject, perRead);
    }
}
