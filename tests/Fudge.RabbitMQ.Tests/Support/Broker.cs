using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// The real local broker the tests run against (started by <c>bash .ci/rabbitmq.sh start</c>; FUDGE_AMQP_URI overrides
/// the address), on the virtual host the script creates for these tests: they close every connection of their virtual
/// host, which must not cut the connections of other test projects running at the same time against the same broker
/// (the explorer tests of Fudge.Cli.Tests did fail so in CI). Nothing here is mocked. In CI an unreachable broker fails every test that uses it, with how to start
/// it; elsewhere those tests are skipped with that reason (<see cref="BrokerFactAttribute"/>).
/// </summary>
public sealed class Broker : IAsyncLifetime
{
    private readonly List<string> _queues = new();

    public static Uri Uri { get; } = new(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/fudge-rabbitmq-tests");

    /// <summary>The virtual host of <see cref="Uri"/>, as the client reads it from the address.</summary>
    public static string VirtualHost { get; } = new ConnectionFactory { Uri = Uri }.VirtualHost;

    private IConnection? _connection;

    public ConnectionFactory CreateFactory() => new() { Uri = Uri };

    public async Task InitializeAsync()
    {
        if (BrokerFactAttribute.Unavailable.Value is not null) return; // every test of the collection is skipped
        try
        {
            _connection = await FudgeAmqpConnector.ConnectAsync(CreateFactory(), 3, TimeSpan.FromSeconds(1), "fudge-tests");
        }
        catch (FudgeAmqpException e)
        {
            throw new InvalidOperationException(
                $"The RabbitMQ integration tests need a broker at {Uri} (CI={Environment.GetEnvironmentVariable("CI") ?? "unset"}); " +
                $"start one with `bash .ci/rabbitmq.sh start`. {e.Message}", e);
        }
    }

    public async Task DisposeAsync()
    {
        if (_connection is null) return;
        await using (var channel = await OpenChannelAsync())
        {
            foreach (string queue in _queues) await channel.QueueDeleteAsync(queue);
        }
        await _connection.DisposeAsync();
    }

    /// <summary>
    /// A channel on the tests' shared connection, reopened first if the broker closed it (the reconnection test
    /// closes every connection).
    /// </summary>
    public async Task<IChannel> OpenChannelAsync(CreateChannelOptions? options = null)
    {
        if (_connection is not { IsOpen: true })
        {
            if (_connection is not null) await _connection.DisposeAsync();
            _connection = await FudgeAmqpConnector.ConnectAsync(CreateFactory(), 3, TimeSpan.FromSeconds(1), "fudge-tests");
        }
        return await _connection.CreateChannelAsync(options);
    }

    /// <summary>Declares a fresh durable queue with a unique name (deleted, with its dead-letter queue, after the tests).</summary>
    public async Task<string> CreateQueueAsync(string prefix)
    {
        string name = $"fudge-test.{prefix}.{Guid.NewGuid():N}";
        await using var channel = await OpenChannelAsync();
        await channel.QueueDeclareAsync(name, durable: true, exclusive: false, autoDelete: false);
        _queues.Add(name);
        _queues.Add(name + ".dead-letter");
        return name;
    }

    /// <summary>A channel with publisher confirmations tracked: each publish completes when the broker has the message.</summary>
    public Task<IChannel> CreateConfirmingChannelAsync()
        => OpenChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true));

    /// <summary>Messages ready in <paramref name="queue"/> (not counting those delivered and unacknowledged), on a fresh connection.</summary>
    public async Task<uint> ReadyCountAsync(string queue)
    {
        // A new connection each time: the server-side connection closes in the tests must not break the watcher.
        await using var connection = await FudgeAmqpConnector.ConnectAsync(CreateFactory(), 5, TimeSpan.FromMilliseconds(200), "fudge-tests-watch");
        await using var channel = await connection.CreateChannelAsync();
        var ok = await channel.QueueDeclarePassiveAsync(queue);
        return ok.MessageCount;
    }

    /// <summary>
    /// Closes every client connection of the tests' virtual host on the local broker, server-side (what
    /// <c>rabbitmqctl close_all_connections -p</c> does), through erl_call when it and the broker's Erlang cookie are at hand: rabbitmqctl starts an Erlang VM of its
    /// own for each call, which took a minute on the loaded machine; erl_call answers in well under a second.
    /// </summary>
    public static async Task CloseAllConnectionsAsync(string reason)
    {
        const string erlCall = "/usr/lib/erlang/bin/erl_call", cookieFile = "/var/lib/rabbitmq/.erlang.cookie";
        if (!File.Exists(erlCall) || Uri.Host is not ("127.0.0.1" or "localhost"))
        {
            await RabbitmqctlAsync("close_all_connections", "-p", VirtualHost, reason);
            return;
        }
        string cookie;
        try
        {
            cookie = (await File.ReadAllTextAsync(cookieFile)).Trim();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            await RabbitmqctlAsync("close_all_connections", "-p", VirtualHost, reason);
            return;
        }
        // The connections whose virtual host is the tests' own, each closed as close_all_connections closes them.
        string expression =
            $"Reason = \"{reason}\", VHost = <<\"{VirtualHost}\">>, " +
            "Pids = [P || P <- rabbit_networking:connections(), (catch rabbit_networking:connection_info(P, [vhost])) =:= [{vhost, VHost}]], " +
            "[rabbit_networking:close_connection(P, Reason) || P <- Pids], ok.";
        var start = new ProcessStartInfo(erlCall) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in new[] { "-sname", "rabbit@localhost", "-c", cookie, "-timeout", "60", "-e" })
            start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(90));
        await process.StandardInput.WriteLineAsync(expression);
        process.StandardInput.Close();
        string output = await process.StandardOutput.ReadToEndAsync(timeout.Token) + await process.StandardError.ReadToEndAsync(timeout.Token);
        await process.WaitForExitAsync(timeout.Token);
        if (process.ExitCode != 0 || output.Trim() != "{ok, ok}") throw new InvalidOperationException($"closing the broker's connections failed ({process.ExitCode}): {output}");
    }

    /// <summary>Runs rabbitmqctl (the broker's own tool) and fails the test when it fails.</summary>
    public static async Task RabbitmqctlAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo("rabbitmqctl") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        string output = await process.StandardOutput.ReadToEndAsync(timeout.Token) + await process.StandardError.ReadToEndAsync(timeout.Token);
        await process.WaitForExitAsync(timeout.Token);
        if (process.ExitCode != 0) throw new InvalidOperationException($"rabbitmqctl {string.Join(' ', arguments)} failed ({process.ExitCode}): {output}");
    }
}

/// <summary>All broker tests share one connection and run one after another (the broker and the machine are shared).</summary>
[CollectionDefinition(Name)]
public sealed class BrokerCollection : ICollectionFixture<Broker>
{
    public const string Name = "broker";
}
