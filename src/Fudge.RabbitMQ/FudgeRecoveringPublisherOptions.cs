using System;

namespace Fudge.RabbitMQ;

/// <summary>Where and how a <see cref="FudgeRecoveringPublisher"/> connects, declares and publishes.</summary>
public sealed class FudgeRecoveringPublisherOptions : FudgeAmqpRecoveryOptions
{
    /// <summary>Persistence and the mandatory flag, as for <see cref="FudgePublisher"/>.</summary>
    public FudgePublisherOptions Publisher { get; set; } = new();

    /// <summary>
    /// How long a publish waits for its confirm before its connection is taken for lost and the publish is made again
    /// on a new one, unless the broker confirmed another publish of the connection within that time (it is slow, not
    /// gone) or has blocked the connection (<c>connection.blocked</c>, a memory or disk alarm, which blocks every
    /// publisher alike): a new connection would then only publish the window again. Default 30 seconds.
    /// </summary>
    public TimeSpan ConfirmTimeout { get; set; } = TimeSpan.FromSeconds(30);
}
