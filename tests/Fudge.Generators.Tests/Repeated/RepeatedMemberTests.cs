using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Fudge.Generators.Tests.ProtoGenerated.repeats;
using Fudge.Generators.Tests.WholeGraph;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Repeated;

/// <summary>
/// <c>[FudgeField(Repeated = true)]</c>: a list or array member whose elements are fields of their own under the
/// member's name or ordinal, the bytes a <see cref="FudgeMsg"/> with a repeated name and a Fudge-Proto <c>repeated</c>
/// field have, in every field mode, by the whole-graph code of this suite and by the per-object formatters alike.
/// </summary>
public class RepeatedMemberTests
{
    private static readonly Lazy<Assembly> PerObject = new(() => WholeGraphTests.CompileModels(WholeGraphTests.SwitchOptions.Off, "RepeatedPerObject", "RepeatedModels.cs"));

    private static readonly DateTime Monday = new(2026, 11, 30, 9, 30, 0, 125, DateTimeKind.Utc);

    [Fact]
    public void Zero_one_or_many_elements_are_that_many_fields_under_the_name_as_the_DOM_writes_them()
    {
        AssertBytes(new Tagged { Id = "x", After = 3 }, new FudgeMsg().Add("id", "x").Add("after", 3));
        AssertBytes(new Tagged { Id = "x", Tags = { "a" }, After = 3 }, new FudgeMsg().Add("id", "x").Add("tag", "a").Add("after", 3));
        // A null element is an indicator, as the DOM writes a null.
        AssertBytes(new Tagged { Id = "x", Tags = { "a", null, "c" }, After = 3 },
            new FudgeMsg().Add("id", "x").Add("tag", "a").Add("tag", null).Add("tag", "c").Add("after", 3));
        // A null list writes nothing, as an empty one does.
        AssertBytes(new Tagged { Id = "x", Tags = null!, After = 3 }, new FudgeMsg().Add("id", "x").Add("after", 3));
    }

    [Fact]
    public void An_array_and_a_list_of_objects_have_the_bytes_of_the_same_proto_repeated_fields()
    {
        var fills = new Fills
        {
            Quantity = 5_000_000_000,
            Prices = new[] { 1.5, 2.25, 3.0 },
            Legs = new[] { new FillLeg { Id = 1, Weight = 0.5 }, new FillLeg { Id = 300, Weight = 2 } },
        };
        var proto = new RepeatedFills
        {
            Quantity = 5_000_000_000,
            Prices = { 1.5, 2.25, 3.0 },
            Legs = { new RepeatedLeg { Id = 1, Weight = 0.5 }, new RepeatedLeg { Id = 300, Weight = 2 } },
        };
        byte[] protoBytes = FudgeSerializer.Serialize(proto);
        var dom = new FudgeMsg().Add(1, 5_000_000_000L).Add(4, 1.5).Add(4, 2.25).Add(4, 3.0)
            .Add(5, new FudgeMsg().Add(1, 1).Add(2, 0.5)).Add(5, new FudgeMsg().Add(1, 300).Add(2, 2.0));
        Assert.Equal(Convert.ToHexString(dom.ToByteArray()), Convert.ToHexString(protoBytes));
        AssertBytes(fills, dom);

        // Each reads what the other writes.
        var back = FudgeSerializer.Deserialize<Fills>(protoBytes);
        Assert.Equal(new[] { 1.5, 2.25, 3.0 }, back.Prices);
        Assert.Equal(new[] { (1, 0.5), (300, 2.0) }, back.Legs!.Select(l => (l.Id, l.Weight)));
        var protoBack = FudgeSerializer.Deserialize<RepeatedFills>(FudgeSerializer.Serialize(fills));
        Assert.Equal(new[] { 1.5, 2.25, 3.0 }, protoBack.Prices);
        Assert.Equal(new[] { 1, 300 }, protoBack.Legs.Select(l => l.Id));
    }

    [Fact]
    public void Fields_interleaved_with_others_and_unknown_ones_are_gathered_in_the_order_they_come()
    {
        var message = new FudgeMsg().Add("tag", "a").Add("id", "x").Add("other", 1).Add("tag", "b").Add("after", 3).Add("tag", null).Add("tag", "c");
        foreach (var type in new[] { typeof(Tagged), PerObject.Value.GetType(typeof(Tagged).FullName!)! })
        {
            dynamic back = Deserialize(type, message.ToByteArray());
            Assert.Equal(new[] { "a", "b", null, "c" }, ((List<string?>)back.Tags).ToArray());
            Assert.Equal("x", (string)back.Id);
            Assert.Equal(3, (int)back.After);
        }

        var fills = new FudgeMsg().Add(4, 1.0).Add(5, new FudgeMsg().Add(1, 7)).Add(1, 9L).Add(4, 2);   // an integer price widens
        var read = FudgeSerializer.Deserialize<Fills>(fills.ToByteArray());
        Assert.Equal(new[] { 1.0, 2.0 }, read.Prices);
        Assert.Equal(7, Assert.Single(read.Legs!).Id);
        Assert.Equal(9, read.Quantity);
    }

    [Fact]
    public void A_missing_field_leaves_the_member_as_constructed_and_a_required_one_is_refused()
    {
        var tagged = FudgeSerializer.Deserialize<Tagged>(new FudgeMsg().Add("id", "x").ToByteArray());
        Assert.Empty(tagged.Tags);                              // the initializer's list
        var fills = FudgeSerializer.Deserialize<Fills>(new FudgeMsg().Add(1, 2L).ToByteArray());
        Assert.Empty(fills.Prices);
        Assert.Null(fills.Legs);
        var marks = FudgeSerializer.Deserialize<Marks>(new FudgeMsg().Add("Label", (short?)2, "l").ToByteArray());
        Assert.Null(marks.Values);

        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Roster>(new FudgeMsg().Add(1, "ann").ToByteArray()));
        Assert.Contains("Seen", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Constructor_initializer_and_get_only_members_read_back_in_every_field_mode()
    {
        var marks = new Marks(new int?[] { 1, null, 70_000 }, "m");
        AssertBytes(marks, new FudgeMsg().Add("Values", (short?)1, 1).Add("Values", (short?)1, null).Add("Values", (short?)1, 70_000).Add("Label", (short?)2, "m"));
        var marksBack = FudgeSerializer.Deserialize<Marks>(FudgeSerializer.Serialize(marks));
        Assert.Equal(new int?[] { 1, null, 70_000 }, marksBack.Values!);
        Assert.Equal("m", marksBack.Label);

        var roster = new Roster { Seen = new List<DateTime> { Monday, Monday.AddDays(1) } };
        roster.Names.Add("ann");
        roster.Names.Add("bob");
        byte[] bytes = FudgeSerializer.Serialize(roster);
        var dom = FudgeMsg.Parse(bytes);
        Assert.Equal(new short?[] { 1, 1, 2, 2 }, dom.Select(f => f.Ordinal));
        Assert.All(dom.Where(f => f.Ordinal == 2), f => Assert.Equal(FudgeDateTimeAccuracy.Millisecond, ((FudgeDateTime)f.Value).Accuracy));
        var back = FudgeSerializer.Deserialize<Roster>(bytes);
        Assert.Equal(new[] { "ann", "bob" }, back.Names);
        Assert.Equal(new[] { Monday, Monday.AddDays(1) }, back.Seen);
        Assert.Equal(bytes, SerializeIn(PerObject.Value, typeof(Roster), Deserialize(PerObject.Value.GetType(typeof(Roster).FullName!)!, bytes)));
    }

    [Fact]
    public void Cut_and_corrupted_bytes_raise_only_format_errors_on_both_paths()
    {
        var fills = new Fills { Quantity = 4, Prices = new[] { 1.5, 2.5 }, Legs = new[] { new FillLeg { Id = 1, Weight = 1 }, new FillLeg { Id = 2, Weight = 3 } } };
        byte[] bytes = FudgeSerializer.Serialize(fills);
        var perObject = PerObject.Value.GetType(typeof(Fills).FullName!)!;
        HostileInput.AssertOnlyFormatErrors(bytes, b => FudgeSerializer.Deserialize<Fills>(b));
        HostileInput.AssertOnlyFormatErrors(bytes, b => Deserialize(perObject, b));
        byte[] tagged = FudgeSerializer.Serialize(new Tagged { Id = "x", Tags = { "a", null, "bc" }, After = 1 });
        HostileInput.AssertOnlyFormatErrors(tagged, b => FudgeSerializer.Deserialize<Tagged>(b));
    }

    /// <summary>
    /// <paramref name="value"/> is written as <paramref name="expected"/> by the whole-graph code and by the per-object
    /// formatters, and each reads the bytes back to a value it writes the same way.
    /// </summary>
    private static void AssertBytes<T>(T value, FudgeMsg expected)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.Equal(Convert.ToHexString(expected.ToByteArray()), Convert.ToHexString(bytes));
        Assert.Equal(bytes, FudgeSerializer.Serialize(FudgeSerializer.Deserialize<T>(bytes)));
        Assert.Equal(bytes, WholeGraphTests.RoundTripIn<T>(PerObject.Value, bytes));
    }

    /// <summary>FudgeSerializer.Deserialize&lt;T&gt;(bytes) for a type known at run time (of either assembly).</summary>
    private static object Deserialize(Type type, byte[] bytes)
    {
        var deserialize = typeof(RepeatedMemberTests).GetMethod(nameof(DeserializeAs), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(type);
        try
        {
            return deserialize.Invoke(null, new object[] { bytes })!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
            throw;
        }
    }

    private static object DeserializeAs<T>(byte[] bytes) => FudgeSerializer.Deserialize<T>(bytes)!;

    private static byte[] SerializeIn(Assembly models, Type like, object value)
    {
        var type = models.GetType(like.FullName!, throwOnError: true)!;
        var serialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethodDefinition
            && m.ReturnType == typeof(byte[]) && m.GetParameters().Length == 1).MakeGenericMethod(type);
        return (byte[])serialize.Invoke(null, new[] { value })!;
    }
}
