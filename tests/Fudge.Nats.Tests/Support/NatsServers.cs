using System;
using System.IO;
using System.Linq;
using System.Net.Sockets;
using System.Threading.Tasks;
using NATS.Client.Core;

namespace Fudge.Nats.Tests.Support;

/// <summary>
/// The real local servers of <c>bash .ci/nats.sh start</c>: a single node (FUDGE_NATS_URL, default
/// nats://127.0.0.1:4222) and a three-node JetStream cluster (FUDGE_NATS_CLUSTER_URLS, default 127.0.0.1:4231-4233)
/// whose configuration and pid files are in FUDGE_NATS_DIR. Nothing here is mocked.
/// </summary>
public static class NatsServers
{
    public static string Url { get; } = Environment.GetEnvironmentVariable("FUDGE_NATS_URL") ?? "nats://127.0.0.1:4222";

    public static string ClusterUrls { get; } = Environment.GetEnvironmentVariable("FUDGE_NATS_CLUSTER_URLS")
        ?? "nats://127.0.0.1:4231,nats://127.0.0.1:4232,nats://127.0.0.1:4233";

    /// <summary>Where .ci/nats.sh keeps each server's n1.conf, n1.pid, n1.log and store.</summary>
    public static string Folder { get; } = Environment.GetEnvironmentVariable("FUDGE_NATS_DIR")
        ?? Path.Combine(Environment.GetEnvironmentVariable("TMPDIR") is { Length: > 0 } tmp ? tmp : "/tmp", "fudge-nats");

    /// <summary>A connection with Fudge serializers for every Fudge type.</summary>
    public static async Task<NatsConnection> ConnectAsync(string? urls = null)
    {
        var nats = new NatsConnection(NatsOpts.Default with
        {
            Url = urls ?? Url,
            Name = "fudge-nats-tests",
            SerializerRegistry = FudgeNatsSerializerRegistry.Default,
            RequestTimeout = TimeSpan.FromSeconds(2),
        });
        await nats.ConnectAsync();
        return nats;
    }

    /// <summary>
    /// The consumer's ack floor once it reaches <paramref name="expected"/>, or after five seconds whatever it is: a plain
    /// acknowledgement is published without a reply, so the server may not have counted the last one yet when asked.
    /// </summary>
    public static async Task<ulong> AckFloorAsync(NATS.Client.JetStream.NatsJSContext js, string stream, string consumer, ulong expected)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (true)
        {
            ulong floor = (await js.GetConsumerAsync(stream, consumer)).Info.AckFloor.StreamSeq;
            if (floor >= expected || clock.Elapsed > TimeSpan.FromSeconds(5)) return floor;
            await Task.Delay(50);
        }
    }

    /// <summary>A name no other test (or earlier run) uses.</summary>
    public static string Unique(string prefix) => $"{prefix}_{Guid.NewGuid():N}".Substring(0, prefix.Length + 13);

    internal static string? Unavailable(string urls, string what)
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        foreach (var url in urls.Split(',').Select(u => new Uri(u.Trim())))
        {
            try
            {
                using var client = new TcpClient();
                if (!(client.ConnectAsync(url.Host, url.Port).Wait(TimeSpan.FromSeconds(2)) && client.Connected)) return Reason(url);
            }
            catch (Exception e) when (e is SocketException or AggregateException)
            {
                return Reason(url);
            }
        }
        return null;

        string Reason(Uri url) => $"SKIPPED: no {what} answers at {url.Host}:{url.Port}; start it with `bash .ci/nats.sh start` (CI never skips these tests)";
    }
}
