using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Nested objects in the expected-order run: a member object and a list's objects are entered on their header bytes
/// (FudgeReader.TryTakeMessage, TryTakeAnonymousMessage) whatever their size bytes, and anything else there (an
/// indicator, another order) still reads as before, with the same errors at the same offsets.
/// </summary>
public class NestedExpectedOrderTests
{
    private static OrderedTick Tick(string symbol) => new() { Status = Status.Closed, Symbol = symbol, Price = 1.5, Size = 7, Level = 2 };

    [Theory]
    [InlineData(4)]   // sub-messages with a 1-byte size
    [InlineData(300)] // a 2-byte size
    public void Nested_objects_of_any_size_round_trip(int symbolLength)
    {
        string symbol = new('S', symbolLength);
        var holder = new OrderedHolder { Tick = Tick(symbol), Ticks = new List<OrderedTick> { Tick("A"), Tick(symbol) }, Tail = "end" };

        var back = RoundTripTests.RoundTrip(holder);

        Assert.Equal(symbol, back.Tick!.Symbol);
        Assert.Equal(7, back.Tick.Size);
        Assert.Equal(new[] { "A", symbol }, back.Ticks!.ConvertAll(t => t.Symbol));
        Assert.Equal(2, back.Ticks.Capacity); // counted before it is read
        Assert.Equal("end", back.Tail);
    }

    [Fact]
    public void An_indicator_where_an_object_is_expected_reads_as_null_and_the_rest_still_reads()
    {
        var back = FudgeSerializer.Deserialize<OrderedHolder>(new FudgeMsg().Add(1, FudgeIndicator.Instance).Add(3, "end").ToByteArray());

        Assert.Null(back.Tick);
        Assert.Equal("end", back.Tail);
    }

    [Fact]
    public void A_nested_object_past_the_depth_limit_is_reported_at_its_field_in_either_order()
    {
        var tick = new FudgeMsg().Add(2, "X");
        byte[] expected = new FudgeMsg().Add(1, tick).Add(3, "end").ToByteArray();
        byte[] reordered = new FudgeMsg().Add(3, "end").Add(1, tick).ToByteArray();
        var options = new FudgeReaderOptions { MaxDepth = 0 };

        var first = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedHolder>(expected, options));
        var second = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<OrderedHolder>(reordered, options));

        Assert.Equal(FudgeEnvelopeHeader.Size, first.Offset);                      // the first field
        Assert.Equal(FudgeEnvelopeHeader.Size + 4 + 1 + 3, second.Offset);          // after the 3-byte string field
        Assert.Contains("FudgeReaderOptions.MaxDepth", first.Message);
        Assert.Contains("FudgeReaderOptions.MaxDepth", second.Message);
    }
}
