using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>Connecting to an endpoint list, and a consumer that carries on across a lost connection, on the single broker.</summary>
[Collection(BrokerCollection.Name)]
public class RecoveringConsumerTests
{
    private readonly Broker _broker;

    public RecoveringConsumerTests(Broker broker) => _broker = broker;

    [BrokerFact]
    public async Task An_endpoint_list_connects_to_the_node_that_answers()
    {
        var dead = new AmqpTcpEndpoint("127.0.0.1", 1);
        var live = new AmqpTcpEndpoint(Broker.Uri.Host, Broker.Uri.Port);

        await using var connection = await FudgeAmqpConnector.ConnectAsync(_broker.CreateFactory(), new[] { dead, live }, 1, TimeSpan.Zero);

        Assert.Equal(live.Port, connection.Endpoint.Port);
    }

    [Fact]
    public async Task An_endpoint_list_with_no_live_node_fails_naming_every_endpoint()
    {
        var factory = new ConnectionFactory { RequestedConnectionTimeout = TimeSpan.FromSeconds(2) };

        var error = await Assert.ThrowsAsync<FudgeAmqpException>(() => FudgeAmqpConnector.ConnectAsync(factory,
            new[] { new AmqpTcpEndpoint("127.0.0.1", 1), new AmqpTcpEndpoint("127.0.0.1", 2) }, 2, TimeSpan.FromMilliseconds(50)));

        Assert.Contains("127.0.0.1:1", error.Message);
        Assert.Contains("127.0.0.1:2", error.Message);
        Assert.Contains("after 2 attempt(s)", error.Message);
    }

    [BrokerFact]
    public async Task The_consumer_carries_on_after_its_connection_is_closed_and_its_late_ack_is_dropped()
    {
        string queue = await _broker.CreateQueueAsync("recovering");
        await Traffic.PublishTicksAsync(_broker, queue, 2);
        var consumer = new FudgeRecoveringConsumer(_broker.CreateFactory(), new FudgeRecoveringConsumerOptions { ConnectRetryDelay = TimeSpan.FromMilliseconds(100) });
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        var seen = new List<(long Sequence, bool Redelivered)>();

        FudgeDelivery<Tick>? unacknowledged = null;
        await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue, timeout.Token))
        {
            seen.Add((delivery.Value.Sequence, delivery.Redelivered));
            if (unacknowledged is null)
            {
                // The first delivery is held unacknowledged while the broker closes the connection under it.
                unacknowledged = delivery;
                await Broker.CloseAllConnectionsAsync("recovering consumer test");
                continue;
            }
            await delivery.AckAsync();
            if (seen.Count(s => s.Redelivered) == 2) break;   // both came again on the new connection
        }
        await unacknowledged!.AckAsync();   // its channel is gone: dropped, not sent on the new channel, no error

        Assert.Equal(2, consumer.Connections);
        Assert.Equal(new long[] { 0, 1 }, seen.Where(s => s.Redelivered).Select(s => s.Sequence).Order());
        Assert.Equal((0L, false), seen[0]);
        await Traffic.WaitUntilAsync(async () => await _broker.ReadyCountAsync(queue) == 0, TimeSpan.FromSeconds(10), "the queue is empty");
    }
}
