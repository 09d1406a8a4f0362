using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.JetStream;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary><c>fudge route --nats --stream</c>: from a JetStream stream, at least once, into a stream.</summary>
public class CliStreamRouteTests
{
    [NatsFact]
    public async Task Fudge_route_from_a_stream_routes_what_was_stored_before_it_started_into_a_stream()
    {
        await using var streams = await RouteStreams.CreateAsync("CLIIN", "CLIOUT");
        var js = streams.JetStream;
        string source = streams.Source, target = streams.Target;
        string rules = Path.Combine(Path.GetTempPath(), source + ".json");
        await File.WriteAllTextAsync(rules, $$"""
            { "rules": [ { "name": "all", "where": "$.Size > 0", "destinations": "{{target}}.{$.Symbol}" } ] }
            """);
        // Stored while no router runs: a core subscription would never see them; the stream keeps them for the router.
        await streams.PublishTicksAsync(1, 10);
        var errors = new BlockingCollection<string>();
        using var process = CliRouteTests.Start(errors, "--rules", rules, "--nats", NatsServers.Url, "--from", source + ".ticks", "--stream", source);
        try
        {
            Assert.Equal($"fudge route: connected to {NatsServers.Url}, routing '{source}.ticks' from stream '{source}'", CliRouteTests.Next(errors));
            var clock = Stopwatch.StartNew();
            while (await streams.TargetCountAsync() < 10)
            {
                Assert.True(clock.Elapsed < TimeSpan.FromSeconds(30), "the target stream did not get the 10 ticks within 30 s");
                await Task.Delay(100);
            }
            var ibm = await js.CreateDurableConsumerAsync(target, "ibm", filterSubject: target + ".IBM");
            Assert.Equal(new long[] { 2, 7 }, await JetStreamTests.TakeAsync(ibm, 2, ack: _ => true));

            using (var signal = Process.Start("kill", new[] { "-TERM", process.Id.ToString() })!) await signal.WaitForExitAsync();
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(20));
            await process.WaitForExitAsync(timeout.Token);
            Assert.Equal(0, process.ExitCode);
            Assert.Contains("fudge route: routed 10, published 10, dead-lettered 0, unrouted 0, duplicates 0", errors.ToArray());
            Assert.Equal(10UL, await NatsServers.AckFloorAsync(js, source, "fudge-route", 10));
        }
        finally
        {
            if (!process.HasExited) process.Kill();
            File.Delete(rules);
        }
    }

    [Theory]
    [InlineData("and --stream go with --nats.", "--stream", "S", "x.fudge")]
    [InlineData("--queue-group goes with a subject", "--nats", "nats://127.0.0.1:4222", "--from", "x", "--stream", "S", "--queue-group", "g")]
    public async Task Stream_options_out_of_place_are_usage_errors(string message, params string[] arguments)
    {
        string rules = Path.Combine(Path.GetTempPath(), NatsServers.Unique("rules") + ".json");
        await File.WriteAllTextAsync(rules, """{ "rules": [ { "name": "a", "where": "$.a == 1", "destinations": "x.{$.a}" } ] }""");
        var errors = new BlockingCollection<string>();
        using var process = CliRouteTests.Start(errors, new[] { "--rules", rules }.Concat(arguments).ToArray());
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        await process.WaitForExitAsync(timeout.Token);
        process.WaitForExit();
        File.Delete(rules);
        Assert.Equal(2, process.ExitCode);
        Assert.Contains(errors.ToArray(), line => line.Contains(message, StringComparison.Ordinal));
    }
}
