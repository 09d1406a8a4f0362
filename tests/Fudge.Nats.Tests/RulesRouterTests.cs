using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Fudge.Query;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>A rules file on NATS: its destination names are subject templates.</summary>
public class RulesRouterTests
{
    [NatsFact]
    public async Task Rules_choose_destinations_whose_subjects_are_built_from_fields()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string root = NatsServers.Unique("rules");
        var rules = FudgeRouter.Parse($$"""
            {
              "mode": "all-matches",
              "rules": [
                { "name": "big", "where": "$.Size >= 500", "destinations": "{{root}}.big" },
                { "name": "tech", "where": "$.Symbol in ['AAPL', 'MSFT']", "destinations": "{{root}}.tech.{$.Symbol}" }
              ]
            }
            """);
        await using var big = await nats.SubscribeCoreAsync<Tick>($"{root}.big");
        await using var tech = await nats.SubscribeCoreAsync<Tick>($"{root}.tech.*");
        var router = new FudgeNatsRouter(nats, new FudgeNatsRouterOptions($"{root}.in", rules));
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        await RouterTests.WaitForInterestAsync(nats, $"{root}.in");

        // Sequences 0, 101, ..., 909: symbols AAPL, MSFT, IBM, ORCL, SAP twice over, sizes 1, 102, ..., 910.
        for (int i = 0; i < 10; i++) await nats.PublishAsync($"{root}.in", Tick.Number(i * 101));

        var bigOnes = await RouterTests.TakeAsync(big, 5);
        Assert.Equal(new long[] { 505, 606, 707, 808, 909 }, bigOnes.Select(m => m.Data!.Sequence));
        var techOnes = await RouterTests.TakeAsync(tech, 4);
        Assert.Equal(new[] { $"{root}.tech.AAPL", $"{root}.tech.MSFT", $"{root}.tech.AAPL", $"{root}.tech.MSFT" }, techOnes.Select(m => m.Subject));
        await WaitUntilAsync(() => router.Counters.Routed + router.Counters.Unrouted == 10);
        Assert.Equal(9, router.Counters.Published);
        Assert.Equal(3, router.Counters.Unrouted);     // the first IBM, ORCL and SAP: small and not tech
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
    }

    [Fact]
    public void A_destination_name_that_is_not_a_subject_template_is_refused_with_its_column()
    {
        var rules = FudgeRouter.Parse("""{ "rules": [ { "name": "a", "where": "$.a == 1", "destinations": "x.{$.a" } ] }""");
        var error = Assert.Throws<FudgeQueryException>(() => new FudgeNatsRouterOptions("in", rules));
        Assert.Equal(3, error.Column);
    }

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        for (int i = 0; i < 200 && !condition(); i++) await Task.Delay(25);
        Assert.True(condition());
    }
}
