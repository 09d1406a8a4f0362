using System;
using System.Buffers;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>The hot path: serializing into a reused buffer allocates nothing; deserializing allocates only the result.</summary>
public class AllocationTests
{
    /// <summary>Warmed up over 2,000 calls so the JIT has tiered the formatters up.</summary>
    private static long Allocated(Action action, int iterations) => Allocations.SteadyState(action, iterations, warmUps: 2000);

    private static Trade SampleTrade() => new()
    {
        Symbol = "VOD.L", Price = 12345, Quantity = 300, Notional = 3703.5, Side = Side.Sell, IsBlock = true, Venue = "XLON",
        Quote = new Quote("VOD.L", 123.4, 123.6),
    };

    [Fact]
    public void Serialize_into_a_reused_buffer_allocates_nothing()
    {
        var trade = SampleTrade();
        var buffer = new ArrayBufferWriter<byte>(4096);
        long bytes = Allocated(() =>
        {
            buffer.ResetWrittenCount();
            FudgeSerializer.Serialize(buffer, trade);
        }, 1000);
        Assert.Equal(0, bytes);

        var scalars = RoundTripTests.MaxScalars();
        Assert.Equal(0, Allocated(() =>
        {
            buffer.ResetWrittenCount();
            FudgeSerializer.Serialize(buffer, scalars);
        }, 1000));
    }

    [Fact]
    public void Formatter_called_directly_with_a_reused_writer_allocates_nothing()
    {
        var trade = SampleTrade();
        var buffer = new ArrayBufferWriter<byte>(4096);
        var formatter = Trade.FudgeFormatter.Instance;
        Assert.Equal(0, Allocated(() =>
        {
            buffer.ResetWrittenCount();
            var writer = new FudgeWriter(buffer);
            var envelope = writer.BeginEnvelope();
            formatter.Write(ref writer, trade);
            writer.EndEnvelope(envelope);
            writer.Flush();
        }, 1000));
    }

    [Fact]
    public void Deserialize_allocates_only_the_result()
    {
        byte[] pointBytes = FudgeSerializer.Serialize(new Point { X = 1, Y = 2 });
        Assert.Equal(0, Allocated(() => FudgeSerializer.Deserialize<Point>(pointBytes), 1000));

        var trade = new Trade { Symbol = "VOD.L", Price = 12345, Quantity = 300, Notional = 3703.5, Side = Side.Sell };
        byte[] tradeBytes = FudgeSerializer.Serialize(trade);
        long result = Allocated(() => _ = new Trade { Symbol = new string('V', 5) }, 1000);
        long deserialize = Allocated(() => FudgeSerializer.Deserialize<Trade>(tradeBytes), 1000);
        Assert.Equal(result, deserialize);
    }
}
