using System;

namespace Fudge.Tests.Support;

/// <summary>Counts the bytes a piece of code allocates on the calling thread (an allocation count, not a timing).</summary>
public static class Allocations
{
    /// <summary>
    /// The bytes allocated by <paramref name="iterations"/> calls of <paramref name="action"/> once warm: the least of up
    /// to five rounds. A single round on a loaded machine can also catch one-off runtime work on this thread (tiering a
    /// method up, loading a type), which is not what the code allocates in steady state; code that really allocates does
    /// so in every round.
    /// </summary>
    public static long SteadyState(Action action, int iterations = 100)
    {
        action(); // warm up: JIT, static tables, pooled buffers
        long least = long.MaxValue;
        for (int round = 0; round < 5 && least > 0; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < iterations; i++) action();
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }
        return least;
    }
}
