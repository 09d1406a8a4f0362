using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;
using Fudge.Serialization;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>One connection's worth of routing: ends when the connection or a channel closes, or on cancellation.</summary>
internal sealed class FudgeAmqpRouterSession
{
    private readonly FudgeAmqpRouterOptions _options;
    private readonly FudgeAmqpRouterCounters _counters;
    private readonly Action<string> _log;
    private readonly string _deadLetterQueue;
    private readonly TaskCompletionSource<string> _lost = new(TaskCreationOptions.RunContinuationsAsynchronously);
    // Cancelled when the session is lost: a publish still waiting for its confirm then gives up at once (its message
    // stays unacknowledged and comes again) instead of holding the session's teardown for ConfirmTimeout.
    private readonly CancellationTokenSource _lostToken = new();

    /// <summary>Why a session ends when the broker refused one of its publishes (the router pauses before the next).</summary>
    internal const string RefusedReason = "the broker refused a publish";
    private int _inFlight;
    private bool _draining;
    private IChannel _input = null!;
    private IChannel _output = null!;
    private readonly ConfirmWatch _confirms;
    private volatile bool _ended;

    public FudgeAmqpRouterSession(FudgeAmqpRouterOptions options, FudgeAmqpRouterCounters counters, Action<string> log)
    {
        _options = options;
        _counters = counters;
        _log = log;
        _confirms = new ConfirmWatch(options.ConfirmTimeout, log);
        _deadLetterQueue = options.DeadLetterQueue ?? DeadLetters.DefaultQueueFor(options.SourceQueue);
    }

    /// <summary>Routes until the connection is lost (returns the reason) or the token is cancelled (drains, then throws).</summary>
    public async Task<string> RunAsync(IConnection connection, CancellationToken cancellationToken)
    {
        connection.ConnectionShutdownAsync += (_, e) => Lost($"connection closed: {e.ReplyText}");
        // A resource alarm anywhere in the cluster blocks every publishing connection: confirms stop, and a new
        // connection would be blocked too, so the confirm timeout is not counted while it lasts.
        connection.ConnectionBlockedAsync += (_, e) =>
        {
            _confirms.Blocked(e.Reason);
            return Task.CompletedTask;
        };
        connection.ConnectionUnblockedAsync += (_, _) =>
        {
            _confirms.Unblocked();
            return Task.CompletedTask;
        };
        // Input handlers run concurrently, one per prefetched message, each waiting for its own confirms: the
        // window of unacknowledged messages is the prefetch count, and it is also the bound on duplicates.
        _input = await connection.CreateChannelAsync(
            new CreateChannelOptions(publisherConfirmationsEnabled: false, publisherConfirmationTrackingEnabled: false,
                consumerDispatchConcurrency: _options.PrefetchCount), cancellationToken).ConfigureAwait(false);
        _output = await connection.CreateChannelAsync(
            new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true),
            cancellationToken).ConfigureAwait(false);
        _input.ChannelShutdownAsync += (_, e) => Lost($"input channel closed: {e.ReplyText}");
        _output.ChannelShutdownAsync += (_, e) => Lost($"output channel closed: {e.ReplyText}");

        // On every (re)connection: on a cluster this may be another node, and the queues must exist there too.
        if (_options.Topology is { } topology) await topology.DeclareAsync(_output, cancellationToken).ConfigureAwait(false);
        await DeadLetters.DeclareAsync(_output, _deadLetterQueue, _options.Topology, cancellationToken).ConfigureAwait(false);
        await _input.BasicQosAsync(0, _options.PrefetchCount, global: false, cancellationToken).ConfigureAwait(false);
        var consumer = new AsyncEventingBasicConsumer(_input);
        consumer.ReceivedAsync += (_, delivery) => RouteAsync(delivery);
        // The broker's own basic.cancel (the source queue deleted or unavailable) leaves the channel open and the
        // router idle: reconnect instead. Its own cancel, when draining, is expected.
        consumer.UnregisteredAsync += (_, _) => Volatile.Read(ref _draining) ? Task.CompletedTask : Lost("the broker cancelled the consumer");
        string consumerTag = await _input.BasicConsumeAsync(_options.SourceQueue, autoAck: false, consumer, cancellationToken).ConfigureAwait(false);
        _ = WatchConfirmsAsync();

        try
        {
            var cancelled = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
            using (cancellationToken.Register(() => cancelled.TrySetResult("cancelled")))
            {
                var ended = await Task.WhenAny(_lost.Task, cancelled.Task).ConfigureAwait(false);
                if (ended == _lost.Task) return await _lost.Task.ConfigureAwait(false);
            }
            await DrainAsync(consumerTag).ConfigureAwait(false);
            throw new OperationCanceledException(cancellationToken);
        }
        finally
        {
            _ended = true;   // stops WatchConfirmsAsync
        }
    }

    /// <summary>Stops new deliveries and waits for the ones in flight to be confirmed and acknowledged.</summary>
    private async Task DrainAsync(string consumerTag)
    {
        try
        {
            Volatile.Write(ref _draining, true);
            await _input.BasicCancelAsync(consumerTag).ConfigureAwait(false);
            var deadline = DateTime.UtcNow + _options.DrainTimeout;
            while (Volatile.Read(ref _inFlight) > 0 && DateTime.UtcNow < deadline && !_lost.Task.IsCompleted)
                await Task.Delay(20).ConfigureAwait(false);
        }
        catch (Exception e) when (e is AlreadyClosedException or OperationInterruptedException)
        {
            // The connection went while stopping: unacknowledged messages return to the queue.
        }
    }

    private async Task RouteAsync(BasicDeliverEventArgs delivery)
    {
        Interlocked.Increment(ref _inFlight);
        try
        {
            var body = delivery.Body;
            var destinations = Select(body.Span, out string? malformed);
            if (malformed is not null)
            {
                await DeadLetterAsync(delivery, malformed).ConfigureAwait(false);
                return;
            }
            if (destinations.Count == 0)
            {
                await _input.BasicAckAsync(delivery.DeliveryTag, multiple: false).ConfigureAwait(false);
                _counters.AddUnrouted();
                return;
            }
            string? unroutable;
            if (_options.Transform is null)
            {
                unroutable = await PublishAllAsync(destinations, delivery.BasicProperties, delivery.Body).ConfigureAwait(false);
            }
            else
            {
                using var transformed = new PooledBufferWriter(delivery.Body.Length + 256);
                if (!TryTransform(body.Span, transformed, out string? unreadable))
                {
                    await DeadLetterAsync(delivery, unreadable!).ConfigureAwait(false);
                    return;
                }
                var properties = new BasicProperties(delivery.BasicProperties);
                if (_options.Transform.SchemaVersion is byte version) SetSchemaVersion(properties, version);
                unroutable = await PublishAllAsync(destinations, properties,
                    transformed.Buffer.AsMemory(0, transformed.WrittenCount)).ConfigureAwait(false);
            }
            if (unroutable is not null)
            {
                await DeadLetterAsync(delivery, unroutable).ConfigureAwait(false);
                return;
            }
            await _input.BasicAckAsync(delivery.DeliveryTag, multiple: false).ConfigureAwait(false);
            _counters.AddRouted();
            _counters.AddPublished(destinations.Count);
        }
        catch (Exception e) when (e is AlreadyClosedException or OperationInterruptedException or ObjectDisposedException or OperationCanceledException)
        {
            // The connection is going: this message stays unacknowledged and the broker delivers it again.
        }
        catch (TimeoutException)
        {
            // The client's own continuation timeout: the message stays unacknowledged and comes again.
        }
        catch (PublishException e)
        {
            // The broker refused a publish (a nack): give the message back to be routed again, on a new channel. On a
            // cluster, a channel opened while a quorum queue elected its leader went on refusing every publish to it
            // (tens of thousands of nacks in 90 s, RabbitMQ 3.10): a new session after a pause routes again.
            _log($"publish refused (sequence {e.PublishSequenceNumber}); requeueing the message");
            await RequeueQuietlyAsync(delivery.DeliveryTag).ConfigureAwait(false);
            _ = Lost(RefusedReason);
        }
        finally
        {
            Interlocked.Decrement(ref _inFlight);
        }
    }

    private IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> body, out string? malformed)
    {
        try
        {
            FudgeEnvelopeCheck.ReadHeader(body, _options.ReaderOptions);
            malformed = null;
            return _options.Selector.Select(body);
        }
        catch (FudgeFormatException e)
        {
            malformed = e.Message;
            return Array.Empty<AmqpDestination>();
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // A selector bug must neither lose the message nor leave it stuck unacknowledged: keep it aside, with why.
            malformed = $"the route selector failed: {e.GetType().Name}: {e.Message}";
            return Array.Empty<AmqpDestination>();
        }
    }

    private bool TryTransform(ReadOnlySpan<byte> body, PooledBufferWriter output, out string? unreadable)
    {
        try
        {
            _options.Transform!.Apply(body, output, _options.ReaderOptions);
            unreadable = null;
            return true;
        }
        catch (FudgeFormatException e)
        {
            unreadable = "the transform cannot read the message: " + e.Message;
            return false;
        }
    }

    private static void SetSchemaVersion(BasicProperties properties, byte version)
    {
        var headers = properties.Headers is null ? new Dictionary<string, object?>() : new Dictionary<string, object?>(properties.Headers);
        headers[FudgeAmqpHeaders.SchemaVersion] = (int)version;
        properties.Headers = headers;
    }

    /// <summary>Publishes to every destination concurrently; returns why one was unroutable, or null when all were confirmed.</summary>
    private async Task<string?> PublishAllAsync(IReadOnlyList<AmqpDestination> destinations, IReadOnlyBasicProperties received, ReadOnlyMemory<byte> body)
    {
        var properties = received as BasicProperties ?? new BasicProperties(received);
        if (destinations.Count == 1) return await PublishAsync(destinations[0], properties, body).ConfigureAwait(false);
        var publishes = new Task<string?>[destinations.Count];
        for (int i = 0; i < publishes.Length; i++) publishes[i] = PublishAsync(destinations[i], properties, body);
        string?[] outcomes = await Task.WhenAll(publishes).ConfigureAwait(false);
        foreach (string? outcome in outcomes)
            if (outcome is not null) return outcome;
        return null;
    }

    private async Task<string?> PublishAsync(AmqpDestination destination, BasicProperties properties, ReadOnlyMemory<byte> body)
    {
        bool answered = false;
        _confirms.Started();
        try
        {
            // Mandatory: a destination no queue is bound to comes back as a return instead of silently dropping the message.
            var publish = _output.BasicPublishAsync(destination.Exchange, destination.RoutingKey, mandatory: true, properties, body);
            // No timeout of its own: WatchConfirmsAsync gives the session up when the channel's confirms stop.
            if (!publish.IsCompletedSuccessfully) await publish.AsTask().WaitAsync(_lostToken.Token).ConfigureAwait(false);
            answered = true;
            return null;
        }
        catch (PublishException e)
        {
            answered = true;
            if (e.IsReturn) return $"no queue receives {destination}";
            throw;
        }
        finally
        {
            if (answered) _confirms.Answered();
            else _confirms.Abandoned();
        }
    }

    /// <summary>
    /// Gives the session up when the broker has answered none of the output channel's publishes for
    /// <see cref="FudgeAmqpRouterOptions.ConfirmTimeout"/> while some waited (on a cluster, a queue whose leader moved
    /// and never answered): such a channel is not recovered by waiting. A broker that confirms slowly is not given up:
    /// a new connection would repeat the whole window for nothing.
    /// </summary>
    private async Task WatchConfirmsAsync()
    {
        var interval = TimeSpan.FromMilliseconds(250);
        try
        {
            while (!_lost.Task.IsCompleted && !_ended)
            {
                await Task.Delay(interval, _lostToken.Token).ConfigureAwait(false);
                if (!_ended && _confirms.Check() is { } reason)
                {
                    _ = Lost(reason);
                    return;
                }
            }
        }
        catch (OperationCanceledException)
        {
            // The session is over.
        }
    }

    private async Task DeadLetterAsync(BasicDeliverEventArgs delivery, string reason)
    {
        await DeadLetters.PublishAsync(_output, _deadLetterQueue, _options.SourceQueue, reason, delivery.BasicProperties, delivery.Body, CancellationToken.None).ConfigureAwait(false);
        await _input.BasicAckAsync(delivery.DeliveryTag, multiple: false).ConfigureAwait(false);
        _counters.AddDeadLettered();
        _log($"dead-lettered a message from '{_options.SourceQueue}': {reason}");
    }

    private async Task RequeueQuietlyAsync(ulong deliveryTag)
    {
        try
        {
            await _input.BasicRejectAsync(deliveryTag, requeue: true).ConfigureAwait(false);
        }
        catch (Exception e) when (e is AlreadyClosedException or OperationInterruptedException or ObjectDisposedException)
        {
            // Closed meanwhile: the broker requeues it anyway.
        }
    }

    private Task Lost(string reason)
    {
        if (_lost.TrySetResult(reason))
        {
            // Not inline: this runs inside the client's shutdown event, and the publishes it releases may touch the channel.
            ThreadPool.QueueUserWorkItem(static state => ((CancellationTokenSource)state!).Cancel(), _lostToken);
        }
        return Task.CompletedTask;
    }
}
