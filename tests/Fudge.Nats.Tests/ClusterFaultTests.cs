using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.Core;
using NATS.Client.JetStream;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.Nats.Tests;

/// <summary>
/// The fault test of docs/rabbitmq.md on the three-node JetStream cluster: ticks published with acknowledgements into
/// an input stream while a router (subject per symbol, into an output stream) and a consumer of the output run, all
/// with three replicas. Mid-stream the node that leads the input stream, which the router is also connected to, is
/// killed (kill -9) and later restarted. Every tick must reach the consumer at least once (none lost), each stream
/// must hold each tick exactly once, duplicates are counted and the time to recover is measured. Sized
/// (FUDGE_NATS_FAULT_MESSAGES, default 2,000) to take seconds in CI.
/// </summary>
public class ClusterFaultTests
{
    private readonly ITestOutputHelper _output;

    public ClusterFaultTests(ITestOutputHelper output) => _output = output;

    private const int PublishWindow = 256;
    private const int RouterInFlight = 256;

    private static int Messages => int.TryParse(Environment.GetEnvironmentVariable("FUDGE_NATS_FAULT_MESSAGES"), out int n) ? n : 2_000;

    [NatsClusterFact]
    public async Task Killing_the_leader_under_a_router_mid_stream_loses_nothing()
    {
        int total = Messages;
        var log = new ConcurrentQueue<string>();
        var clock = Stopwatch.StartNew();
        void Log(string line) => log.Enqueue($"{clock.Elapsed.TotalSeconds,7:F2} s {line}");
        await using var nats = await NatsServers.ConnectAsync(NatsServers.ClusterUrls);
        var js = new NatsJSContext(nats);
        string input = NatsServers.Unique("FAULTIN"), output = NatsServers.Unique("FAULTOUT");
        await RetryAsync(() => js.EnsureStreamAsync(input, new[] { input + ".ticks" }, replicas: 3).AsTask(), TimeSpan.FromSeconds(20));
        await RetryAsync(() => js.EnsureStreamAsync(output, new[] { output + ".>" }, replicas: 3).AsTask(), TimeSpan.FromSeconds(20));
        string leader = await LeaderAsync(js, input);
        string? killed = null;
        // 120 s for CI's 2,000 ticks; a large run gets 4 ms a tick.
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(Math.Max(120, total / 250)));
        // The router is connected to the input stream's leader (listed first, not shuffled): the kill takes both away.
        await using var routerConnection = new NatsConnection(NatsOpts.Default with
        {
            Url = string.Join(",", NatsServers.ClusterUrls.Split(',').OrderBy(url => url.Trim().EndsWith(":" + ClusterNodes.ClientPort(leader)) ? 0 : 1)),
            NoRandomize = true,
            Name = "fudge-nats-fault-router",
            RequestTimeout = TimeSpan.FromSeconds(2),
        });
        await routerConnection.ConnectAsync();
        var router = new FudgeNatsRouter(routerConnection, new FudgeNatsRouterOptions(input + ".ticks", FudgeSubjectTemplate.Parse(output + ".{$.Symbol}"))
        {
            SourceStream = input,
            PublishToJetStream = true,
            MaxInFlight = RouterInFlight,   // round trips overlapped: at 2 ms a publish on the cluster, one at a time is 500 a second at best
            SourceAckWait = TimeSpan.FromSeconds(3),
            RetryDelay = TimeSpan.FromMilliseconds(250),
            Log = line => Log("router: " + line),
        });
        var routing = router.RunAsync(stop.Token);
        try
        {
            await js.CreateDurableConsumerAsync(output, "fault-reader", ackWait: TimeSpan.FromSeconds(2));
            var delivered = new ConcurrentDictionary<long, int>();
            var reading = ConsumeUntilAllAsync(js, output, delivered, total, stop.Token);

            // Publish with an id per message, a window of them in flight (as a publisher that needs throughput does); a
            // publish that fails (no leader for a moment) is retried with the same id.
            int storedDuplicates = 0, retries = 0;
            TimeSpan publisherBack = TimeSpan.Zero, routerBack = TimeSpan.Zero;
            var window = new System.Collections.Generic.Queue<Task<bool>>();
            async Task<bool> PublishAsync(int i)
            {
                while (true)
                {
                    try
                    {
                        var ack = await js.PublishFudgeAsync($"{input}.ticks", Tick.Number(i), messageId: $"m{i}", stop.Token);
                        return ack.Duplicate;
                    }
                    catch (Exception e) when (e is not OperationCanceledException || !stop.IsCancellationRequested)
                    {
                        Interlocked.Increment(ref retries);
                        await Task.Delay(100, stop.Token);
                    }
                }
            }
            async Task DrainWindowAsync(int keep)
            {
                while (window.Count > keep)
                    if (await window.Dequeue()) storedDuplicates++;
            }
            for (int i = 1; i <= total; i++)
            {
                if (routing.IsFaulted) await routing;   // the router must not die of the fault: rethrows why it did
                if (i == total / 3)
                {
                    await DrainWindowAsync(0);   // the kill comes after exactly i - 1 acknowledged publishes
                    killed = await LeaderAsync(js, input);
                    Log($"killing {killed}, leader of the input stream (router connected to {routerConnection.ServerInfo?.Name}) after {i - 1} acknowledged " +
                        $"publishes, {router.Counters.Routed} routed, {delivered.Count} consumed");
                    long routedAtKill = router.Counters.Routed;
                    var sinceKill = Stopwatch.StartNew();
                    ClusterNodes.Kill(killed);
                    _ = Task.Run(async () =>
                    {
                        while (router.Counters.Routed <= routedAtKill + 1 && !stop.IsCancellationRequested) await Task.Delay(10);
                        routerBack = sinceKill.Elapsed;
                        Log($"router routes again (connected to {routerConnection.ServerInfo?.Name})");
                    });
                }
                var attempt = Stopwatch.StartNew();
                window.Enqueue(PublishAsync(i));
                if (i == total / 3)
                {
                    await DrainWindowAsync(0);
                    publisherBack = attempt.Elapsed;
                    Log($"first publish after the kill acknowledged ({retries} retries)");
                }
                await DrainWindowAsync(PublishWindow - 1);
                if (i % 100_000 == 0) Log($"{i} published, {router.Counters.Routed} routed, {delivered.Count} consumed");
                if (i == 2 * total / 3 && killed is not null)
                {
                    await ClusterNodes.RestartAsync(killed);
                    Log($"restarted {killed}");
                }
            }
            await DrainWindowAsync(0);
            var publishing = clock.Elapsed;

            await reading;
            var inputInfo = (await js.GetStreamAsync(input)).Info;
            var outputInfo = (await js.GetStreamAsync(output)).Info;
            int duplicates = delivered.Values.Sum(n => n - 1);
            _output.WriteLine($"{total} ticks published with acks in {publishing.TotalSeconds:F1} s, routed and consumed in {clock.Elapsed.TotalSeconds:F1} s; " +
                $"killed {killed} (input stream leader; new leader {inputInfo.Cluster!.Leader}); first publish acknowledged {publisherBack.TotalSeconds:F2} s " +
                $"after the kill ({retries} publisher retries, {storedDuplicates} of them stored already), router routing again after {routerBack.TotalSeconds:F2} s ({router.Counters.Interruptions} " +
                $"source interruptions, {router.Counters.Retries} publish retries, {router.Counters.Duplicates} duplicates refused by the output stream); " +
                $"stored: input {inputInfo.State.Messages}, output {outputInfo.State.Messages}; deliveries {delivered.Values.Sum()}, duplicates delivered {duplicates}");

            Assert.Equal((long)total, (long)inputInfo.State.Messages);                                       // stored once each
            Assert.Equal((long)total, (long)outputInfo.State.Messages);                                      // routed once each
            Assert.Equal(Enumerable.Range(1, total).Select(i => (long)i), delivered.Keys.OrderBy(k => k));   // none lost
            Assert.NotEqual(killed, inputInfo.Cluster.Leader);
            Assert.True(duplicates <= total, $"{duplicates} duplicate deliveries");
            Assert.True(publisherBack < TimeSpan.FromSeconds(30), $"the first publish after the kill took {publisherBack}");
            Assert.False(routing.IsCompleted, $"the router stopped: {routing.Exception?.GetBaseException().Message}");
        }
        finally
        {
            stop.Cancel();
            await routing.ContinueWith(_ => { });
            if (killed is not null && !await AnswersAsync(killed)) await ClusterNodes.RestartAsync(killed);
            foreach (string stream in new[] { input, output })
            {
                try { await js.DeleteStreamAsync(stream); } catch (NatsJSException) { }
            }
            foreach (string line in log) _output.WriteLine(line);
        }
    }

    /// <summary>Consumes the durable consumer, acknowledging each tick, until every sequence 1..total has been seen; resubscribes after errors.</summary>
    private static async Task ConsumeUntilAllAsync(NatsJSContext js, string stream, ConcurrentDictionary<long, int> delivered, int total,
        CancellationToken cancellationToken)
    {
        while (delivered.Count < total)
        {
            try
            {
                var consumer = await js.GetConsumerAsync(stream, "fault-reader", cancellationToken);
                await foreach (var msg in consumer.ConsumeAsync(FudgeNatsSerializer<Tick>.Default,
                                   new NatsJSConsumeOpts { MaxMsgs = 500, Expires = TimeSpan.FromSeconds(2), IdleHeartbeat = TimeSpan.FromSeconds(0.5) },
                                   cancellationToken))
                {
                    delivered.AddOrUpdate(msg.Data!.Sequence, 1, (_, n) => n + 1);
                    await msg.AckAsync(cancellationToken: cancellationToken);
                    if (delivered.Count >= total) return;
                }
            }
            catch (Exception) when (!cancellationToken.IsCancellationRequested)
            {
                await Task.Delay(200, cancellationToken);
            }
        }
    }

    /// <summary>The server leading <paramref name="stream"/> (asked again while the stream reports none yet).</summary>
    private static async Task<string> LeaderAsync(NatsJSContext js, string stream)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            if ((await js.GetStreamAsync(stream)).Info.Cluster?.Leader is { Length: > 0 } leader) return leader;
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(20), $"the stream {stream} has no leader after 20 s");
            await Task.Delay(250);
        }
    }

    private static async Task RetryAsync(Func<Task> action, TimeSpan patience)
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            try
            {
                await action();
                return;
            }
            catch (Exception) when (clock.Elapsed < patience)
            {
                await Task.Delay(250);
            }
        }
    }

    private static async Task<bool> AnswersAsync(string node)
    {
        using var client = new System.Net.Sockets.TcpClient();
        try
        {
            await client.ConnectAsync("127.0.0.1", ClusterNodes.ClientPort(node)).WaitAsync(TimeSpan.FromSeconds(1));
            return true;
        }
        catch (Exception)
        {
            return false;
        }
    }
}
