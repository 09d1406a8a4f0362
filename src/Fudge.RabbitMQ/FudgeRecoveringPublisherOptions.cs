using System;
using System.Collections.Generic;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>Where and how a <see cref="FudgeRecoveringPublisher"/> connects, declares and publishes.</summary>
public sealed class FudgeRecoveringPublisherOptions
{
    /// <summary>The nodes of a cluster (the client's endpoint list); null or empty for the factory's own endpoint.</summary>
    public IReadOnlyList<AmqpTcpEndpoint>? Endpoints { get; set; }

    /// <summary>Queues declared on every (re)connection, before publishing; null to declare nothing.</summary>
    public FudgeAmqpTopology? Topology { get; set; }

    /// <summary>Persistence and the mandatory flag, as for <see cref="FudgePublisher"/>.</summary>
    public FudgePublisherOptions Publisher { get; set; } = new();

    /// <summary>Attempts per (re)connection before a publish fails with <see cref="FudgeAmqpException"/>. Default 5.</summary>
    public int MaxConnectAttempts { get; set; } = 5;

    /// <summary>Delay before the second attempt; it doubles after each failure. Default 1 second.</summary>
    public TimeSpan ConnectRetryDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>
    /// How long a publish waits for its confirm before its connection is taken for lost and the publish is made again
    /// on a new one. Default 30 seconds.
    /// </summary>
    public TimeSpan ConfirmTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>Receives one line per connection made or lost; null for silence.</summary>
    public Action<string>? Log { get; set; }
}
