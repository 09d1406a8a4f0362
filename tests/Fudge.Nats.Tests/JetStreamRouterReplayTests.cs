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
        await using var streams = await RouteStreams.CreateAsync("RIN", "ROUT");
        await streams.PublishTicksAsync(1, 5);
        await Task.Delay(50);
        var midway = DateTimeOffset.UtcNow;
        await Task.Delay(50);
        await streams.PublishTicksAsync(6, 10);

        // From sequence 8: ticks 8, 9, 10 (stream sequence i holds tick i), each to a subject per symbol.
        var fromSequence = await RouteAsync(streams, "from-seq", FudgeReplay.FromSequence(8), expected: 3);
        Assert.Equal(3, fromSequence.Counters.Routed);
        Assert.Equal(3L, await streams.TargetCountAsync());

        // From the time between the two batches: ticks 6..10; 8..10 are already in the target under the same
        // message ids (input stream and sequence), so the target stores only 6 and 7 more.
        var fromTime = await RouteAsync(streams, "from-time", FudgeReplay.FromTime(midway), expected: 5);
        Assert.Equal(5, fromTime.Counters.Routed);
        Assert.Equal(3, fromTime.Counters.Duplicates);
        Assert.Equal(5L, await streams.TargetCountAsync());

        // New: nothing of the history; only what comes after the router started.
        var onlyNew = await RouteAsync(streams, "new", FudgeReplay.New, expected: 1, afterStart: () => streams.PublishTicksAsync(11, 11));
        Assert.Equal(1, onlyNew.Counters.Routed);
        Assert.Equal(11UL, await NatsServers.AckFloorAsync(streams.JetStream, streams.Source, "new", 11));
    }

    /// <summary>Runs a router under its own consumer name until it has routed <paramref name="expected"/> messages, then half a second more (nothing else may come).</summary>
    private static async Task<FudgeNatsRouter> RouteAsync(RouteStreams streams, string consumer, FudgeReplay replay, int expected, Func<Task>? afterStart = null)
    {
        var router = new FudgeNatsRouter(streams.Nats, new FudgeNatsRouterOptions(streams.SourceSubject, FudgeSubjectTemplate.Parse(streams.Target + ".{$.Symbol}"))
        {
            SourceStream = streams.Source,
            SourceConsumer = consumer,
            SourceReplay = replay,
            PublishToJetStream = true,
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        if (afterStart is not null)
        {
            await WaitUntilAsync(async () =>
            {
                try
                {
                    await streams.JetStream.GetConsumerAsync(streams.Source, consumer);   // the router's consumer exists: what comes now is "new"
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
