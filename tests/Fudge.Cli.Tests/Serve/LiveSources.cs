using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// What the explorer's tests of live sources share: the local servers' addresses (<c>.ci/rabbitmq.sh</c> and
/// <c>.ci/nats.sh</c> start them; FUDGE_AMQP_URI and FUDGE_NATS_URL override them), the sample ticks they publish, and
/// waiting for what <c>/api/source</c> says.
/// </summary>
internal static class LiveSources
{
    /// <summary>How long a test waits for a source to show what was published (generous: CI machines are loaded).</summary>
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(30);

    /// <summary>The local RabbitMQ broker.</summary>
    public static Uri Broker => new(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/");

    /// <summary>The local NATS server.</summary>
    public static Uri NatsServer => new(Environment.GetEnvironmentVariable("FUDGE_NATS_URL") ?? "nats://127.0.0.1:4222");

    /// <summary>The first <paramref name="count"/> envelopes of samples/ticks.fudge (all of them by default), each whole.</summary>
    public static byte[][] Ticks(int count = int.MaxValue)
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

    /// <summary>The <c>fudge serve</c> source of the broker at <paramref name="broker"/> (the local one by default) with this query.</summary>
    public static string AmqpSource(string query, Uri? broker = null) => new UriBuilder(broker ?? Broker) { Query = query }.Uri.ToString();

    /// <summary>Publishes each body, as the application's publishers do.</summary>
    public static async Task PublishAsync(IChannel channel, string exchange, string key, IEnumerable<byte[]> bodies)
    {
        foreach (var body in bodies)
            await channel.BasicPublishAsync(exchange, key, mandatory: false, new BasicProperties { ContentType = "application/vnd.fudgemsg" }, body);
    }

    /// <summary>Asks <c>/api/source</c> until <paramref name="condition"/> holds; returns that answer.</summary>
    /// <exception cref="TimeoutException">It did not hold within <see cref="Patience"/> (the message says what and the last answer).</exception>
    public static async Task<JsonElement> WaitForSourceAsync(this Explorer explorer, Func<JsonElement, bool> condition, string what)
    {
        var deadline = DateTime.UtcNow + Patience;
        while (true)
        {
            var (status, source) = await explorer.GetJsonAsync("api/source");
            Assert.Equal(HttpStatusCode.OK, status);
            if (condition(source)) return source;
            if (DateTime.UtcNow > deadline) throw new TimeoutException($"gave up waiting until {what}: {source}");
            await Task.Delay(50);
        }
    }

    /// <summary>Waits until the source lists at least <paramref name="count"/> messages.</summary>
    public static Task<JsonElement> WaitForCountAsync(this Explorer explorer, long count)
        => explorer.WaitForSourceAsync(s => Count(s) >= count, $"{count} messages are listed");

    /// <summary>The count <c>/api/source</c> answered.</summary>
    public static long Count(JsonElement source) => source.GetProperty("count").GetInt64();

    /// <summary>The notice <c>/api/source</c> answered, or an empty string.</summary>
    public static string Notice(JsonElement source) => source.TryGetProperty("notice", out var notice) ? notice.GetString() ?? "" : "";

    /// <summary>The bytes the explorer serves for message <paramref name="id"/>.</summary>
    public static async Task<byte[]> BytesAsync(this Explorer explorer, long id)
    {
        using var response = await explorer.Client.GetAsync($"api/messages/{id}/bytes");
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsByteArrayAsync();
    }

    /// <summary>
    /// Why a test that needs the server at <paramref name="server"/> is skipped, or null when it runs: never skipped
    /// in CI (CI starts every server), else skipped when nothing listens there.
    /// </summary>
    public static string? SkipReason(Uri server, string what, string start)
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        try
        {
            using var client = new TcpClient();
            if (client.ConnectAsync(server.Host, server.Port).Wait(TimeSpan.FromSeconds(2)) && client.Connected) return null;
        }
        catch (Exception e) when (e is SocketException or AggregateException)
        {
        }
        return $"SKIPPED: no {what} at {server.Host}:{server.Port} for the fudge serve tests of live sources; start one with `{start}` (CI never skips these tests)";
    }
}

/// <summary>A test that needs the local RabbitMQ broker: skipped with a notice where none listens, never in CI.</summary>
[AttributeUsage(AttributeTargets.Method)]
[Xunit.Sdk.XunitTestCaseDiscoverer("Fudge.Tests.Support.SkipNoticeFactDiscoverer", "Fudge.Cli.Tests")]
public sealed class BrokerFactAttribute : FactAttribute
{
    private static readonly Lazy<string?> Unavailable = new(() => LiveSources.SkipReason(LiveSources.Broker, "RabbitMQ broker", "bash .ci/rabbitmq.sh start"));

    public BrokerFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}

/// <summary>A test that needs the local NATS server: skipped with a notice where none listens, never in CI.</summary>
[AttributeUsage(AttributeTargets.Method)]
[Xunit.Sdk.XunitTestCaseDiscoverer("Fudge.Tests.Support.SkipNoticeFactDiscoverer", "Fudge.Cli.Tests")]
public sealed class NatsFactAttribute : FactAttribute
{
    private static readonly Lazy<string?> Unavailable = new(() => LiveSources.SkipReason(LiveSources.NatsServer, "NATS server", "bash .ci/nats.sh start"));

    public NatsFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}
