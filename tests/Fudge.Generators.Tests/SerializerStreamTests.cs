using System;
using System.IO;
using System.Threading.Tasks;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>FudgeSerializer over streams: one envelope at a time, memory bounded by what arrives.</summary>
public class SerializerStreamTests
{
    [Fact]
    public async Task Consecutive_envelopes_deserialize_one_call_at_a_time()
    {
        var stream = new MemoryStream();
        FudgeSerializer.Serialize(stream, new Trade { Symbol = "A", Price = 1 });
        await FudgeSerializer.SerializeAsync(stream, new Trade { Symbol = "B", Price = 2 });
        stream.Position = 0;

        var first = FudgeSerializer.Deserialize<Trade>(stream);
        var second = await FudgeSerializer.DeserializeAsync<Trade>(stream);

        Assert.Equal(("A", 1L), (first.Symbol, first.Price));
        Assert.Equal(("B", 2L), (second.Symbol, second.Price));
        Assert.Equal(stream.Length, stream.Position);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(stream));
    }

    [Fact]
    public void A_header_that_lies_about_its_size_costs_only_what_arrived()
    {
        // The header declares 60 MB; ten bytes follow.
        byte[] lying = { 0, 0, 0, 0, 0x03, 0x93, 0x87, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
        FudgeSerializer.Deserialize<Trade>(new MemoryStream(FudgeSerializer.Serialize(new Trade { Symbol = "warm-up" })));

        long before = GC.GetAllocatedBytesForCurrentThread();
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(new MemoryStream(lying)));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(lying.Length, error.Offset);
        Assert.InRange(allocated, 0, 1 << 20);
    }
}
