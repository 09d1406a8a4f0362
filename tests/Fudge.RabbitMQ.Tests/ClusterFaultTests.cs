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
/// each connected to the cluster's endpoint list. Every tick must reach the consumer at least once (none lost),
/// duplicates are counted and bounded by what was in flight at each interruption, and each recovery is timed.
/// FUDGE_AMQP_CLUSTER_FAULT_MESSAGES sets the size (default 4,000, a few seconds of traffic between the faults; the
/// full run is 1,000,000).
/// </summary>
[Collection(BrokerCollection.Name)]
[Trait("Category", "Cluster")]
public class ClusterFaultTests
{
    private const ushort RouterPrefetch = 200;
    private const ushort ConsumerPrefetch = 200;
    private const int PublishWindow = 500;
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(90);

    private static int Messages => int.TryParse(Environment.GetEnvironmentVariable("FUDGE_AMQP_CLUSTER_FAULT_MESSAGES"), out int n) ? n : 4_000;

    private readonly ITestOutputHelper _output;

    public ClusterFaultTests(ITestOutputHelper output) => _output = output;

    /// <summary>
    /// kill -9 of the node the router is connected to; once the router routes again from another node, that node is
    /// restarted (a majority of each quorum queue's replicas must run before the next kill); then kill -9 of the node
    /// the consumer is connected to, and its restart.
    /// </summary>
    [ClusterFact]
    public Task Killing_the_routers_node_then_the_consumers_node_loses_nothing() => RunAsync(Fault.Kill);

    /// <summary>
    /// The partition as the consumer sees it: its node stops serving (<c>rabbitmqctl stop_app</c>: listeners and client
    /// connections closed, its quorum queue replicas gone from the majority) while its Erlang VM runs, then serves
    /// again (<c>start_app</c>).
    /// </summary>
    [ClusterFact]
    public Task Stopping_the_consumers_node_then_starting_it_again_loses_nothing() => RunAsync(Fault.StopApp);

    private enum Fault
    {
        Kill,
        StopApp,
    }

    private async Task RunAsync(Fault fault)
    {
        int total = Messages;
        string id = Guid.NewGuid().ToString("N")[..8];
        string input = $"fudge-cluster.in.{id}", output = $"fudge-cluster.out.{id}", audit = $"fudge-cluster.audit.{id}";
        var topology = new FudgeAmqpTopology(AmqpQueueType.Quorum).Queue(input).Queue(output).Queue(audit);
        var log = new ConcurrentQueue<string>();
        var clock = Stopwatch.StartNew();
        void Log(string line) => log.Enqueue($"{clock.Elapsed.TotalSeconds,7:F2} s {line}");
        await DeclareAsync(topology);
        // The brokers' side of every stall in the log: each queue's leader and members' indexes, alarms, memory.
        await using var monitor = new ClusterMonitor(
            new System.Collections.Generic.Dictionary<string, string> { ["input"] = input, ["output"] = output, ["audit"] = audit },
            line => Log(line), TimeSpan.FromSeconds(5));
        var selector = new FieldValueRouteSelector(ordinal: 1)
            .Route(1, AmqpDestination.Queue(output), AmqpDestination.Queue(audit))
            .Route(2, AmqpDestination.Queue(output));
        var router = new FudgeAmqpRouter(RabbitCluster.CreateFactory(), new FudgeAmqpRouterOptions(input, selector)
        {
            Endpoints = RabbitCluster.Endpoints,
            Topology = topology,
            PrefetchCount = RouterPrefetch,
            // A confirm that has not come 15 s after a node's loss is taken for a channel that will not recover.
            ConfirmTimeout = TimeSpan.FromSeconds(15),
            MaxConnectAttempts = 10,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(500),
            Log = line => Log("router: " + line),
        });
        using var stop = new CancellationTokenSource(TimeSpan.FromMinutes(Math.Max(5, total / 5_000)));
        var routing = router.RunAsync(stop.Token);
        var consumer = new FudgeRecoveringConsumer(RabbitCluster.CreateFactory(), new FudgeRecoveringConsumerOptions
        {
            Endpoints = RabbitCluster.Endpoints,
            Topology = topology,
            Consumer = { PrefetchCount = ConsumerPrefetch },
            MaxConnectAttempts = 10,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(500),
            Log = line => Log("consumer: " + line),
        });
        var publisher = new RecoveringPublisher(RabbitCluster.Endpoints, PublishWindow, line => Log("publisher: " + line));
        var delivered = new ConcurrentDictionary<long, int>();
        long deliveries = 0;
        string Progress() => $"{publisher.Confirmed} confirmed ({publisher.Connections} publisher connections), {router.Counters.Routed} routed " +
            $"({router.Counters.Connections} router connections, on {router.ConnectedEndpoint}), {delivered.Count} distinct of {Interlocked.Read(ref deliveries)} consumed " +
            $"({consumer.Connections} consumer connections, on {consumer.ConnectedEndpoint})";
        long Moved() => publisher.Confirmed + router.Counters.Routed + Interlocked.Read(ref deliveries);
        async Task WaitUntilAsync(Func<bool> condition, string what, params Task[] participants)
        {
            // Patience is for a stall, not for the whole wait: at 1,000,000 ticks the router alone needs minutes between
            // two faults, so the clock starts again whenever any tick moves on (confirmed, routed or consumed).
            var deadline = DateTime.UtcNow + Patience;
            long moved = Moved();
            while (!condition())
            {
                if (participants.FirstOrDefault(t => t.IsFaulted || t.IsCanceled) is { } failed) await failed;   // rethrows its exception
                if (Moved() is var now && now != moved) (moved, deadline) = (now, DateTime.UtcNow + Patience);
                if (DateTime.UtcNow > deadline) throw new TimeoutException($"gave up after {Patience.TotalSeconds:0} s without progress waiting until {what}: {Progress()}");
                await Task.Delay(20);
            }
        }

        Task? restarting = null;
        int? down = null;
        // The consumer runs until the end of the test (not until it has every tick), so that it is consuming when its
        // node fails, however fast the ticks went through.
        using var consumed = CancellationTokenSource.CreateLinkedTokenSource(stop.Token);
        var consuming = Task.Run(async () =>
        {
            try
            {
                await foreach (var delivery in consumer.ConsumeAsync<Tick>(output, consumed.Token))
                {
                    delivered.AddOrUpdate(delivery.Value.Sequence, 1, (_, n) => n + 1);
                    Interlocked.Increment(ref deliveries);
                    await delivery.AckAsync();
                }
            }
            catch (OperationCanceledException) when (consumed.IsCancellationRequested && !stop.IsCancellationRequested)
            {
                // The test has every tick.
            }
        });
        // With two faults, the ticks go in two halves, the second once the first fault is over, so that both faults
        // strike while ticks flow.
        int firstHalf = fault == Fault.Kill ? total / 2 : total;
        var publishing = publisher.PublishTicksAsync(input, 0, firstHalf, stop.Token);
        var participants = new[] { routing, consuming, publishing };
        TimeSpan routerRecovery = TimeSpan.Zero, consumerRecovery = TimeSpan.Zero;
        try
        {
            await WaitUntilAsync(() => router.ConnectedEndpoint is not null && consumer.ConnectedEndpoint is not null, "both have connected", participants);
            if (fault == Fault.Kill)
            {
                // 1. The router's node.
                await WaitUntilAsync(() => delivered.Count >= total / 8, "an eighth of the ticks reached the consumer", participants);
                int routerNode = RabbitCluster.NodeOf(router.ConnectedEndpoint);
                down = routerNode;
                Log($"killing node {routerNode} (the router's; the consumer is on node {RabbitCluster.NodeOf(consumer.ConnectedEndpoint)}): {Progress()}");
                (routerRecovery, var alsoConsumer) = await FailAsync(routerNode, () => RabbitCluster.Kill(routerNode));
                if (alsoConsumer > consumerRecovery) consumerRecovery = alsoConsumer;
                restarting = RabbitCluster.RestartAsync(routerNode, Patience);
                await restarting;   // a majority of each queue's replicas again before the next kill
                down = null;
                Log($"node {routerNode} back");

                // 2. The consumer's node, wherever the consumer is now, while the second half flows.
                await publishing;
                publishing = publisher.PublishTicksAsync(input, firstHalf, total, stop.Token);
                participants[2] = publishing;
                await WaitUntilAsync(() => delivered.Count >= firstHalf + total / 8, "the second half reaches the consumer", participants);
                int consumerNode = RabbitCluster.NodeOf(consumer.ConnectedEndpoint);
                down = consumerNode;
                Log($"killing node {consumerNode} (the consumer's; the router is on node {RabbitCluster.NodeOf(router.ConnectedEndpoint)}): {Progress()}");
                var (routerAgain, consumerAgain) = await FailAsync(consumerNode, () => RabbitCluster.Kill(consumerNode));
                if (routerAgain > routerRecovery) routerRecovery = routerAgain;
                if (consumerAgain > consumerRecovery) consumerRecovery = consumerAgain;
                // The node starts while the rest of the ticks flow; the test waits for it at the end.
                restarting = RabbitCluster.RestartAsync(consumerNode, Patience);
            }
            else
            {
                await WaitUntilAsync(() => delivered.Count >= total / 3, "a third of the ticks reached the consumer", participants);
                int consumerNode = RabbitCluster.NodeOf(consumer.ConnectedEndpoint);
                down = consumerNode;
                Log($"stopping the application of node {consumerNode} (the consumer's; the router is on node {RabbitCluster.NodeOf(router.ConnectedEndpoint)}): {Progress()}");
                (routerRecovery, consumerRecovery) = await FailAsync(consumerNode, () => RabbitCluster.StopApp(consumerNode));
                restarting = RabbitCluster.StartAppAsync(consumerNode, Patience);
            }

            await publishing;
            await WaitUntilAsync(() => delivered.Count == total, "every tick reached the consumer", participants);
            var elapsed = clock.Elapsed;
            consumed.Cancel();
            await consuming;
            await restarting;
            down = null;
            Log($"every tick consumed; node back: {Progress()}");
            var audited = await DrainAsync(audit, topology, (total + 4) / 5, stop.Token);

            int duplicates = delivered.Values.Sum() - delivered.Count;
            int bound = publisher.Interruptions * PublishWindow + (int)(router.Counters.Connections - 1) * RouterPrefetch
                        + (int)(consumer.Connections - 1) * ConsumerPrefetch;
            _output.WriteLine($"{fault}: {total} ticks published with confirms ({publisher.Interruptions} publisher connections given up, {publisher.Republished} publishes made again; FudgeRecoveringPublisher), " +
                $"routed ({router.Counters.Connections} router connections) and consumed ({consumer.Connections} consumer connections) in {elapsed.TotalSeconds:F1} s; " +
                $"{delivered.Count} distinct delivered, {duplicates} duplicates (bound {bound}); audit queue {audited.Count} distinct trades; " +
                $"recovery (longest after a fault; 0: not on the failed node): router {routerRecovery.TotalSeconds:F2} s, consumer {consumerRecovery.TotalSeconds:F2} s");

            var missing = Enumerable.Range(0, total).Where(i => !delivered.ContainsKey(i)).ToList();
            Assert.True(missing.Count == 0, $"{missing.Count} ticks never reached the consumer, first {string.Join(", ", missing.Take(5))}");
            Assert.Equal(total, delivered.Count);                                            // and nothing else
            Assert.InRange(duplicates, 0, bound);
            Assert.Equal(Enumerable.Range(0, total).Where(i => i % 5 == 0).Select(i => (long)i), audited.OrderBy(s => s));
        }
        finally
        {
            stop.Cancel();
            await Task.WhenAll(routing, consuming, publishing).ContinueWith(_ => { });
            if (restarting is not null) await restarting.ContinueWith(_ => { });
            if (down is int node && !RabbitCluster.Answers(node))
            {
                if (fault == Fault.Kill) await RabbitCluster.RestartAsync(node, Patience);
                else await RabbitCluster.StartAppAsync(node, Patience);
            }
            await DeleteAsync(topology);
            foreach (string line in log) _output.WriteLine(line);
        }

        // Fails the node, then times how long the router and the consumer, each if it was on that node, take to work
        // again from another one (the router routing, the consumer receiving).
        async Task<(TimeSpan Router, TimeSpan Consumer)> FailAsync(int node, Action fail)
        {
            bool routerThere = RabbitCluster.NodeOf(router.ConnectedEndpoint) == node, consumerThere = RabbitCluster.NodeOf(consumer.ConnectedEndpoint) == node;
            long routerConnections = router.Counters.Connections, consumerConnections = consumer.Connections;
            var since = Stopwatch.StartNew();
            fail();
            Log($"node {node} failed (the action took {since.Elapsed.TotalSeconds:F2} s)");
            var routerBack = Task.Run(async () =>
            {
                if (!routerThere) return TimeSpan.Zero;
                await WaitUntilAsync(() => router.Counters.Connections > routerConnections, "the router has reconnected", participants);
                long routed = router.Counters.Routed;
                await WaitUntilAsync(() => router.Counters.Routed > routed || router.Counters.Routed >= publisher.Confirmed,
                    "the router routes again (or has nothing left to route)", participants);
                Log($"router routes again from {router.ConnectedEndpoint}");
                return since.Elapsed;
            });
            var consumerBack = Task.Run(async () =>
            {
                if (!consumerThere) return TimeSpan.Zero;
                await WaitUntilAsync(() => consumer.Connections > consumerConnections, "the consumer has reconnected", participants);
                long received = Interlocked.Read(ref deliveries);
                await WaitUntilAsync(() => Interlocked.Read(ref deliveries) > received || delivered.Count == total, "the consumer receives again", participants);
                Log($"consumer receives again from {consumer.ConnectedEndpoint}");
                return since.Elapsed;
            });
            return (await routerBack, await consumerBack);
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
        timeout.CancelAfter(Patience + TimeSpan.FromSeconds(expected / 1_000.0));   // 1,000,000 ticks: 200,000 trades to read
        await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue, timeout.Token))
        {
            seen.Add(delivery.Value.Sequence);
            await delivery.AckAsync();
            if (seen.Count >= expected) break;
        }
        return seen;
    }
}
