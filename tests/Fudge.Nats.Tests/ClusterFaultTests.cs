using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.Nats.Tests;

/// <summary>
/// The three-node JetStream cluster with its stream leader killed (kill -9) mid-stream and restarted: every message
/// published is delivered at least once, none is lost, duplicates are counted, the time to recover is measured.
/// Sized (FUDGE_NATS_FAULT_MESSAGES, default 2,000) to take seconds in CI.
/// </summary>
public class ClusterFaultTests
{
    private readonly ITestOutputHelper _output;

    public ClusterFaultTests(ITestOutputHelper output) => _output = output;

    private static int Messages => int.TryParse(Environment.GetEnvironmentVariable("FUDGE_NATS_FAULT_MESSAGES"), out int n) ? n : 2_000;

    [NatsClusterFact]
    public async Task Killing_the_stream_leader_mid_stream_loses_nothing()
    {
        int total = Messages;
        await using var nats = await NatsServers.ConnectAsync(NatsServers.ClusterUrls);
        var js = new NatsJSContext(nats);
        string stream = NatsServers.Unique("FAULT");
        await RetryAsync(() => js.EnsureStreamAsync(stream, new[] { stream + ".>" }, replicas: 3).AsTask(), TimeSpan.FromSeconds(20));
        string? killed = null;
        try
        {
            var consumer = await js.CreateDurableConsumerAsync(stream, "fault-reader", ackWait: TimeSpan.FromSeconds(2));
            var delivered = new ConcurrentDictionary<long, int>();
            using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(90));
            var reading = ConsumeUntilAllAsync(js, stream, delivered, total, stop.Token);

            // Publish with an id per message; a publish that fails (no leader for a moment) is retried with the same id.
            int storedDuplicates = 0, retries = 0;
            var recovery = TimeSpan.Zero;
            var clock = Stopwatch.StartNew();
            for (int i = 1; i <= total; i++)
            {
                if (i == total / 3)
                {
                    killed = (await js.GetStreamAsync(stream)).Info.Cluster!.Leader!;
                    ClusterNodes.Kill(killed);
                    _output.WriteLine($"killed the stream leader {killed} after {i - 1} acknowledged publishes");
                }
                var attempt = Stopwatch.StartNew();
                while (true)
                {
                    try
                    {
                        var ack = await js.PublishFudgeAsync($"{stream}.{Tick.Number(i).Symbol}", Tick.Number(i), messageId: $"m{i}", stop.Token);
                        if (ack.Duplicate) storedDuplicates++;
                        break;
                    }
                    catch (Exception e) when (e is not OperationCanceledException || !stop.IsCancellationRequested)
                    {
                        retries++;
                        await Task.Delay(100, stop.Token);
                    }
                }
                if (i == total / 3) recovery = attempt.Elapsed;
                if (i == 2 * total / 3 && killed is not null)
                {
                    await ClusterNodes.RestartAsync(killed);
                    _output.WriteLine($"restarted {killed}");
                }
            }
            var publishing = clock.Elapsed;

            await reading;
            var info = (await js.GetStreamAsync(stream)).Info;
            int duplicates = delivered.Values.Sum(n => n - 1);
            _output.WriteLine($"{total} messages published with acks in {publishing.TotalSeconds:F1} s; first publish after the kill acknowledged " +
                $"{recovery.TotalSeconds:F2} s after it ({retries} retries); new leader {info.Cluster!.Leader}; stored duplicates refused {storedDuplicates}; " +
                $"deliveries {delivered.Values.Sum()}, duplicates delivered {duplicates}; total {clock.Elapsed.TotalSeconds:F1} s");

            Assert.Equal((long)total, (long)info.State.Messages);                                   // stored once each
            Assert.Equal(Enumerable.Range(1, total).Select(i => (long)i), delivered.Keys.OrderBy(k => k));   // none lost
            Assert.NotEqual(killed, info.Cluster.Leader);
            Assert.True(duplicates <= total, $"{duplicates} duplicate deliveries");
            Assert.True(recovery < TimeSpan.FromSeconds(30), $"recovery took {recovery}");
        }
        finally
        {
            if (killed is not null && !await AnswersAsync(killed)) await ClusterNodes.RestartAsync(killed);
            try { await js.DeleteStreamAsync(stream); } catch (NatsJSException) { }
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
        int port = 4230 + int.Parse(node.Substring(1));
        using var client = new System.Net.Sockets.TcpClient();
        try
        {
            await client.ConnectAsync("127.0.0.1", port).WaitAsync(TimeSpan.FromSeconds(1));
            return true;
        }
        catch (Exception)
        {
            return false;
        }
    }
}
