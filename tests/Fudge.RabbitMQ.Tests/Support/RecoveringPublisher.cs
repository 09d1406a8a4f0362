using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// Publishes ticks 0..count-1 with confirms across node failures, the way an application does it: a window of
/// publishes in flight; when any of them fails (the node died, a nack, no confirm within a minute) the connection is
/// replaced (another node) and the whole window is published again. A message is known to be stored only when
/// confirmed, so none is lost; what is repeated is at most one window per interruption.
/// </summary>
public sealed class RecoveringPublisher
{
    private readonly IReadOnlyList<AmqpTcpEndpoint> _endpoints;
    private readonly int _window;
    private readonly Action<string> _log;

    public RecoveringPublisher(IReadOnlyList<AmqpTcpEndpoint> endpoints, int window, Action<string>? log = null)
    {
        _endpoints = endpoints;
        _window = window;
        _log = log ?? Console.WriteLine;
    }

    /// <summary>How long a window may wait for its confirms before it is published again on a new connection.</summary>
    public TimeSpan ConfirmTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>Connections opened (1 + interruptions).</summary>
    public int Connections { get; private set; }

    /// <summary>Windows that failed and were published again on a new connection.</summary>
    public int Interruptions { get; private set; }

    /// <summary>Messages published again after an interruption (an upper bound on the duplicates the publisher caused).</summary>
    public int Republished { get; private set; }

    /// <summary>Confirmed messages so far (the windows confirmed in full).</summary>
    public long Confirmed => Interlocked.Read(ref _confirmed);

    private long _confirmed;

    public Task PublishTicksAsync(string queue, int count, CancellationToken cancellationToken) => PublishTicksAsync(queue, 0, count, cancellationToken);

    /// <summary>Publishes ticks <paramref name="from"/>..<paramref name="to"/>-1 (a new connection for each call).</summary>
    public async Task PublishTicksAsync(string queue, int from, int to, CancellationToken cancellationToken)
    {
        int count = to;
        var factory = RabbitCluster.CreateFactory();
        factory.AutomaticRecoveryEnabled = false;
        IConnection? connection = null;
        IChannel? channel = null;
        try
        {
            for (int first = from; first < count;)
            {
                if (channel is not { IsOpen: true })
                {
                    await DisposeQuietlyAsync(channel, connection);
                    connection = await FudgeAmqpConnector.ConnectAsync(factory, _endpoints, 10, TimeSpan.FromMilliseconds(500), "fudge-tests-publisher", cancellationToken);
                    _log($"connected to {connection.Endpoint}");
                    channel = await connection.CreateChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true),
                        cancellationToken);
                    Connections++;
                }
                int last = Math.Min(count, first + _window);
                var publisher = new FudgePublisher(channel);
                var publishes = new List<Task>(last - first);
                try
                {
                    for (int i = first; i < last; i++)
                        publishes.Add(publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(i), cancellationToken).AsTask());
                    await Task.WhenAll(publishes).WaitAsync(ConfirmTimeout, cancellationToken);
                }
                catch (Exception e) when (!cancellationToken.IsCancellationRequested)
                {
                    _log($"window {first}..{last - 1} failed ({e.GetType().Name}: {e.Message}); publishing it again on a new connection");
                    // Some of the window may be stored, some not: publish all of it again on a new connection.
                    Republished += publishes.Count(p => p.IsCompletedSuccessfully);
                    Interruptions++;
                    await DisposeQuietlyAsync(channel, connection);
                    channel = null;
                    connection = null;
                    continue;
                }
                Interlocked.Add(ref _confirmed, last - first);
                first = last;
            }
        }
        finally
        {
            await DisposeQuietlyAsync(channel, connection);
        }
    }

    private static async Task DisposeQuietlyAsync(IChannel? channel, IConnection? connection)
    {
        try
        {
            if (channel is not null) await channel.DisposeAsync();
        }
        catch (Exception)
        {
        }
        try
        {
            if (connection is not null) await connection.DisposeAsync();
        }
        catch (Exception)
        {
        }
    }
}
