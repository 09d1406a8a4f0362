using System;
using System.Collections.Generic;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>
/// What every recovering client of this package (<see cref="FudgeRecoveringPublisher"/>,
/// <see cref="FudgeRecoveringConsumer"/>, <see cref="FudgeAmqpRouter"/>) needs to connect, reconnect and declare: the
/// nodes, the queues to declare on each connection, the bounded retries and a log.
/// </summary>
public abstract class FudgeAmqpRecoveryOptions
{
    /// <summary>
    /// The nodes of a cluster (the client's endpoint list): each (re)connection goes to one that accepts, so when the
    /// node in use dies the client goes on from another. Null or empty for the factory's own endpoint.
    /// </summary>
    public IReadOnlyList<AmqpTcpEndpoint>? Endpoints { get; set; }

    /// <summary>
    /// Queues declared on every (re)connection, before publishing or consuming, so they exist on whichever node is
    /// reached; a consumer (and the router) then declares its dead-letter queue of the same type. Null to declare
    /// nothing (a consumer and the router still declare their dead-letter queue, classic). On a cluster, durable
    /// routes should use <see cref="AmqpQueueType.Quorum"/> queues: a classic queue is lost with its node.
    /// </summary>
    public FudgeAmqpTopology? Topology { get; set; }

    /// <summary>Attempts per (re)connection before the client fails with <see cref="FudgeAmqpException"/>. Default 5.</summary>
    public int MaxConnectAttempts { get; set; } = 5;

    /// <summary>Delay before the second attempt; it doubles after each failure (at most 30 seconds). Default 1 second.</summary>
    public TimeSpan ConnectRetryDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>Receives one line per notable event (connection made or lost, stalled confirms, dead letters); null for silence.</summary>
    public Action<string>? Log { get; set; }
}
