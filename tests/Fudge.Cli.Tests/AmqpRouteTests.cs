using System.Diagnostics;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// <c>fudge route --amqp</c> when it must not start: bad command lines, bad rules and transform files, no broker.
/// Routing through a real broker is tested in tests/Fudge.RabbitMQ.Tests (the delivery-guarantee runs).
/// </summary>
public class AmqpRouteTests
{
    // Port 1 on loopback: nothing listens there, so connecting is refused at once.
    private const string NoBroker = "amqp://guest:guest@127.0.0.1:1/";

    [Fact]
    public void A_rules_file_that_does_not_parse_stops_the_router_before_it_connects()
    {
        using var rules = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes("{\n  \"rules\": [ { \"name\": \"a\", \"where\": \"$.x ==\", \"destinations\": \"q\" } ] }"));
        var clock = Stopwatch.StartNew();

        var result = FudgeTool.Run("route", "--rules", rules.Path, "--amqp", NoBroker, "--from", "in");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith($"fudge: {rules.Path}: not a valid rules file: line 2, column ", result.Stderr);
        Assert.DoesNotContain("broker", result.Stderr);
    }

    [Fact]
    public void A_bad_transform_file_is_reported_with_its_path_line_and_column()
    {
        using var transform = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes("{ \"operations\": 5 }"));

        var result = FudgeTool.Run("route", "--rules", RepoFiles.Sample("routing-rules.json"), "--amqp", NoBroker, "--from", "in", "--transform", transform.Path);

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith($"fudge: {transform.Path}: not a valid transform file: line 1, column ", result.Stderr);
    }

    [Fact]
    public void An_unreachable_broker_is_a_clear_error_after_the_attempts_allowed()
    {
        var result = FudgeTool.Run("route", "--rules", RepoFiles.Sample("routing-rules.json"), "--amqp", NoBroker, "--from", "in", "--connect-attempts", "2");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("Could not reach the RabbitMQ broker at", result.Stderr);
        Assert.Contains("after 2 attempt(s)", result.Stderr);
    }

    [Theory]
    [InlineData("--amqp", NoBroker)]                                          // no --from
    [InlineData("--from", "in")]                                              // no --amqp, no INPUT
    [InlineData("--amqp", NoBroker, "--from", "in", "input.fudge")]           // both a broker and a stream
    [InlineData("--amqp", NoBroker, "--from", "in", "--connect-attempts", "0")]
    public void Command_lines_that_mix_the_two_modes_are_usage_errors(params string[] arguments)
    {
        var result = FudgeTool.Run(["route", "--rules", RepoFiles.Sample("routing-rules.json"), .. arguments]);

        Assert.Equal(2, result.ExitCode);
    }

    [Theory]
    [InlineData("http://127.0.0.1:5672/")]
    [InlineData("not a uri")]
    public void A_broker_address_that_is_not_an_amqp_uri_is_refused(string uri)
    {
        var result = FudgeTool.Run("route", "--rules", RepoFiles.Sample("routing-rules.json"), "--amqp", uri, "--from", "in");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("--amqp expects an amqp:// or amqps:// URI", result.Stderr);
    }
}
