using System;
using System.IO;
using System.Linq;
using System.Reflection;
using Fudge.Generators.Tests.WholeGraph;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Repeated;

/// <summary>
/// What Fudge-Java 0.3 writes when it adds one name several times (<c>MutableFudgeFieldContainer.add(name, value)</c>
/// again with the same name: tests/interop/java-objects/repeated, written by the generator's RepeatedNames.java) is what
/// <c>[FudgeField(Repeated = true)]</c> members read and write: the values Java added, in the order it added them, and
/// Java's bytes again, from the whole-graph code of this suite and from the per-object formatters alike.
/// </summary>
public class JavaRepeatedNameTests
{
    private static readonly Lazy<Assembly> PerObject = new(() => WholeGraphTests.CompileModels(WholeGraphTests.SwitchOptions.Off, "JavaRepeatedPerObject", "JavaRepeatedModels.cs"));

    private static byte[] Java(string name) => File.ReadAllBytes(InteropFolder.PathOf("java-objects", "repeated", name + ".fudge"));

    // The values RepeatedNames.java adds (tests/interop/java-objects/README.md, "Repeated names").
    private static void AssertJavaValues(JavaRepeatedNames read)
    {
        Assert.Equal("ACME", read.Symbol);
        Assert.Equal(new[] { "XNAS", "BATS", "ARCA" }, read.Venues);
        Assert.Equal(new[] { 5, 300, 70000 }, read.Sizes);
        Assert.Equal(new[] { 189.25, 189.5 }, read.Prices);
        Assert.Equal(new (string?, int)[] { ("XNAS", 100), ("BATS", 250) }, read.Legs.Select(l => (l.Venue, l.Quantity)));
        Assert.Equal(7, read.After);
    }

    [Fact]
    public void A_name_Java_added_several_times_reads_into_a_repeated_member_and_writes_back_as_Javas_bytes()
    {
        byte[] java = Java("repeated-names");

        var read = FudgeSerializer.Deserialize<JavaRepeatedNames>(java);

        AssertJavaValues(read);
        Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(FudgeSerializer.Serialize(read)));
        Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(WholeGraphTests.RoundTripIn<JavaRepeatedNames>(PerObject.Value, java)));
        // Java's integers are reduced one by one (int8, int16, int32), as .NET reduces each element.
        var sizes = FudgeMsg.Parse(java).GetAll("size").Select(f => f.TypeId);
        Assert.Equal(new[] { FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32 }, sizes);
    }

    [Fact]
    public void The_same_values_built_in_code_write_the_bytes_Java_writes()
    {
        var value = new JavaRepeatedNames
        {
            Symbol = "ACME",
            Venues = { "XNAS", "BATS", "ARCA" },
            Sizes = new[] { 5, 300, 70000 },
            Prices = new[] { 189.25, 189.5 },
            Legs = { new JavaRepeatedLeg { Venue = "XNAS", Quantity = 100 }, new JavaRepeatedLeg { Venue = "BATS", Quantity = 250 } },
            After = 7,
        };

        Assert.Equal(Convert.ToHexString(Java("repeated-names")), Convert.ToHexString(FudgeSerializer.Serialize(value)));
    }

    [Fact]
    public void Names_Java_interleaved_read_the_same_values_and_write_back_grouped_member_by_member()
    {
        byte[] interleaved = Java("repeated-names-interleaved");

        var read = FudgeSerializer.Deserialize<JavaRepeatedNames>(interleaved);

        AssertJavaValues(read);
        // Written back, each member's fields come together in declaration order: the message Java built grouped.
        Assert.Equal(Convert.ToHexString(Java("repeated-names")), Convert.ToHexString(FudgeSerializer.Serialize(read)));
        Assert.Equal(Convert.ToHexString(Java("repeated-names")), Convert.ToHexString(WholeGraphTests.RoundTripIn<JavaRepeatedNames>(PerObject.Value, interleaved)));
    }
}
