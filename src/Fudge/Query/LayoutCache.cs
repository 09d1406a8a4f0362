using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Fudge.Query;

/// <summary>
/// The <see cref="MessageLayout"/>s of recent messages a <see cref="PlainPathPlan"/> decided, found by the length of
/// the message's fields: sixteen buckets by length, two layouts in each. The messages of one stream differ in length
/// by a few bytes, so their layouts fall in different buckets.
/// </summary>
/// <remarks>
/// <para>A message that fits no layout is decided by the loop, and every so often its layout is recorded in its bucket:
/// into an empty place, else in place of a layout no message has used since the bucket was last looked at. When the
/// layouts a bucket learns are never used (a stream whose messages all differ), it learns ever more rarely, down to
/// once in 4,096 messages that fit none, so that recording costs nearly nothing and allocates next to nothing per
/// message; it learns at the first rate again once a layout there is used.</para>
/// <para>Shared by the threads that use one filter: a layout is immutable and is published whole, and the counters are
/// hints, so a lost update costs at most a layout learned late or twice.</para>
/// </remarks>
internal sealed class LayoutCache
{
    private const int Buckets = 16;
    private const int Ways = 2;
    private const int FirstInterval = 16;
    private const int LastInterval = 4096;

    private readonly MessageLayout?[] _layouts = new MessageLayout?[Buckets * Ways];
    // Per bucket: how many more messages that fit no layout to let pass before recording one, and the interval that
    // count restarts from.
    private readonly int[] _countdown = new int[Buckets];
    private readonly int[] _interval = new int[Buckets];

    public LayoutCache()
    {
        _interval.AsSpan().Fill(FirstInterval);
    }

    /// <summary>The layout <paramref name="fields"/> has, if the cache holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public MessageLayout? Find(ReadOnlySpan<byte> fields, int depth, int maxDepth)
    {
        int slot = (fields.Length & (Buckets - 1)) * Ways;
        var layouts = _layouts;
        if (layouts[slot] is { } first && first.Fits(fields, depth, maxDepth)) return Use(first);
        if (layouts[slot + 1] is { } second && second.Fits(fields, depth, maxDepth)) return Use(second);
        return null;
    }

    // The mark is written once, not on every use: threads that share a layout then share its line of memory unchanged.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static MessageLayout Use(MessageLayout layout)
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
        bool anyUsed = false;
        for (int way = 0; way < Ways; way++)
        {
            var layout = _layouts[slot + way];
            if (layout is null)
            {
                place = slot + way;
                anyUsed = true; // an empty place costs nothing to fill: keep learning at the first rate
                break;
            }
            if (layout.Used) anyUsed = true;
            else if (place < 0) place = slot + way;
        }
        if (place < 0)
        {
            // Every layout here was used since the last look: keep them, and see which are still used next time.
            for (int way = 0; way < Ways; way++) _layouts[slot + way]!.Used = false;
        }
        _interval[bucket] = anyUsed ? FirstInterval : Math.Min(_interval[bucket] * 2, LastInterval);
        _countdown[bucket] = _interval[bucket] - 1;
        return place;
    }

    /// <summary>Puts <paramref name="layout"/> in the place <see cref="PlaceFor"/> gave.</summary>
    public void Store(int place, MessageLayout layout) => Volatile.Write(ref _layouts[place], layout);
}
