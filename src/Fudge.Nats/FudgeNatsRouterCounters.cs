using System.Threading;
using Fudge.Query;

namespace Fudge.Nats;

/// <summary>
/// What a <see cref="FudgeNatsRouter"/> has done so far: the counts of every router (<see cref="FudgeRouterCounters"/>)
/// and the duplicates JetStream recognised.
/// </summary>
public sealed class FudgeNatsRouterCounters : FudgeRouterCounters
{
    private long _duplicates;

    /// <summary>JetStream publishes the destination stream recognised as already stored (an input delivered again).</summary>
    public long Duplicates => Interlocked.Read(ref _duplicates);

    internal void AddDuplicate() => Interlocked.Increment(ref _duplicates);
}
