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
/// <c>rabbitmqctl close_connection</c>, a broker restart or a failover do): <c>/api/source</c>'s notice, which the page
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

    /// <summary>A broker user for one test, so that closing its connections closes only the explorer's.</summary>
    private sealed class BrokerUser : IAsyncDisposable
    {
        public string Name { get; } = "fudge-serve-reconnect-" + Guid.NewGuid().ToString("N").Substring(0, 12);

        public string Password { get; } = Guid.NewGuid().ToString("N");

        public static async Task<BrokerUser> CreateAsync()
        {
            var user = new BrokerUser();
            await RabbitmqctlAsync("add_user", user.Name, user.Password);
            await RabbitmqctlAsync("set_permissions", "-p", "/", user.Name, ".*", ".*", ".*");
            return user;
        }

        public string SourceUri(string query)
            => new UriBuilder(Broker) { UserName = Name, Password = Password, Path = "/", Query = query }.Uri.ToString();

        /// <summary>Closes every connection of this user from the broker's side; returns how many there were.</summary>
        public async Task<int> CloseConnectionsAsync()
        {
            string listed = await RabbitmqctlAsync("-q", "list_connections", "pid", "user");
            var pids = listed.Split('\n')
                .Select(line => line.Split('\t'))
                .Where(columns => columns.Length >= 2 && columns[0].StartsWith('<') && columns[1].Trim() == Name)
                .Select(columns => columns[0])
                .ToArray();
            foreach (string pid in pids) await RabbitmqctlAsync("close_connection", pid, "closed by the fudge serve reconnect test");
            return pids.Length;
        }

        public async ValueTask DisposeAsync() => await RabbitmqctlAsync("delete_user", Name);
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
    private static async Task CloseAndAwaitRecoveryAsync(Explorer explorer, BrokerUser user)
    {
        Assert.Equal(1, await user.CloseConnectionsAsync());
        var lost = await WaitForSourceAsync(explorer, s => Notice(s).Contains("connection to the broker was lost", StringComparison.Ordinal), "the loss is reported");
        Assert.Contains("reconnecting", Notice(lost));
        var back = await WaitForSourceAsync(explorer, s => Notice(s).Contains("reconnected to the broker", StringComparison.Ordinal), "the return is reported");
        Assert.Matches(@"\d\d:\d\d:\d\d UTC: reconnected to the broker, lost since \d\d:\d\d:\d\d UTC", Notice(back));
    }

    [BrokerFact]
    public async Task A_tapped_exchange_whose_connection_the_broker_closes_reports_the_loss_and_lists_what_passes_after_it()
    {
        await using var user = await BrokerUser.CreateAsync();
        await using var connection = await new ConnectionFactory { Uri = Broker }.CreateConnectionAsync("fudge-cli-tests");
        await using var channel = await connection.CreateChannelAsync();
        string exchange = "fudge-test.serve.reconnect." + Guid.NewGuid().ToString("N");
        await channel.ExchangeDeclareAsync(exchange, ExchangeType.Topic, durable: false, autoDelete: false);
        try
        {
            var ticks = Ticks(5);
            await using var explorer = await Explorer.StartAsync(user.SourceUri("exchange=" + exchange));
            await PublishAsync(channel, exchange, "ticks.acme", ticks.Take(3));
            await WaitForSourceAsync(explorer, s => Count(s) == 3, "the first 3 are listed");

            await CloseAndAwaitRecoveryAsync(explorer, user);

            // The temporary queue was declared and bound again: what passes now is seen, after what was seen before.
            await PublishAsync(channel, exchange, "ticks.acme", ticks.Skip(3));
            await WaitForSourceAsync(explorer, s => Count(s) == 5, "the 2 published after the return are listed");
            for (int i = 0; i < 5; i++) Assert.Equal(ticks[i], await BytesAsync(explorer, i));
        }
        finally
        {
            await channel.ExchangeDeleteAsync(exchange);
        }
    }

    [BrokerFact]
    public async Task A_browsed_queue_whose_connection_the_broker_closes_resumes_and_lists_each_message_once()
    {
        await using var user = await BrokerUser.CreateAsync();
        await using var connection = await new ConnectionFactory { Uri = Broker }.CreateConnectionAsync("fudge-cli-tests");
        await using var channel = await connection.CreateChannelAsync();
        string queue = "fudge-test.serve.reconnect." + Guid.NewGuid().ToString("N");
        await channel.QueueDeclareAsync(queue, durable: false, exclusive: false, autoDelete: false);
        try
        {
            var ticks = Ticks(5);
            await PublishAsync(channel, "", queue, ticks.Take(3));
            await using (var explorer = await Explorer.StartAsync(user.SourceUri("queue=" + queue)))
            {
                await WaitForSourceAsync(explorer, s => Count(s) == 3, "the 3 waiting are listed");

                await CloseAndAwaitRecoveryAsync(explorer, user);

                // Browsing goes on: the 3 seen before are not listed again, the 2 new ones are.
                await PublishAsync(channel, "", queue, ticks.Skip(3));
                await WaitForSourceAsync(explorer, s => Count(s) == 5, "the 2 published after the return are listed");
                await Task.Delay(2 * (int)Fudge.Cli.Serve.Sources.AmqpMessageSource.BrowseInterval.TotalMilliseconds + 500);
                var (_, source) = await explorer.GetJsonAsync("api/source");
                Assert.Equal(5, Count(source));
                for (int i = 0; i < 5; i++) Assert.Equal(ticks[i], await BytesAsync(explorer, i));
            }
            // Nothing was taken: the messages held when the connection was closed went back to the queue.
            Assert.Equal(5u, (await channel.QueueDeclarePassiveAsync(queue)).MessageCount);
        }
        finally
        {
            await channel.QueueDeleteAsync(queue);
        }
    }
}
