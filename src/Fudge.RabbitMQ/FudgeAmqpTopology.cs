using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>
/// The queues a router or a recovering consumer declares each time it connects, so that they exist on whichever node
/// of a cluster it reaches: each queue durable, of one <see cref="AmqpQueueType"/>, with its dead-letter queue
/// (<c>&lt;queue&gt;.dead-letter</c>, the same type). Declaring an existing queue with the same arguments does nothing.
/// </summary>
/// <remarks>
/// Each queue's arguments send the messages its consumers reject without requeueing
/// (<see cref="FudgeDelivery.RejectAsync"/> with <c>requeue: false</c>) to its dead-letter queue
/// (<c>x-dead-letter-exchange</c> "" and <c>x-dead-letter-routing-key</c>); a quorum queue does so at least once
/// (<c>x-dead-letter-strategy</c> <c>at-least-once</c>, which RabbitMQ 3.10+ allows with <c>x-overflow</c>
/// <c>reject-publish</c>). A queue that already exists with other arguments (for example declared classic, without
/// them) makes the declaration fail with the broker's PRECONDITION_FAILED: declare a queue the same way everywhere.
/// </remarks>
public sealed class FudgeAmqpTopology
{
    private readonly List<string> _queues = new();

    /// <summary>Creates an empty topology whose queues are of <paramref name="queueType"/>.</summary>
    public FudgeAmqpTopology(AmqpQueueType queueType) => QueueType = queueType;

    /// <summary>The type of every queue declared.</summary>
    public AmqpQueueType QueueType { get; }

    /// <summary>The queues declared (each with its dead-letter queue), in order.</summary>
    public IReadOnlyList<string> Queues => _queues;

    /// <summary>Adds a queue (and its dead-letter queue); returns this topology.</summary>
    public FudgeAmqpTopology Queue(string name)
    {
        if (string.IsNullOrEmpty(name)) throw new ArgumentException("A queue name is needed.", nameof(name));
        if (!_queues.Contains(name)) _queues.Add(name);
        return this;
    }

    /// <summary>Declares every queue and its dead-letter queue on <paramref name="channel"/>.</summary>
    public async Task DeclareAsync(IChannel channel, CancellationToken cancellationToken = default)
    {
        if (channel is null) throw new ArgumentNullException(nameof(channel));
        foreach (string queue in _queues)
        {
            string deadLetters = DeadLetters.DefaultQueueFor(queue);
            await DeclareQueueAsync(channel, deadLetters, deadLetterQueue: null, cancellationToken).ConfigureAwait(false);
            await DeclareQueueAsync(channel, queue, deadLetters, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Declares one durable queue of this topology's type, dead-lettering to <paramref name="deadLetterQueue"/> when given.</summary>
    internal Task DeclareQueueAsync(IChannel channel, string queue, string? deadLetterQueue, CancellationToken cancellationToken)
        => channel.QueueDeclareAsync(queue, durable: true, exclusive: false, autoDelete: false,
            arguments: Arguments(QueueType, deadLetterQueue), cancellationToken: cancellationToken);

    /// <summary>
    /// The declaration arguments of a queue of <paramref name="queueType"/> that dead-letters to
    /// <paramref name="deadLetterQueue"/> (null: none), as <see cref="DeclareAsync"/> passes them.
    /// </summary>
    public static IDictionary<string, object?>? Arguments(AmqpQueueType queueType, string? deadLetterQueue)
    {
        var arguments = new Dictionary<string, object?>();
        if (queueType == AmqpQueueType.Quorum) arguments["x-queue-type"] = "quorum";
        if (deadLetterQueue is not null)
        {
            arguments["x-dead-letter-exchange"] = "";
            arguments["x-dead-letter-routing-key"] = deadLetterQueue;
            if (queueType == AmqpQueueType.Quorum)
            {
                arguments["x-dead-letter-strategy"] = "at-least-once";
                arguments["x-overflow"] = "reject-publish";
            }
        }
        return arguments.Count == 0 ? null : arguments;
    }
}
