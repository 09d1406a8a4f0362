using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>
/// Routers competing on one input queue (the <c>scale</c> verb): for 1, 2 and 4 router instances, on the single
/// broker and on the three-node cluster, with classic and quorum queues, the messages routed per second from a full
/// input queue (content selector, trades and levels to two queues), median of the repeats, in one table.
/// Each router has its own connection; on the cluster each gets the endpoint list, so the client spreads them over the
/// nodes. Needs the broker of .ci/rabbitmq.sh and the cluster of .ci/rabbitmq-cluster.sh.
/// </summary>
internal static class ScaleHarness
{
    private const int PublishWindow = 1000;

    public static async Task<int> RunAsync(string[] args)
    {
        bool quick = args.Contains("--quick");
        int messages = quick ? 2_000 : int.Parse(Harness.Option(args, "--messages", "50000"), CultureInfo.InvariantCulture);
        int repeat = quick ? 1 : int.Parse(Harness.Option(args, "--repeat", "3"), CultureInfo.InvariantCulture);
        int[] routerCounts = Harness.Option(args, "--routers", "1,2,4").Split(',').Select(int.Parse).ToArray();
        string? resultsFolder = args.Contains("--results") ? Harness.Option(args, "--results", "") : null;
        var single = new Uri(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/");
        var cluster = AmqpTcpEndpoint.ParseMultiple(Environment.GetEnvironmentVariable("FUDGE_AMQP_CLUSTER") ?? "127.0.0.1:5681,127.0.0.1:5682,127.0.0.1:5683");
        var ticks = Tick.Create(messages);

        var setups = new List<(string Broker, AmqpQueueType Type, IReadOnlyList<AmqpTcpEndpoint> Endpoints)>
        {
            ("single node", AmqpQueueType.Classic, new[] { new AmqpTcpEndpoint(single.Host, single.Port) }),
            ("single node", AmqpQueueType.Quorum, new[] { new AmqpTcpEndpoint(single.Host, single.Port) }),
            ("3-node cluster", AmqpQueueType.Classic, cluster),
            ("3-node cluster", AmqpQueueType.Quorum, cluster),
        };
        var rows = new List<(string Broker, AmqpQueueType Type, int Routers, double[] Seconds)>();
        foreach (var (broker, type, endpoints) in setups)
        {
            foreach (int routers in routerCounts)
            {
                var seconds = new double[repeat];
                for (int i = 0; i < repeat; i++) seconds[i] = await RouteOnceAsync(endpoints, type, routers, ticks);
                rows.Add((broker, type, routers, seconds));
                Console.WriteLine($"{broker,-15} {type,-8} {routers} router(s) {messages / Harness.Median(seconds),10:N0} msg/s");
            }
        }
        if (resultsFolder is not null) Write(resultsFolder, rows, messages, repeat, args);
        return 0;
    }

    /// <summary>Fills a fresh input queue, then times <paramref name="routers"/> routers until all its messages are routed.</summary>
    private static async Task<double> RouteOnceAsync(IReadOnlyList<AmqpTcpEndpoint> endpoints, AmqpQueueType type, int routers, Tick[] ticks)
    {
        string id = Guid.NewGuid().ToString("N")[..8];
        string input = $"fudge-scale.in.{id}", trades = $"fudge-scale.trades.{id}", levels = $"fudge-scale.levels.{id}";
        var topology = new FudgeAmqpTopology(type).Queue(input).Queue(trades).Queue(levels);
        var factory = new ConnectionFactory { UserName = "guest", Password = "guest" };
        await using var connection = await FudgeAmqpConnector.ConnectAsync(factory, endpoints, 3, TimeSpan.FromSeconds(1), "fudge-scale");
        await using (var channel = await connection.CreateChannelAsync(new CreateChannelOptions(true, true)))
        {
            await topology.DeclareAsync(channel);
            var publisher = new FudgePublisher(channel);
            var window = new Queue<Task>();
            foreach (var tick in ticks)
            {
                window.Enqueue(publisher.PublishAsync(AmqpDestination.Queue(input), tick).AsTask());
                if (window.Count >= PublishWindow) await window.Dequeue();
            }
            await Task.WhenAll(window);
        }

        var selector = new FieldValueRouteSelector(ordinal: 1).Route(1, AmqpDestination.Queue(trades)).Route(2, AmqpDestination.Queue(levels));
        var instances = Enumerable.Range(0, routers).Select(_ => new FudgeAmqpRouter(new ConnectionFactory { UserName = "guest", Password = "guest" },
            new FudgeAmqpRouterOptions(input, selector) { Endpoints = endpoints, Topology = topology })).ToArray();
        using var stop = new CancellationTokenSource();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var runs = instances.Select(r => r.RunAsync(stop.Token)).ToArray();
        while (instances.Sum(r => r.Counters.Routed) < ticks.Length && !runs.Any(r => r.IsFaulted)) await Task.Delay(5);
        double seconds = clock.Elapsed.TotalSeconds;
        stop.Cancel();
        foreach (var run in runs)
        {
            try
            {
                await run;
            }
            catch (OperationCanceledException)
            {
                // stopped
            }
        }
        long routed = instances.Sum(r => r.Counters.Routed);
        if (routed < ticks.Length) throw new InvalidOperationException($"routed {routed} of {ticks.Length}");

        await using (var channel = await connection.CreateChannelAsync())
        {
            foreach (string queue in topology.Queues)
            {
                await channel.QueueDeleteAsync(queue);
                await channel.QueueDeleteAsync(queue + ".dead-letter");
            }
        }
        return seconds;
    }

    private static void Write(string folder, List<(string Broker, AmqpQueueType Type, int Routers, double[] Seconds)> rows, int messages, int repeat, string[] args)
    {
        Directory.CreateDirectory(folder);
        var lines = Harness.Header("## Routers competing on one queue: single node and cluster, classic and quorum queues (harness)",
            "brokers: Debian rabbitmq-server on loopback, same machine (.ci/rabbitmq.sh, .ci/rabbitmq-cluster.sh)", args);
        lines.AddRange(new[]
        {
            $"- Method: {messages:N0} persistent tick messages published into a fresh input queue (confirms, {PublishWindow} in flight), then N routers (content selector, prefetch 200 each, own connection) started together and timed until every message is routed; median of {repeat} runs.",
            "",
            "| Broker | Queues | Routers | Median msg/s | Runs (s) | Ratio to 1 router |",
            "|---|---|---:|---:|---|---:|",
        });
        foreach (var group in rows.GroupBy(r => (r.Broker, r.Type)))
        {
            double first = messages / Harness.Median(group.First().Seconds);
            foreach (var row in group)
            {
                double rate = messages / Harness.Median(row.Seconds);
                lines.Add($"| {row.Broker} | {row.Type.ToString().ToLowerInvariant()} | {row.Routers} | {rate:N0} | " +
                    $"{string.Join(", ", row.Seconds.Select(s => s.ToString("0.00", CultureInfo.InvariantCulture)))} | {rate / first:0.00} |");
            }
        }
        File.WriteAllLines(Path.Combine(folder, "rabbitmq-scale.md"), lines);
    }
}
