using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.RabbitMQ.Tests;

/// <summary>
/// At least once, under fire: a run through the router while its process is killed, or while the broker closes every
/// connection, at seeded random points. Afterwards every tick is in every queue its kind names, and the duplicates are
/// no more than the messages that were in flight (the prefetch window) at each interruption.
/// FUDGE_AMQP_GUARANTEE_MESSAGES changes the message count (default 20,000, seconds in CI; 100,000 for the figures of
/// docs/rabbitmq.md).
/// </summary>
[Collection(BrokerCollection.Name)]
[Trait("Category", "DeliveryGuarantee")]
public class DeliveryGuaranteeTests
{
    private const ushort Prefetch = 200;
    private const int Interruptions = 3;
    private static readonly int MessageCount = int.TryParse(Environment.GetEnvironmentVariable("FUDGE_AMQP_GUARANTEE_MESSAGES"), out int n) ? n : 20_000;

    private readonly Broker _broker;
    private readonly ITestOutputHelper _output;

    public DeliveryGuaranteeTests(Broker broker, ITestOutputHelper output)
    {
        _broker = broker;
        _output = output;
    }

    [BrokerFact]
    public async Task Killing_the_router_process_at_random_points_loses_nothing()
    {
        var run = await Run.PrepareAsync(_broker, MessageCount);
        var clock = Stopwatch.StartNew();
        var router = run.StartRouterProcess();
        int kills = 0;
        try
        {
            foreach (uint remaining in run.InterruptionPoints(seed: 12))
            {
                await run.WaitUntilInputAtMostAsync(remaining);
                await router.KillAsync();
                kills++;
                router.Dispose();
                router = run.StartRouterProcess();
            }
            // Finished means: input empty with no router holding anything unacknowledged. Stop the router gracefully
            // (SIGTERM: it finishes what is in flight) to find out; start it again if something came back.
            while (true)
            {
                await run.WaitUntilDestinationsFullAsync();
                if (!await router.StopAsync()) kills++; // killed after all: it may have repeated its window
                if (await _broker.ReadyCountAsync(run.Input) == 0) break;
                router.Dispose();
                router = run.StartRouterProcess();
            }
        }
        finally
        {
            router.Dispose();
        }
        Assert.Equal(Interruptions, kills);
        _output.WriteLine($"{MessageCount} messages routed with {kills} kills in {clock.Elapsed.TotalSeconds:0.0} s");
        await run.AssertEveryMessageArrivedAsync(_output, interruptions: kills);
    }

    [BrokerFact]
    public async Task The_router_reconnects_when_the_broker_closes_every_connection()
    {
        var run = await Run.PrepareAsync(_broker, MessageCount);
        var clock = Stopwatch.StartNew();
        var router = new FudgeAmqpRouter(_broker.CreateFactory(), new FudgeAmqpRouterOptions(run.Input, run.Selector)
        {
            PrefetchCount = Prefetch,
            Log = line => Console.WriteLine("router: " + line),
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        foreach (uint remaining in run.InterruptionPoints(seed: 34))
        {
            await run.WaitUntilInputAtMostAsync(remaining);
            long connections = router.Counters.Connections;
            await Broker.CloseAllConnectionsAsync("delivery guarantee test");
            // The next close must interrupt a new connection: wait for the reconnection (a router that gave up fails here).
            await Traffic.WaitUntilAsync(() => Task.FromResult(router.Counters.Connections > connections || routing.IsCompleted),
                TimeSpan.FromMinutes(1), "the router has reconnected");
            Assert.False(routing.IsCompleted, "the router stopped instead of reconnecting");
        }
        await run.WaitUntilDestinationsFullAsync();
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);

        Assert.Equal(Interruptions + 1, router.Counters.Connections);
        Assert.Equal(0u, await _broker.ReadyCountAsync(run.Input));
        _output.WriteLine($"{MessageCount} messages routed through {Interruptions} server-side closes in {clock.Elapsed.TotalSeconds:0.0} s; {router.Counters.Connections} connections");
        await run.AssertEveryMessageArrivedAsync(_output, interruptions: Interruptions);
    }

    /// <summary>One run's queues and expectations: trades (every fifth tick) to two queues, the rest to a third.</summary>
    private sealed class Run
    {
        private readonly Broker _broker;
        private readonly int _count;

        private Run(Broker broker, int count, string input, string trades, string audit, string levels)
        {
            _broker = broker;
            _count = count;
            Input = input;
            Trades = trades;
            Audit = audit;
            Levels = levels;
            Selector = new FieldValueRouteSelector(ordinal: 1)
                .Route(1, AmqpDestination.Queue(trades), AmqpDestination.Queue(audit))
                .Route(2, AmqpDestination.Queue(levels));
        }

        public string Input { get; }
        public string Trades { get; }
        public string Audit { get; }
        public string Levels { get; }
        public FieldValueRouteSelector Selector { get; }

        private int TradeCount => (_count + 4) / 5;

        public static async Task<Run> PrepareAsync(Broker broker, int count)
        {
            var run = new Run(broker, count, await broker.CreateQueueAsync("in"), await broker.CreateQueueAsync("trades"),
                await broker.CreateQueueAsync("audit"), await broker.CreateQueueAsync("levels"));
            var clock = Stopwatch.StartNew();
            await Traffic.PublishTicksAsync(broker, run.Input, count);
            Console.WriteLine($"published {count} ticks in {clock.Elapsed.TotalSeconds:0.0} s");
            return run;
        }

        /// <summary>
        /// <c>fudge route --amqp</c> with a rules file saying what <see cref="Selector"/> says: trades (kind 1, ordinal 1)
        /// to two queues, price levels (kind 2) to a third.
        /// </summary>
        public RouterProcess StartRouterProcess()
        {
            string rules = Path.Combine(Path.GetTempPath(), Input + ".rules.json");
            File.WriteAllText(rules, $$"""
                { "rules": [
                    { "name": "trades", "where": "$.#1 == 1", "destinations": ["{{Trades}}", "{{Audit}}"] },
                    { "name": "levels", "where": "$.#1 == 2", "destinations": "{{Levels}}" } ] }
                """);
            return RouterProcess.Start("--rules", rules, "--from", Input, "--prefetch", Prefetch.ToString());
        }

        /// <summary>Seeded random points, as messages still waiting in the input queue, spread over the run.</summary>
        public IEnumerable<uint> InterruptionPoints(int seed)
        {
            var random = new Random(seed);
            return Enumerable.Range(0, Interruptions)
                .Select(i => (uint)(_count * (0.9 - (i + random.NextDouble()) * 0.8 / Interruptions)))
                .OrderByDescending(p => p)
                .ToArray();
        }

        public Task WaitUntilInputAtMostAsync(uint remaining) => Traffic.WaitUntilAsync(
            async () => await _broker.ReadyCountAsync(Input) <= remaining, TimeSpan.FromMinutes(5), $"at most {remaining} messages wait in the input");

        public Task WaitUntilDestinationsFullAsync() => Traffic.WaitUntilAsync(async () =>
                await _broker.ReadyCountAsync(Input) == 0
                && await _broker.ReadyCountAsync(Trades) >= TradeCount
                && await _broker.ReadyCountAsync(Audit) >= TradeCount
                && await _broker.ReadyCountAsync(Levels) >= _count - TradeCount,
            TimeSpan.FromMinutes(5), "every destination holds at least its expected count");

        /// <summary>Each interruption can repeat at most the prefetch window: messages published but not yet acknowledged.</summary>
        public async Task AssertEveryMessageArrivedAsync(ITestOutputHelper output, int interruptions)
        {
            int bound = interruptions * Prefetch;
            foreach (var (queue, isTrade) in new[] { (Trades, true), (Audit, true), (Levels, false) })
            {
                var counts = await Traffic.DrainSequencesAsync(_broker, queue);
                var expected = Enumerable.Range(0, _count).Where(i => (i % 5 == 0) == isTrade).Select(i => (long)i).ToHashSet();
                var missing = expected.Where(s => !counts.ContainsKey(s)).ToList();
                var strays = counts.Keys.Where(s => !expected.Contains(s)).ToList();
                int duplicates = counts.Values.Sum() - counts.Count;
                output.WriteLine($"{queue}: {expected.Count} expected, {counts.Count} distinct arrived, {duplicates} duplicates (bound {bound})");
                Assert.True(missing.Count == 0, $"{missing.Count} messages never reached {queue}, first {string.Join(", ", missing.Take(5))}");
                Assert.True(strays.Count == 0, $"{strays.Count} messages reached {queue} that the selector does not send there");
                Assert.InRange(duplicates, 0, bound);
            }
        }
    }
}
