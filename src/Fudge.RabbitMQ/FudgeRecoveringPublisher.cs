using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>
/// Publishes as <see cref="FudgePublisher"/> does, with publisher confirms, across lost connections: each publish
/// completes only once the broker has confirmed it, and one that fails because its node died (or whose confirm does
/// not come within <see cref="FudgeRecoveringPublisherOptions.ConfirmTimeout"/>) is made again on a new connection, to
/// another node of a cluster when its own has died, after the <see cref="FudgeAmqpRecoveryOptions.Topology"/> has
/// been declared there.
/// </summary>
/// <remarks>
/// Keep many publishes in flight (a window of tasks), as with <see cref="FudgePublisher"/>: they share one channel, and
/// when it is lost each of them is published again on the next one. A message whose publish failed may nevertheless
/// have been stored (its confirm was lost with the connection), so each interruption can repeat at most the publishes
/// in flight: at least once, never lost. A message the broker returns as unroutable (mandatory, no queue receives it)
/// is not retried: that publish fails with the client's <c>PublishException</c>. Thread-safe.
/// </remarks>
public sealed class FudgeRecoveringPublisher : IAsyncDisposable
{
    private readonly ConnectionFactory _factory;
    private readonly FudgeRecoveringPublisherOptions _options;
    private readonly SemaphoreSlim _gate = new(1, 1);
    private Session? _session;
    private long _connections, _interruptions, _retries;
    private bool _disposed;

    /// <summary>Creates a publisher that connects with <paramref name="factory"/> when it first publishes.</summary>
    public FudgeRecoveringPublisher(ConnectionFactory factory, FudgeRecoveringPublisherOptions? options = null)
    {
        _factory = factory ?? throw new ArgumentNullException(nameof(factory));
        _options = options ?? new FudgeRecoveringPublisherOptions();
        _factory.AutomaticRecoveryEnabled = false;
        _factory.TopologyRecoveryEnabled = false;
    }

    /// <summary>Connections opened: 1 after the first publish, one more after each interruption.</summary>
    public long Connections => Interlocked.Read(ref _connections);

    /// <summary>Connections given up because a publish on them failed or was not confirmed in time.</summary>
    public long Interruptions => Interlocked.Read(ref _interruptions);

    /// <summary>Publishes made again on a new connection (an upper bound on the duplicates this publisher caused).</summary>
    public long Retries => Interlocked.Read(ref _retries);

    /// <summary>The node the publisher connected to last (null before its first connection).</summary>
    public AmqpTcpEndpoint? ConnectedEndpoint => Volatile.Read(ref _session)?.Connection.Endpoint;

    /// <summary>Serializes <paramref name="value"/> with its generated formatter and publishes it; completes once confirmed.</summary>
    /// <exception cref="FudgeAmqpException">No node could be reached within <see cref="FudgeAmqpRecoveryOptions.MaxConnectAttempts"/>.</exception>
    public Task PublishAsync<T>(AmqpDestination destination, T value, CancellationToken cancellationToken = default)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        return RunAsync((publisher, token) => publisher.PublishAsync(destination, value, token), cancellationToken);
    }

    /// <summary>Publishes an already encoded envelope as it is; completes once confirmed.</summary>
    /// <exception cref="FudgeFormatException">The bytes do not start with an envelope header declaring their length.</exception>
    /// <exception cref="FudgeAmqpException">No node could be reached within <see cref="FudgeAmqpRecoveryOptions.MaxConnectAttempts"/>.</exception>
    public Task PublishEnvelopeAsync(AmqpDestination destination, ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        FudgeEnvelopeCheck.ReadHeader(envelope.Span, null);
        return RunAsync((publisher, token) => publisher.PublishEnvelopeAsync(destination, envelope, token), cancellationToken);
    }

    /// <summary>Closes the current connection; publishes still in flight fail.</summary>
    public async ValueTask DisposeAsync()
    {
        await _gate.WaitAsync().ConfigureAwait(false);
        try
        {
            _disposed = true;
            if (_session is { } session) await session.CloseQuietlyAsync().ConfigureAwait(false);
            _session = null;
        }
        finally
        {
            _gate.Release();
        }
    }

    private async Task RunAsync(Func<FudgePublisher, CancellationToken, ValueTask> publish, CancellationToken cancellationToken)
    {
        while (true)
        {
            var session = await CurrentAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                var publishing = publish(session.Publisher, cancellationToken).AsTask();
                while (true)
                {
                    try
                    {
                        await publishing.WaitAsync(_options.ConfirmTimeout, cancellationToken).ConfigureAwait(false);
                        break;
                    }
                    catch (TimeoutException) when (session.StillAnswering(_options.ConfirmTimeout))
                    {
                        // The broker blocks the connection (a resource alarm, every publisher alike) or still confirms
                        // other publishes: a new connection would only publish the window again. Wait on.
                    }
                }
                session.Answered();
                return;
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && IsConnectionLoss(e))
            {
                Interlocked.Increment(ref _retries);
                await GiveUpAsync(session, e).ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// A failure a new connection can cure: the connection or channel lost (its pending confirms failed or cancelled),
    /// a nack, no confirm in time; not a return. The caller's own cancellation is filtered out before.
    /// </summary>
    private static bool IsConnectionLoss(Exception e) => e switch
    {
        PublishException publish => !publish.IsReturn,
        AlreadyClosedException or OperationInterruptedException or IOException or ObjectDisposedException or TimeoutException
            or OperationCanceledException => true,
        _ => false,
    };

    private async Task<Session> CurrentAsync(CancellationToken cancellationToken)
    {
        if (Volatile.Read(ref _session) is { Channel.IsOpen: true } open) return open;
        await _gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_disposed) throw new ObjectDisposedException(nameof(FudgeRecoveringPublisher));
            if (_session is { Channel.IsOpen: true } current) return current;
            if (_session is { } broken)
            {
                _session = null;
                Interlocked.Increment(ref _interruptions);
                _ = broken.CloseQuietlyAsync();   // closing a dead node's connection can wait for the client's timeouts
            }
            var connection = await FudgeAmqpConnector.ConnectAsync(_factory, _options.Endpoints, _options.MaxConnectAttempts, _options.ConnectRetryDelay,
                "fudge-publisher", cancellationToken).ConfigureAwait(false);
            try
            {
                var channel = await connection.CreateChannelAsync(new CreateChannelOptions(
                    publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true), cancellationToken).ConfigureAwait(false);
                if (_options.Topology is { } topology) await topology.DeclareAsync(channel, cancellationToken).ConfigureAwait(false);
                var session = new Session(connection, channel, new FudgePublisher(channel, _options.Publisher));
                connection.ConnectionBlockedAsync += (_, e) =>
                {
                    session.Blocked = true;
                    _options.Log?.Invoke($"the broker blocked the connection to {connection.Endpoint} ({e.Reason}); publishes wait until it unblocks it");
                    return Task.CompletedTask;
                };
                connection.ConnectionUnblockedAsync += (_, _) =>
                {
                    session.Answered();
                    session.Blocked = false;
                    _options.Log?.Invoke($"the broker unblocked the connection to {connection.Endpoint}");
                    return Task.CompletedTask;
                };
                Interlocked.Increment(ref _connections);
                _options.Log?.Invoke($"connected to {connection.Endpoint}");
                Volatile.Write(ref _session, session);
                return session;
            }
            catch
            {
                await CloseQuietlyAsync(null, connection).ConfigureAwait(false);
                throw;
            }
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <summary>Drops <paramref name="session"/> if it is still the current one (the first of its failed publishes does it).</summary>
    private async Task GiveUpAsync(Session session, Exception reason)
    {
        await _gate.WaitAsync().ConfigureAwait(false);
        try
        {
            if (!ReferenceEquals(_session, session)) return;
            _session = null;
            Interlocked.Increment(ref _interruptions);
            _options.Log?.Invoke($"connection to {session.Connection.Endpoint} given up ({reason.GetType().Name}: {reason.GetBaseException().Message}); publishing again on a new one");
            _ = session.CloseQuietlyAsync();
        }
        finally
        {
            _gate.Release();
        }
    }

    private static async Task CloseQuietlyAsync(IChannel? channel, IConnection connection)
    {
        try
        {
            if (channel is not null) await channel.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Already broken.
        }
        try
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Already broken.
        }
    }

    private sealed class Session
    {
        public Session(IConnection connection, IChannel channel, FudgePublisher publisher)
        {
            Connection = connection;
            Channel = channel;
            Publisher = publisher;
        }

        public IConnection Connection { get; }

        public IChannel Channel { get; }

        public FudgePublisher Publisher { get; }

        private long _lastAnswer = System.Diagnostics.Stopwatch.GetTimestamp();
        private volatile bool _blocked;

        /// <summary>The broker has blocked the connection (connection.blocked: a memory or disk alarm in the cluster).</summary>
        public bool Blocked
        {
            get => _blocked;
            set => _blocked = value;
        }

        /// <summary>A publish of this session was confirmed (or the connection unblocked): the broker is answering.</summary>
        public void Answered() => Interlocked.Exchange(ref _lastAnswer, System.Diagnostics.Stopwatch.GetTimestamp());

        /// <summary>True while the connection is blocked, or the broker confirmed some publish within <paramref name="timeout"/>.</summary>
        public bool StillAnswering(TimeSpan timeout)
            => _blocked || System.Diagnostics.Stopwatch.GetElapsedTime(Interlocked.Read(ref _lastAnswer)) < timeout;

        public Task CloseQuietlyAsync() => FudgeRecoveringPublisher.CloseQuietlyAsync(Channel, Connection);
    }
}
