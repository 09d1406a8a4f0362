using System;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;
using Fudge.Nats;
using Fudge.Query;
using NATS.Client.Core;

namespace Fudge.Cli.Query;

/// <summary>
/// <c>fudge route --nats URL --from SUBJECT [--stream STREAM]</c>: the content-based router on NATS. Subscribes to the subject (or reads it from a JetStream stream), runs the
/// rules on each body's raw bytes and publishes the unchanged bytes to every destination, each a subject template
/// (<c>ticks.{$.Ticker}</c>) filled from the envelope's fields (docs/nats.md). Runs until SIGINT or SIGTERM, then
/// prints its counters.
/// </summary>
internal sealed class NatsRouteCommand
{
    private readonly TextWriter _log;

    public NatsRouteCommand(TextWriter log) => _log = log;

    /// <summary>Routes until a stop signal; returns the exit code.</summary>
    /// <exception cref="IOException">The URL is not a NATS URL, a destination is not a subject template, or no server answers.</exception>
    public int Run(string url, FudgeRouter rules, string rulesPath, string sourceSubject, string? queueGroup, string? deadLetter, string? stream,
        FudgeReaderOptions readerOptions)
    {
        if (!Uri.TryCreate(url, UriKind.Absolute, out var parsed) || (parsed.Scheme != "nats" && parsed.Scheme != "tls"))
            throw new IOException($"--nats expects a nats:// or tls:// URL, not '{url}'");
        FudgeNatsRouterOptions options;
        try
        {
            options = new FudgeNatsRouterOptions(sourceSubject, rules)
            {
                QueueGroup = queueGroup,
                DeadLetterSubject = deadLetter,
                // From a stream: at least once through its durable consumer, into streams with message ids (stored once).
                SourceStream = stream,
                SourceConsumer = "fudge-route",
                PublishToJetStream = stream is not null,
                ReaderOptions = readerOptions,
                Log = line => _log.WriteLine("fudge route: " + line),
            };
        }
        catch (FudgeQueryException e)
        {
            throw new IOException($"{rulesPath}: a destination is not a subject template: {e.Message}");
        }
        return RunAsync(url, options).GetAwaiter().GetResult();
    }

    private async Task<int> RunAsync(string url, FudgeNatsRouterOptions options)
    {
        await using var connection = new NatsConnection(NatsOpts.Default with { Url = url, Name = "fudge-route:" + options.SourceSubject });
        try
        {
            await connection.ConnectAsync().ConfigureAwait(false);
        }
        catch (NatsException e)
        {
            throw new IOException($"could not reach the NATS server at {url}: {e.GetBaseException().Message}");
        }
        _log.WriteLine(options.SourceStream is { } stream
            ? $"fudge route: connected to {url}, routing '{options.SourceSubject}' from stream '{stream}'"
            : $"fudge route: connected to {url}, routing '{options.SourceSubject}'");
        var router = new FudgeNatsRouter(connection, options);
        await SignalStop.RunAsync(router.RunAsync).ConfigureAwait(false);
        var counters = router.Counters;
        _log.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"fudge route: routed {counters.Routed}, published {counters.Published}, dead-lettered {counters.DeadLettered}, unrouted {counters.Unrouted}{(options.SourceStream is null ? "" : ", duplicates " + counters.Duplicates.ToString(CultureInfo.InvariantCulture))}"));
        return FudgeCommandLine.Success;
    }
}
