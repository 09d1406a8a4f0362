using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Fudge.Query;

/// <summary>
/// The <see cref="Layout"/>s of recent messages a filter decided (or sub-messages a <c>$..name</c> walk passed), found
/// by length: sixteen buckets by length, two layouts in each. The messages of one stream differ in length by a few
/// bytes, so their layouts fall in different buckets.
/// </summary>
/// <remarks>
/// <para>A message that fits no layout is decided by the loop, and every so often its layout is recorded in its bucket:
/// into an empty place, else in place of a layout no message has used since the bucket was last looked at. The first
/// layouts of a stream are learned within 16 messages that fit none; each replacement doubles the wait for the next
/// one in that bucket, up to 4,096 such messages. A stream whose messages all differ therefore records almost none
/// (recording costs about as much as deciding a message, and allocates twice its length), while a new stream of a few
/// layouts is still learned within some thousands of messages.</para>
/// <para>Shared by the threads that use one filter: a layout is immutable and is published whole, and the counters are
/// hints, so a lost update costs at most a layout learned late or twice.</para>
/// </remarks>
internal sealed class LayoutCache
{
    private const int Buckets = 16;
    private const int Ways = 2;
    private const int FirstInterval = 16;
    private const int LastInterval = 4096;

    private readonly Layout?[] _layouts = new Layout?[Buckets * Ways];
    // Per bucket: how many more messages that fit no layout to let pass before recording one, and the interval that
    // count restarts from.
    private readonly int[] _countdown = new int[Buckets];
    private readonly int[] _interval = new int[Buckets];

    public LayoutCache()
    {
        _interval.AsSpan().Fill(FirstInterval);
    }

    /// <summary>The layout <paramref name="bytes"/> has with <paramref name="key"/>, if the cache holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Layout? Find(ReadOnlySpan<byte> bytes, long key)
    {
        int slot = (bytes.Length & (Buckets - 1)) * Ways;
        var layouts = _layouts;
        if (layouts[slot] is { } first && first.Fits(bytes, key)) return Use(first);
        if (layouts[slot + 1] is { } second && second.Fits(bytes, key)) return Use(second);
        return null;
    }

    // The mark is written once, not on every use: threads that share a layout then share its line of memory unchanged.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Layout Use(Layout layout)
    {
        if (!layout.Used) layout.Used = true;
        return layout;
    }

    /// <summary>
    /// Called for a message of <paramref name="length"/> bytes of fields that fit no layout: the place to record its
    /// layout in, or -1 when it is not to be recorded.
    /// </summary>
    public int PlaceFor(int length)
    {
        int bucket = length & (Buckets - 1);
        if (_countdown[bucket] > 0)
        {
            _countdown[bucket]--;
            return -1;
        }
        int slot = bucket * Ways;
        int place = -1;
        for (int way = 0; way < Ways && place < 0; way++)
            if (_layouts[slot + way] is null) place = slot + way;
        if (place < 0)
        {
            for (int way = 0; way < Ways && place < 0; way++)
                if (!_layouts[slot + way]!.Used) place = slot + way;
            if (place >= 0)
            {
                // A replacement: the bucket has more layouts than places, or a stream that does not repeat them. Each
                // one makes the next wait twice as long.
                _interval[bucket] = Math.Min(_interval[bucket] * 2, LastInterval);
            }
            else
            {
                // Every layout here was used since the last look: keep them, and see which are still used next time.
                for (int way = 0; way < Ways; way++) _layouts[slot + way]!.Used = false;
            }
        }
        _countdown[bucket] = _interval[bucket] - 1;
        return place;
    }

    /// <summary>Puts <paramref name="layout"/> in the place <see cref="PlaceFor"/> gave.</summary>
    public void Store(int place, Layout layout) => Volatile.Write(ref _layouts[place], layout);
}
