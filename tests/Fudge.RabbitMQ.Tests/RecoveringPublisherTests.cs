using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>A publisher that keeps its confirms exact across a lost connection, on the single broker.</summary>
[Collection(BrokerCollection.Name)]
public class RecoveringPublisherTests
{
    private const int Window = 100;
    private readonly Broker _broker;

    public RecoveringPublisherTests(Broker broker) => _broker = broker;

    [BrokerFact]
    public async Task Publishes_in_flight_when_the_connection_is_closed_are_made_again_and_none_is_lost()
    {
        string queue = await _broker.CreateQueueAsync("recovering-publisher");
        await using var publisher = new FudgeRecoveringPublisher(_broker.CreateFactory(), new FudgeRecoveringPublisherOptions
        {
            ConnectRetryDelay = TimeSpan.FromMilliseconds(100),
        });
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var window = new Queue<Task>();
        int published = 0, confirmedAtClose = -1;
        Task? closing = null;
        // Ticks go out, a window in flight, until the broker has closed the connection under them and 500 more are confirmed.
        while (publisher.Connections < 2 || published < confirmedAtClose + 500)
        {
            window.Enqueue(publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(published++), timeout.Token));
            if (window.Count >= Window) await window.Dequeue();
            if (published == 500) (closing, confirmedAtClose) = (Broker.CloseAllConnectionsAsync("recovering publisher test"), published);
            Assert.True(published < 200_000, "the connection was never closed");
        }
        await Task.WhenAll(window);
        await closing!;

        var counts = await Traffic.DrainSequencesAsync(_broker, queue);
        Assert.Equal(Enumerable.Range(0, published).Select(i => (long)i), counts.Keys.Order());   // every publish confirmed is there
        int duplicates = counts.Values.Sum() - counts.Count;
        Assert.InRange(duplicates, 0, (int)publisher.Retries);                                 // what was repeated, at most
        Assert.True(publisher.Retries <= Window, $"{publisher.Retries} publishes made again; at most the window ({Window}) was in flight");
        Assert.Equal(2, publisher.Connections);
        Assert.Equal(1, publisher.Interruptions);
    }

    [BrokerFact]
    public async Task A_message_no_queue_receives_fails_at_once_and_is_not_retried()
    {
        await using var publisher = new FudgeRecoveringPublisher(_broker.CreateFactory());

        var returned = await Assert.ThrowsAsync<PublishException>(() =>
            publisher.PublishAsync(AmqpDestination.Queue($"fudge-test.nowhere.{Guid.NewGuid():N}"), Tick.Number(1)));

        Assert.True(returned.IsReturn);
        Assert.Equal(0, publisher.Retries);
        Assert.Equal(1, publisher.Connections);
    }
}
