using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>Round trips and wire cases a demanding serializer user tries.</summary>
public class RuntimeFindingsTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    [Fact]
    public void Required_member_set_by_a_plain_constructor_round_trips_and_is_still_required()
    {
        var back = RoundTrip(new RequiredViaConstructor("ann") { Name = "ann", Age = 3 });
        Assert.Equal("ann", back.Name);
        Assert.Equal(3, back.Age);
        var e = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<RequiredViaConstructor>(new FudgeMsg().Add("Age", 1).ToByteArray()));
        Assert.Contains("'Name'", e.Message);
        Assert.Equal("bob", RoundTrip(new SetsRequired("bob")).Name);
    }

    [Fact]
    public void Primary_constructor_hiding_and_keyword_members_round_trip()
    {
        var p = RoundTrip(new PrimaryCtor(4, "four"));
        Assert.Equal((4, "four"), (p.Count, p.Label));
        var h = RoundTrip(new Hiding { Inherited = 7, Hidden = "new", @class = 9 });
        Assert.Equal((7, "new", 9), (h.Inherited, h.Hidden, h.@class));
        Assert.Equal(new[] { "Inherited", "Hidden", "class" }, FudgeMsg.Parse(FudgeSerializer.Serialize(h)).Select(f => f.Name).ToArray());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(4)]
    [InlineData(16)]
    [InlineData(28)]
    [InlineData(512)]
    public void Byte_arrays_of_every_length_round_trip(int length)
    {
        var bytes = Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();
        var back = RoundTrip(new Edges { Bytes = bytes, Memory = bytes });
        Assert.Equal(bytes, back.Bytes);
        Assert.Equal(bytes, back.Memory.ToArray());
    }

    [Fact]
    public void Decimal_extremes_keep_value_and_scale()
    {
        foreach (var d in new[] { decimal.MaxValue, decimal.MinValue, 1.0000m, 0.0000000000000000000000000001m, -79228162514264337593543950.335m })
        {
            var back = RoundTrip(new Edges { Decimal = d }).Decimal;
            Assert.Equal(decimal.GetBits(d), decimal.GetBits(back));
        }
        // The text form has no negative zero (nor has Java's BigDecimal): -0.0m reads back as 0.0m, scale kept.
        var zero = RoundTrip(new Edges { Decimal = -0.0m }).Decimal;
        Assert.Equal(0.0m, zero);
        Assert.Equal(1, zero.Scale);
    }

    [Fact]
    public void Date_and_time_extremes_round_trip()
    {
        foreach (var kind in new[] { DateTimeKind.Utc, DateTimeKind.Unspecified })
        {
            foreach (var dt in new[] { DateTime.SpecifyKind(DateTime.MinValue, kind), DateTime.SpecifyKind(DateTime.MaxValue, kind) })
            {
                var back = RoundTrip(new Edges { DateTime = dt }).DateTime;
                Assert.Equal((dt, dt.Kind), (back, back.Kind));
            }
        }
        var e = RoundTrip(new Edges { TimeOnly = TimeOnly.MaxValue, TimeSpan = TimeSpan.MinValue, DateTimeOffset = new DateTimeOffset(2024, 2, 29, 23, 59, 59, TimeSpan.FromMinutes(345)) });
        Assert.Equal(TimeOnly.MaxValue, e.TimeOnly);
        Assert.Equal(TimeSpan.MinValue, e.TimeSpan);
        Assert.Equal(TimeSpan.FromMinutes(345), e.DateTimeOffset.Offset);
        Assert.Equal(TimeSpan.MaxValue, RoundTrip(new Edges { TimeSpan = TimeSpan.MaxValue }).TimeSpan);
        Assert.Equal(DateTimeOffset.MaxValue, RoundTrip(new Edges { DateTimeOffset = DateTimeOffset.MaxValue }).DateTimeOffset);
        Assert.Equal(DateTimeOffset.MinValue, RoundTrip(new Edges { DateTimeOffset = DateTimeOffset.MinValue }).DateTimeOffset);
    }

    [Fact]
    public void Values_Fudge_cannot_hold_raise_a_clear_exception_and_write_nothing()
    {
        var buffer = new ArrayBufferWriter<byte>();
        // A FudgeException naming the member (issue 41), the writer's own error inside.
        var e1 = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(buffer, new Edges { Char = '\uD800' }));
        Assert.Contains("Edges.Char", e1.Message);
        Assert.Contains("surrogate", e1.Message);
        Assert.IsAssignableFrom<ArgumentException>(e1.InnerException);
        Assert.Equal(0, buffer.WrittenCount);
        Assert.Contains("Edges.Text", Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(buffer, new Edges { Text = "a\uDC00b" })).Message);
        Assert.Equal(0, buffer.WrittenCount);
        // An offset of no whole quarter hours is written exactly, as text (issue 41), no longer refused.
        var odd = new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(20));
        Assert.True(odd.EqualsExact(RoundTrip(new Edges { DateTimeOffset = odd }).DateTimeOffset));
        // and the serializer stays usable afterwards
        Assert.Equal('x', RoundTrip(new Edges { Char = 'x' }).Char);
    }

    [Fact]
    public void Enums_of_every_width_round_trip()
    {
        var back = RoundTrip(new Edges { Tiny = Tiny.Max, Signed = Signed.Min, Wide = Wide.Min, UWide = UWide.Top | UWide.A });
        Assert.Equal((Tiny.Max, Signed.Min, Wide.Min, UWide.Top | UWide.A), (back.Tiny, back.Signed, back.Wide, back.UWide));
        Assert.Equal(Wide.Max, RoundTrip(new Edges { Wide = Wide.Max }).Wide);
    }

    [Fact]
    public void Collections_keep_nulls_positions_and_emptiness()
    {
        var g = Guid.NewGuid();
        var d = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        var value = new Lists
        {
            NullableInts = new List<int?> { null, 1, null },
            NullableIntArray = new int?[] { 2, null },
            Strings = new List<string?> { null, "", "x", null },
            Nested = new List<List<int>> { new(), new() { 1, 2 } },
            Tree = new Dictionary<string, List<Lists>> { ["a"] = new List<Lists> { new Lists { Set = new HashSet<string>() } } },
            ByEnum = new Dictionary<Tiny, string> { [Tiny.Max] = "m" },
            ByGuid = new Dictionary<Guid, int> { [g] = 1 },
            ByDate = new Dictionary<DateTime, int> { [d] = 2 },
            ReadOnlyMap = new Dictionary<string, double?> { ["n"] = null, ["v"] = 1.5 },
            Set = new HashSet<string>(),
        };
        var back = RoundTrip(value);
        Assert.Equal(value.NullableInts, back.NullableInts);
        Assert.Equal(value.NullableIntArray, back.NullableIntArray);
        Assert.Equal(value.Strings, back.Strings);
        Assert.Equal(new[] { 0, 2 }, back.Nested!.Select(l => l.Count));
        Assert.Empty(back.Tree!["a"].Single().Set!);
        Assert.Null(back.Tree!["a"].Single().Strings);
        Assert.Equal("m", back.ByEnum![Tiny.Max]);
        Assert.Equal(1, back.ByGuid![g]);
        Assert.Equal(2, back.ByDate![d]);
        Assert.Null(back.ReadOnlyMap!["n"]);
        Assert.Equal(1.5, back.ReadOnlyMap!["v"]);
        Assert.NotNull(back.Set);
        Assert.Empty(back.Set!);
        Assert.Null(back.Lazy);
    }

    [Fact]
    public void A_lazy_sequence_is_enumerated_once()
    {
        int enumerations = 0;
        IEnumerable<int> Numbers()
        {
            enumerations++;
            yield return 1;
            yield return 2;
        }
        var back = RoundTrip(new Lists { Lazy = Numbers() });
        Assert.Equal(1, enumerations);
        Assert.Equal(new[] { 1, 2 }, back.Lazy);
    }

    [Fact]
    public void Fields_in_another_order_and_wider_types_are_read()
    {
        var msg = new FudgeMsg()
            .Add(new FudgeField("Short", null, FudgeTypeId.Int64, 5L))
            .Add(new FudgeField("Float", null, FudgeTypeId.Double, 2.5))
            .Add(new FudgeField("Double", null, FudgeTypeId.Float, 1.5f))
            .Add(new FudgeField("Int", null, FudgeTypeId.Int64, 5L))
            .Add(new FudgeField("Long", null, FudgeTypeId.Int8, (sbyte)-3))
            .Add(new FudgeField("Byte", null, FudgeTypeId.Int64, 200L))
            .Add(new FudgeField("Tiny", null, FudgeTypeId.Int32, 255))
            .Add(new FudgeField("Decimal", null, FudgeTypeId.Int64, 12L))
            .Add(new FudgeField("Bool", null, FudgeTypeId.Int8, (sbyte)1))
            .Add("Text", "t");
        var w = FudgeSerializer.Deserialize<Widening>(msg.ToByteArray());
        Assert.Equal((5, 1.5, 2.5f, -3L, (byte)200, (short)5, "t", 12m, Tiny.Max, true), (w.Int, w.Double, w.Float, w.Long, w.Byte, w.Short, w.Text, w.Decimal, w.Tiny, w.Bool));
        var i = FudgeSerializer.Deserialize<Widening>(new FudgeMsg().Add(new FudgeField("Double", null, FudgeTypeId.Int32, 7)).ToByteArray());
        Assert.Equal(7.0, i.Double);
    }

    public static IEnumerable<object[]> Misfits() => new[]
    {
        new object[] { new FudgeField("Byte", null, FudgeTypeId.Int64, 300L) },
        new object[] { new FudgeField("Byte", null, FudgeTypeId.Int8, (sbyte)-1) },
        new object[] { new FudgeField("SByte", null, FudgeTypeId.Int16, (short)300) },
        new object[] { new FudgeField("Short", null, FudgeTypeId.Int32, 70000) },
        new object[] { new FudgeField("Int", null, FudgeTypeId.Int64, 1L << 40) },
        new object[] { new FudgeField("Tiny", null, FudgeTypeId.Int16, (short)256) },
        new object[] { new FudgeField("Int", null, FudgeTypeId.Double, 1.5) },
        new object[] { new FudgeField("Int", null, FudgeTypeId.String, "1") },
        new object[] { new FudgeField("Text", null, FudgeTypeId.Int32, 1) },
        new object[] { new FudgeField("Decimal", null, FudgeTypeId.String, "abc") },
        new object[] { new FudgeField("Decimal", null, FudgeTypeId.Double, double.NaN) },
        new object[] { new FudgeField("Decimal", null, FudgeTypeId.Double, 1e30) },
        new object[] { new FudgeField("List", null, FudgeTypeId.Int32, 1) },
        new object[] { new FudgeField("Child", null, FudgeTypeId.String, "x") },
        new object[] { new FudgeField("Int", null, FudgeTypeId.Message, new FudgeMsg().Add("a", 1)) },
        new object[] { new FudgeField("Guid", null, FudgeTypeId.ByteArray4, new byte[4]) },
        new object[] { new FudgeField("When", null, FudgeTypeId.Int64, 5L) },
        new object[] { new FudgeField("Char", null, FudgeTypeId.String, "ab") },
        new object[] { new FudgeField("Char", null, FudgeTypeId.Int32, 65) },
        new object[] { new FudgeField("List", null, FudgeTypeId.Message, new FudgeMsg().Add(null, "x")) },
    };

    [Theory]
    [MemberData(nameof(Misfits))]
    public void A_value_that_does_not_fit_raises_FudgeFormatException(FudgeField field)
    {
        var bytes = new FudgeMsg().Add(field).ToByteArray();
        var e = Record.Exception(() => FudgeSerializer.Deserialize<Widening>(bytes));
        Assert.IsType<FudgeFormatException>(e);
    }

    [Fact]
    public void Unknown_fields_sub_messages_and_type_ids_survive_a_round_trip()
    {
        var v2 = new FudgeMsg()
            .Add("Name", "n")
            .Add("Level", 9)
            .Add("Tags", new FudgeMsg().Add(null, "a").Add(null, null))
            .Add(new FudgeField("Odd", 77, 200, new FudgeUnknownValue(200, new byte[] { 1, 2, 3 })))
            .Add(new FudgeField(null, 5, FudgeTypeId.Int64, 5L))
            .Add("Child", new FudgeMsg().Add("Name", "c"));
        byte[] original = v2.ToByteArray();
        var v1 = FudgeSerializer.Deserialize<VersionOne>(original);
        Assert.Equal("n", v1.Name);
        Assert.Equal(5, v1.ExtensionData!.Count());
        byte[] again = FudgeSerializer.Serialize(v1);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(again));
        var back2 = FudgeSerializer.Deserialize<VersionTwo>(again);
        Assert.Equal((9, "c"), (back2.Level, back2.Child!.Name));
        Assert.Equal(new[] { "a", null }, back2.Tags);
    }

    [Fact]
    public void A_newer_type_reading_older_bytes_keeps_its_defaults()
    {
        var v2 = FudgeSerializer.Deserialize<VersionTwo>(FudgeSerializer.Serialize(new VersionOne { Name = "old" }));
        Assert.Equal(("old", 3), (v2.Name, v2.Level));
        Assert.Null(v2.Tags);
    }
}
