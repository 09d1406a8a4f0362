using System.IO;
using System.Linq;
using Fudge.Generators.Tests.JavaObjects;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes.WrongValues.Java;

/// <summary>
/// Issue 41 section 2 for Fudge-Java objects. Fudge-Java 0.3's JavaBeanBuilder (checked by running it:
/// tests/interop/java-objects/generator/probe) writes every readable property, setter or not, skips those without a
/// setter when reading, reads an indicator as null over a property's initial value, and names no class above a bean's
/// own but its Java superclasses.
/// </summary>
public class WrongValuesJavaTests
{
    [Fact]
    public void Readable_only_properties_are_written_as_Java_writes_them_byte_for_byte()
    {
        byte[] java = File.ReadAllBytes(Path.Combine(JavaObjectVectorTests.Folder("probe"), "reading.fudge"));
        Assert.Equal(java, FudgeSerializer.Serialize(new Reading { Name = "abc" }));
    }

    [Fact]
    public void Readable_only_properties_are_skipped_when_read_as_Java_skips_them()
    {
        byte[] bytes = new FudgeMsg().Add("name", "xy").Add("id", "other").Add("length", 99).ToByteArray();
        var back = FudgeSerializer.Deserialize<Reading>(bytes);
        Assert.Equal(("xy", "fixed-id", 2), (back.Name, back.Id, back.Length));
    }

    [Fact]
    public void A_null_Java_property_with_an_initial_value_is_an_indicator_which_Java_reads_as_null()
    {
        var bytes = FudgeSerializer.Serialize(new Defaults { Retries = null, Currency = null, Tags = null });
        var fields = FudgeMsg.Parse(bytes).ToList();
        Assert.Equal(new[] { "retries", "currency", "tags" }.OrderBy(n => n), fields.Where(f => f.Name != null).Select(f => f.Name!).OrderBy(n => n));
        Assert.All(fields.Where(f => f.Name != null), f => Assert.True(f.IsIndicator));
        var back = FudgeSerializer.Deserialize<Defaults>(bytes);
        Assert.Equal((null, null, null), (back.Retries, back.Currency, back.Tags));
    }

    [Fact]
    public void A_struct_names_only_its_own_class_at_the_top_level_and_in_lists()
    {
        Assert.Equal(new[] { "com.acme.probe.Point" }, ClassNames(FudgeMsg.Parse(FudgeSerializer.Serialize(new Point { X = 1 }))));
        Assert.Equal(new[] { "com.acme.probe.Pair" }, ClassNames(FudgeMsg.Parse(FudgeSerializer.Serialize(new Pair(1, 2)))));
        var holder = FudgeMsg.Parse(FudgeSerializer.Serialize(new Holder { Point = new Point { X = 1 }, Pair = new Pair(3, 4), Points = new() { new Point { X = 2 } } }));
        Assert.Equal(new[] { "com.acme.probe.Holder" }, ClassNames(holder));
        Assert.Empty(ClassNames((FudgeMsg)holder.GetValue("point")!));  // a property of exactly its declared type: none
        Assert.Empty(ClassNames((FudgeMsg)holder.GetValue("pair")!));
        var element = (FudgeMsg)((FudgeMsg)holder.GetValue("points")!).GetAnonymous().Single().Value;
        Assert.Equal(new[] { "com.acme.probe.Point" }, ClassNames(element));
        var back = FudgeSerializer.Deserialize<Holder>(FudgeSerializer.Serialize(new Holder { Point = new Point { X = 1 }, Pair = new Pair(3, 4), Points = new() { new Point { X = 2 } } }));
        Assert.Equal((1, new Pair(3, 4), 2), (back.Point.X, back.Pair, back.Points!.Single().X));
    }

    [Fact]
    public void A_struct_is_exactly_the_bytes_of_a_message_with_its_fields_and_one_class_name()
    {
        var expected = new FudgeMsg().Add("x", 1).Add(null, 0, "com.acme.probe.Point").ToByteArray();
        Assert.Equal(expected, FudgeSerializer.Serialize(new Point { X = 1 }));
    }

    private static string[] ClassNames(FudgeMsg message) => message.GetAll(0).Select(f => (string)f.Value).ToArray();
}
