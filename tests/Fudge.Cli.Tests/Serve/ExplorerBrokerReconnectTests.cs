using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>fudge serve amqp://…</c> when the broker closes the explorer's connection (as an operator's
/// <c>rabbitmqctl close_all_user_connections</c>, a broker restart or a failover do): <c>/api/source</c>'s notice, which the page
/// shows, says the connection was lost, then that it is back and since when it was lost, and the messages that pass
/// afterwards are listed after those from before. Only the explorer's connection is closed: it logs in as a user of
/// its own, so the other tests' connections on the same broker are untouched.
/// </summary>
public class ExplorerBrokerReconnectTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    private static Uri Broker => new(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/");

    private static byte[][] Ticks(int count)
    {
        byte[] all = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        var envelopes = new List<byte[]>();
        for (int at = 0; at < all.Length && envelopes.Count < count;)
        {
            int size = BinaryPrimitives.ReadInt32BigEndian(all.AsSpan(at + 4, 4));
            envelopes.Add(all.AsSpan(at, size).ToArray());
            at += size;
        }
        return envelopes.ToArray();
    }

    private static async Task<string> RabbitmqctlAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo("rabbitmqctl") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments) start.ArgumentList.Add(argument);
        using var process = Process.Start(start)!;
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var output = process.StandardOutput.ReadToEndAsync(timeout.Token);
        var error = process.StandardError.ReadToEndAsync(timeout.Token);
        await process.WaitForExitAsync(timeout.Token);
        if (process.ExitCode != 0) throw new InvalidOperationException($"rabbitmqctl {string.Join(' ', arguments)} failed ({process.ExitCode}): {await output}{await error}");
        return await output;
    }

    /// <summary>
    /// The explorers' broker user: closing its connections closes only theirs. Made (or made again, unchanged) with one
    /// rabbitmqctl call, which costs seconds on a loaded machine; it is left on the test broker for the next run.
    /// </summary>
    private static class ExplorerUser
    {
        public const string Name = "fudge-serve-reconnect-test";

        public static async Task EnsureAsync()
        {
            string definitions = Path.Combine(Path.GetTempPath(), "fudge-serve-reconnect-" + Guid.NewGuid().ToString("N") + ".json");
            await File.WriteAllTextAsync(definitions, $$"""
                {"users": [{"name": "{{Name}}", "password": "{{Name}}", "tags": ""}],
                 "permissions": [{"user": "{{Name}}", "vhost": "/", "configure": ".*", "write": ".*", "read": ".*"}]}
                """);
            try
            {
                await RabbitmqctlAsync("import_definitions", definitions);
            }
            finally
            {
                File.Delete(definitions);
            }
        }

        public static string SourceUri(string query)
            => new UriBuilder(Broker) { UserName = Name, Password = Name, Path = "/", Query = query }.Uri.ToString();

        /// <summary>Has the broker close every connection of the user, as an operator's <c>rabbitmqctl</c> does.</summary>
        public static Task CloseConnectionsAsync() => RabbitmqctlAsync("close_all_user_connections", Name, "closed by the fudge serve reconnect test");
    }

    private static async Task<JsonElement> WaitForSourceAsync(Explorer explorer, Func<JsonElement, bool> condition, string what)
    {
        var deadline = DateTime.UtcNow + Patience;
        while (true)
        {
            var (_, source) = await explorer.GetJsonAsync("api/source");
            if (condition(source)) return source;
            if (DateTime.UtcNow > deadline) throw new TimeoutException($"gave up waiting until {what}: {source}");
            await Task.Delay(50);
        }
    }

    private static string Notice(JsonElement source) => source.TryGetProperty("notice", out var notice) ? notice.GetString() ?? "" : "";

    private static long Count(JsonElement source) => source.GetProperty("count").GetInt64();

    private static async Task<byte[]> BytesAsync(Explorer explorer, long id)
    {
        using var response = await explorer.Client.GetAsync($"api/messages/{id}/bytes");
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsByteArrayAsync();
    }

    private static async Task PublishAsync(IChannel channel, string exchange, string key, IEnumerable<byte[]> bodies)
    {
        foreach (var body in bodies)
            await channel.BasicPublishAsync(exchange, key, mandatory: false, new BasicProperties { ContentType = "application/vnd.fudgemsg" }, body);
    }

    // The loss is said, then the return; the notice keeps both moments.
    private static async Task AwaitLossAndReturnAsync(Explorer explorer)
    {
        var lost = await WaitForSourceAsync(explorer, s => Notice(s).Contains("connection to the broker was lost", StringComparison.Ordinal), "the loss is reported");
        Assert.Contains("reconnecting", Notice(lost));
        var back = await WaitForSourceAsync(explorer, s => Notice(s).Contains("reconnected to the broker", StringComparison.Ordinal), "the return is reported");
        Assert.Matches(@"\d\d:\d\d:\d\d UTC: reconnected to the broker, lost since \d\d:\d\d:\d\d UTC", Notice(back));
    }

    [BrokerFact]
    public async Task A_tapped_exchange_and_a_browsed_queue_whose_connections_the_broker_closes_report_it_and_resume()
    {
        await ExplorerUser.EnsureAsync();
        await using var connection = await new ConnectionFactory { Uri = Broker }.CreateConnectionAsync("fudge-cli-tests");
        await using var channel = await connection.CreateChannelAsync();
        string exchange = "fudge-test.serve.reconnect." + Guid.NewGuid().ToString("N");
        string queue = exchange + ".browsed";
        await channel.ExchangeDeclareAsync(exchange, ExchangeType.Topic, durable: false, autoDelete: false);
        await channel.QueueDeclareAsync(queue, durable: false, exclusive: false, autoDelete: false);
        try
        {
            var ticks = Ticks(5);
            await using (var tap = await Explorer.StartAsync(ExplorerUser.SourceUri("exchange=" + exchange)))
            await using (var browse = await Explorer.StartAsync(ExplorerUser.SourceUri("queue=" + queue)))
            {
                await PublishAsync(channel, exchange, "ticks.acme", ticks.Take(3));
                await PublishAsync(channel, "", queue, ticks.Take(3));
                await WaitForSourceAsync(tap, s => Count(s) == 3, "the first 3 are tapped");
                await WaitForSourceAsync(browse, s => Count(s) == 3, "the 3 waiting are browsed");

                await ExplorerUser.CloseConnectionsAsync();
                await Task.WhenAll(AwaitLossAndReturnAsync(tap), AwaitLossAndReturnAsync(browse)); // both watched at once: each is lost for 2 s

                // The temporary queue was declared and bound again, and browsing goes on: what is published now is
                // listed after what came before; the browsed queue's first 3 are not listed again.
                await PublishAsync(channel, exchange, "ticks.acme", ticks.Skip(3));
                await PublishAsync(channel, "", queue, ticks.Skip(3));
                await WaitForSourceAsync(tap, s => Count(s) == 5, "the 2 published after the return are tapped");
                await WaitForSourceAsync(browse, s => Count(s) == 5, "the 2 published after the return are browsed");
                await Task.Delay(2 * (int)Fudge.Cli.Serve.Sources.AmqpMessageSource.BrowseInterval.TotalMilliseconds + 500);
                Assert.Equal(5, Count((await browse.GetJsonAsync("api/source")).Body));
                for (int i = 0; i < 5; i++)
                {
                    Assert.Equal(ticks[i], await BytesAsync(tap, i));
                    Assert.Equal(ticks[i], await BytesAsync(browse, i));
                }
            }
            // Nothing was taken: the messages held when the connection was closed went back to the queue.
            Assert.Equal(5u, (await channel.QueueDeclarePassiveAsync(queue)).MessageCount);
        }
        finally
        {
            await channel.QueueDeleteAsync(queue);
            await channel.ExchangeDeleteAsync(exchange);
        }
    }
}
