using System;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Serialization;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>
/// One received envelope, read in place: <see cref="Body"/> is the client's receive buffer, valid only until the
/// enumeration moves to the next delivery (copy it with <c>Body.ToArray()</c> to keep it). Acknowledge it with
/// <see cref="AckAsync"/>, at any time, even after moving on.
/// </summary>
public sealed class FudgeDelivery
{
    private readonly IChannel _channel;

    private readonly CancellationToken? _session;

    internal FudgeDelivery(IChannel channel, ulong deliveryTag, bool redelivered, string exchange, string routingKey,
        IReadOnlyBasicProperties properties, ReadOnlyMemory<byte> body, FudgeEnvelopeHeader header, CancellationToken? session = null)
    {
        _channel = channel;
        _session = session;
        DeliveryTag = deliveryTag;
        Redelivered = redelivered;
        Exchange = exchange;
        RoutingKey = routingKey;
        Properties = properties;
        Body = body;
        Header = header;
    }

    /// <summary>The envelope's bytes as received (valid until the enumeration moves on).</summary>
    public ReadOnlyMemory<byte> Body { get; }

    /// <summary>The envelope header: taxonomy id, schema version, size.</summary>
    public FudgeEnvelopeHeader Header { get; }

    /// <summary>The AMQP properties and headers the message arrived with.</summary>
    public IReadOnlyBasicProperties Properties { get; }

    /// <summary>The exchange the message was published to.</summary>
    public string Exchange { get; }

    /// <summary>The routing key it was published with.</summary>
    public string RoutingKey { get; }

    /// <summary>True when the broker delivered it before without an acknowledgement.</summary>
    public bool Redelivered { get; }

    /// <summary>The channel-scoped delivery tag.</summary>
    public ulong DeliveryTag { get; }

    /// <summary>Decodes the envelope into a <see cref="FudgeEnvelope"/>.</summary>
    public FudgeEnvelope ToEnvelope(FudgeReaderOptions? options = null) => FudgeEnvelope.Parse(Body.Span, options);

    /// <summary>Deserializes the envelope as a <c>[FudgeMessage]</c> type.</summary>
    public T Deserialize<T>(FudgeReaderOptions? options = null) => FudgeSerializer.Deserialize<T>(Body.Span, options);

    /// <summary>
    /// Acknowledges the message: the broker forgets it. From a <see cref="FudgeRecoveringConsumer"/>, a delivery whose
    /// connection has been lost meanwhile is not acknowledged (the broker has already put it back and delivers it again,
    /// flagged <c>Redelivered</c>), and this returns without error.
    /// </summary>
    public ValueTask AckAsync(CancellationToken cancellationToken = default)
        => DeliveryOutcome.AckAsync(_channel, DeliveryTag, _session, cancellationToken);

    /// <summary>
    /// Rejects the message: back to the queue with <paramref name="requeue"/>, otherwise dropped (or dead-lettered by
    /// the queue's own policy, as <see cref="FudgeAmqpTopology"/> declares it). Like <see cref="AckAsync"/>, dropped
    /// without error from a <see cref="FudgeRecoveringConsumer"/> whose connection was lost.
    /// </summary>
    public ValueTask RejectAsync(bool requeue, CancellationToken cancellationToken = default)
        => DeliveryOutcome.RejectAsync(_channel, DeliveryTag, requeue, _session, cancellationToken);
}

/// <summary>One received and deserialized <c>[FudgeMessage]</c> object; acknowledge it with <see cref="AckAsync"/>.</summary>
/// <typeparam name="T">The message type.</typeparam>
public sealed class FudgeDelivery<T>
{
    private readonly IChannel _channel;

    private readonly CancellationToken? _session;

    internal FudgeDelivery(IChannel channel, ulong deliveryTag, bool redelivered, IReadOnlyBasicProperties properties, FudgeEnvelopeHeader header, T value,
        CancellationToken? session = null)
    {
        _channel = channel;
        _session = session;
        DeliveryTag = deliveryTag;
        Redelivered = redelivered;
        Properties = properties;
        Header = header;
        Value = value;
    }

    /// <summary>The deserialized message.</summary>
    public T Value { get; }

    /// <summary>The envelope header it came in: taxonomy id, schema version, size.</summary>
    public FudgeEnvelopeHeader Header { get; }

    /// <summary>The AMQP properties and headers the message arrived with.</summary>
    public IReadOnlyBasicProperties Properties { get; }

    /// <summary>True when the broker delivered it before without an acknowledgement.</summary>
    public bool Redelivered { get; }

    /// <summary>The channel-scoped delivery tag.</summary>
    public ulong DeliveryTag { get; }

    /// <summary>
    /// Acknowledges the message: the broker forgets it. From a <see cref="FudgeRecoveringConsumer"/>, a delivery whose
    /// connection has been lost meanwhile is not acknowledged (the broker has already put it back and delivers it again,
    /// flagged <c>Redelivered</c>), and this returns without error.
    /// </summary>
    public ValueTask AckAsync(CancellationToken cancellationToken = default)
        => DeliveryOutcome.AckAsync(_channel, DeliveryTag, _session, cancellationToken);

    /// <summary>
    /// Rejects the message: back to the queue with <paramref name="requeue"/>, otherwise dropped (or dead-lettered by
    /// the queue's own policy, as <see cref="FudgeAmqpTopology"/> declares it). Like <see cref="AckAsync"/>, dropped
    /// without error from a <see cref="FudgeRecoveringConsumer"/> whose connection was lost.
    /// </summary>
    public ValueTask RejectAsync(bool requeue, CancellationToken cancellationToken = default)
        => DeliveryOutcome.RejectAsync(_channel, DeliveryTag, requeue, _session, cancellationToken);
}

/// <summary>Acknowledgements that a recovering consumer drops when their session (channel) is lost: the broker requeued the message.</summary>
internal static class DeliveryOutcome
{
    public static ValueTask AckAsync(IChannel channel, ulong deliveryTag, CancellationToken? session, CancellationToken cancellationToken)
        => session is { } lost
            ? OrDropAsync(channel, lost, cancellationToken, token => channel.BasicAckAsync(deliveryTag, multiple: false, token))
            : channel.BasicAckAsync(deliveryTag, multiple: false, cancellationToken);

    public static ValueTask RejectAsync(IChannel channel, ulong deliveryTag, bool requeue, CancellationToken? session, CancellationToken cancellationToken)
        => session is { } lost
            ? OrDropAsync(channel, lost, cancellationToken, token => channel.BasicRejectAsync(deliveryTag, requeue, token))
            : channel.BasicRejectAsync(deliveryTag, requeue, cancellationToken);

    /// <summary>
    /// Sends the acknowledgement unless the session is lost (a delivery tag belongs to its channel: a closed channel's
    /// tags are never sent on another one); a loss while sending drops it too.
    /// </summary>
    private static async ValueTask OrDropAsync(IChannel channel, CancellationToken lost, CancellationToken cancellationToken, Func<CancellationToken, ValueTask> send)
    {
        if (lost.IsCancellationRequested || !channel.IsOpen) return;
        using var both = cancellationToken.CanBeCanceled ? CancellationTokenSource.CreateLinkedTokenSource(lost, cancellationToken) : null;
        try
        {
            // Sent from the thread pool and awaited with WaitAsync: a send the client does not finish (or blocks in)
            // on a dead connection still returns once the session is lost.
            var token = both?.Token ?? lost;
            await Task.Run(() => send(token).AsTask(), token).WaitAsync(lost).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (lost.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
        {
            // Lost while sending: the broker requeues the message with its channel.
        }
        catch (Exception e) when (e is AlreadyClosedException or OperationInterruptedException or ObjectDisposedException or System.IO.IOException)
        {
            // Lost meanwhile: the broker requeued the message when the channel closed.
        }
    }
}
