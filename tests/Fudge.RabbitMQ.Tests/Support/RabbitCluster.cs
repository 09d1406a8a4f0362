using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Sockets;
using System.Threading.Tasks;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// The three-node cluster of <c>bash .ci/rabbitmq-cluster.sh start</c> (FUDGE_AMQP_CLUSTER overrides its AMQP
/// addresses, default 127.0.0.1:5681,5682,5683; FUDGE_RABBITMQ_CLUSTER_DIR its folder). Node n listens on 5680 + n;
/// its pid file, start script and function caller are nN/pid, nN/start.sh and nN/call.sh in the folder. Nothing here
/// is mocked.
/// </summary>
public static class RabbitCluster
{
    public static IReadOnlyList<AmqpTcpEndpoint> Endpoints { get; } =
        AmqpTcpEndpoint.ParseMultiple(Environment.GetEnvironmentVariable("FUDGE_AMQP_CLUSTER") ?? "127.0.0.1:5681,127.0.0.1:5682,127.0.0.1:5683");

    public static string Folder { get; } = Environment.GetEnvironmentVariable("FUDGE_RABBITMQ_CLUSTER_DIR")
        ?? Path.Combine(Environment.GetEnvironmentVariable("TMPDIR") is { Length: > 0 } tmp ? tmp : "/tmp", "fudge-rabbitmq-cluster");

    /// <summary>A factory for the cluster (its endpoints are passed separately, as the library takes them).</summary>
    public static ConnectionFactory CreateFactory() => new()
    {
        UserName = "guest",
        Password = "guest",
        RequestedConnectionTimeout = TimeSpan.FromSeconds(5),
    };

    /// <summary>The node (1, 2 or 3) listening at <paramref name="endpoint"/>.</summary>
    public static int NodeOf(AmqpTcpEndpoint? endpoint)
        => endpoint is null ? throw new InvalidOperationException("not connected") : endpoint.Port - 5680;

    /// <summary>kill -9 of node <paramref name="node"/>: no shutdown, no goodbye to its peers or clients.</summary>
    public static void Kill(int node)
    {
        int pid = int.Parse(File.ReadAllText(Path.Combine(Folder, $"n{node}", "pid")).Trim());
        using var process = Process.GetProcessById(pid);
        process.Kill();   // SIGKILL on Unix
        process.WaitForExit(10_000);
    }

    /// <summary>Starts node <paramref name="node"/> again from its data folder (it rejoins the cluster) and waits until it takes AMQP connections.</summary>
    public static async Task RestartAsync(int node, TimeSpan patience)
    {
        var start = new ProcessStartInfo("sh", new[] { Path.Combine(Folder, $"n{node}", "start.sh") });
        using (var process = Process.Start(start)!)
        {
            await process.WaitForExitAsync();
            if (process.ExitCode != 0) throw new InvalidOperationException($"could not restart cluster node {node} (exit {process.ExitCode})");
        }
        await AwaitConnectionAsync(node, patience);
    }

    private static async Task AwaitConnectionAsync(int node, TimeSpan patience)
    {
        var endpoint = Endpoints[node - 1];
        await Traffic.WaitUntilAsync(async () =>
        {
            try
            {
                await using var connection = await CreateFactory().CreateConnectionAsync(new[] { endpoint }, "fudge-tests-restart");
                return true;
            }
            catch (Exception)
            {
                return false;
            }
        }, patience, $"cluster node {node} takes connections again");
    }

    /// <summary>
    /// <c>rabbit:stop()</c> on node <paramref name="node"/>, what <c>rabbitmqctl stop_app</c> calls: the broker
    /// application stops (listeners and client connections closed, its queue replicas gone) while its Erlang VM stays
    /// up and in the cluster.
    /// </summary>
    public static void StopApp(int node) => Call(node, "rabbit stop");

    /// <summary><c>rabbit:start()</c> on node <paramref name="node"/> (<c>rabbitmqctl start_app</c>), then waits until it takes AMQP connections.</summary>
    public static async Task StartAppAsync(int node, TimeSpan patience)
    {
        await Task.Run(() => Call(node, "rabbit start"));
        await AwaitConnectionAsync(node, patience);
    }

    /// <summary>
    /// Calls a function on node <paramref name="node"/> through its nN/call.sh (erl_call with the cluster's cookie: no
    /// Erlang VM to start, unlike rabbitmqctl, which took a minute a call on the loaded machine) and expects <c>ok</c>.
    /// </summary>
    private static void Call(int node, string function)
    {
        var start = new ProcessStartInfo("sh") { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Path.Combine(Folder, $"n{node}", "call.sh"));
        start.ArgumentList.Add(function);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        string errors = process.StandardError.ReadToEnd();
        if (!process.WaitForExit(300_000)) process.Kill();
        string result = output.Result.Trim();
        if (process.ExitCode != 0 || result != "ok")
            throw new InvalidOperationException($"{function} on cluster node {node} failed (exit {process.ExitCode}): {result}{errors}");
    }

    /// <summary>
    /// Evaluates Erlang expressions on node <paramref name="node"/> (erl_call -e with the cluster's cookie) and returns
    /// what erl_call prints (<c>{ok,Result}</c>), or null when the node does not answer within <paramref name="timeout"/>.
    /// </summary>
    public static string? Evaluate(int node, string expressions, TimeSpan timeout)
    {
        var start = new ProcessStartInfo("/usr/lib/erlang/bin/erl_call")
        {
            RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true,
        };
        foreach (string argument in new[] { "-sname", $"fudge{node}@localhost", "-c", File.ReadAllText(Path.Combine(Folder, ".erlang.cookie")).Trim(),
                     "-timeout", ((int)Math.Ceiling(timeout.TotalSeconds)).ToString(System.Globalization.CultureInfo.InvariantCulture), "-e" })
            start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        process.StandardInput.Write(expressions);
        process.StandardInput.Close();
        var output = process.StandardOutput.ReadToEndAsync();
        _ = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(timeout + TimeSpan.FromSeconds(5)))
        {
            process.Kill();
            return null;
        }
        return process.ExitCode == 0 ? output.Result.Trim() : null;
    }

    /// <summary>True when something listens on node <paramref name="node"/>'s AMQP port.</summary>
    public static bool Answers(int node)
    {
        var endpoint = Endpoints[node - 1];
        try
        {
            using var client = new TcpClient();
            return client.ConnectAsync(endpoint.HostName, endpoint.Port).Wait(TimeSpan.FromSeconds(2)) && client.Connected;
        }
        catch (Exception e) when (e is SocketException or AggregateException)
        {
            return false;
        }
    }

    internal static string? Unavailable()
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        for (int node = 1; node <= Endpoints.Count; node++)
        {
            if (!Answers(node))
                return $"SKIPPED: no RabbitMQ cluster node at {Endpoints[node - 1]}; start the cluster with `bash .ci/rabbitmq-cluster.sh start` (CI never skips these tests)";
        }
        return null;
    }
}

/// <summary>A test that needs the three-node cluster (same rules as <see cref="BrokerFactAttribute"/>: CI never skips it).</summary>
[AttributeUsage(AttributeTargets.Method)]
[Xunit.Sdk.XunitTestCaseDiscoverer("Fudge.Tests.Support.SkipNoticeFactDiscoverer", "Fudge.RabbitMQ.Tests")]
public sealed class ClusterFactAttribute : FactAttribute
{
    private static readonly Lazy<string?> Unavailable = new(RabbitCluster.Unavailable);

    public ClusterFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}
