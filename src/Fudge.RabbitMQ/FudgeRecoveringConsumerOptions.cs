namespace Fudge.RabbitMQ;

/// <summary>Where and how a <see cref="FudgeRecoveringConsumer"/> connects, declares and consumes.</summary>
public sealed class FudgeRecoveringConsumerOptions : FudgeAmqpRecoveryOptions
{
    /// <summary>Prefetch, dead-letter queue and reader limits, as for <see cref="FudgeConsumer"/>.</summary>
    public FudgeConsumerOptions Consumer { get; set; } = new();
}
