using System.Threading;
using Fudge.Query;

namespace Fudge.Nats;

/// <summary>
/// What a <see cref="FudgeNatsRouter"/> has done so far: the counts of every router (<see cref="FudgeRouterCounters"/>)
/// and the duplicates JetStream recognised.
/// </summary>
public sealed class FudgeNatsRouterCounters : FudgeRouterCounters
{
    private long _duplicates, _retries, _interruptions;

    /// <summary>JetStream publishes the destination stream recognised as already stored (an input delivered again).</summary>
    public long Duplicates => Interlocked.Read(ref _duplicates);

    /// <summary>
    /// JetStream publishes tried again after a transient failure (no stream leader for a moment, a lost request),
    /// under the same message id.
    /// </summary>
    public long Retries => Interlocked.Read(ref _retries);

    /// <summary>Times the JetStream source's consumer failed (its server lost, the API unavailable) and was opened again.</summary>
    public long Interruptions => Interlocked.Read(ref _interruptions);

    internal void AddDuplicate() => Interlocked.Increment(ref _duplicates);

    internal void AddRetry() => Interlocked.Increment(ref _retries);

    internal void AddInterruption() => Interlocked.Increment(ref _interruptions);
}
