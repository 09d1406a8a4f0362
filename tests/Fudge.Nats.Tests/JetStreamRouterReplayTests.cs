using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.JetStream;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>Where a router's JetStream source starts: a router joining a stream with history need not route all of it again.</summary>
public class JetStreamRouterReplayTests
{
    [NatsFact]
    public async Task A_router_starts_its_source_from_a_sequence_or_a_time()
    {
        await using var nats = await NatsServers.ConnectAsync();
        var js = new NatsJSContext(nats);
        string source = NatsServers.Unique("RIN"), target = NatsServers.Unique("ROUT");
        await js.EnsureStreamAsync(source, new[] { source + ".ticks" });
        await js.EnsureStreamAsync(target, new[] { target + ".>" });
        try
        {
            for (int i = 1; i <= 5; i++) await js.PublishFudgeAsync(source + ".ticks", Tick.Number(i));
            await Task.Delay(50);
            var midway = DateTimeOffset.UtcNow;
            await Task.Delay(50);
            for (int i = 6; i <= 10; i++) await js.PublishFudgeAsync(source + ".ticks", Tick.Number(i));

            // From sequence 8: ticks 8, 9, 10 (stream sequence i holds tick i), each to a subject per symbol.
            var fromSequence = await RouteAsync(nats, source, target, "from-seq", FudgeReplay.FromSequence(8), expected: 3);
            Assert.Equal(3, fromSequence.Counters.Routed);
            Assert.Equal(3L, (long)(await js.GetStreamAsync(target)).Info.State.Messages);

            // From the time between the two batches: ticks 6..10; 8..10 are already in the target under the same
            // message ids (input stream and sequence), so the target stores only 6 and 7 more.
            var fromTime = await RouteAsync(nats, source, target, "from-time", FudgeReplay.FromTime(midway), expected: 5);
            Assert.Equal(5, fromTime.Counters.Routed);
            Assert.Equal(3, fromTime.Counters.Duplicates);
            Assert.Equal(5L, (long)(await js.GetStreamAsync(target)).Info.State.Messages);

            // New: nothing of the history; only what comes after the router started.
            var onlyNew = await RouteAsync(nats, source, target, "new", FudgeReplay.New, expected: 1,
                afterStart: () => js.PublishFudgeAsync(source + ".ticks", Tick.Number(11)).AsTask());
            Assert.Equal(1, onlyNew.Counters.Routed);
            var info = await js.GetConsumerAsync(source, "new");
            Assert.Equal(11UL, info.Info.AckFloor.StreamSeq);
        }
        finally
        {
            await js.DeleteStreamAsync(source);
            await js.DeleteStreamAsync(target);
        }
    }

    /// <summary>Runs a router under its own consumer name until it has routed <paramref name="expected"/> messages, then half a second more (nothing else may come).</summary>
    private static async Task<FudgeNatsRouter> RouteAsync(NATS.Client.Core.NatsConnection nats, string source, string target, string consumer,
        FudgeReplay replay, int expected, Func<Task>? afterStart = null)
    {
        var router = new FudgeNatsRouter(nats, new FudgeNatsRouterOptions(source + ".ticks", FudgeSubjectTemplate.Parse(target + ".{$.Symbol}"))
        {
            SourceStream = source,
            SourceConsumer = consumer,
            SourceReplay = replay,
            PublishToJetStream = true,
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        if (afterStart is not null)
        {
            var js = new NatsJSContext(nats);
            await WaitUntilAsync(async () =>
            {
                try
                {
                    await js.GetConsumerAsync(source, consumer);   // the router's consumer exists: what comes now is "new"
                    return true;
                }
                catch (NatsJSApiException)
                {
                    return false;
                }
            }, routing);
            await afterStart();
        }
        await WaitUntilAsync(() => Task.FromResult(router.Counters.Routed >= expected), routing);
        await Task.Delay(500);
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
        return router;
    }

    private static async Task WaitUntilAsync(Func<Task<bool>> condition, Task routing)
    {
        var clock = Stopwatch.StartNew();
        while (!await condition())
        {
            if (routing.IsFaulted) await routing;
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(15), "the router did not get there within 15 s");
            await Task.Delay(20);
        }
    }
}
