using System;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

public class RouterTests
{
    private const string Rules = """
        {
          // the first example of the Fudge authors: AAPL to node 5, everything else to node 7
          "mode": "first-match",
          "rules": [
            { "name": "apple", "where": "$.Company.Ticker == 'AAPL'", "destinations": "node-5" },
            { "name": "audit", "where": "$.Log.Type in ['AUDIT', 'SECURITY']", "destinations": ["audit", "node-5"] },
          ],
          "default": "node-7"
        }
        """;

    private static byte[] Message(string ticker, string logType) => new FudgeMsg()
        .Add("Company", new FudgeMsg().Add("Ticker", ticker))
        .Add("Log", new FudgeMsg().Add("Type", logType))
        .ToByteArray();

    [Fact]
    public void First_match_takes_the_first_rule_that_holds_else_the_default()
    {
        var router = FudgeRouter.Parse(Rules);
        Assert.Equal(FudgeRoutingMode.FirstMatch, router.Mode);
        Assert.Equal(new[] { "node-5", "audit", "node-7" }, router.Destinations);
        Assert.Equal(new[] { "node-5" }, router.GetDestinations(Message("AAPL", "AUDIT")));
        Assert.Equal(new[] { "audit", "node-5" }, router.GetDestinations(Message("MSFT", "SECURITY")));
        Assert.Equal(new[] { "node-7" }, router.GetDestinations(Message("MSFT", "INFO")));
    }

    [Fact]
    public void All_matches_unites_the_destinations_of_every_rule_that_holds()
    {
        var router = FudgeRouter.Parse(Rules.Replace("first-match", "all-matches"));
        Assert.Equal(new[] { "node-5", "audit" }, router.GetDestinations(Message("AAPL", "AUDIT")));
        Assert.Equal(new[] { "node-5", "audit" }, router.GetDestinations(FudgeMsg.Parse(Message("AAPL", "AUDIT"))));
        Span<int> hits = stackalloc int[router.Destinations.Count];
        int count = router.Route(Message("AAPL", "AUDIT"), hits);
        Assert.Equal(new[] { 0, 1 }, hits.Slice(0, count).ToArray());   // node-5 once, though two rules name it
        count = router.Route(Message("MSFT", "INFO"), hits);
        Assert.Equal(new[] { 2 }, hits.Slice(0, count).ToArray());
    }

    [Fact]
    public void Route_writes_positions_in_the_destination_list()
    {
        var router = FudgeRouter.Parse(Rules);
        Span<int> hits = stackalloc int[router.Destinations.Count];
        int count = router.Route(Message("MSFT", "AUDIT"), hits);
        Assert.Equal(new[] { "audit", "node-5" }, new[] { router.Destinations[hits[0]], router.Destinations[hits[1]] });
        Assert.Equal(2, count);
        Assert.Equal(1, router.Route(Fudge.Tests.Support.Segments.Split(Message("AAPL", "X"), 3, 9), hits));
        Assert.Throws<ArgumentException>(() => router.Route(Message("AAPL", "X"), new int[1]));
    }

    [Fact]
    public void Without_a_default_unmatched_messages_go_nowhere()
    {
        var router = FudgeRouter.Parse("""{ "rules": [ { "name": "a", "where": "$.x", "destinations": "d" } ] }""");
        Assert.Empty(router.GetDestinations(Message("AAPL", "INFO")));
        Assert.Equal(0, router.Route(Message("AAPL", "INFO"), new int[1]));
    }

    [Theory]
    [InlineData("", 1, 1, "invalid JSON")]
    [InlineData("[]", 1, 1, "the rules file must be a JSON object")]
    [InlineData("{}", 1, 1, "no \"rules\" list")]
    [InlineData("{ \"rules\": {} }", 1, 12, "\"rules\" must be an array")]
    [InlineData("{ \"rules\": [], \"color\": 1 }", 1, 16, "unknown property \"color\"")]
    [InlineData("{ \"rules\": [], \"mode\": \"random\" }", 1, 24, "\"mode\" is \"first-match\" or \"all-matches\"")]
    [InlineData("{ \"rules\": [], \"mode\": 1 }", 1, 24, "\"mode\" must be a string")]
    [InlineData("{ \"rules\": [], \"default\": 1 }", 1, 27, "must be a string or an array of strings")]
    [InlineData("{ \"rules\": [], \"default\": [1] }", 1, 28, "must hold strings only")]
    [InlineData("{ \"rules\": [], \"default\": \"\" }", 1, 27, "a default destination is empty")]
    [InlineData("{ \"rules\": [ 1 ] }", 1, 14, "a rule must be a JSON object")]
    [InlineData("{ \"rules\": [ {} ] }", 1, 14, "rule #1 has no \"name\"")]
    [InlineData("{ \"rules\": [ { \"name\": \"a\" } ] }", 1, 14, "rule \"a\" has no \"where\" filter")]
    [InlineData("{ \"rules\": [ { \"name\": \"a\", \"where\": \"$.x\" } ] }", 1, 14, "rule \"a\" has no \"destinations\"")]
    [InlineData("{ \"rules\": [ { \"name\": \"\" } ] }", 1, 24, "\"name\" is empty")]
    [InlineData("{ \"rules\": [ { \"name\": \"a\", \"to\": 1 } ] }", 1, 29, "unknown property \"to\" in a rule")]
    [InlineData("{ \"rules\": [ { \"name\": \"a\", \"where\": \"$.x\", \"destinations\": [] } ] }", 1, 61, "needs at least one non-empty name")]
    [InlineData("{ \"rules\": [\n  { \"name\": \"a\", \"where\": \"$.x ==\", \"destinations\": \"d\" } ] }", 2, 27, "rule a: \"where\": expected a literal but the filter ends (column 7 of the expression)")]
    [InlineData("{ \"rules\": [ { \"name\": \"a\", \"where\": \"$.x\", \"destinations\": \"d\" },\n { \"name\": \"a\", \"where\": \"$.x\", \"destinations\": \"d\" } ] }", 2, 2, "two rules are named \"a\"")]
    [InlineData("{ \"rules\": [ } ", 1, 14, "invalid JSON")]
    public void Rules_file_errors_name_line_and_column(string json, int line, int column, string reason)
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeRouter.Parse(json));
        Assert.Contains(reason, e.Reason);
        Assert.Equal(line, e.Line);
        Assert.Equal(column, e.Column);
    }
}

public class RouterSharingTests
{
    [Fact]
    public void A_rule_shared_by_two_routers_keeps_each_routers_positions()
    {
        var rule = new FudgeRoutingRule("b", FudgeFilter.Compile("$.x"), new[] { "b" });
        var first = new FudgeRouter(new[] { rule }, new[] { "rest" });
        var second = new FudgeRouter(new[] { new FudgeRoutingRule("a", FudgeFilter.Compile("$.y"), new[] { "a" }), rule }, Array.Empty<string>());
        var message = new FudgeMsg().Add("x", 1).ToByteArray();
        Span<int> hits = stackalloc int[2];
        Assert.Equal(1, first.Route(message, hits));
        Assert.Equal("b", first.Destinations[hits[0]]);
        Assert.Equal(1, second.Route(message, hits));
        Assert.Equal("b", second.Destinations[hits[0]]);
    }

    [Fact]
    public void A_rules_file_with_invalid_utf8_is_a_query_error()
    {
        var json = System.Text.Encoding.UTF8.GetBytes("{ \"rules\": [ { \"name\": \"?\" } ] }");
        json[Array.IndexOf(json, (byte)'?')] = 0xFF;
        Assert.Throws<FudgeQueryException>(() => FudgeRouter.Parse(json));
    }
}
