using System;

namespace Fudge.RabbitMQ;

/// <summary>What <see cref="FudgeAmqpRouter"/> consumes, how it selects destinations and how it recovers.</summary>
public sealed class FudgeAmqpRouterOptions
{
    /// <summary>Creates options for routing the envelopes of <paramref name="sourceQueue"/> with <paramref name="selector"/>.</summary>
    public FudgeAmqpRouterOptions(string sourceQueue, IFudgeRouteSelector selector)
    {
        SourceQueue = sourceQueue ?? throw new ArgumentNullException(nameof(sourceQueue));
        Selector = selector ?? throw new ArgumentNullException(nameof(selector));
    }

    /// <summary>The queue the router consumes (it must exist, or be one of <see cref="Topology"/>'s queues).</summary>
    public string SourceQueue { get; }

    /// <summary>Chooses each envelope's destinations from its raw bytes.</summary>
    public IFudgeRouteSelector Selector { get; }

    /// <summary>
    /// How many messages are in flight at once (the prefetch count, and as many handlers publishing concurrently).
    /// It bounds the duplicates a crash can cause: at most this many messages per crash reach a destination twice.
    /// Default 200.
    /// </summary>
    public ushort PrefetchCount { get; set; } = 200;

    /// <summary>Attempts per (re)connection before <see cref="FudgeAmqpRouter.RunAsync"/> fails with <see cref="FudgeAmqpException"/>. Default 5.</summary>
    public int MaxConnectAttempts { get; set; } = 5;

    /// <summary>Delay before the second attempt; it doubles after each failure. Default 1 second.</summary>
    public TimeSpan ConnectRetryDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>Where malformed and unroutable messages go; null for the source queue's name followed by <c>.dead-letter</c>.</summary>
    public string? DeadLetterQueue { get; set; }

    /// <summary>
    /// How long a publish may wait for the broker's confirm before the router gives up on its connection: it closes it
    /// (the broker requeues every unacknowledged input message) and reconnects, possibly to another node. On a cluster a
    /// confirm can wait for a quorum queue to elect a new leader after a node's loss, which takes seconds; a channel
    /// whose confirms do not come at all is only recovered this way. <see cref="System.Threading.Timeout.InfiniteTimeSpan"/>
    /// waits forever. Default 30 seconds.
    /// </summary>
    public TimeSpan ConfirmTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>How long a cancelled router waits for in-flight messages to be confirmed and acknowledged. Default 10 seconds.</summary>
    public TimeSpan DrainTimeout { get; set; } = TimeSpan.FromSeconds(10);

    /// <summary>Limits for reading envelope headers (untrusted input); null for the defaults.</summary>
    public FudgeReaderOptions? ReaderOptions { get; set; }

    /// <summary>
    /// A transform applied before publishing (docs/routing.md), or null to publish the bytes unchanged. The selector
    /// still decides on the input bytes; the transformed envelope is what every destination receives, with its
    /// <see cref="FudgeAmqpHeaders.SchemaVersion"/> header following the transform. An envelope the transform cannot
    /// read is dead-lettered.
    /// </summary>
    public Fudge.Transforms.FudgeTransform? Transform { get; set; }

    /// <summary>
    /// The nodes of a cluster (the client's endpoint list): each (re)connection goes to one that accepts, so when the
    /// router's node dies it goes on from another. Null or empty for the factory's own endpoint.
    /// </summary>
    public System.Collections.Generic.IReadOnlyList<global::RabbitMQ.Client.AmqpTcpEndpoint>? Endpoints { get; set; }

    /// <summary>
    /// Queues declared on every (re)connection, before consuming (the source and destination queues, say), so they
    /// exist on whichever node the router reaches; the dead-letter queue is then declared of the same type. Null to
    /// declare only the dead-letter queue, classic. On a cluster, durable routes should use
    /// <see cref="AmqpQueueType.Quorum"/> queues: a classic queue is lost with its node.
    /// </summary>
    public FudgeAmqpTopology? Topology { get; set; }

    /// <summary>Receives one line per notable event (connected, connection lost, dead letter); null for silence.</summary>
    public Action<string>? Log { get; set; }
}
