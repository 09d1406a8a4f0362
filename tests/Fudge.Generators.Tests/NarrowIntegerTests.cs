using System.Globalization;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Unsigned and narrow integers (and enums over them) under ordinals are read in declaration order by the fused
/// integer read and then narrowed: every value in range comes back, one out of range is the library's format error at
/// its own field, and whatever the fused read declines (an indicator, a name, another order) reads as before.
/// </summary>
public class NarrowIntegerTests
{
    private static OrderedNarrow Read(FudgeMsg message) => FudgeSerializer.Deserialize<OrderedNarrow>(message.ToByteArray());

    public static TheoryData<OrderedNarrow> Extremes() => new()
    {
        new OrderedNarrow { Flags = byte.MaxValue, Tick = sbyte.MinValue, Lots = short.MinValue, Port = ushort.MaxValue, Size = uint.MaxValue, Nanos = ulong.MaxValue, Side = NarrowSide.Sell, Venue = NarrowVenue.Far },
        new OrderedNarrow { Flags = 0, Tick = sbyte.MaxValue, Lots = short.MaxValue, Port = 0, Size = 0, Nanos = 0, Side = NarrowSide.Buy, Venue = NarrowVenue.None },
        new OrderedNarrow { Flags = 1, Tick = -1, Lots = -300, Port = 40_000, Size = 3_000_000_000, Nanos = 1UL << 63, Side = (NarrowSide)7, Venue = (NarrowVenue)300 },
    };

    [Theory]
    [MemberData(nameof(Extremes))]
    public void Every_value_in_range_comes_back(OrderedNarrow value)
    {
        var read = RoundTripTests.RoundTrip(value);
        Assert.Equal((value.Flags, value.Tick, value.Lots, value.Port, value.Size, value.Nanos, value.Side, value.Venue),
            (read.Flags, read.Tick, read.Lots, read.Port, read.Size, read.Nanos, read.Side, read.Venue));
    }

    public static TheoryData<short, object, string> OutOfRange() => new()
    {
        { 1, (short)256, "byte" },
        { 1, (sbyte)-1, "byte" },
        { 2, (short)128, "sbyte" },
        { 3, 40_000, "short" },
        { 4, -1, "ushort" },
        { 4, 65_536, "ushort" },
        { 5, 4_294_967_296L, "uint" },
        { 5, (sbyte)-1, "uint" },
        { 7, (short)256, "byte" },
        { 8, 70_000, "ushort" },
    };

    [Theory]
    [MemberData(nameof(OutOfRange))]
    public void A_value_out_of_range_in_its_expected_place_is_a_format_error_at_its_field(short ordinal, object value, string type)
    {
        // The fields before it, in order, keep the reader on its expected-order run up to the bad one.
        var message = new FudgeMsg();
        for (short o = 1; o < ordinal; o++) message.Add(o, (sbyte)1);
        message.Add(ordinal, value);
        byte[] bytes = message.ToByteArray();

        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedNarrow>(bytes));
        Assert.Contains("does not fit in " + type, error.Message);
        Assert.Equal(OffsetOfField(bytes, ordinal), error.Offset);
    }

    [Fact]
    public void Narrower_widths_are_widened_and_a_long_with_the_top_bit_is_a_ulong_by_its_bits()
    {
        var read = Read(new FudgeMsg().Add(1, (sbyte)7).Add(2, (sbyte)-7).Add(3, (sbyte)3).Add(4, (short)1_000).Add(5, (short)2_000)
            .Add(6, -1L).Add(7, (short)200).Add(8, 65_000));
        Assert.Equal(((byte)7, (sbyte)-7, (short)3, (ushort)1_000, 2_000u, ulong.MaxValue, NarrowSide.Sell, NarrowVenue.Far),
            (read.Flags, read.Tick, read.Lots, read.Port, read.Size, read.Nanos, read.Side, read.Venue));
    }

    [Fact]
    public void What_the_fused_read_declines_reads_as_before()
    {
        // An indicator (a null: the default), an enum by name, and the rest in reverse order.
        var read = Read(new FudgeMsg().Add(1, FudgeIndicator.Instance).Add(7, "Sell").Add(8, "Far").Add(6, 5L).Add(5, 4).Add(4, 3).Add(3, 2).Add(2, 1));
        Assert.Equal(((byte)0, (sbyte)1, (short)2, (ushort)3, 4u, 5UL, NarrowSide.Sell, NarrowVenue.Far),
            (read.Flags, read.Tick, read.Lots, read.Port, read.Size, read.Nanos, read.Side, read.Venue));
    }

    [Fact]
    public void A_boolean_where_an_integer_is_expected_reads_as_zero_or_one_as_before()
    {
        var read = Read(new FudgeMsg().Add(1, true).Add(2, false));
        Assert.Equal(((byte)1, (sbyte)0), (read.Flags, read.Tick));
    }

    private static long OffsetOfField(byte[] bytes, short ordinal)
    {
        var reader = new FudgeReader(bytes);
        while (reader.Read())
            if (reader.HasOrdinal && reader.Ordinal == ordinal) return reader.FieldOffset;
        throw new Xunit.Sdk.XunitException("no field with ordinal " + ordinal.ToString(CultureInfo.InvariantCulture));
    }
}
