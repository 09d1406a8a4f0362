using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>Moves a message that cannot be handled to a dead-letter queue, with the reason in a header.</summary>
internal static class DeadLetters
{
    /// <summary>The dead-letter queue of <paramref name="queue"/> when none is configured.</summary>
    public static string DefaultQueueFor(string queue) => queue + ".dead-letter";

    /// <summary>
    /// Declares the dead-letter queue (durable; declaring an existing one is a no-op): a classic queue without
    /// arguments, or with <paramref name="topology"/> a queue of its type.
    /// </summary>
    public static Task DeclareAsync(IChannel channel, string deadLetterQueue, FudgeAmqpTopology? topology, CancellationToken cancellationToken)
        => topology is null
            ? channel.QueueDeclareAsync(deadLetterQueue, durable: true, exclusive: false, autoDelete: false, cancellationToken: cancellationToken)
            : topology.DeclareQueueAsync(channel, deadLetterQueue, deadLetterQueue: null, cancellationToken);

    /// <summary>
    /// Publishes the body unchanged, with its properties and two more headers, to the dead-letter queue. The caller
    /// acknowledges the original only after this returns, so a crash in between duplicates the dead letter rather than
    /// losing it (with a confirming channel, returning means the broker has it).
    /// </summary>
    public static ValueTask PublishAsync(IChannel channel, string deadLetterQueue, string sourceQueue, string reason,
        IReadOnlyBasicProperties original, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var properties = new BasicProperties(original);
        var headers = original.Headers is { } existing ? new Dictionary<string, object?>(existing) : new Dictionary<string, object?>();
        headers[FudgeAmqpHeaders.DeadLetterReason] = reason;
        headers[FudgeAmqpHeaders.DeadLetterQueue] = sourceQueue;
        properties.Headers = headers;
        return channel.BasicPublishAsync("", deadLetterQueue, mandatory: false, properties, body, cancellationToken);
    }
}
