using System;
using System.Buffers;

namespace Fudge.Tests.Support;

/// <summary>Builds <see cref="ReadOnlySequence{T}"/> values split into several segments, as a socket or pipe delivers them.</summary>
public static class Segments
{
    /// <summary>Splits <paramref name="data"/> at the given offsets (out-of-range and repeated offsets are ignored).</summary>
    public static ReadOnlySequence<byte> Split(ReadOnlyMemory<byte> data, params int[] cuts)
    {
        Chunk? first = null, last = null;
        int start = 0;
        foreach (int cut in cuts)
        {
            if (cut <= start || cut >= data.Length) continue;
            Append(data.Slice(start, cut - start));
            start = cut;
        }
        Append(data.Slice(start));
        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);

        void Append(ReadOnlyMemory<byte> memory)
        {
            var chunk = new Chunk(memory, last is null ? 0 : last.RunningIndex + last.Memory.Length);
            if (last is null) first = chunk;
            else last.SetNext(chunk);
            last = chunk;
        }
    }

    /// <summary>Splits <paramref name="data"/> into segments of <paramref name="size"/> bytes (the last may be shorter).</summary>
    public static ReadOnlySequence<byte> Chunked(ReadOnlyMemory<byte> data, int size)
    {
        var cuts = new int[Math.Max(0, (data.Length - 1) / size)];
        for (int i = 0; i < cuts.Length; i++) cuts[i] = (i + 1) * size;
        return Split(data, cuts);
    }

    private sealed class Chunk : ReadOnlySequenceSegment<byte>
    {
        public Chunk(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public void SetNext(Chunk next) => Next = next;
    }
}
