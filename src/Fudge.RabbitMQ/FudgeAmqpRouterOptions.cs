using System;

namespace Fudge.RabbitMQ;

/// <summary>What <see cref="FudgeAmqpRouter"/> consumes, how it selects destinations and how it recovers.</summary>
public sealed class FudgeAmqpRouterOptions : FudgeAmqpRecoveryOptions
{
    /// <summary>Creates options for routing the envelopes of <paramref name="sourceQueue"/> with <paramref name="selector"/>.</summary>
    public FudgeAmqpRouterOptions(string sourceQueue, IFudgeRouteSelector selector)
    {
        SourceQueue = sourceQueue ?? throw new ArgumentNullException(nameof(sourceQueue));
        Selector = selector ?? throw new ArgumentNullException(nameof(selector));
    }

    /// <summary>The queue the router consumes (it must exist, or be one of <see cref="FudgeAmqpRecoveryOptions.Topology"/>'s queues).</summary>
    public string SourceQueue { get; }

    /// <summary>Chooses each envelope's destinations from its raw bytes.</summary>
    public IFudgeRouteSelector Selector { get; }

    /// <summary>
    /// How many messages are in flight at once (the prefetch count, and as many handlers publishing concurrently).
    /// It bounds the duplicates a crash can cause: at most this many messages per crash reach a destination twice.
    /// Default 200.
    /// </summary>
    public ushort PrefetchCount { get; set; } = 200;

    /// <summary>Where malformed and unroutable messages go; null for the source queue's name followed by <c>.dead-letter</c>.</summary>
    public string? DeadLetterQueue { get; set; }

    /// <summary>
    /// How long the broker may leave the router's publishes unanswered (no confirm, refusal or return on its output
    /// channel while some await one) before the router gives up on its connection: it closes it (the broker requeues
    /// every unacknowledged input message) and reconnects, possibly to another node. A channel whose confirms stopped
    /// (a quorum queue whose leader moved and never answered) is only recovered this way. A broker that still confirms,
    /// however slowly, is waited for, since a new connection would only route the in-flight messages again; and the time
    /// is not counted while the broker has blocked the connection (<c>connection.blocked</c>, a resource alarm), which
    /// it does to every publishing connection alike. Each second of silence is logged (1, 2, 4, 8... s).
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> waits forever. Default 30 seconds.
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
}
