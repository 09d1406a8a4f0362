using System.Threading;

namespace Fudge.Nats;

/// <summary>What a <see cref="FudgeNatsRouter"/> has done so far (thread-safe reads).</summary>
public sealed class FudgeNatsRouterCounters
{
    private long _routed, _published, _deadLettered, _unrouted, _duplicates;

    /// <summary>Envelopes published to at least one subject.</summary>
    public long Routed => Interlocked.Read(ref _routed);

    /// <summary>Publishes to destination subjects (an envelope the rules send to two destinations counts twice).</summary>
    public long Published => Interlocked.Read(ref _published);

    /// <summary>Envelopes the rules sent nowhere (dropped).</summary>
    public long Unrouted => Interlocked.Read(ref _unrouted);

    /// <summary>Messages published to the dead-letter subject, or dropped when there is none.</summary>
    public long DeadLettered => Interlocked.Read(ref _deadLettered);

    /// <summary>JetStream publishes the destination stream recognised as already stored (an input delivered again).</summary>
    public long Duplicates => Interlocked.Read(ref _duplicates);

    internal void AddRouted() => Interlocked.Increment(ref _routed);

    internal void AddPublished() => Interlocked.Increment(ref _published);

    internal void AddUnrouted() => Interlocked.Increment(ref _unrouted);

    internal void AddDeadLettered() => Interlocked.Increment(ref _deadLettered);

    internal void AddDuplicate() => Interlocked.Increment(ref _duplicates);
}
