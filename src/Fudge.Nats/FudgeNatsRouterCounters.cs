using System.Threading;

namespace Fudge.Nats;

/// <summary>What a <see cref="FudgeNatsRouter"/> has done so far (thread-safe reads).</summary>
public sealed class FudgeNatsRouterCounters
{
    private long _routed, _deadLettered, _duplicates;

    /// <summary>Envelopes published to the subject their fields chose.</summary>
    public long Routed => Interlocked.Read(ref _routed);

    /// <summary>Messages published to the dead-letter subject, or dropped when there is none.</summary>
    public long DeadLettered => Interlocked.Read(ref _deadLettered);

    /// <summary>JetStream publishes the destination stream recognised as already stored (an input delivered again).</summary>
    public long Duplicates => Interlocked.Read(ref _duplicates);

    internal void AddRouted() => Interlocked.Increment(ref _routed);

    internal void AddDeadLettered() => Interlocked.Increment(ref _deadLettered);

    internal void AddDuplicate() => Interlocked.Increment(ref _duplicates);
}
