using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>Opens a connection with a bounded number of attempts, so an unreachable broker is an error, never a hang.</summary>
public static class FudgeAmqpConnector
{
    /// <summary>
    /// Connects, retrying up to <paramref name="maxAttempts"/> times with a delay that starts at
    /// <paramref name="firstRetryDelay"/> and doubles (at most 30 seconds). Each attempt is itself bounded by the
    /// factory's <see cref="ConnectionFactory.RequestedConnectionTimeout"/>.
    /// </summary>
    /// <exception cref="FudgeAmqpException">Every attempt failed; the message names the endpoint, the attempts and the last error.</exception>
    public static Task<IConnection> ConnectAsync(ConnectionFactory factory, int maxAttempts, TimeSpan firstRetryDelay,
        string? clientName = null, CancellationToken cancellationToken = default)
        => ConnectAsync(factory, endpoints: null, maxAttempts, firstRetryDelay, clientName, cancellationToken);

    /// <summary>
    /// Connects to one of <paramref name="endpoints"/> (the nodes of a cluster; null or empty for the factory's own
    /// endpoint), retrying as <see cref="ConnectAsync(ConnectionFactory, int, TimeSpan, string?, CancellationToken)"/>
    /// does. Each attempt tries every endpoint once, in the random order of the client's endpoint list (so many
    /// clients spread over the nodes), and ends at the first that accepts; the connection's
    /// <see cref="IConnection.Endpoint"/> says which.
    /// </summary>
    /// <exception cref="FudgeAmqpException">Every attempt failed; the message names the endpoints, the attempts and the last error.</exception>
    public static async Task<IConnection> ConnectAsync(ConnectionFactory factory, IReadOnlyList<AmqpTcpEndpoint>? endpoints, int maxAttempts,
        TimeSpan firstRetryDelay, string? clientName = null, CancellationToken cancellationToken = default)
    {
        if (factory is null) throw new ArgumentNullException(nameof(factory));
        bool many = endpoints is { Count: > 0 };
        if (maxAttempts < 1) throw new ArgumentOutOfRangeException(nameof(maxAttempts), "At least one attempt is needed.");
        var clock = Stopwatch.StartNew();
        var delay = firstRetryDelay;
        Exception? last = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++)
        {
            try
            {
                return many
                    ? await factory.CreateConnectionAsync(endpoints!, clientName, cancellationToken).ConfigureAwait(false)
                    : await factory.CreateConnectionAsync(clientName, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                last = e;
            }
            if (attempt == maxAttempts) break;
            await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            delay = TimeSpan.FromTicks(Math.Min(delay.Ticks * 2, TimeSpan.FromSeconds(30).Ticks));
        }
        throw new FudgeAmqpException(
            $"Could not reach the RabbitMQ broker at {(many ? string.Join(", ", endpoints!) : factory.Endpoint.ToString())} after {maxAttempts} attempt(s) over " +
            $"{clock.Elapsed.TotalSeconds:0.0} s: {last?.GetBaseException().Message}", last);
    }
}
