using System;
using System.Linq;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>Routers built from typed predicates route as the rules file with the same filters does.</summary>
public class TypedRouteTests
{
    [Theory]
    [InlineData(FudgeRoutingMode.FirstMatch, "first-match")]
    [InlineData(FudgeRoutingMode.AllMatches, "all-matches")]
    public void A_typed_router_routes_as_the_rules_file(FudgeRoutingMode mode, string modeName)
    {
        var typed = new FudgeRouterBuilder(mode)
            .Route<QTrade>(t => t.Symbol == "AAPL", "aapl")
            .Route<QTrade>("legs", t => t.Legs!.Any(l => l.Venue == "BATS"), "bats", "archive")
            .Route("big", "$.Qty > 1000", "big")
            .Default("rest")
            .Build();
        Assert.Equal(new[] { "rule 1", "legs", "big" }, typed.Rules.Select(r => r.Name));
        string json = $$"""
            { "mode": "{{modeName}}", "rules": [
              { "name": "apple", "where": "$.Symbol == 'AAPL'", "destinations": "aapl" },
              { "name": "legs", "where": "$.Legs.#.Venue == 'BATS'", "destinations": ["bats", "archive"] },
              { "name": "big", "where": "$.Qty > 1000", "destinations": "big" } ],
              "default": "rest" }
            """;
        var file = FudgeRouter.Parse(json);
        Assert.Equal(file.Destinations, typed.Destinations);
        foreach (var trade in TypedQueryPropertyTests.Trades(seed: 5, count: 300))
        {
            var bytes = FudgeSerializer.Serialize(trade);
            Assert.Equal(file.GetDestinations(bytes), typed.GetDestinations(bytes));
        }
    }

    [Fact]
    public void Rules_are_checked_as_they_are_added()
    {
        var builder = new FudgeRouterBuilder().Route<QTrade>("a", t => t.Qty > 1, "x");
        Assert.Throws<ArgumentException>(() => builder.Route<QTrade>("a", t => t.Qty > 2, "y"));
        Assert.Throws<FudgeTranslationException>(() => builder.Route<QTrade>(t => t.Symbol!.Trim() == "A", "y"));
        Assert.Throws<FudgeTranslationException>(() => builder.Route<QTrade>(t => true, "y"));
    }
}
