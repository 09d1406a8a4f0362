using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using Fudge.Serialization;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>The content router run in process against the real broker.</summary>
[Collection(BrokerCollection.Name)]
public class RouterTests
{
    private readonly Broker _broker;

    public RouterTests(Broker broker) => _broker = broker;

    [BrokerFact]
    public async Task Routes_the_unchanged_bytes_to_every_destination_the_field_value_names()
    {
        var (input, trades, audit, levels) = (await _broker.CreateQueueAsync("in"), await _broker.CreateQueueAsync("trades"),
            await _broker.CreateQueueAsync("audit"), await _broker.CreateQueueAsync("levels"));
        var selector = new FieldValueRouteSelector(ordinal: 1)
            .Route(1, AmqpDestination.Queue(trades), AmqpDestination.Queue(audit))
            .Route(2, AmqpDestination.Queue(levels));
        await Traffic.PublishTicksAsync(_broker, input, 50);

        var router = new FudgeAmqpRouter(_broker.CreateFactory(), new FudgeAmqpRouterOptions(input, selector));
        await RunUntilAsync(router, () => router.Counters.Routed == 50);

        Assert.Equal(60, router.Counters.Published); // 10 trades twice, 40 levels once
        // Messages are routed concurrently, so each destination holds the expected bodies in some order.
        AssertSameBodies(Enumerable.Range(0, 50).Where(i => i % 5 == 0).Select(Encoded), await BodiesAsync(trades));
        AssertSameBodies(Enumerable.Range(0, 50).Where(i => i % 5 == 0).Select(Encoded), await BodiesAsync(audit));
        AssertSameBodies(Enumerable.Range(0, 50).Where(i => i % 5 != 0).Select(Encoded), await BodiesAsync(levels));
    }

    [BrokerFact]
    public async Task A_rules_file_and_a_transform_route_the_input_and_publish_the_transformed_bytes()
    {
        var (input, trades, levels) = (await _broker.CreateQueueAsync("in"), await _broker.CreateQueueAsync("trades"), await _broker.CreateQueueAsync("levels"));
        var rules = Fudge.Query.FudgeRouter.Parse($$"""
            { "rules": [ { "name": "trades", "where": "$.#1 == 1", "destinations": "{{trades}}" },
                         { "name": "levels", "where": "$.#1 == 2", "destinations": "/{{levels}}" } ] }
            """);
        // Version 3 of the tick drops the size: the rules still read the input (kind is kept anyway).
        var transform = Fudge.Transforms.FudgeTransform.Parse("""{ "schemaVersion": 3, "operations": [ { "remove": "$.#4" } ] }""");
        await Traffic.PublishTicksAsync(_broker, input, 20);

        var router = new FudgeAmqpRouter(_broker.CreateFactory(), new FudgeAmqpRouterOptions(input, new RulesRouteSelector(rules)) { Transform = transform });
        await RunUntilAsync(router, () => router.Counters.Routed == 20);

        AssertSameBodies(Enumerable.Range(0, 20).Where(i => i % 5 == 0).Select(i => transform.Apply(Encoded(i))), await BodiesAsync(trades));
        var levelMessages = await MessagesAsync(levels);
        AssertSameBodies(Enumerable.Range(0, 20).Where(i => i % 5 != 0).Select(i => transform.Apply(Encoded(i))), levelMessages.Select(m => m.Body));
        Assert.All(levelMessages, m => Assert.Equal(3, m.SchemaVersion));
        Assert.All(levelMessages, m => Assert.Equal(3, m.Body[1])); // the envelope header's schema version byte
    }

    [BrokerFact]
    public async Task Malformed_and_unroutable_messages_go_to_the_dead_letter_queue_with_the_reason()
    {
        string input = await _broker.CreateQueueAsync("in");
        string levels = await _broker.CreateQueueAsync("levels");
        // Trades go to an exchange no queue is bound to: the mandatory publish comes back instead of vanishing.
        var selector = new FieldValueRouteSelector(ordinal: 1)
            .Route(1, new AmqpDestination("amq.direct", "nobody-listens-" + Guid.NewGuid().ToString("N")))
            .Route(2, AmqpDestination.Queue(levels));
        await using (var channel = await _broker.CreateConfirmingChannelAsync())
        {
            await channel.BasicPublishAsync("", input, Encoding.ASCII.GetBytes("garbage"));
            var publisher = new FudgePublisher(channel);
            await publisher.PublishAsync(AmqpDestination.Queue(input), Tick.Number(0));
            await publisher.PublishAsync(AmqpDestination.Queue(input), Tick.Number(1));
        }

        var router = new FudgeAmqpRouter(_broker.CreateFactory(), new FudgeAmqpRouterOptions(input, selector));
        await RunUntilAsync(router, () => router.Counters.Routed + router.Counters.DeadLettered == 3);

        Assert.Equal(1, router.Counters.Routed);
        Assert.Equal(new[] { Encoded(1) }, await BodiesAsync(levels));
        var reasons = await ReasonsAsync(input + ".dead-letter");
        Assert.Equal(2, reasons.Count);
        Assert.Contains(reasons, r => r.StartsWith("Invalid Fudge data at byte offset", StringComparison.Ordinal));
        Assert.Contains(reasons, r => r.StartsWith("no queue receives exchange 'amq.direct'", StringComparison.Ordinal));
    }

    [BrokerFact]
    public async Task A_failing_selector_sets_the_message_aside_instead_of_losing_it_or_leaving_it_stuck()
    {
        string input = await _broker.CreateQueueAsync("in");
        await Traffic.PublishTicksAsync(_broker, input, 1);

        var router = new FudgeAmqpRouter(_broker.CreateFactory(), new FudgeAmqpRouterOptions(input, new FailingSelector()));
        await RunUntilAsync(router, () => router.Counters.DeadLettered == 1);

        Assert.Equal(new[] { "the route selector failed: InvalidOperationException: no route table loaded" }, await ReasonsAsync(input + ".dead-letter"));
        Assert.Equal(0u, await _broker.ReadyCountAsync(input));
    }

    [BrokerFact]
    public async Task An_unreachable_broker_stops_the_router_with_a_clear_error_after_bounded_retries()
    {
        var factory = new ConnectionFactory { HostName = "127.0.0.1", Port = 1 };
        var options = new FudgeAmqpRouterOptions("ticks", new FixedRouteSelector())
        {
            MaxConnectAttempts = 3,
            ConnectRetryDelay = TimeSpan.FromMilliseconds(50),
        };
        var run = new FudgeAmqpRouter(factory, options).RunAsync(CancellationToken.None);

        var error = await Assert.ThrowsAsync<FudgeAmqpException>(() => run.WaitAsync(TimeSpan.FromMinutes(1)));
        Assert.Contains("after 3 attempt(s)", error.Message);
    }

    private sealed class FailingSelector : IFudgeRouteSelector
    {
        public IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> envelope) => throw new InvalidOperationException("no route table loaded");
    }

    private static void AssertSameBodies(IEnumerable<byte[]> expected, IEnumerable<byte[]> actual)
        => Assert.Equal(expected.Select(Convert.ToHexString).Order(), actual.Select(Convert.ToHexString).Order());

    private static byte[] Encoded(int sequence) => FudgeSerializer.Serialize(Tick.Number(sequence));

    private static async Task RunUntilAsync(FudgeAmqpRouter router, Func<bool> done)
    {
        using var stop = new CancellationTokenSource();
        var run = router.RunAsync(stop.Token);
        await Traffic.WaitUntilAsync(() => Task.FromResult(done() || run.IsCompleted), TimeSpan.FromSeconds(60), "the router has handled every message");
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => run);
    }

    private async Task<List<byte[]>> BodiesAsync(string queue)
    {
        await using var channel = await _broker.OpenChannelAsync();
        var bodies = new List<byte[]>();
        while (await channel.BasicGetAsync(queue, autoAck: true) is { } result) bodies.Add(result.Body.ToArray());
        return bodies;
    }

    private async Task<List<(byte[] Body, int SchemaVersion)>> MessagesAsync(string queue)
    {
        await using var channel = await _broker.OpenChannelAsync();
        var messages = new List<(byte[], int)>();
        while (await channel.BasicGetAsync(queue, autoAck: true) is { } result)
            messages.Add((result.Body.ToArray(), (int)result.BasicProperties.Headers![FudgeAmqpHeaders.SchemaVersion]!));
        return messages;
    }

    private async Task<List<string>> ReasonsAsync(string queue)
    {
        await using var channel = await _broker.OpenChannelAsync();
        var reasons = new List<string>();
        while (await channel.BasicGetAsync(queue, autoAck: true) is { } result)
            reasons.Add(Encoding.UTF8.GetString((byte[])result.BasicProperties.Headers![FudgeAmqpHeaders.DeadLetterReason]!));
        return reasons;
    }
}
