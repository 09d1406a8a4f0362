using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Generated readers expect the fields in declaration order but must read any order, duplicates, unknown fields,
/// indicators and absent fields exactly as before: whatever the sender (Fudge-Java, a DOM, another version) wrote.
/// </summary>
public class ExpectedOrderTests
{
    private static T Read<T>(FudgeMsg message) => FudgeSerializer.Deserialize<T>(message.ToByteArray());

    [Fact]
    public void Fields_in_declaration_order_round_trip()
    {
        var tick = new OrderedTick { Status = Status.Closed, Symbol = "VOD.L", Price = 101.5, Size = 5_000_000_000, Level = 3, Weight = 0.5f, Marks = new List<int> { 1, 2 } };
        var back = RoundTripTests.RoundTrip(tick);
        Assert.Equal(Status.Closed, back.Status);
        Assert.Equal("VOD.L", back.Symbol);
        Assert.Equal(101.5, back.Price);
        Assert.Equal(5_000_000_000, back.Size);
        Assert.Equal(3, back.Level);
        Assert.Equal(0.5f, back.Weight);
        Assert.Equal(new[] { 1, 2 }, back.Marks);
    }

    [Fact]
    public void Fields_in_another_order_with_an_unknown_one_between()
    {
        var tick = Read<OrderedTick>(new FudgeMsg()
            .Add(1, -5).Add(4, 7L).Add(99, "unknown").Add(3, 2.5).Add(2, "X").Add(5, (short)300));
        Assert.Equal(Status.Closed, tick.Status);
        Assert.Equal(7, tick.Size);
        Assert.Equal(2.5, tick.Price);
        Assert.Equal("X", tick.Symbol);
        Assert.Equal(300, tick.Level);
        Assert.Null(tick.Marks);
    }

    [Fact]
    public void Absent_fields_keep_the_constructor_values_and_a_repeated_field_keeps_its_last_value()
    {
        var tick = Read<OrderedTick>(new FudgeMsg().Add(2, "A").Add(3, 1.0).Add(3, 2.0));
        Assert.Equal(Status.Open, tick.Status); // the initializer's value
        Assert.Equal("A", tick.Symbol);
        Assert.Equal(2.0, tick.Price);
    }

    [Fact]
    public void Indicators_and_widened_types_where_the_reader_expects_a_value()
    {
        var tick = Read<OrderedTick>(new FudgeMsg()
            .Add(1, FudgeIndicator.Instance).Add(2, FudgeIndicator.Instance).Add(3, 4.5f).Add(4, (sbyte)-3).Add(5, FudgeIndicator.Instance));
        Assert.Equal(default, tick.Status);
        Assert.Null(tick.Symbol);
        Assert.Equal(4.5, tick.Price); // a float where a double was expected
        Assert.Equal(-3, tick.Size);
        Assert.Equal(0, tick.Level);
    }

    [Fact]
    public void An_integer_too_wide_for_its_member_is_a_format_error()
    {
        byte[] bytes = new FudgeMsg().Add(1, 1).Add(2, "A").Add(3, 1.0).Add(4, 1L).Add(5, 5_000_000_000L).ToByteArray();
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedTick>(bytes));
    }

    [Fact]
    public void Names_in_another_order_and_an_ordinal_on_a_named_field()
    {
        var tick = Read<NamedTick>(new FudgeMsg().Add("Level", 2).Add("Symbol", "B").Add("Other", 1));
        Assert.Equal(2, tick.Level);
        Assert.Equal("B", tick.Symbol);
        Assert.Equal(-1, tick.Price);

        var both = Read<NamedTick>(new FudgeMsg().Add("Symbol", 5, "C").Add("Price", 3, 1.25));
        Assert.Equal("C", both.Symbol);
        Assert.Equal(1.25, both.Price);
    }

    [Theory]
    [InlineData(5UL)]
    [InlineData(1_795_703_400_000_000_000UL)]
    [InlineData(ulong.MaxValue)]
    public void An_unsigned_64_bit_member_under_an_ordinal_is_its_64_bits_reduced_like_any_integer(ulong nanos)
    {
        byte[] bytes = FudgeSerializer.Serialize(new OrderedStamp { Nanos = nanos, Price = nanos });
        var message = FudgeMsg.Parse(bytes);
        Assert.Equal(unchecked((long)nanos), System.Convert.ToInt64(message[0].Value, System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(new FudgeMsg().Add(1, unchecked((long)nanos)).Add(2, unchecked((long)nanos)).ToByteArray(), bytes);
        var back = FudgeSerializer.Deserialize<OrderedStamp>(bytes);
        Assert.Equal((nanos, (ulong?)nanos), (back.Nanos, back.Price));
    }
}
