using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// A union's cases are read in place like plain types: their type names (ordinal 0) come first and are stepped over,
/// then the members in declaration order. Any other order, a missing or unknown name, must still read as before.
/// </summary>
public class UnionExpectedOrderTests
{
    private static OrderedQuote Read(FudgeMsg message) => FudgeSerializer.Deserialize<OrderedQuote>(message.ToByteArray());

    [Fact]
    public void Each_case_round_trips_through_the_base()
    {
        var level = Assert.IsType<OrderedLevel>(RoundTripTests.RoundTrip<OrderedQuote>(new OrderedLevel { Price = 1_234_500, Size = 300, Flags = 1, Bid = true }));
        Assert.Equal((1_234_500L, 300, (byte)1, true), (level.Price, level.Size, level.Flags, level.Bid));
        var trade = Assert.IsType<OrderedTrade>(RoundTripTests.RoundTrip<OrderedQuote>(new OrderedTrade { Price = 99, Size = 7 }));
        Assert.Equal((99L, 7), (trade.Price, trade.Size));
    }

    [Fact]
    public void The_writer_puts_the_case_name_then_the_base_name_first()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize<OrderedQuote>(new OrderedLevel { Price = 5 }));
        Assert.Equal(("L", (short?)0), (message[0].Value, message[0].Ordinal));
        Assert.Equal(("Q", (short?)0), (message[1].Value, message[1].Ordinal));
        Assert.Equal((5L, (short?)1), (System.Convert.ToInt64(message[2].Value, System.Globalization.CultureInfo.InvariantCulture), message[2].Ordinal));
    }

    [Fact]
    public void Names_after_the_members_still_choose_the_case()
    {
        var level = Assert.IsType<OrderedLevel>(Read(new FudgeMsg().Add(1, 42L).Add(4, true).Add(0, "L").Add(2, 10).Add(3, (byte)2)));
        Assert.Equal((42L, 10, (byte)2, true), (level.Price, level.Size, level.Flags, level.Bid));
    }

    [Fact]
    public void An_unknown_first_name_falls_back_to_the_next_one_the_reader_knows()
    {
        var trade = Assert.IsType<OrderedTrade>(Read(new FudgeMsg().Add(0, "NewerTrade").Add(0, "T").Add(0, "Q").Add(1, 8L)));
        Assert.Equal(8L, trade.Price);
    }

    [Fact]
    public void A_case_read_as_itself_needs_no_names()
    {
        var level = FudgeSerializer.Deserialize<OrderedLevel>(new FudgeMsg().Add(2, 3).Add(1, 4L).ToByteArray());
        Assert.Equal((4L, 3), (level.Price, level.Size));
    }

    [Fact]
    public void No_name_the_base_knows_is_the_library_s_format_error()
    {
        Assert.Throws<FudgeFormatException>(() => Read(new FudgeMsg().Add(0, "Z").Add(1, 1L)));
        Assert.Throws<FudgeFormatException>(() => Read(new FudgeMsg().Add(1, 1L)));
    }
}
