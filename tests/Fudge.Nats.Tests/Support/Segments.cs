using System;
using System.Buffers;

namespace Fudge.Nats.Tests.Support;

/// <summary>Byte sequences cut into segments, as a socket may deliver them.</summary>
public static class Segments
{
    public static ReadOnlySequence<byte> Split(byte[] bytes, int size)
    {
        Segment? first = null, last = null;
        for (int at = 0; at < bytes.Length; at += size)
        {
            var memory = bytes.AsMemory(at, Math.Min(size, bytes.Length - at));
            last = last is null ? first = new Segment(memory, 0) : last.Append(memory);
        }
        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
