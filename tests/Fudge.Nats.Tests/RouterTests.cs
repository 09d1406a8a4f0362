using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.Core;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>The content router publishing to subjects chosen by field values; NATS wildcards do the fan-out.</summary>
public class RouterTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(10);

    [NatsFact]
    public async Task Ticks_go_to_a_subject_per_symbol_and_wildcard_subscribers_pick_their_share()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string root = NatsServers.Unique("md");
        await using var all = await nats.SubscribeCoreAsync<Tick>($"{root}.ticks.*");
        await using var apple = await nats.SubscribeCoreAsync<Tick>($"{root}.ticks.AAPL");
        await using var deadLetters = await nats.SubscribeCoreAsync<byte[]>($"{root}.dead");
        var router = new FudgeNatsRouter(nats, new FudgeNatsRouterOptions($"{root}.in", FudgeSubjectTemplate.Parse(root + ".ticks.{$.Symbol}"))
        {
            DeadLetterSubject = $"{root}.dead",
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        await WaitForInterestAsync(nats, $"{root}.in");

        for (int i = 0; i < 50; i++) await nats.PublishAsync($"{root}.in", Tick.Number(i));
        await nats.PublishAsync($"{root}.in", new FudgeMsg().Add("Price", 1.0));        // no Symbol
        await nats.PublishAsync($"{root}.in", new byte[] { 1, 2, 3 });                  // not an envelope

        var everything = await TakeAsync(all, 50);
        Assert.Equal(Enumerable.Range(0, 50).Select(i => (long)i), everything.Select(m => m.Data!.Sequence));
        Assert.All(everything, m => Assert.Equal($"{root}.ticks.{m.Data!.Symbol}", m.Subject));
        var apples = await TakeAsync(apple, 10);
        Assert.All(apples, m => Assert.Equal("AAPL", m.Data!.Symbol));
        var dead = await TakeAsync(deadLetters, 2);
        Assert.Equal("no field at $.Symbol", dead[0].Headers![FudgeNatsHeaders.DeadLetterReason]);
        Assert.Equal($"{root}.in", dead[0].Headers![FudgeNatsHeaders.DeadLetterSubject]);
        Assert.Contains("Invalid Fudge data at byte offset", dead[1].Headers![FudgeNatsHeaders.DeadLetterReason].ToString());
        Assert.Equal(new byte[] { 1, 2, 3 }, dead[1].Data);
        Assert.Equal(50, router.Counters.Routed);
        Assert.Equal(2, router.Counters.DeadLettered);

        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
    }

    [NatsFact]
    public async Task Routers_in_one_queue_group_share_the_input_and_route_each_message_once()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string root = NatsServers.Unique("shared");
        await using var all = await nats.SubscribeCoreAsync<Tick>($"{root}.ticks.>");
        var options = new FudgeNatsRouterOptions($"{root}.in", FudgeSubjectTemplate.Parse(root + ".ticks.{$.Symbol}")) { QueueGroup = "routers" };
        var routers = new[] { new FudgeNatsRouter(nats, options), new FudgeNatsRouter(nats, options) };
        using var stop = new CancellationTokenSource();
        var running = routers.Select(r => r.RunAsync(stop.Token)).ToArray();
        await WaitForInterestAsync(nats, $"{root}.in");
        await Task.Delay(200);   // both subscriptions registered

        for (int i = 0; i < 200; i++) await nats.PublishAsync($"{root}.in", Tick.Number(i));

        var routed = await TakeAsync(all, 200);
        Assert.Equal(200, routed.Select(m => m.Data!.Sequence).Distinct().Count());
        Assert.Equal(200, routers.Sum(r => r.Counters.Routed));
        Assert.All(routers, r => Assert.True(r.Counters.Routed > 0, "each router took a share"));
        stop.Cancel();
        foreach (var task in running) await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
    }

    internal static async Task<List<NatsMsg<T>>> TakeAsync<T>(INatsSub<T> subscription, int count)
    {
        using var timeout = new CancellationTokenSource(Patience);
        var taken = new List<NatsMsg<T>>();
        while (taken.Count < count) taken.Add(await subscription.Msgs.ReadAsync(timeout.Token));
        return taken;
    }

    /// <summary>Core NATS keeps nothing: wait until the router's subscription is known to the server before publishing.</summary>
    internal static async Task WaitForInterestAsync(NatsConnection nats, string subject)
    {
        using var timeout = new CancellationTokenSource(Patience);
        await nats.PingAsync(timeout.Token);
        await Task.Delay(100, timeout.Token);
        await nats.PingAsync(timeout.Token);
    }
}
