using System;
using System.Collections.Generic;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>Where and how a <see cref="FudgeRecoveringConsumer"/> connects, declares and consumes.</summary>
public sealed class FudgeRecoveringConsumerOptions
{
    /// <summary>The nodes of a cluster (the client's endpoint list); null or empty for the factory's own endpoint.</summary>
    public IReadOnlyList<AmqpTcpEndpoint>? Endpoints { get; set; }

    /// <summary>
    /// Queues declared on every (re)connection, before consuming (the consumed queue, say); the dead-letter queue is
    /// then declared of the same type. Null to declare only the dead-letter queue, classic.
    /// </summary>
    public FudgeAmqpTopology? Topology { get; set; }

    /// <summary>Prefetch, dead-letter queue and reader limits, as for <see cref="FudgeConsumer"/>.</summary>
    public FudgeConsumerOptions Consumer { get; set; } = new();

    /// <summary>Attempts per (re)connection before the enumeration fails with <see cref="FudgeAmqpException"/>. Default 5.</summary>
    public int MaxConnectAttempts { get; set; } = 5;

    /// <summary>Delay before the second attempt; it doubles after each failure. Default 1 second.</summary>
    public TimeSpan ConnectRetryDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>Receives one line per connection made or lost; null for silence.</summary>
    public Action<string>? Log { get; set; }
}
