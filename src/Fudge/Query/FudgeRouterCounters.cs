using System.Threading;

namespace Fudge.Query;

/// <summary>
/// What a content router has done so far: the counts every broker's router keeps (thread-safe reads, for monitoring
/// and tests). The routers of <c>Fudge.RabbitMQ</c> and <c>Fudge.Nats</c> expose theirs as a type derived from this
/// one (<c>FudgeAmqpRouterCounters</c>, <c>FudgeNatsRouterCounters</c>), which adds what only that broker has.
/// </summary>
public abstract class FudgeRouterCounters
{
    private long _routed, _published, _deadLettered, _unrouted;

    // Only this library's broker packages derive from it (InternalsVisibleTo): the counts are theirs to keep.
    private protected FudgeRouterCounters()
    {
    }

    /// <summary>
    /// Input messages published to every one of their destinations (with publisher confirms where the broker has them)
    /// and, where the input is acknowledged, acknowledged.
    /// </summary>
    public long Routed => Interlocked.Read(ref _routed);

    /// <summary>Publishes to destinations: an input message the selector sends to two destinations counts twice.</summary>
    public long Published => Interlocked.Read(ref _published);

    /// <summary>
    /// Input messages moved aside to the dead-letter queue or subject (malformed, or a destination nothing receives),
    /// or dropped where there is none.
    /// </summary>
    public long DeadLettered => Interlocked.Read(ref _deadLettered);

    /// <summary>Input messages the selector sent nowhere (dropped, and acknowledged where the input is).</summary>
    public long Unrouted => Interlocked.Read(ref _unrouted);

    internal void AddRouted() => Interlocked.Increment(ref _routed);

    internal void AddPublished(int destinations = 1) => Interlocked.Add(ref _published, destinations);

    internal void AddDeadLettered() => Interlocked.Increment(ref _deadLettered);

    internal void AddUnrouted() => Interlocked.Increment(ref _unrouted);
}
