using System;

namespace Fudge.Tests.Support;

/// <summary>Counts the bytes a piece of code allocates on the calling thread (an allocation count, not a timing).</summary>
public static class Allocations
{
    private const int MaxRounds = 12;
    private const int UninterruptedRoundsWanted = 3;

    /// <summary>
    /// The bytes allocated by <paramref name="iterations"/> calls of <paramref name="action"/> once warm: the least over
    /// rounds that no garbage collection interrupted. Two things other than the code show in a single round on a loaded
    /// machine, and only ever add bytes: one-off runtime work on this thread (tiering a method up, loading a type), and
    /// a collection during the round, after which <see cref="GC.GetAllocatedBytesForCurrentThread"/> can count up to an
    /// allocation quantum of the thread's unused buffer (a bound of 8 bytes per input byte failed in CI by a few hundred
    /// bytes so). Each round therefore starts with a fresh generation 0 and is repeated, up to twelve times, until three
    /// ran without a collection; if none did, the least round stands. Code that really allocates does so in every round.
    /// </summary>
    /// <param name="action">The code to count.</param>
    /// <param name="iterations">Calls per round.</param>
    /// <param name="warmUps">Calls before counting: JIT tiers, static tables and pooled buffers are not steady-state costs.</param>
    public static long SteadyState(Action action, int iterations = 100, int warmUps = 1)
    {
        for (int i = 0; i < warmUps; i++) action();
        long least = long.MaxValue, leastUninterrupted = long.MaxValue;
        for (int round = 0, uninterrupted = 0; round < MaxRounds && uninterrupted < UninterruptedRoundsWanted; round++)
        {
            GC.Collect(0, GCCollectionMode.Forced, blocking: true);
            int collections = GC.CollectionCount(0);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < iterations; i++) action();
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            least = Math.Min(least, allocated);
            if (GC.CollectionCount(0) != collections) continue;
            uninterrupted++;
            leastUninterrupted = Math.Min(leastUninterrupted, allocated);
            if (leastUninterrupted == 0) break; // nothing can be less
        }
        return leastUninterrupted != long.MaxValue ? leastUninterrupted : least;
    }
}
