using System;
using Fudge.Query;
using Fudge.RabbitMQ.Tests.Support;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>The rules-file selector on its own: issue 11's rules, AMQP destinations, no broker needed.</summary>
public class RulesRouteSelectorTests
{
    private const string TickRules = """
        {
          "rules": [
            { "name": "trades", "where": "$.#1 == 1", "destinations": ["trades", "audit"] },
            { "name": "levels", "where": "$.#1 == 2", "destinations": "amq.topic/ticks.levels" }
          ],
          "default": "unknown"
        }
        """;

    [Fact]
    public void Destinations_of_a_rules_file_are_queues_or_exchange_and_routing_key()
    {
        var selector = new RulesRouteSelector(FudgeRouter.Parse(TickRules));

        Assert.Equal(new[] { AmqpDestination.Queue("trades"), AmqpDestination.Queue("audit") },
            selector.Select(FudgeSerializer.Serialize(Tick.Number(0))));
        Assert.Equal(new[] { new AmqpDestination("amq.topic", "ticks.levels") },
            selector.Select(FudgeSerializer.Serialize(Tick.Number(1))));
    }

    [Fact]
    public void Messages_no_rule_matches_go_to_the_default()
    {
        var other = new FudgeMsg();
        other.Add(1, 3);
        var selector = new RulesRouteSelector(FudgeRouter.Parse(TickRules));

        Assert.Equal(new[] { AmqpDestination.Queue("unknown") }, selector.Select(new FudgeEnvelope(other).ToByteArray()));
    }

    [Fact]
    public void All_matches_mode_unions_the_destinations_and_reuses_one_list_per_combination()
    {
        var selector = new RulesRouteSelector(FudgeRouter.Parse("""
            { "mode": "all-matches",
              "rules": [
                { "name": "trades", "where": "$.#1 == 1", "destinations": ["trades", "audit"] },
                { "name": "symbol", "where": "$.#2 == 'SYM0'", "destinations": ["audit", "sym0"] }
              ] }
            """));
        byte[] tradeOfSym0 = FudgeSerializer.Serialize(Tick.Number(0));   // kind 1, SYM0
        byte[] tradeOfSym5 = FudgeSerializer.Serialize(Tick.Number(5));   // kind 1, SYM5
        byte[] levelOfSym1 = FudgeSerializer.Serialize(Tick.Number(1));   // kind 2, SYM1

        var both = selector.Select(tradeOfSym0);
        Assert.Equal(new[] { "trades", "audit", "sym0" }, Routing(both));
        Assert.Same(both, selector.Select(FudgeSerializer.Serialize(Tick.Number(17 * 5))));
        Assert.Equal(new[] { "trades", "audit" }, Routing(selector.Select(tradeOfSym5)));
        Assert.Empty(selector.Select(levelOfSym1));
    }

    [Fact]
    public void Selecting_allocates_nothing_once_each_outcome_has_been_seen()
    {
        var selector = new RulesRouteSelector(FudgeRouter.Parse(TickRules));
        byte[] trade = FudgeSerializer.Serialize(Tick.Number(0));
        byte[] level = FudgeSerializer.Serialize(Tick.Number(1));
        selector.Select(trade);
        selector.Select(level);

        long least = Allocations.SteadyState(() =>
        {
            selector.Select(trade);
            selector.Select(level);
        }, iterations: 1000);
        Assert.Equal(0, least);
    }

    [Theory]
    [InlineData("")]
    [InlineData("/")]
    public void A_destination_that_names_nothing_is_refused_when_the_selector_is_built(string destination)
    {
        // The router itself refuses empty names; a lone '/' gets as far as the AMQP mapping.
        if (destination.Length == 0)
        {
            Assert.Throws<FormatException>(() => AmqpDestination.Parse(destination));
            return;
        }
        var router = FudgeRouter.Parse($$"""{ "rules": [ { "name": "a", "where": "$.x", "destinations": "{{destination}}" } ] }""");
        Assert.Throws<FormatException>(() => new RulesRouteSelector(router));
    }

    [Theory]
    [InlineData("ticks", "", "ticks")]
    [InlineData("amq.topic/eu.trades", "amq.topic", "eu.trades")]
    [InlineData("/ticks", "", "ticks")]
    [InlineData("fx/a/b", "fx", "a/b")]
    [InlineData("fanout/", "fanout", "")]
    public void Destination_text_reads_as_exchange_and_routing_key(string text, string exchange, string routingKey)
    {
        Assert.Equal(new AmqpDestination(exchange, routingKey), AmqpDestination.Parse(text));
    }

    [Fact]
    public void Every_truncation_of_an_envelope_is_a_format_exception_or_a_decision()
    {
        var selector = new RulesRouteSelector(FudgeRouter.Parse(TickRules));
        byte[] envelope = FudgeSerializer.Serialize(Tick.Number(2));
        for (int length = 0; length < envelope.Length; length++)
        {
            try
            {
                selector.Select(envelope.AsSpan(0, length));
            }
            catch (FudgeFormatException)
            {
                // The router dead-letters these.
            }
        }
    }

    private static string[] Routing(System.Collections.Generic.IReadOnlyList<AmqpDestination> destinations)
    {
        var keys = new string[destinations.Count];
        for (int i = 0; i < keys.Length; i++) keys[i] = destinations[i].RoutingKey;
        return keys;
    }
}
