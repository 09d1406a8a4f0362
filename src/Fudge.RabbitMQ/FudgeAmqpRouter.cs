using System;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

namespace Fudge.RabbitMQ;

/// <summary>
/// Routes Fudge envelopes by content: consumes a queue, asks the <see cref="IFudgeRouteSelector"/> for each body's
/// destinations, publishes the unchanged bytes (and properties) to every one with publisher confirms, and
/// acknowledges the input only once every publish is confirmed. A lost connection is reopened and routing goes on;
/// a message in flight at that moment is redelivered, so every message reaches each destination at least once, and at
/// most <see cref="FudgeAmqpRouterOptions.PrefetchCount"/> messages per interruption more than once.
/// </summary>
/// <remarks>
/// Hosting: call <see cref="RunAsync"/> from a <c>BackgroundService.ExecuteAsync</c>; cancelling its token stops
/// consuming and lets in-flight messages finish (up to <see cref="FudgeAmqpRouterOptions.DrainTimeout"/>).
/// The router does its own recovery, so it turns the factory's automatic recovery off.
/// </remarks>
public sealed class FudgeAmqpRouter
{
    private readonly ConnectionFactory _factory;
    private readonly FudgeAmqpRouterOptions _options;

    /// <summary>Creates a router that connects with <paramref name="factory"/>.</summary>
    public FudgeAmqpRouter(ConnectionFactory factory, FudgeAmqpRouterOptions options)
    {
        _factory = factory ?? throw new ArgumentNullException(nameof(factory));
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _factory.AutomaticRecoveryEnabled = false;
        _factory.TopologyRecoveryEnabled = false;
    }

    /// <summary>The node the router connected to last (null before its first connection): on a cluster, which node it depends on.</summary>
    public AmqpTcpEndpoint? ConnectedEndpoint { get; private set; }

    /// <summary>What the router has done so far.</summary>
    public FudgeAmqpRouterCounters Counters { get; } = new();

    /// <summary>Routes until <paramref name="cancellationToken"/> is cancelled, reconnecting whenever the connection is lost.</summary>
    /// <exception cref="FudgeAmqpException">The broker could not be reached within <see cref="FudgeAmqpRecoveryOptions.MaxConnectAttempts"/>.</exception>
    /// <exception cref="OperationCanceledException">The token was cancelled (after in-flight messages were drained).</exception>
    public async Task RunAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var connection = await FudgeAmqpConnector.ConnectAsync(_factory, _options.Endpoints, _options.MaxConnectAttempts,
                _options.ConnectRetryDelay, "fudge-router:" + _options.SourceQueue, cancellationToken).ConfigureAwait(false);
            ConnectedEndpoint = connection.Endpoint;
            Counters.AddConnection();
            Log($"connected to {connection.Endpoint}, routing '{_options.SourceQueue}'");
            bool lost = false;
            try
            {
                var session = new FudgeAmqpRouterSession(_options, Counters, Log);
                string reason = await session.RunAsync(connection, cancellationToken).ConfigureAwait(false);
                lost = true;
                Log($"connection lost ({reason}); reconnecting");
                // Refused publishes: let the cluster settle (a queue electing its leader) before the next channel.
                if (reason == FudgeAmqpRouterSession.RefusedReason) await Task.Delay(_options.ConnectRetryDelay, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && IsConnectionFailure(e))
            {
                lost = true;
                Log($"connection failed ({e.GetBaseException().Message}); reconnecting");
            }
            finally
            {
                // A lost connection is closed in the background: closing one whose node has just died can wait for the
                // client's timeouts (and for the session's last handlers), and the next connection need not.
                if (lost) _ = CloseQuietlyAsync(connection);
                else await CloseQuietlyAsync(connection).ConfigureAwait(false);
            }
        }
    }

    private static bool IsConnectionFailure(Exception e)
        => e is AlreadyClosedException or OperationInterruptedException
            or System.IO.IOException or ObjectDisposedException
            // The node did not answer within the client's continuation timeout (a quorum queue electing a new leader
            // after a node's loss, say): reconnect and try again.
            or TimeoutException;

    private static async Task CloseQuietlyAsync(IConnection connection)
    {
        try
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Already broken: nothing left to release on the broker's side.
        }
    }

    private void Log(string line) => _options.Log?.Invoke(line);
}
