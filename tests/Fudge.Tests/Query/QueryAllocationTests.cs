using System;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>A compiled path, filter or router allocates nothing per message on encoded bytes.</summary>
public class QueryAllocationTests
{
    private static long AllocatedBy(Action action) => Fudge.Tests.Support.Allocations.SteadyState(action);

    [Theory]
    [InlineData("$.Company.Ticker == 'AAPL' && ($['Log Type'] in ['AUDIT', 'SECURITY'])")]
    [InlineData("$.legs[-1].size > 11.5 || $..venue == 'BATS'")]
    [InlineData("match($.Company.Name, 'Apple.*') && search($.#5, 'iv')")]
    [InlineData("starts_with($.Company.Name, 'App') && type($.price) == 'number' && count($.legs) == 3")]
    [InlineData("$.booked >= 2024-01-05T10:00:00Z && $.tradeDate == 2024-01-05 && !$.missing")]
    [InlineData("$.qty < $.notional && $.legs.venue > $.Company.Ticker && $.booked > $.tradeDate")]
    [InlineData("$.qty == 42 && $.price > 100 && $['Log Type'] == 'AUDIT' && $.notional >= 1e6")] // the top-level loop
    public void Filters_on_bytes_allocate_nothing(string text)
    {
        var filter = FudgeFilter.Compile(text);
        var bytes = QueryMessages.TradeBytes();
        Assert.True(filter.Matches(bytes));
        Assert.Equal(0, AllocatedBy(() => filter.Matches(bytes)));
    }

    [Fact]
    public void Filters_on_a_multi_segment_sequence_allocate_nothing_in_steady_state()
    {
        var filter = FudgeFilter.Compile("$.Company.Ticker == 'AAPL'");
        var sequence = Fudge.Tests.Support.Segments.Split(QueryMessages.TradeBytes(), 9, 30);
        Assert.Equal(0, AllocatedBy(() => filter.Matches(sequence)));
    }

    [Fact]
    public void Taxonomy_names_resolve_without_allocating()
    {
        var filter = FudgeFilter.Compile("$.ticker == 'ACME' && $.quote.price < 13");
        var bytes = QueryMessages.OrdinalOnlyBytes();
        var options = QueryMessages.WithTaxonomy();
        Assert.Equal(0, AllocatedBy(() => filter.Matches(bytes, options)));
    }

    [Fact]
    public void Paths_and_routes_allocate_nothing()
    {
        var bytes = QueryMessages.TradeBytes();
        var path = FudgePath.Compile("$..size");
        Assert.Equal(0, AllocatedBy(() => path.Count(bytes)));
        var router = FudgeRouter.Parse("""
            { "mode": "all-matches", "default": "rest",
              "rules": [ { "name": "a", "where": "$.qty == 42", "destinations": ["x", "y"] },
                         { "name": "b", "where": "$.Company.Ticker == 'AAPL'", "destinations": "y" } ] }
            """);
        var hits = new int[router.Destinations.Count];
        Assert.Equal(0, AllocatedBy(() => router.Route(bytes, hits)));
        var firstMatch = FudgeRouter.Parse("""{ "rules": [ { "name": "a", "where": "$.qty == 42", "destinations": ["x", "y"] } ] }""");
        Assert.Equal(0, AllocatedBy(() => firstMatch.GetDestinations(bytes)));
    }
}
