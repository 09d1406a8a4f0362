using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary><c>fudge route --nats</c>: the rules file's destinations are subject templates, and SIGTERM stops it cleanly.</summary>
public class CliRouteTests
{
    [NatsFact]
    public async Task Fudge_route_on_nats_publishes_to_subjects_from_fields_until_sigterm()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string root = NatsServers.Unique("cli");
        string rules = Path.Combine(Path.GetTempPath(), root + ".json");
        await File.WriteAllTextAsync(rules, $$"""
            { "rules": [ { "name": "all", "where": "$.Size > 0", "destinations": "{{root}}.ticks.{$.Symbol}" } ] }
            """);
        await using var ibm = await nats.SubscribeCoreAsync<Tick>($"{root}.ticks.IBM");
        await using var dead = await nats.SubscribeCoreAsync<byte[]>($"{root}.dead");
        var errors = new BlockingCollection<string>();
        using var process = Start(errors, "--rules", rules, "--nats", NatsServers.Url, "--from", root + ".in", "--dead-letter", root + ".dead");
        try
        {
            Assert.StartsWith("fudge route: connected to", Next(errors));
            await RouterTests.WaitForInterestAsync(nats, root + ".in");
            await Task.Delay(500);   // the process's subscription reaches the server
            for (int i = 0; i < 10; i++) await nats.PublishAsync($"{root}.in", Tick.Number(i));
            await nats.PublishAsync($"{root}.in", new FudgeMsg().Add("Size", 5L));   // no Symbol

            var routed = await RouterTests.TakeAsync(ibm, 2);
            Assert.Equal(new long[] { 2, 7 }, routed.Select(m => m.Data!.Sequence));
            var deadLetter = (await RouterTests.TakeAsync(dead, 1))[0];
            Assert.Contains("no field at $.Symbol", deadLetter.Headers![FudgeNatsHeaders.DeadLetterReason].ToString());

            using (var signal = Process.Start("kill", new[] { "-TERM", process.Id.ToString() })!) await signal.WaitForExitAsync();
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(20));
            await process.WaitForExitAsync(timeout.Token);
            Assert.Equal(0, process.ExitCode);
            Assert.Contains("fudge route: routed 10, published 10, dead-lettered 1, unrouted 0", errors.ToArray());
        }
        finally
        {
            if (!process.HasExited) process.Kill();
            File.Delete(rules);
        }
    }

    [Theory]
    [InlineData(2, "--nats needs --from SUBJECT.", "--nats", "nats://127.0.0.1:4222")]
    [InlineData(2, "--amqp and --nats cannot be combined.", "--nats", "nats://127.0.0.1:4222", "--amqp", "amqp://127.0.0.1/", "--from", "x")]
    [InlineData(1, "fudge: --nats expects a nats:// or tls:// URL, not 'http://x'", "--nats", "http://x", "--from", "x")]
    [InlineData(1, "fudge: could not reach the NATS server at nats://127.0.0.1:1", "--nats", "nats://127.0.0.1:1", "--from", "x")]
    public async Task Bad_arguments_and_an_unreachable_server_are_one_line_errors_with_the_documented_exit_codes(int exitCode, string message, params string[] arguments)
    {
        string rules = Path.Combine(Path.GetTempPath(), NatsServers.Unique("rules") + ".json");
        await File.WriteAllTextAsync(rules, """{ "rules": [ { "name": "a", "where": "$.a == 1", "destinations": "x.{$.a}" } ] }""");
        var errors = new BlockingCollection<string>();
        using var process = Start(errors, new[] { "--rules", rules }.Concat(arguments).ToArray());
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        await process.WaitForExitAsync(timeout.Token);
        process.WaitForExit();   // the output is drained
        File.Delete(rules);
        Assert.Equal(exitCode, process.ExitCode);
        Assert.Contains(errors.ToArray(), line => line.Contains(message, StringComparison.Ordinal));
    }

    internal static Process Start(BlockingCollection<string> errors, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Fudge.Cli.dll"));
        start.ArgumentList.Add("route");
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        var process = Process.Start(start) ?? throw new InvalidOperationException("could not start fudge");
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) errors.Add(e.Data); };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return process;
    }

    internal static string Next(BlockingCollection<string> lines)
        => lines.TryTake(out string? line, TimeSpan.FromSeconds(30)) ? line : throw new TimeoutException("fudge route printed nothing within 30 s");
}
