namespace Fudge.RabbitMQ;

/// <summary>How <see cref="FudgeConsumer"/> consumes.</summary>
public sealed class FudgeConsumerOptions
{
    /// <summary>How many unacknowledged messages the broker sends ahead (basic.qos). Default 100.</summary>
    public ushort PrefetchCount { get; set; } = 100;

    /// <summary>Where malformed bodies go; null for the consumed queue's name followed by <c>.dead-letter</c>.</summary>
    public string? DeadLetterQueue { get; set; }

    /// <summary>Limits applied while reading bodies (untrusted input); null for the defaults.</summary>
    public FudgeReaderOptions? ReaderOptions { get; set; }
}
