using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// Publishes ticks with the library's <see cref="FudgeRecoveringPublisher"/> the way an application does it: a window
/// of publishes in flight, each completing once confirmed; those in flight when a node dies are made again on a new
/// connection (another node). A message is known to be stored only when confirmed, so none is lost; what is repeated
/// is at most the window per interruption.
/// </summary>
public sealed class RecoveringPublisher
{
    private readonly FudgeRecoveringPublisher _publisher;
    private readonly int _window;
    private long _confirmed;

    public RecoveringPublisher(IReadOnlyList<AmqpTcpEndpoint> endpoints, int window, Action<string>? log = null)
    {
        _window = window;
        _publisher = new FudgeRecoveringPublisher(RabbitCluster.CreateFactory(), new FudgeRecoveringPublisherOptions
        {
            Endpoints = endpoints,
            MaxConnectAttempts = 10,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(500),
            ConfirmTimeout = TimeSpan.FromSeconds(30),
            Log = log ?? Console.WriteLine,
        });
    }

    /// <summary>Connections opened (1 + interruptions).</summary>
    public int Connections => (int)_publisher.Connections;

    /// <summary>Connections given up after a failed or unconfirmed publish.</summary>
    public int Interruptions => (int)_publisher.Interruptions;

    /// <summary>Publishes made again on a new connection (an upper bound on the duplicates the publisher caused).</summary>
    public int Republished => (int)_publisher.Retries;

    /// <summary>Confirmed messages so far.</summary>
    public long Confirmed => Interlocked.Read(ref _confirmed);

    /// <summary>Publishes ticks <paramref name="from"/>..<paramref name="to"/>-1, a window of them in flight.</summary>
    public async Task PublishTicksAsync(string queue, int from, int to, CancellationToken cancellationToken)
    {
        var window = new Queue<Task>();
        for (int i = from; i < to; i++)
        {
            window.Enqueue(ConfirmedAsync(_publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(i), cancellationToken)));
            if (window.Count >= _window) await window.Dequeue();
        }
        await Task.WhenAll(window);
    }

    private async Task ConfirmedAsync(Task publish)
    {
        await publish;
        Interlocked.Increment(ref _confirmed);
    }
}
