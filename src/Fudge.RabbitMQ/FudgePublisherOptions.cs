namespace Fudge.RabbitMQ;

/// <summary>How <see cref="FudgePublisher"/> publishes.</summary>
public sealed class FudgePublisherOptions
{
    /// <summary>Marks messages persistent (delivery mode 2) so durable queues keep them across a broker restart. Default true.</summary>
    public bool Persistent { get; set; } = true;

    /// <summary>
    /// Publishes with the mandatory flag: a message no queue receives comes back as an error instead of vanishing.
    /// Default true.
    /// </summary>
    public bool Mandatory { get; set; } = true;
}
