using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>The router's own dead letters on the cluster: with a quorum topology, its dead-letter queue is a quorum queue too.</summary>
[Collection(BrokerCollection.Name)]
[Trait("Category", "Cluster")]
public class ClusterRouterDeadLetterTests
{
    [ClusterFact]
    public async Task The_router_dead_letters_malformed_and_unroutable_messages_into_a_quorum_queue()
    {
        string id = Guid.NewGuid().ToString("N")[..8];
        string input = $"fudge-cluster.dl-in.{id}", output = $"fudge-cluster.dl-out.{id}";
        var topology = new FudgeAmqpTopology(AmqpQueueType.Quorum).Queue(input).Queue(output);
        // Kind 1 to the output; kind 2 to a queue nobody declared: returned by the broker, so dead-lettered.
        var selector = new FieldValueRouteSelector(ordinal: 1)
            .Route(1, AmqpDestination.Queue(output))
            .Route(2, AmqpDestination.Queue($"fudge-cluster.nowhere.{id}"));
        await using var connection = await FudgeAmqpConnector.ConnectAsync(RabbitCluster.CreateFactory(), RabbitCluster.Endpoints, 5, TimeSpan.FromSeconds(1));
        try
        {
            await using (var channel = await connection.CreateChannelAsync(new CreateChannelOptions(true, true)))
            {
                await topology.DeclareAsync(channel);
                var publisher = new FudgePublisher(channel);
                await publisher.PublishAsync(AmqpDestination.Queue(input), Tick.Number(0));   // kind 1 (every fifth tick is a trade)
                await channel.BasicPublishAsync("", input, true, new BasicProperties(), Encoding.ASCII.GetBytes("not fudge"));
                await publisher.PublishAsync(AmqpDestination.Queue(input), Tick.Number(1));   // kind 2
            }

            var router = new FudgeAmqpRouter(RabbitCluster.CreateFactory(), new FudgeAmqpRouterOptions(input, selector)
            {
                Endpoints = RabbitCluster.Endpoints,
                Topology = topology,
            });
            using var stop = new CancellationTokenSource();
            var routing = router.RunAsync(stop.Token);
            var clock = Stopwatch.StartNew();
            while (router.Counters.Routed + router.Counters.DeadLettered < 3 && clock.Elapsed < TimeSpan.FromSeconds(30) && !routing.IsCompleted)
                await Task.Delay(20);
            stop.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
            Assert.Equal(1, router.Counters.Routed);
            Assert.Equal(2, router.Counters.DeadLettered);

            // The dead-letter queue is a quorum queue: a classic declaration of it is refused.
            await using (var classic = await connection.CreateChannelAsync())
            {
                var refused = await Assert.ThrowsAsync<OperationInterruptedException>(() => classic.QueueDeclareAsync(input + ".dead-letter", true, false, false));
                Assert.Equal(406, refused.ShutdownReason!.ReplyCode);
            }
            var reasons = new List<string>();
            await using (var channel = await connection.CreateChannelAsync())
            {
                for (int i = 0; i < 2; i++)
                {
                    var got = await channel.BasicGetAsync(input + ".dead-letter", autoAck: true);
                    Assert.NotNull(got);
                    var headers = got!.BasicProperties.Headers!;
                    Assert.Equal(input, Encoding.UTF8.GetString((byte[])headers[FudgeAmqpHeaders.DeadLetterQueue]!));
                    reasons.Add(Encoding.UTF8.GetString((byte[])headers[FudgeAmqpHeaders.DeadLetterReason]!));
                }
            }
            Assert.Contains(reasons, r => r.StartsWith("Invalid Fudge data", StringComparison.Ordinal));
            Assert.Contains(reasons, r => r.StartsWith("no queue receives", StringComparison.Ordinal));
        }
        finally
        {
            await using var cleanup = await connection.CreateChannelAsync();
            foreach (string queue in topology.Queues)
            {
                await cleanup.QueueDeleteAsync(queue);
                await cleanup.QueueDeleteAsync(queue + ".dead-letter");
            }
        }
    }
}
