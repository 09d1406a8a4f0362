using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using NATS.Client.Core;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// A NATS subject or JetStream stream as a live source, without taking a message from anyone else:
/// <list type="bullet">
/// <item><c>nats://HOST[:PORT]/?subject=PATTERN</c>: a plain subscription (wildcards <c>*</c> and <c>&gt;</c> allowed, no
/// queue group), so the explorer receives a copy of each message published on a matching subject from when it
/// started, as every other subscriber does.</item>
/// <item><c>nats://HOST[:PORT]/?stream=NAME[&amp;subject=FILTER]</c>: the stream read through an ordered consumer of the
/// explorer's own (ephemeral, acknowledging nothing, gone when the explorer stops), from the stream's last
/// <see cref="LiveMessageSource.MaxKept"/> messages on, then as they are stored; durable consumers and their
/// acknowledgements are untouched.</item>
/// </list>
/// The NATS client reconnects by itself; the page's notice says when the connection was lost and when it came back.
/// </summary>
internal sealed class NatsMessageSource : LiveMessageSource
{
    private const string Forms = "nats://HOST[:PORT]/?subject=PATTERN or ?stream=NAME[&subject=FILTER]";

    private readonly NatsConnection _connection;
    private readonly CancellationTokenSource _stop = new();
    private Task _receiving = Task.CompletedTask;

    private NatsMessageSource(NatsConnection connection, string kind, string description, FudgeReaderOptions options)
        : base(kind, description, options)
    {
        _connection = connection;
    }

    /// <summary>Connects and starts receiving (a subject) or reading (a stream).</summary>
    /// <exception cref="IOException">The URL is not one of the two forms, or no server answers there.</exception>
    /// <exception cref="CliException">The server has no such stream, or no JetStream.</exception>
    public static async Task<NatsMessageSource> OpenAsync(string text, FudgeReaderOptions options, CancellationToken cancellationToken = default)
    {
        var (url, subject, stream) = Parse(text);
        var connection = new NatsConnection(NatsOpts.Default with { Url = url, Name = "fudge-serve", ConnectTimeout = TimeSpan.FromSeconds(10) });
        try
        {
            try
            {
                await connection.ConnectAsync().ConfigureAwait(false);
            }
            catch (NatsException e)
            {
                throw new IOException($"could not reach the NATS server at {url}: {e.GetBaseException().Message}", e);
            }
            NatsMessageSource source = stream is null
                ? await TapAsync(connection, url, subject!, options, cancellationToken).ConfigureAwait(false)
                : await ReadStreamAsync(connection, url, stream, subject, options, cancellationToken).ConfigureAwait(false);
            connection.ConnectionDisconnected += (_, _) =>
            {
                if (!source._stop.IsCancellationRequested) source.SetNotice("the connection to the NATS server was lost; reconnecting");
                return ValueTask.CompletedTask;
            };
            connection.ConnectionOpened += (_, _) =>
            {
                source.SetNotice(stream is null
                    ? "reconnected to the NATS server (messages published meanwhile were not seen)"
                    : "reconnected to the NATS server; the stream is read on from where it stopped");
                return ValueTask.CompletedTask;
            };
            return source;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Splits the source's text: the server's URL (scheme, credentials, host and port; NATS has no path) and
    /// <c>subject</c>, or <c>stream</c> with an optional <c>subject</c> filter.
    /// </summary>
    /// <exception cref="IOException">Not a nats:// or tls:// URL naming a subject or a stream.</exception>
    internal static (string Url, string? Subject, string? Stream) Parse(string text)
    {
        if (!Uri.TryCreate(text, UriKind.Absolute, out var uri) || (uri.Scheme != "nats" && uri.Scheme != "tls") || uri.Host.Length == 0)
            throw new IOException($"a NATS source is {Forms}, not '{text}'");
        var query = Microsoft.AspNetCore.WebUtilities.QueryHelpers.ParseQuery(uri.Query);
        string? subject = query.TryGetValue("subject", out var s) ? s.ToString() : null;
        string? stream = query.TryGetValue("stream", out var n) ? n.ToString() : null;
        if ((subject is null && stream is null) || subject?.Length == 0 || stream?.Length == 0
            || query.Keys.Any(name => name is not ("subject" or "stream")) || uri.AbsolutePath.Length > 1)
            throw new IOException($"a NATS source is {Forms}: name one subject or one stream ('{uri.PathAndQuery}')");
        if (subject is not null && subject.Any(c => char.IsWhiteSpace(c)))
            throw new IOException($"a NATS source: '{subject}' is not a subject (no spaces)");
        string credentials = uri.UserInfo.Length > 0 ? uri.UserInfo + "@" : "";
        string port = (uri.Port > 0 ? uri.Port : 4222).ToString(CultureInfo.InvariantCulture);
        return ($"{uri.Scheme}://{credentials}{uri.Host}:{port}", subject, stream);
    }

    // A plain subscription: NATS gives every subscriber (outside a queue group) its own copy.
    private static async Task<NatsMessageSource> TapAsync(NatsConnection connection, string url, string subject, FudgeReaderOptions options,
        CancellationToken cancellationToken)
    {
        var source = new NatsMessageSource(connection, "subject", $"subject '{subject}' on {Server(url)}", options);
        var subscription = await connection.SubscribeCoreAsync<byte[]>(subject, cancellationToken: cancellationToken).ConfigureAwait(false);
        // The server handles the subscription before the answer to this ping: what is published from now on is seen.
        await connection.PingAsync(cancellationToken).ConfigureAwait(false);
        source.SetNotice($"receiving a copy of every message published on '{subject}'");
        source._receiving = Task.Run(async () =>
        {
            await using (subscription.ConfigureAwait(false))
            {
                try
                {
                    await foreach (var msg in subscription.Msgs.ReadAllAsync(source._stop.Token).ConfigureAwait(false))
                        source.Add(msg.Data ?? Array.Empty<byte>());
                }
                catch (OperationCanceledException) when (source._stop.IsCancellationRequested)
                {
                    // Stopping.
                }
            }
        }, CancellationToken.None);
        return source;
    }

    // An ordered consumer: ephemeral, no acknowledgements, recreated by the client where it stopped after a reconnection.
    private static async Task<NatsMessageSource> ReadStreamAsync(NatsConnection connection, string url, string stream, string? filter,
        FudgeReaderOptions options, CancellationToken cancellationToken)
    {
        var js = new NatsJSContext(connection);
        StreamState state;
        try
        {
            state = (await js.GetStreamAsync(stream, cancellationToken: cancellationToken).ConfigureAwait(false)).Info.State;
        }
        catch (NatsJSApiException e) when (e.Error.Code == 404)
        {
            throw new CliException($"the NATS server at {Server(url)} has no stream '{stream}'", e);
        }
        catch (NatsJSApiException e)
        {
            throw new CliException($"the NATS server at {Server(url)} refused to describe stream '{stream}': {e.Error.Description}", e);
        }
        catch (NatsNoRespondersException e)
        {
            throw new CliException($"the NATS server at {Server(url)} has no JetStream (stream '{stream}' asked for)", e);
        }
        var opts = new NatsJSOrderedConsumerOpts { FilterSubjects = filter is null ? Array.Empty<string>() : new[] { filter } };
        if (state.LastSeq >= (ulong)MaxKept && state.LastSeq - (ulong)MaxKept + 1 > state.FirstSeq)
            opts = opts with { DeliverPolicy = ConsumerConfigDeliverPolicy.ByStartSequence, OptStartSeq = state.LastSeq - (ulong)MaxKept + 1 };
        var consumer = await js.CreateOrderedConsumerAsync(stream, opts, cancellationToken).ConfigureAwait(false);
        string what = filter is null ? $"stream '{stream}'" : $"stream '{stream}' (subjects '{filter}')";
        var source = new NatsMessageSource(connection, "stream", $"{what} on {Server(url)} (read, not acknowledged)", options);
        source.SetNotice($"reading {state.Messages.ToString(CultureInfo.InvariantCulture)} stored messages (the last {MaxKept.ToString(CultureInfo.InvariantCulture)} at most), " +
            "then new ones, through an ordered consumer of the explorer's own that acknowledges nothing");
        source._receiving = Task.Run(async () =>
        {
            try
            {
                await foreach (var msg in consumer.ConsumeAsync<byte[]>(cancellationToken: source._stop.Token).ConfigureAwait(false))
                    source.Add(msg.Data ?? Array.Empty<byte>());
            }
            catch (OperationCanceledException) when (source._stop.IsCancellationRequested)
            {
                // Stopping.
            }
            catch (NatsException e)
            {
                source.SetNotice($"reading the stream stopped: {e.Message}");
            }
        }, CancellationToken.None);
        return source;
    }

    // The server as the page names it: no credentials.
    private static string Server(string url)
    {
        var uri = new Uri(url);
        return $"{uri.Scheme}://{uri.Host}:{uri.Port.ToString(CultureInfo.InvariantCulture)}";
    }

    /// <summary>Stops receiving; the subscription or ordered consumer goes with the connection.</summary>
    public override async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        try
        {
            await _receiving.ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Stopping: whatever the loop ran into no longer matters.
        }
        await _connection.DisposeAsync().ConfigureAwait(false);
        _stop.Dispose();
    }
}
