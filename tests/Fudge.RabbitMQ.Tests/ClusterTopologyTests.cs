using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>Quorum queues declared by <see cref="FudgeAmqpTopology"/> on the three-node cluster, and their dead letters.</summary>
[Collection(BrokerCollection.Name)]
[Trait("Category", "Cluster")]
public class ClusterTopologyTests
{
    [ClusterFact]
    public async Task Quorum_queues_dead_letter_malformed_and_rejected_messages()
    {
        string queue = $"fudge-cluster.topology.{Guid.NewGuid():N}";
        var topology = new FudgeAmqpTopology(AmqpQueueType.Quorum).Queue(queue);
        await using var connection = await FudgeAmqpConnector.ConnectAsync(RabbitCluster.CreateFactory(), RabbitCluster.Endpoints, 5, TimeSpan.FromSeconds(1));
        try
        {
            await using (var channel = await connection.CreateChannelAsync(new CreateChannelOptions(true, true)))
            {
                await topology.DeclareAsync(channel);
                await topology.DeclareAsync(channel);   // again, as on every reconnection: no change, no error
                var publisher = new FudgePublisher(channel);
                await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(1));
                await channel.BasicPublishAsync("", queue, true, new BasicProperties(), Encoding.ASCII.GetBytes("not fudge"));
                await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(2));
            }

            // A classic declaration of the same name is refused: the queue is a quorum queue.
            await using (var classic = await connection.CreateChannelAsync())
            {
                var refused = await Assert.ThrowsAsync<OperationInterruptedException>(() => classic.QueueDeclareAsync(queue, true, false, false));
                Assert.Equal(406, refused.ShutdownReason!.ReplyCode);
            }

            var consumer = new FudgeRecoveringConsumer(RabbitCluster.CreateFactory(),
                new FudgeRecoveringConsumerOptions { Endpoints = RabbitCluster.Endpoints, Topology = topology });
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue, timeout.Token))
            {
                if (delivery.Value.Sequence == 1)
                {
                    await delivery.RejectAsync(requeue: false);   // the queue's own dead-lettering
                    continue;
                }
                await delivery.AckAsync();
                break;
            }

            var deadLetters = await ReadAsync(connection, queue + ".dead-letter", 2);
            var malformed = Assert.Single(deadLetters, d => d.Headers.ContainsKey(FudgeAmqpHeaders.DeadLetterReason));
            Assert.Equal("not fudge", Encoding.ASCII.GetString(malformed.Body));
            var rejected = Assert.Single(deadLetters, d => d.Headers.ContainsKey("x-death"));
            Assert.Equal(1, Fudge.Serialization.FudgeSerializer.Deserialize<Tick>(rejected.Body).Sequence);
        }
        finally
        {
            await using var cleanup = await connection.CreateChannelAsync();
            await cleanup.QueueDeleteAsync(queue);
            await cleanup.QueueDeleteAsync(queue + ".dead-letter");
        }
    }

    private static async Task<List<(byte[] Body, IDictionary<string, object?> Headers)>> ReadAsync(IConnection connection, string queue, int count)
    {
        var messages = new List<(byte[], IDictionary<string, object?>)>();
        await using var channel = await connection.CreateChannelAsync();
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(20);
        while (messages.Count < count && DateTime.UtcNow < deadline)
        {
            var got = await channel.BasicGetAsync(queue, autoAck: true);
            if (got is null)
            {
                await Task.Delay(100);
                continue;
            }
            messages.Add((got.Body.ToArray(), got.BasicProperties.Headers ?? new Dictionary<string, object?>()));
        }
        Assert.Equal(count, messages.Count);
        return messages;
    }
}
