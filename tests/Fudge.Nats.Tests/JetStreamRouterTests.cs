using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>The router between two JetStream streams: at least once in, stored once out.</summary>
public class JetStreamRouterTests
{
    [NatsFact]
    public async Task Routing_from_a_stream_into_a_stream_stores_each_input_once_even_when_it_is_routed_again()
    {
        await using var streams = await RouteStreams.CreateAsync("IN", "BOOK");
        await streams.PublishTicksAsync(1, 20);
        var options = new FudgeNatsRouterOptions(streams.SourceSubject, FudgeSubjectTemplate.Parse(streams.Target + ".{$.Symbol}"))
        {
            SourceStream = streams.Source,
            PublishToJetStream = true,
        };

        var first = new FudgeNatsRouter(streams.Nats, options);
        await RouteUntilAsync(first, () => first.Counters.Routed == 20);
        Assert.Equal(0, first.Counters.Duplicates);

        // The router's consumer is lost (as if its acknowledgements never reached the server): everything is routed again.
        await streams.JetStream.DeleteConsumerAsync(streams.Source, options.SourceConsumer);
        var second = new FudgeNatsRouter(streams.Nats, options);
        await RouteUntilAsync(second, () => second.Counters.Routed == 20);
        Assert.Equal(20, second.Counters.Duplicates);

        Assert.Equal(20L, await streams.TargetCountAsync());
    }

    private static async Task RouteUntilAsync(FudgeNatsRouter router, Func<bool> done)
    {
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        var clock = Stopwatch.StartNew();
        while (!done() && clock.Elapsed < TimeSpan.FromSeconds(15) && !routing.IsCompleted) await Task.Delay(20);
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
        Assert.True(done(), "the router did not finish within 15 s");
    }
}
