using System;
using System.Threading.Tasks;
using NATS.Client.Core;
using NATS.Client.JetStream;

namespace Fudge.Nats.Tests.Support;

/// <summary>
/// The two JetStream streams a stream-to-stream route needs, on the single server under names no other test uses: the
/// source stream stores <see cref="SourceSubject"/> (<c>SOURCE.ticks</c>), the target stream everything under
/// <c>TARGET.&gt;</c>. Both are deleted, and the connection closed, on disposal.
/// </summary>
public sealed class RouteStreams : IAsyncDisposable
{
    private RouteStreams(NatsConnection nats, string source, string target)
    {
        Nats = nats;
        JetStream = new NatsJSContext(nats);
        Source = source;
        Target = target;
    }

    public NatsConnection Nats { get; }

    public NatsJSContext JetStream { get; }

    /// <summary>The source stream's name.</summary>
    public string Source { get; }

    /// <summary>The target stream's name, and the first token of every subject it stores.</summary>
    public string Target { get; }

    /// <summary>The one subject the source stream stores.</summary>
    public string SourceSubject => Source + ".ticks";

    /// <summary>Creates both streams, named after <paramref name="sourcePrefix"/> and <paramref name="targetPrefix"/>.</summary>
    public static async Task<RouteStreams> CreateAsync(string sourcePrefix, string targetPrefix)
    {
        var nats = await NatsServers.ConnectAsync();
        var streams = new RouteStreams(nats, NatsServers.Unique(sourcePrefix), NatsServers.Unique(targetPrefix));
        try
        {
            await streams.JetStream.EnsureStreamAsync(streams.Source, new[] { streams.SourceSubject });
            await streams.JetStream.EnsureStreamAsync(streams.Target, new[] { streams.Target + ".>" });
            return streams;
        }
        catch
        {
            await streams.DisposeAsync();
            throw;
        }
    }

    /// <summary>Stores ticks <paramref name="first"/>..<paramref name="last"/> in the source stream, each acknowledged.</summary>
    public async Task PublishTicksAsync(int first, int last)
    {
        for (int i = first; i <= last; i++) await JetStream.PublishFudgeAsync(SourceSubject, Tick.Number(i));
    }

    /// <summary>How many messages the target stream holds.</summary>
    public async Task<long> TargetCountAsync() => (long)(await JetStream.GetStreamAsync(Target)).Info.State.Messages;

    public async ValueTask DisposeAsync()
    {
        foreach (string stream in new[] { Source, Target })
        {
            try
            {
                await JetStream.DeleteStreamAsync(stream);
            }
            catch (NatsJSApiException)
            {
                // Not created.
            }
        }
        await Nats.DisposeAsync();
    }
}
