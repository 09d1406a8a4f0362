using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.JetStream;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>The router between two JetStream streams: at least once in, stored once out.</summary>
public class JetStreamRouterTests
{
    [NatsFact]
    public async Task Routing_from_a_stream_into_a_stream_stores_each_input_once_even_when_it_is_routed_again()
    {
        await using var nats = await NatsServers.ConnectAsync();
        var js = new NatsJSContext(nats);
        string source = NatsServers.Unique("IN"), target = NatsServers.Unique("BOOK");
        await js.EnsureStreamAsync(source, new[] { source + ".ticks" });
        await js.EnsureStreamAsync(target, new[] { target + ".>" });
        try
        {
            for (int i = 1; i <= 20; i++) await js.PublishFudgeAsync(source + ".ticks", Tick.Number(i));
            var options = new FudgeNatsRouterOptions(source + ".ticks", FudgeSubjectTemplate.Parse(target + ".{$.Symbol}"))
            {
                SourceStream = source,
                PublishToJetStream = true,
            };

            var first = new FudgeNatsRouter(nats, options);
            await RouteUntilAsync(first, () => first.Counters.Routed == 20);
            Assert.Equal(0, first.Counters.Duplicates);

            // The router's consumer is lost (as if its acknowledgements never reached the server): everything is routed again.
            await js.DeleteConsumerAsync(source, options.SourceConsumer);
            var second = new FudgeNatsRouter(nats, options);
            await RouteUntilAsync(second, () => second.Counters.Routed == 20);
            Assert.Equal(20, second.Counters.Duplicates);

            var book = (await js.GetStreamAsync(target)).Info.State;
            Assert.Equal(20L, (long)book.Messages);
        }
        finally
        {
            await js.DeleteStreamAsync(source);
            await js.DeleteStreamAsync(target);
        }
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
