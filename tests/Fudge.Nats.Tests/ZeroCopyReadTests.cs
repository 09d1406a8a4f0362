using System;
using System.Buffers;
using Fudge.Nats.Tests.Support;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>
/// Typed reads decode from the client's receive buffer itself: reading a tick out of the sequence the client hands the
/// deserializer allocates what reading it out of a span does (the tick and its strings), no copy of the body.
/// </summary>
public class ZeroCopyReadTests
{
    // A long symbol makes a copy of the body (about 4 KB) stand out against the tick's own allocations.
    private static readonly byte[] Body = FudgeSerializer.Serialize(new Tick { Symbol = new string('S', 4000), Price = 1.5, Size = 7, Sequence = 9 });

    [Fact]
    public void A_tick_in_one_receive_segment_is_read_in_place()
    {
        var sequence = new ReadOnlySequence<byte>(Body);
        long fromSpan = Allocated(() => FudgeSerializer.Deserialize<Tick>(Body.AsSpan()));
        long fromClientBuffer = Allocated(() => FudgeNatsSerializer<Tick>.Default.Deserialize(sequence)!);

        Assert.Equal(fromSpan, fromClientBuffer);
    }

    [Fact]
    public void A_tick_split_across_receive_segments_is_gathered_into_a_pooled_buffer_not_a_new_array()
    {
        var split = Segments.Split(Body, 1000);
        long fromSpan = Allocated(() => FudgeSerializer.Deserialize<Tick>(Body.AsSpan()));
        long fromSegments = Allocated(() => FudgeNatsSerializer<Tick>.Default.Deserialize(split)!);

        Assert.True(fromSegments - fromSpan < Body.Length / 4, $"{fromSegments - fromSpan} bytes more than from a span (the body is {Body.Length})");
    }

    /// <summary>Bytes allocated by one read, after warming up (JIT, the shared pool's buckets).</summary>
    private static long Allocated(Func<Tick> read)
    {
        for (int i = 0; i < 3; i++) Assert.Equal(9, read().Sequence);
        long before = GC.GetAllocatedBytesForCurrentThread();
        var tick = read();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(9, tick.Sequence);
        return allocated;
    }
}
