using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>
/// Consumes a queue as <see cref="FudgeConsumer"/> does, across lost connections: it connects (to one of a cluster's
/// nodes), declares its <see cref="FudgeAmqpRecoveryOptions.Topology"/>, consumes, and when the connection or
/// channel is lost connects again (to another node when its own has died), declares again and goes on, within the
/// same enumeration.
/// </summary>
/// <remarks>
/// Acknowledgements stay exact across the move: each delivery is acknowledged on the channel it came from. The
/// deliveries of a lost channel that were not acknowledged go back to the queue on the broker's side and come again
/// (flagged <c>Redelivered</c>); acknowledging one of them afterwards does nothing, rather than acknowledging a
/// different message on the new channel or failing. So every message is handed out at least once, and a connection
/// loss repeats at most <see cref="FudgeConsumerOptions.PrefetchCount"/> messages. The consumer owns its connections
/// and turns the client's own recovery off.
/// </remarks>
public sealed class FudgeRecoveringConsumer
{
    private readonly ConnectionFactory _factory;
    private readonly FudgeRecoveringConsumerOptions _options;
    private long _connections;
    private AmqpTcpEndpoint? _endpoint;

    /// <summary>Creates a consumer that connects with <paramref name="factory"/>.</summary>
    public FudgeRecoveringConsumer(ConnectionFactory factory, FudgeRecoveringConsumerOptions? options = null)
    {
        _factory = factory ?? throw new ArgumentNullException(nameof(factory));
        _options = options ?? new FudgeRecoveringConsumerOptions();
        _factory.AutomaticRecoveryEnabled = false;
        _factory.TopologyRecoveryEnabled = false;
    }

    /// <summary>Connections opened: 1 after the first, one more after each recovery.</summary>
    public long Connections => Interlocked.Read(ref _connections);

    /// <summary>The node the consumer connected to last (null before its first connection).</summary>
    public AmqpTcpEndpoint? ConnectedEndpoint => Volatile.Read(ref _endpoint);

    /// <summary>The messages of <paramref name="queue"/>, deserialized as <typeparamref name="T"/>, until cancelled.</summary>
    /// <exception cref="FudgeAmqpException">No node could be reached within <see cref="FudgeAmqpRecoveryOptions.MaxConnectAttempts"/>.</exception>
    public IAsyncEnumerable<FudgeDelivery<T>> ConsumeAsync<T>(string queue, CancellationToken cancellationToken = default)
        => RecoverAsync(queue, (consumer, token) => consumer.ConsumeAsync<T>(queue, token), cancellationToken);

    /// <summary>The raw envelopes of <paramref name="queue"/>, each read in place (valid until the next is asked for), until cancelled.</summary>
    /// <exception cref="FudgeAmqpException">No node could be reached within <see cref="FudgeAmqpRecoveryOptions.MaxConnectAttempts"/>.</exception>
    public IAsyncEnumerable<FudgeDelivery> ConsumeEnvelopesAsync(string queue, CancellationToken cancellationToken = default)
        => RecoverAsync(queue, (consumer, token) => consumer.ConsumeEnvelopesAsync(queue, token), cancellationToken);

    private async IAsyncEnumerable<TDelivery> RecoverAsync<TDelivery>(string queue,
        Func<FudgeConsumer, CancellationToken, IAsyncEnumerable<TDelivery>> consume, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (queue is null) throw new ArgumentNullException(nameof(queue));
        int refusals = 0;
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var connection = await FudgeAmqpConnector.ConnectAsync(_factory, _options.Endpoints, _options.MaxConnectAttempts,
                _options.ConnectRetryDelay, "fudge-consumer:" + queue, cancellationToken).ConfigureAwait(false);
            Interlocked.Increment(ref _connections);
            Volatile.Write(ref _endpoint, connection.Endpoint);
            _options.Log?.Invoke($"connected to {connection.Endpoint}, consuming '{queue}'");
            IChannel? channel = null;
            IAsyncEnumerator<TDelivery>? deliveries = null;
            var failure = new Failure();
            // Cancelled when the connection or the channel closes: ends a wait for the next delivery (whatever the
            // consumer's own shutdown notice does) and makes the session's deliveries drop their acknowledgements.
            var lost = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            connection.ConnectionShutdownAsync += (_, e) =>
            {
                _options.Log?.Invoke($"connection to {connection.Endpoint} closed: {e.ReplyText}");
                return Cancel(lost);
            };
            bool delivered = false, refused;
            try
            {
                // Confirms on: a dead letter is confirmed before its original is acknowledged.
                channel = await Session(() => connection.CreateChannelAsync(new CreateChannelOptions(
                    publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true), lost.Token), failure, cancellationToken).ConfigureAwait(false);
                if (channel is not null) channel.ChannelShutdownAsync += (_, _) => Cancel(lost);
                bool declared = channel is not null;
                if (channel is { } open && _options.Topology is { } topology)
                    declared = await Session(async () => { await topology.DeclareAsync(open, lost.Token).ConfigureAwait(false); return true; }, failure, cancellationToken).ConfigureAwait(false);
                if (channel is not null && declared)
                {
                    var consumer = new FudgeConsumer(channel, _options.Consumer, _options.Topology, lost.Token);
                    var enumerator = consume(consumer, lost.Token).GetAsyncEnumerator(lost.Token);
                    deliveries = enumerator;
                    // WaitAsync: the wait for the next delivery ends when the session is lost, whatever the client's consumer does.
                    while (await Session(() => enumerator.MoveNextAsync().AsTask().WaitAsync(lost.Token), failure, cancellationToken).ConfigureAwait(false))
                    {
                        delivered = true;
                        yield return enumerator.Current;
                    }
                }
            }
            finally
            {
                // The connection still open means the broker refused something on the channel (a declaration that
                // contradicts an existing queue, a queue that does not exist), not that a node was lost.
                refused = connection.IsOpen;
                // From here on the session's deliveries drop their acknowledgements and nothing more is sent on its
                // channel. Its teardown runs in the background: on a node that has just died, closing can wait
                // for the client's timeouts, and the next session need not.
                lost.Cancel();
                var teardown = TearDownAsync(deliveries, channel, connection, lost);
                if (failure.Error is null) await teardown.ConfigureAwait(false);   // the caller ended the enumeration
            }
            cancellationToken.ThrowIfCancellationRequested();
            string reason = failure.Error?.GetBaseException().Message ?? "closed";
            refusals = delivered || !refused ? 0 : refusals + 1;
            if (refusals >= _options.MaxConnectAttempts)
                throw new FudgeAmqpException($"Consuming '{queue}' failed {refusals} time(s) in a row on open connections: {reason}", failure.Error);
            _options.Log?.Invoke($"session on {connection.Endpoint} ended ({reason}); reconnecting");
            if (refused) await Task.Delay(_options.ConnectRetryDelay, cancellationToken).ConfigureAwait(false);
        }
    }

    private static async Task TearDownAsync<T>(IAsyncEnumerator<T>? deliveries, IChannel? channel, IConnection connection, CancellationTokenSource lost)
    {
        if (deliveries is not null) await DisposeQuietlyAsync(deliveries).ConfigureAwait(false);
        if (channel is not null) await CloseQuietlyAsync(channel).ConfigureAwait(false);
        await CloseQuietlyAsync(connection).ConfigureAwait(false);
        lost.Dispose();
    }

    /// <summary>
    /// Cancels the session from the client's shutdown event without running the session's teardown inside it (that
    /// teardown disposes the connection, which waits for this very event to return).
    /// </summary>
    private static Task Cancel(CancellationTokenSource lost)
    {
        ThreadPool.QueueUserWorkItem(static state =>
        {
            try
            {
                ((CancellationTokenSource)state!).Cancel();
            }
            catch (ObjectDisposedException)
            {
                // The session is over already.
            }
        }, lost);
        return Task.CompletedTask;
    }

    /// <summary>The exception that ended a session, if one did.</summary>
    private sealed class Failure
    {
        public Exception? Error { get; set; }
    }

    /// <summary>Runs one step of a session; a lost connection or channel ends the session (false or null) instead of the enumeration.</summary>
    private static async Task<T?> Session<T>(Func<Task<T>> step, Failure failure, CancellationToken cancellationToken)
    {
        try
        {
            return await step().ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (!cancellationToken.IsCancellationRequested)
        {
            failure.Error ??= e;   // the session's own token: its connection or channel closed
            return default;
        }
        catch (Exception e) when (e is FudgeAmqpException or AlreadyClosedException or OperationInterruptedException
                                      or System.IO.IOException or ObjectDisposedException or TimeoutException)
        {
            // TimeoutException: the node did not answer within the client's continuation timeout (for example while
            // a quorum queue elects a new leader after a node's loss): try again, on a new connection.
            failure.Error = e;
            return default;
        }
    }

    private static async Task DisposeQuietlyAsync<T>(IAsyncEnumerator<T> deliveries)
    {
        try
        {
            await deliveries.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // The channel is gone (or going, and timed out): its unacknowledged deliveries are back in the queue.
        }
    }

    private static async Task CloseQuietlyAsync(IAsyncDisposable disposable)
    {
        try
        {
            await disposable.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Already broken: nothing left to release on the broker's side.
        }
    }
}
