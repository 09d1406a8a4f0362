using System;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// A [FudgeUnion] base peeks at the body's first field: when it is a type name the base knows, the case's generated
/// formatter reads the body from the start; anything else (another first field, a name in another shape, a name the
/// base does not know, a body cut short) goes through the general scan, with the same results and errors as before.
/// </summary>
public class UnionDispatchTests
{
    private static T Read<T>(FudgeMsg message) => FudgeSerializer.Deserialize<T>(message.ToByteArray());

    [Fact]
    public void A_case_named_first_reads_its_members_in_any_order()
    {
        var level = Assert.IsType<OrderedLevel>(Read<OrderedQuote>(new FudgeMsg()
            .Add(0, "L").Add(0, "Q").Add(4, true).Add(3, (byte)2).Add(2, 10).Add(1, 42L)));
        Assert.Equal((42L, 10, (byte)2, true), (level.Price, level.Size, level.Flags, level.Bid));
    }

    [Fact]
    public void A_case_named_first_without_the_base_s_name_or_any_member_reads_as_defaults()
    {
        var trade = Assert.IsType<OrderedTrade>(Read<OrderedQuote>(new FudgeMsg().Add(0, "T")));
        Assert.Equal((0L, 0), (trade.Price, trade.Size));
    }

    [Fact]
    public void A_first_name_with_a_field_name_as_well_is_found_by_the_scan()
    {
        var level = Assert.IsType<OrderedLevel>(Read<OrderedQuote>(new FudgeMsg().Add("type", 0, "L").Add(1, 5L).Add(2, 6)));
        Assert.Equal((5L, 6), (level.Price, level.Size));
    }

    [Fact]
    public void A_first_name_with_a_two_byte_size_is_found_by_the_scan()
    {
        // Prefix 0x50: ordinal, 2-byte size. The generated writer uses a 1-byte size; another writer may not.
        byte[] fields = [0x50, FudgeTypeId.String, 0, 0, 0, 1, (byte)'T', 0x90, FudgeTypeId.Int8, 0, 1, 9];
        var trade = Assert.IsType<OrderedTrade>(FudgeSerializer.Deserialize<OrderedQuote>(Envelope(fields)));
        Assert.Equal(9L, trade.Price);
    }

    [Fact]
    public void A_first_name_that_overruns_the_body_is_the_library_s_format_error()
    {
        // The type name declares 5 bytes and 1 remains: the peek declines and the scan reports the overrun.
        byte[] fields = [0x30, FudgeTypeId.String, 0, 0, 5, (byte)'L'];
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedQuote>(Envelope(fields)));
        Assert.Equal(13, error.Offset);
    }

    [Fact]
    public void A_body_cut_inside_the_first_header_is_the_library_s_format_error()
    {
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedQuote>(Envelope([0x30, FudgeTypeId.String, 0])));
    }

    [Fact]
    public void A_first_name_the_base_does_not_know_and_no_other_is_the_library_s_format_error()
    {
        var error = Assert.Throws<FudgeFormatException>(() => Read<OrderedQuote>(new FudgeMsg().Add(0, "Swap").Add(1, 1L)));
        Assert.Contains("OrderedQuote", error.Message);
    }

    [Fact]
    public void A_concrete_base_named_first_reads_itself()
    {
        var plain = Read<Event>(new FudgeMsg().Add(0, "Event").Add("Code", 7));
        Assert.Equal((typeof(Event), 7), (plain.GetType(), plain.Code));
        var unnamed = Read<Event>(new FudgeMsg().Add("Code", 8).Add(0, "Event"));
        Assert.Equal((typeof(Event), 8), (unnamed.GetType(), unnamed.Code));
    }

    [Fact]
    public void A_case_that_is_itself_a_union_is_found_by_its_name_and_finds_its_own_case()
    {
        var order = new IcebergOrder { Quantity = 1_000, Limit = 99, Shown = 100 };
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize<NestedOrder>(order));
        Assert.Equal(new object?[] { "Iceberg", "Limit", "Order" }, new[] { message[0].Value, message[1].Value, message[2].Value });

        var read = Assert.IsType<IcebergOrder>(RoundTripTests.RoundTrip<NestedOrder>(order));
        Assert.Equal((1_000L, 99L, 100L), (read.Quantity, read.Limit, read.Shown));
        Assert.IsType<IcebergOrder>(Read<NestedOrder>(new FudgeMsg().Add(0, "Limit").Add(0, "Iceberg").Add(3, 4L)));
    }

    [Fact]
    public void An_extensible_case_still_sees_every_name_and_keeps_the_ones_it_does_not_know()
    {
        var note = Assert.IsType<KeptNote>(Read<Note>(new FudgeMsg().Add(0, "Kept").Add(0, "Memo").Add(0, "Note").Add(1, "hi").Add(9, 1)));
        Assert.Equal("hi", note.Text);
        Assert.NotNull(note.ExtensionData);
        Assert.Contains(note.ExtensionData!, f => f.Ordinal == 0 && (string?)f.Value == "Memo");
        Assert.Contains(note.ExtensionData!, f => f.Ordinal == 9);

        var plain = Assert.IsType<KeptNote>(RoundTripTests.RoundTrip<Note>(new KeptNote { Text = "x" }));
        Assert.Equal("x", plain.Text);
        Assert.Null(plain.ExtensionData);
    }

    private static byte[] Envelope(byte[] fields)
    {
        var bytes = new byte[8 + fields.Length];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        fields.CopyTo(bytes, 8);
        return bytes;
    }
}
