using System;
using System.Linq;
using Xunit;

namespace Fudge.Tests;

/// <summary>The message model: an ordered multi-map with reductions on add and widening on read.</summary>
public class FudgeMsgTests
{
    [Theory]
    [InlineData(5L, FudgeTypeId.Int8)]
    [InlineData(-128L, FudgeTypeId.Int8)]
    [InlineData(128L, FudgeTypeId.Int16)]
    [InlineData(-32769L, FudgeTypeId.Int32)]
    [InlineData(2147483648L, FudgeTypeId.Int64)]
    public void Integers_are_stored_in_the_smallest_type(long value, byte expectedType)
    {
        var msg = new FudgeMsg().Add("n", value);

        Assert.Equal(expectedType, msg[0].TypeId);
        Assert.Equal(value, msg.GetInt64("n"));
    }

    [Theory]
    [InlineData(null)]
    [InlineData((short)0)]
    [InlineData((short)1)]
    [InlineData((short)-1)]
    [InlineData(short.MinValue)]
    [InlineData(short.MaxValue)]
    public void A_field_gives_back_its_ordinal_and_type_id_for_every_type_id(short? ordinal)
    {
        for (int typeId = 0; typeId <= byte.MaxValue; typeId++)
        {
            var field = new FudgeField("n", ordinal, (byte)typeId, "value", true);

            Assert.Equal(ordinal, field.Ordinal);
            Assert.Equal((byte)typeId, field.TypeId);
            Assert.Equal("n", field.Name);
        }
        Assert.Null(default(FudgeField).Ordinal);
        Assert.Equal(0, default(FudgeField).TypeId);
    }

    [Fact]
    public void Getters_widen_but_refuse_to_narrow_out_of_range()
    {
        var msg = new FudgeMsg().Add("small", (sbyte)7).Add("big", 100_000).Add("f", 1.5f);

        Assert.Equal(7L, msg.GetInt64("small"));
        Assert.Equal((short)7, msg.GetInt16("small"));
        Assert.Equal(100_000.0, msg.GetDouble("big"));
        Assert.Equal(1.5, msg.GetDouble("f"));
        Assert.Throws<FudgeException>(() => msg.GetInt16("big"));
        Assert.Null(msg.GetInt64("absent"));
    }

    [Fact]
    public void Repeated_names_keep_their_order_and_lookups_return_the_first()
    {
        var msg = new FudgeMsg().Add("px", 1).Add("qty", 10).Add("px", 2).Add("px", 3);

        Assert.Equal(1, msg.GetInt32("px"));
        Assert.Equal(new object[] { (sbyte)1, (sbyte)2, (sbyte)3 }, msg.GetAll("px").Select(f => f.Value));
        Assert.Equal(3, msg.Remove("px"));
        Assert.False(msg.HasField("px"));
        Assert.Single(msg);
    }

    [Fact]
    public void Ordinals_and_names_are_independent_keys()
    {
        var msg = new FudgeMsg().Add("both", 7, "x").Add(7, "y").Add("both", "z");

        Assert.Equal(2, msg.GetAll(7).Count);
        Assert.Equal(2, msg.GetAll("both").Count);
        Assert.Equal("x", msg.GetString(7));
        Assert.True(msg.HasField(7));
    }

    [Fact]
    public void Null_becomes_an_indicator_and_reads_back_as_null()
    {
        var msg = new FudgeMsg().Add("gone", null);

        Assert.True(msg[0].IsIndicator);
        Assert.Null(msg.GetValue("gone"));
        Assert.True(msg.HasField("gone"));
    }

    [Fact]
    public void Equality_compares_fields_in_order_by_value()
    {
        FudgeMsg Build() => new FudgeMsg().Add("a", new[] { 1, 2 }).Add("b", new FudgeMsg().Add("c", "d"));

        Assert.Equal(Build(), Build());
        Assert.Equal(Build().GetHashCode(), Build().GetHashCode());
        Assert.NotEqual(Build(), Build().Add("e", 1));
        Assert.NotEqual(new FudgeMsg().Add("a", 1).Add("b", 2), new FudgeMsg().Add("b", 2).Add("a", 1));
    }

    [Fact]
    public void ToString_prints_an_indented_tree()
    {
        var msg = new FudgeMsg().Add("sym", "AAPL").Add(3, 1.25).Add("leg", new FudgeMsg().Add("qty", 100));

        Assert.Equal("sym (string) = \"AAPL\"\n#3 (double) = 1.25\nleg (message):\n  qty (byte) = 100\n", msg.ToString());
    }

    [Fact]
    public void Clr_date_and_time_types_map_to_fudge_types_without_loss()
    {
        var instant = new DateTime(2024, 2, 29, 13, 45, 30, DateTimeKind.Utc).AddTicks(1234567);
        var offset = new DateTimeOffset(2024, 2, 29, 13, 45, 30, TimeSpan.FromHours(5.5)).AddTicks(7654321);
        var msg = new FudgeMsg()
            .Add("dt", instant).Add("dto", offset)
            .Add("d", new DateOnly(1999, 12, 31)).Add("t", new TimeOnly(23, 59, 59).Add(TimeSpan.FromTicks(99)));

        var decoded = FudgeMsg.Parse(msg.ToByteArray());

        Assert.Equal(instant, decoded.GetValue<DateTime>("dt"));
        Assert.Equal(DateTimeKind.Utc, decoded.GetValue<DateTime>("dt").Kind);
        Assert.Equal(offset, decoded.GetValue<DateTimeOffset>("dto"));
        Assert.Equal(offset.Offset, decoded.GetValue<DateTimeOffset>("dto").Offset);
        Assert.Equal(new DateOnly(1999, 12, 31), decoded.GetValue<DateOnly>("d"));
        Assert.Equal(new TimeOnly(23, 59, 59).Add(TimeSpan.FromTicks(99)), decoded.GetValue<TimeOnly>("t"));
        Assert.Equal(FudgeTypeId.DateTime, decoded[0].TypeId);
        Assert.Equal(FudgeTypeId.Date, decoded[2].TypeId);
        Assert.Equal(FudgeTypeId.Time, decoded[3].TypeId);
    }

    [Fact]
    public void A_day_accuracy_date_time_is_reduced_to_a_date()
    {
        var msg = new FudgeMsg().Add("d", new FudgeDateTime(new FudgeDate(2020, 1, 2)));

        Assert.Equal(FudgeTypeId.Date, msg[0].TypeId);
    }

    [Fact]
    public void Secondary_types_change_nothing_on_the_wire()
    {
        var id = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        var msg = new FudgeMsg().Add("id", id).Add("price", 12.345m);

        Assert.Equal(FudgeTypeId.ByteArray16, msg[0].TypeId);
        Assert.Equal(Convert.FromHexString("00112233445566778899AABBCCDDEEFF"), (byte[])msg[0].Value);
        Assert.Equal(id, FudgeMsg.Parse(msg.ToByteArray()).GetValue<Guid>("id"));
        Assert.Equal(12.345m, FudgeMsg.Parse(msg.ToByteArray()).GetValue<decimal>("price"));
    }

    [Fact]
    public void Exact_fields_keep_unreduced_types_through_a_round_trip()
    {
        var msg = new FudgeMsg().Add(new FudgeField("wide", null, FudgeTypeId.Int64, 1L)).Add(new FudgeField("bytes", null, FudgeTypeId.ByteArray, new byte[16]));

        var bytes = msg.ToByteArray();

        Assert.Equal(msg, FudgeMsg.Parse(bytes));
        Assert.Equal(bytes, FudgeMsg.Parse(bytes).ToByteArray());
        Assert.Throws<ArgumentException>(() => new FudgeField("bad", null, FudgeTypeId.Int32, 1L));
    }

    [Fact]
    public void Names_longer_than_255_utf8_bytes_are_refused()
    {
        Assert.Throws<ArgumentException>(() => new FudgeMsg().Add(new string('é', 128), 1));
        Assert.Throws<ArgumentException>(() => FudgeFieldKey.Create(new string('x', 256)));
    }

    public static TheoryData<object?, byte> ClrValuesAndTheirTypes() => new()
    {
        { "text", FudgeTypeId.String },
        { 7, FudgeTypeId.Int8 },
        { 40_000, FudgeTypeId.Int32 },
        { 1.5, FudgeTypeId.Double },
        { 300L, FudgeTypeId.Int16 },
        { 1L << 40, FudgeTypeId.Int64 },
        { true, FudgeTypeId.Boolean },
        { new FudgeMsg(), FudgeTypeId.Message },
        { new DateTime(2010, 3, 4, 11, 12, 13, DateTimeKind.Utc), FudgeTypeId.DateTime },
        { new byte[16], FudgeTypeId.ByteArray16 },
        { new byte[17], FudgeTypeId.ByteArray },
        { new int[3], FudgeTypeId.Int32Array },
        { new double[3], FudgeTypeId.DoubleArray },
        { null, FudgeTypeId.Indicator },
        { (sbyte)-1, FudgeTypeId.Int8 },
        { (byte)200, FudgeTypeId.Int16 },
        { (short)5, FudgeTypeId.Int8 },
        { (ushort)65535, FudgeTypeId.Int32 },
        { 5u, FudgeTypeId.Int8 },
        { 5ul, FudgeTypeId.Int8 },
        { 1.5f, FudgeTypeId.Float },
        { new ReadOnlyMemory<byte>(new byte[4]), FudgeTypeId.ByteArray4 },
        { new short[2], FudgeTypeId.Int16Array },
        { new long[2], FudgeTypeId.Int64Array },
        { new float[2], FudgeTypeId.FloatArray },
        { new DateOnly(2010, 3, 4), FudgeTypeId.Date },
        { new TimeOnly(11, 12, 13), FudgeTypeId.Time },
        { new DateTimeOffset(2010, 3, 4, 11, 12, 13, TimeSpan.FromHours(1)), FudgeTypeId.DateTime },
    };

    [Theory]
    [MemberData(nameof(ClrValuesAndTheirTypes))]
    public void Each_clr_type_is_added_as_its_fudge_type(object? value, byte expectedType)
    {
        var msg = new FudgeMsg().Add("v", value);

        Assert.Equal(expectedType, msg[0].TypeId);
        Assert.Equal(msg, FudgeMsg.Parse(msg.ToByteArray()));
    }

    [Fact]
    public void Foreach_visits_fields_in_order_and_refuses_a_change_during_the_loop()
    {
        var msg = new FudgeMsg().Add("a", 1).Add("b", 2).Add("a", 3);

        var names = new System.Collections.Generic.List<string?>();
        foreach (var field in msg) names.Add(field.Name);
        Assert.Equal(new[] { "a", "b", "a" }, names);
        Assert.Equal(3, msg.Count(f => f.Value is not null)); // LINQ takes the interface's enumerator

        var enumerator = (System.Collections.IEnumerator)msg.GetEnumerator();
        Assert.True(enumerator.MoveNext());
        Assert.True(enumerator.MoveNext());
        enumerator.Reset();
        Assert.True(enumerator.MoveNext());
        Assert.Equal("a", ((FudgeField)enumerator.Current).Name);

        Assert.Throws<InvalidOperationException>(() =>
        {
            foreach (var field in msg) msg.Add("c", 4);
        });
    }

    [Fact]
    public void Names_stay_with_their_fields_when_anonymous_and_named_fields_are_inserted_replaced_and_removed()
    {
        // Anonymous fields first: the message holds no names until the first named field arrives.
        var msg = new FudgeMsg().Add((short)1, "one").Add(null, null, 2).Add((short)3, "three");
        Assert.Equal(-1, msg.IndexOf("x"));
        Assert.Equal(2, msg.IndexOf((short)3));

        msg.Insert(1, new FudgeField("x", 9, FudgeTypeId.Int8, (sbyte)7));
        msg.Add("y", 8);
        msg.SetAt(0, new FudgeField("z", null, FudgeTypeId.Indicator, FudgeIndicator.Instance));
        msg.SetAt(4, new FudgeField(null, 4, FudgeTypeId.Int8, (sbyte)8)); // a name replaced by none
        Assert.Equal(new string?[] { "z", "x", null, null, null }, msg.Select(f => f.Name).ToArray());
        Assert.Equal(new short?[] { null, 9, null, 3, 4 }, msg.Select(f => f.Ordinal).ToArray());
        Assert.Equal(1, msg.IndexOf("x"));
        Assert.Equal(3, msg.IndexOf((short)3));

        msg.RemoveAt(0);
        Assert.Equal(1, msg.Remove((short)9));
        Assert.Equal(new object[] { (sbyte)2, "three", (sbyte)8 }, msg.Select(f => f.Value).ToArray());
        Assert.All(msg, f => Assert.Null(f.Name));
        Assert.Equal(-1, msg.IndexOf("x"));

        msg.Clear();
        msg.Add((short)5, 5);
        Assert.Null(msg[0].Name);
        Assert.Equal(msg, FudgeMsg.Parse(msg.ToByteArray()));
    }
}
