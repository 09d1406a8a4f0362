using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.RabbitMQ.Tests;

/// <summary>
/// The three-node cluster of .ci/rabbitmq-cluster.sh under fire: ticks published with confirms into a quorum queue
/// while a router (content selector: trades to two queues, everything to the output) and a consumer of the output run,
/// each connected to the cluster's endpoint list. The node the router is connected to is killed (kill -9) and, once the
/// router routes again from another node, restarted; then the same with the consumer's node. Every tick must reach
/// the consumer at least once (none lost), duplicates are counted and bounded by what was in flight at each
/// interruption, and each recovery is timed. FUDGE_AMQP_CLUSTER_FAULT_MESSAGES sets the size (default 20,000, about
/// half a minute; the full run is 1,000,000).
/// </summary>
[Collection(BrokerCollection.Name)]
[Trait("Category", "Cluster")]
public class ClusterFaultTests
{
    private const ushort RouterPrefetch = 200;
    private const ushort ConsumerPrefetch = 200;
    private const int PublishWindow = 500;
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    private static int Messages => int.TryParse(Environment.GetEnvironmentVariable("FUDGE_AMQP_CLUSTER_FAULT_MESSAGES"), out int n) ? n : 20_000;

    private readonly ITestOutputHelper _output;

    public ClusterFaultTests(ITestOutputHelper output) => _output = output;

    /// <summary>The router's node killed and restarted; the consumer is on the other nodes.</summary>
    [ClusterFact]
    public Task Killing_the_routers_node_loses_nothing() => RunAsync(killConsumersNode: false);

    /// <summary>
    /// Then the consumer's node as well. Known failing, hence skipped: when the consumer's own node dies, the
    /// <see cref="FudgeRecoveringConsumer"/> sees its connection close ("Connection close forced") but its enumeration
    /// does not resume (it resumes when the node it shares with the router dies). Run it with
    /// <c>--filter Killing_the_routers_node_then_the_consumers_node_loses_nothing</c> after removing the Skip.
    /// </summary>
    [ClusterFact(Skip = "known issue: FudgeRecoveringConsumer does not resume when its own node is killed (docs/rabbitmq.md, On a cluster)")]
    public Task Killing_the_routers_node_then_the_consumers_node_loses_nothing() => RunAsync(killConsumersNode: true);

    private async Task RunAsync(bool killConsumersNode)
    {
        int total = Messages;
        string id = Guid.NewGuid().ToString("N")[..8];
        string input = $"fudge-cluster.in.{id}", output = $"fudge-cluster.out.{id}", audit = $"fudge-cluster.audit.{id}";
        var topology = new FudgeAmqpTopology(AmqpQueueType.Quorum).Queue(input).Queue(output).Queue(audit);
        await DeclareAsync(topology);
        var selector = new FieldValueRouteSelector(ordinal: 1)
            .Route(1, AmqpDestination.Queue(output), AmqpDestination.Queue(audit))
            .Route(2, AmqpDestination.Queue(output));
        var router = new FudgeAmqpRouter(RabbitCluster.CreateFactory(), new FudgeAmqpRouterOptions(input, selector)
        {
            Endpoints = RabbitCluster.Endpoints,
            Topology = topology,
            PrefetchCount = RouterPrefetch,
            MaxConnectAttempts = 10,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(500),
            Log = line => Console.WriteLine("router: " + line),
        });
        var clock = Stopwatch.StartNew();
        using var stop = new CancellationTokenSource(TimeSpan.FromMinutes(Math.Max(5, total / 5_000)));
        var routing = router.RunAsync(stop.Token);
        await WaitUntilAsync(() => router.ConnectedEndpoint is not null, "the router has connected", routing);
        int firstRouterNode = RabbitCluster.NodeOf(router.ConnectedEndpoint);
        var consumer = new FudgeRecoveringConsumer(RabbitCluster.CreateFactory(), new FudgeRecoveringConsumerOptions
        {
            // Only the consumer's own node kill is under test in the second test: keep it off the router's node here.
            Endpoints = killConsumersNode ? RabbitCluster.Endpoints
                : RabbitCluster.Endpoints.Where(e => RabbitCluster.NodeOf(e) != firstRouterNode).ToArray(),
            Topology = topology,
            Consumer = { PrefetchCount = ConsumerPrefetch },
            MaxConnectAttempts = 10,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(500),
            Log = line => Console.WriteLine("consumer: " + line),
        });
        var publisher = new RecoveringPublisher(RabbitCluster.Endpoints, PublishWindow);
        var delivered = new ConcurrentDictionary<long, int>();
        long deliveries = 0;
        int? killed = null;
        var consuming = Task.Run(async () =>
        {
            try
            {
                await foreach (var delivery in consumer.ConsumeAsync<Tick>(output, stop.Token))
                {
                    delivered.AddOrUpdate(delivery.Value.Sequence, 1, (_, n) => n + 1);
                    Interlocked.Increment(ref deliveries);
                    await delivery.AckAsync();
                    if (delivered.Count == total) return;
                }
            }
            catch (Exception e) when (!stop.IsCancellationRequested)
            {
                Console.WriteLine($"consumer: failed: {e}");
                throw;
            }
        });
        var publishing = publisher.PublishTicksAsync(input, total, stop.Token);
        try
        {
            // 1. The router's node.
            await WaitUntilAsync(() => delivered.Count >= total / 4, "a quarter of the ticks reached the consumer", routing, consuming, publishing);
            int routerNode = RabbitCluster.NodeOf(router.ConnectedEndpoint);
            long routerConnections = router.Counters.Connections;
            killed = routerNode;
            var kill = Stopwatch.StartNew();
            RabbitCluster.Kill(routerNode);
            await WaitUntilAsync(() => router.Counters.Connections > routerConnections, "the router has reconnected", routing, consuming, publishing);
            long routedOnReconnect = router.Counters.Routed;
            await WaitUntilAsync(() => router.Counters.Routed > routedOnReconnect, "the router routes again", routing, consuming, publishing);
            var routerRecovery = kill.Elapsed;
            _output.WriteLine($"killed node {routerNode} (the router's) after {delivered.Count} ticks consumed; the router routed again " +
                $"{routerRecovery.TotalSeconds:F2} s later from node {RabbitCluster.NodeOf(router.ConnectedEndpoint)}");
            await RabbitCluster.RestartAsync(routerNode, Patience);
            killed = null;
            _output.WriteLine($"node {routerNode} back {kill.Elapsed.TotalSeconds:F1} s after its kill");

            // 2. The consumer's node (wherever the consumer is now).
            var consumerRecovery = TimeSpan.Zero;
            if (killConsumersNode)
            {
                await WaitUntilAsync(() => delivered.Count >= total / 2, "half of the ticks reached the consumer", routing, consuming, publishing);
                int consumerNode = RabbitCluster.NodeOf(consumer.ConnectedEndpoint);
                long consumerConnections = consumer.Connections;
                killed = consumerNode;
                kill.Restart();
                RabbitCluster.Kill(consumerNode);
                await WaitUntilAsync(() => consumer.Connections > consumerConnections, "the consumer has reconnected", routing, consuming, publishing);
                long deliveriesOnReconnect = Interlocked.Read(ref deliveries);
                await WaitUntilAsync(() => Interlocked.Read(ref deliveries) > deliveriesOnReconnect || delivered.Count == total,
                    "the consumer receives again", routing, consuming, publishing);
                consumerRecovery = kill.Elapsed;
                _output.WriteLine($"killed node {consumerNode} (the consumer's) after {delivered.Count} ticks consumed; the consumer received again " +
                    $"{consumerRecovery.TotalSeconds:F2} s later from node {RabbitCluster.NodeOf(consumer.ConnectedEndpoint)}");
                await RabbitCluster.RestartAsync(consumerNode, Patience);
                killed = null;
                _output.WriteLine($"node {consumerNode} back {kill.Elapsed.TotalSeconds:F1} s after its kill");
            }

            await publishing;
            await consuming;
            var elapsed = clock.Elapsed;
            var audited = await DrainAsync(audit, topology, (total + 4) / 5, stop.Token);

            int duplicates = delivered.Values.Sum() - delivered.Count;
            int bound = (publisher.Connections - 1) * PublishWindow + (int)(router.Counters.Connections - 1) * RouterPrefetch
                        + (int)(consumer.Connections - 1) * ConsumerPrefetch;
            _output.WriteLine($"{total} ticks published with confirms ({publisher.Connections} publisher connections, {publisher.Republished} republished), " +
                $"routed ({router.Counters.Connections} router connections) and consumed ({consumer.Connections} consumer connections) in {elapsed.TotalSeconds:F1} s; " +
                $"{delivered.Count} distinct delivered, {duplicates} duplicates (bound {bound}); audit queue {audited.Count} distinct trades; " +
                $"recovery: router {routerRecovery.TotalSeconds:F2} s, consumer {consumerRecovery.TotalSeconds:F2} s");

            var missing = Enumerable.Range(0, total).Where(i => !delivered.ContainsKey(i)).ToList();
            Assert.True(missing.Count == 0, $"{missing.Count} ticks never reached the consumer, first {string.Join(", ", missing.Take(5))}");
            Assert.Equal(total, delivered.Count);                                            // and nothing else
            Assert.InRange(duplicates, 0, bound);
            Assert.Equal(Enumerable.Range(0, total).Where(i => i % 5 == 0).Select(i => (long)i), audited.OrderBy(s => s));
            Assert.True(routerRecovery < Patience && consumerRecovery < Patience);
        }
        finally
        {
            stop.Cancel();
            await Task.WhenAll(routing, consuming, publishing).ContinueWith(_ => { });
            if (killed is int node && !RabbitCluster.Answers(node)) await RabbitCluster.RestartAsync(node, Patience);
            await DeleteAsync(topology);
        }
    }

    /// <summary>Waits for <paramref name="condition"/>, failing at once if a participant has failed meanwhile.</summary>
    private static async Task WaitUntilAsync(Func<bool> condition, string what, params Task[] participants)
    {
        var deadline = DateTime.UtcNow + Patience;
        while (!condition())
        {
            if (participants.FirstOrDefault(t => t.IsFaulted || t.IsCanceled) is { } failed) await failed;   // rethrows its exception
            if (DateTime.UtcNow > deadline) throw new TimeoutException($"gave up after {Patience.TotalSeconds:0} s waiting until {what}");
            await Task.Delay(20);
        }
    }

    private static async Task DeclareAsync(FudgeAmqpTopology topology)
    {
        await using var connection = await FudgeAmqpConnector.ConnectAsync(RabbitCluster.CreateFactory(), RabbitCluster.Endpoints, 5, TimeSpan.FromSeconds(1));
        await using var channel = await connection.CreateChannelAsync();
        await topology.DeclareAsync(channel);
    }

    private static async Task DeleteAsync(FudgeAmqpTopology topology)
    {
        await using var connection = await FudgeAmqpConnector.ConnectAsync(RabbitCluster.CreateFactory(), RabbitCluster.Endpoints, 5, TimeSpan.FromSeconds(1));
        await using var channel = await connection.CreateChannelAsync();
        foreach (string queue in topology.Queues)
        {
            await channel.QueueDeleteAsync(queue);
            await channel.QueueDeleteAsync(queue + ".dead-letter");
        }
    }

    /// <summary>The distinct tick sequences of <paramref name="queue"/>, read until <paramref name="expected"/> distinct ones have come.</summary>
    private static async Task<System.Collections.Generic.HashSet<long>> DrainAsync(string queue, FudgeAmqpTopology topology, int expected, CancellationToken cancellationToken)
    {
        var seen = new System.Collections.Generic.HashSet<long>();
        var consumer = new FudgeRecoveringConsumer(RabbitCluster.CreateFactory(), new FudgeRecoveringConsumerOptions { Endpoints = RabbitCluster.Endpoints, Topology = topology });
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(Patience);
        await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue, timeout.Token))
        {
            seen.Add(delivery.Value.Sequence);
            await delivery.AckAsync();
            if (seen.Count >= expected) break;
        }
        return seen;
    }
}
