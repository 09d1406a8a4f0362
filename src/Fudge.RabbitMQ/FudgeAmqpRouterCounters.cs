using System.Threading;

namespace Fudge.RabbitMQ;

/// <summary>What a <see cref="FudgeAmqpRouter"/> has done so far (thread-safe snapshots; for monitoring and tests).</summary>
public sealed class FudgeAmqpRouterCounters
{
    private long _routed, _published, _deadLettered, _unrouted, _connections;

    /// <summary>Input messages published to all their destinations and acknowledged.</summary>
    public long Routed => Volatile.Read(ref _routed);

    /// <summary>Confirmed publishes to destinations (one input message counts once per destination).</summary>
    public long Published => Volatile.Read(ref _published);

    /// <summary>Input messages moved to the dead-letter queue (malformed, or a destination no queue receives).</summary>
    public long DeadLettered => Volatile.Read(ref _deadLettered);

    /// <summary>Input messages the selector sent nowhere (acknowledged and dropped).</summary>
    public long Unrouted => Volatile.Read(ref _unrouted);

    /// <summary>Connections opened: 1 after the first, one more after each reconnection.</summary>
    public long Connections => Volatile.Read(ref _connections);

    internal void AddRouted(int destinations)
    {
        Interlocked.Increment(ref _routed);
        Interlocked.Add(ref _published, destinations);
    }

    internal void AddDeadLettered() => Interlocked.Increment(ref _deadLettered);

    internal void AddUnrouted() => Interlocked.Increment(ref _unrouted);

    internal void AddConnection() => Interlocked.Increment(ref _connections);
}
