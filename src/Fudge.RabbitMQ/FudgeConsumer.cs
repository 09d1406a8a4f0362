using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Fudge.Serialization;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>
/// Consumes Fudge messages from a queue as an <see cref="IAsyncEnumerable{T}"/>, with explicit acknowledgement. A body
/// that is not a well-formed envelope (or, for <see cref="ConsumeAsync{T}"/>, not a valid message of the type) is
/// never handed out and never stops the enumeration: it is published to the dead-letter queue with the reason in the
/// <see cref="FudgeAmqpHeaders.DeadLetterReason"/> header, then acknowledged.
/// </summary>
/// <remarks>
/// Give it a channel with publisher confirmations and tracking so a dead letter is confirmed before its original is
/// acknowledged. One enumeration per channel at a time. Deliveries the enumeration has not reached when it ends are
/// rejected back to the queue.
/// </remarks>
public sealed class FudgeConsumer
{
    private readonly IChannel _channel;
    private readonly FudgeConsumerOptions _options;
    private readonly FudgeAmqpTopology? _topology;
    private readonly CancellationToken? _session;

    /// <summary>Creates a consumer on <paramref name="channel"/> (not owned: the caller disposes it).</summary>
    public FudgeConsumer(IChannel channel, FudgeConsumerOptions? options = null)
        : this(channel, options, topology: null, session: null)
    {
    }

    /// <summary>
    /// A consumer of <see cref="FudgeRecoveringConsumer"/>: its dead-letter queue is of the topology's type, and an
    /// acknowledgement after <paramref name="session"/> is cancelled (its channel lost) is dropped (the broker delivers
    /// that message again).
    /// </summary>
    internal FudgeConsumer(IChannel channel, FudgeConsumerOptions? options, FudgeAmqpTopology? topology, CancellationToken? session)
    {
        _channel = channel ?? throw new ArgumentNullException(nameof(channel));
        _options = options ?? new FudgeConsumerOptions();
        _topology = topology;
        _session = session;
    }

    /// <summary>
    /// The raw envelopes of <paramref name="queue"/>, each read in place (its body valid until the next one is asked
    /// for). Every field is checked before a delivery is handed out.
    /// </summary>
    /// <exception cref="FudgeAmqpException">The channel closed, or the broker cancelled the consumer, while consuming.</exception>
    public async IAsyncEnumerable<FudgeDelivery> ConsumeEnvelopesAsync(string queue, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (var received in ReceiveAsync(queue, cancellationToken).ConfigureAwait(false))
        {
            var body = received.Body;
            string? error = TryValidate(body.Span, out var header);
            if (error is not null)
            {
                await DeadLetterAsync(queue, received, error, cancellationToken).ConfigureAwait(false);
                continue;
            }
            yield return new FudgeDelivery(_channel, received.DeliveryTag, received.Redelivered, received.Exchange,
                received.RoutingKey, received.BasicProperties, body, header, _session);
        }
    }

    /// <summary>The messages of <paramref name="queue"/>, deserialized as <typeparamref name="T"/> by its generated formatter.</summary>
    /// <exception cref="FudgeAmqpException">The channel closed, or the broker cancelled the consumer, while consuming.</exception>
    public async IAsyncEnumerable<FudgeDelivery<T>> ConsumeAsync<T>(string queue, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (var received in ReceiveAsync(queue, cancellationToken).ConfigureAwait(false))
        {
            string? error = TryDeserialize(received.Body.Span, out T? value, out var header);
            if (error is not null)
            {
                await DeadLetterAsync(queue, received, error, cancellationToken).ConfigureAwait(false);
                continue;
            }
            yield return new FudgeDelivery<T>(_channel, received.DeliveryTag, received.Redelivered, received.BasicProperties, header, value!, _session);
        }
    }

    private string? TryValidate(ReadOnlySpan<byte> body, out FudgeEnvelopeHeader header)
    {
        try
        {
            header = FudgeEnvelopeCheck.Validate(body, _options.ReaderOptions);
            return null;
        }
        catch (FudgeFormatException e)
        {
            header = default;
            return e.Message;
        }
    }

    private string? TryDeserialize<T>(ReadOnlySpan<byte> body, out T? value, out FudgeEnvelopeHeader header)
    {
        try
        {
            header = FudgeEnvelopeCheck.ReadHeader(body, _options.ReaderOptions);
            value = FudgeSerializer.Deserialize<T>(body, _options.ReaderOptions);
            return null;
        }
        catch (FudgeFormatException e)
        {
            header = default;
            value = default;
            return e.Message;
        }
    }

    private async Task DeadLetterAsync(string queue, BasicDeliverEventArgs received, string reason, CancellationToken cancellationToken)
    {
        string deadLetterQueue = _options.DeadLetterQueue ?? DeadLetters.DefaultQueueFor(queue);
        await DeadLetters.PublishAsync(_channel, deadLetterQueue, queue, reason, received.BasicProperties, received.Body, cancellationToken).ConfigureAwait(false);
        await _channel.BasicAckAsync(received.DeliveryTag, multiple: false, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Hands each delivery to the enumeration while the client's handler waits, so the body stays in the client's
    /// buffer (no copy) until the enumeration asks for the next one.
    /// </summary>
    private async IAsyncEnumerable<BasicDeliverEventArgs> ReceiveAsync(string queue, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (queue is null) throw new ArgumentNullException(nameof(queue));
        var handoffs = Channel.CreateBounded<Handoff>(new BoundedChannelOptions(1) { SingleReader = true, SingleWriter = true });
        var consumer = new AsyncEventingBasicConsumer(_channel);
        consumer.ReceivedAsync += async (_, delivery) =>
        {
            var handoff = new Handoff(delivery);
            try
            {
                await handoffs.Writer.WriteAsync(handoff, CancellationToken.None).ConfigureAwait(false);
            }
            catch (ChannelClosedException)
            {
                // The enumeration has ended: give the message back rather than leave it unacknowledged.
                await RequeueAsync(delivery.DeliveryTag).ConfigureAwait(false);
                return;
            }
            await handoff.Released.ConfigureAwait(false);
        };
        consumer.ShutdownAsync += (_, reason) =>
        {
            handoffs.Writer.TryComplete(new FudgeAmqpException($"The channel consuming '{queue}' closed: {reason.ReplyText} ({reason.ReplyCode})."));
            return Task.CompletedTask;
        };
        // The broker's own basic.cancel (the queue deleted, say) while the channel stays open: without this the
        // enumeration would wait forever for deliveries that cannot come. (Also raised by a channel's shutdown, which
        // sets ShutdownReason first, and by this enumeration's own cancel at its end, when it is complete already.)
        consumer.UnregisteredAsync += (_, _) =>
        {
            handoffs.Writer.TryComplete(new FudgeAmqpException(consumer.ShutdownReason is { } reason
                ? $"The channel consuming '{queue}' closed: {reason.ReplyText} ({reason.ReplyCode})."
                : $"The broker cancelled the consumer of '{queue}' (the queue was deleted, or is unavailable)."));
            return Task.CompletedTask;
        };

        await DeadLetters.DeclareAsync(_channel, _options.DeadLetterQueue ?? DeadLetters.DefaultQueueFor(queue), _topology, cancellationToken).ConfigureAwait(false);
        await _channel.BasicQosAsync(0, _options.PrefetchCount, global: false, cancellationToken).ConfigureAwait(false);
        string consumerTag = await _channel.BasicConsumeAsync(queue, autoAck: false, consumer, cancellationToken).ConfigureAwait(false);
        Handoff? current = null;
        try
        {
            while (await handoffs.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false))
            {
                while (handoffs.Reader.TryRead(out current))
                {
                    yield return current.Delivery;
                    current.Release();
                    current = null;
                }
            }
        }
        finally
        {
            handoffs.Writer.TryComplete();
            current?.Release();
            while (handoffs.Reader.TryRead(out var unread))
            {
                await RequeueAsync(unread.Delivery.DeliveryTag).ConfigureAwait(false);
                unread.Release();
            }
            if (_channel.IsOpen && !SessionLost)
            {
                try
                {
                    await _channel.BasicCancelAsync(consumerTag, noWait: false, _session ?? default).ConfigureAwait(false);
                }
                catch (Exception e) when (e is OperationInterruptedException or ObjectDisposedException or AlreadyClosedException
                                              or OperationCanceledException or TimeoutException)
                {
                    // The channel closed meanwhile: the broker has cancelled the consumer itself.
                }
            }
        }
    }

    /// <summary>True when the <see cref="FudgeRecoveringConsumer"/> session of this consumer is lost: nothing more is sent on its channel.</summary>
    private bool SessionLost => _session is { IsCancellationRequested: true };

    private async Task RequeueAsync(ulong deliveryTag)
    {
        // A closed (or lost) channel's unacknowledged messages are requeued by the broker.
        if (!_channel.IsOpen || SessionLost) return;
        try
        {
            await _channel.BasicRejectAsync(deliveryTag, requeue: true, _session ?? default).ConfigureAwait(false);
        }
        catch (Exception e) when (e is AlreadyClosedException or ObjectDisposedException or OperationCanceledException)
        {
            // Closed meanwhile: the broker requeues it.
        }
    }

    /// <summary>One delivery waiting in the client's handler until the enumeration has finished with it.</summary>
    private sealed class Handoff
    {
        private readonly TaskCompletionSource<bool> _released = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Handoff(BasicDeliverEventArgs delivery) => Delivery = delivery;

        public BasicDeliverEventArgs Delivery { get; }

        public Task Released => _released.Task;

        public void Release() => _released.TrySetResult(true);
    }
}
