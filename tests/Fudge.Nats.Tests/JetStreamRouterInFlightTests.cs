using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary><see cref="FudgeNatsRouterOptions.MaxInFlight"/>: a window of inputs routed at once, each stored once and acknowledged.</summary>
public class JetStreamRouterInFlightTests
{
    [NatsFact]
    public async Task A_router_with_many_inputs_in_flight_stores_and_acknowledges_each_once()
    {
        await using var streams = await RouteStreams.CreateAsync("WIN", "WOUT");
        await streams.PublishTicksAsync(1, 300);
        var router = new FudgeNatsRouter(streams.Nats, new FudgeNatsRouterOptions(streams.SourceSubject, FudgeSubjectTemplate.Parse(streams.Target + ".{$.Symbol}"))
        {
            SourceStream = streams.Source,
            PublishToJetStream = true,
            MaxInFlight = 64,
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        var clock = Stopwatch.StartNew();
        while (router.Counters.Routed < 300 && clock.Elapsed < TimeSpan.FromSeconds(15) && !routing.IsCompleted) await Task.Delay(20);
        await Task.Delay(300);   // nothing more may come
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);

        Assert.Equal(300, router.Counters.Routed);
        Assert.Equal(0, router.Counters.Duplicates);
        Assert.Equal(300L, await streams.TargetCountAsync());
        Assert.Equal(300UL, await NatsServers.AckFloorAsync(streams.JetStream, streams.Source, "fudge-router", 300));   // every input acknowledged
    }

    [Theory]
    [InlineData(0)]
    [InlineData(10_001)]
    public void A_window_out_of_range_is_refused(int maxInFlight)
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(() => new FudgeNatsRouterOptions("in", FudgeSubjectTemplate.Parse("out.{$.Symbol}")) { MaxInFlight = maxInFlight });
        Assert.Contains("between 1 and 10,000", error.Message);
    }
}
