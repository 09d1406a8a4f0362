using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using NATS.Client.Core;
using NATS.Client.JetStream;

namespace Fudge.Nats;

/// <summary>
/// The content router on NATS: reads envelopes from a subject (or a JetStream stream), builds each one's destination
/// subject from its fields with a <see cref="FudgeSubjectTemplate"/> (<c>ticks.{$.ticker}</c>), or lets a rules file
/// choose among several such templates, and publishes the unchanged bytes and headers there. Subscribers choose what they receive with wildcards (<c>ticks.*</c>,
/// <c>ticks.AAPL</c>): the fan-out that a rules file does on RabbitMQ is NATS's own subject routing here.
/// </summary>
/// <remarks>
/// Guarantees follow the source: from a core subscription, at most once (core NATS keeps nothing); from a JetStream
/// source with <see cref="FudgeNatsRouterOptions.PublishToJetStream"/>, at least once into the destination stream and,
/// thanks to message ids, stored once per input within the stream's duplicate window. The NATS connection reconnects
/// by itself; a JetStream consumer resumes where its acknowledgements stopped.
/// </remarks>
public sealed class FudgeNatsRouter
{
    private static readonly INatsSerialize<ReadOnlyMemory<byte>> Raw = NatsRawSerializer<ReadOnlyMemory<byte>>.Default;
    private static readonly INatsDeserialize<NatsMemoryOwner<byte>> RawIn = NatsRawSerializer<NatsMemoryOwner<byte>>.Default;

    private readonly NatsConnection _connection;
    private readonly FudgeNatsRouterOptions _options;
    private readonly NatsJSContext _js;

    /// <summary>Creates a router on <paramref name="connection"/> (not owned).</summary>
    public FudgeNatsRouter(NatsConnection connection, FudgeNatsRouterOptions options)
    {
        _connection = connection ?? throw new ArgumentNullException(nameof(connection));
        _options = options ?? throw new ArgumentNullException(nameof(options));
        _js = new NatsJSContext(connection);
    }

    /// <summary>What the router has done so far.</summary>
    public FudgeNatsRouterCounters Counters { get; } = new();

    /// <summary>Routes until <paramref name="cancellationToken"/> is cancelled.</summary>
    /// <remarks>
    /// With a JetStream source the router outlives the servers' faults: a publish that fails (no stream leader while
    /// one is elected, a request that timed out) is retried under the same message id for up to
    /// <see cref="FudgeNatsRouterOptions.PublishRetryTimeout"/>, and a consumer that fails (its server killed, the
    /// JetStream API unavailable for a moment) is opened again after <see cref="FudgeNatsRouterOptions.RetryDelay"/>;
    /// what was not acknowledged is delivered again, and stored once thanks to the message ids. A stream or consumer
    /// the server refuses outright (it does not exist, a configuration it cannot take) ends the run with that error.
    /// </remarks>
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    /// <exception cref="NatsJSApiException">The server refused the source stream or its consumer.</exception>
    public async Task RunAsync(CancellationToken cancellationToken)
    {
        if (_options.SourceStream is { } stream)
        {
            await RunFromStreamAsync(stream, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await foreach (var msg in _connection.SubscribeAsync(_options.SourceSubject, _options.QueueGroup, RawIn,
                               cancellationToken: cancellationToken).ConfigureAwait(false))
            {
                using var body = msg.Data;
                await RouteAsync(msg.Subject, body.Memory, msg.Headers, null, cancellationToken).ConfigureAwait(false);
            }
        }
        cancellationToken.ThrowIfCancellationRequested();
    }

    private async Task RunFromStreamAsync(string stream, CancellationToken cancellationToken)
    {
        // Heartbeats every second: a consumer whose server died is noticed in about two, not after the client's 30 s.
        var consumeOpts = new NatsJSConsumeOpts { MaxMsgs = 1000, Expires = TimeSpan.FromSeconds(5), IdleHeartbeat = TimeSpan.FromSeconds(1) };
        // The inputs being routed (MaxInFlight > 1), oldest first; each acknowledges its input itself.
        var inFlight = new Queue<Task>();
        while (!cancellationToken.IsCancellationRequested)
        {
            try
            {
                var consumer = await _js.CreateDurableConsumerAsync(stream, _options.SourceConsumer, _options.SourceReplay,
                    _options.SourceSubject, _options.SourceAckWait, cancellationToken).ConfigureAwait(false);
                await foreach (var msg in consumer.ConsumeAsync(RawIn, consumeOpts, cancellationToken).ConfigureAwait(false))
                {
                    var routing = RouteAndAckAsync(msg, stream, cancellationToken);
                    if (_options.MaxInFlight == 1)
                    {
                        await routing.ConfigureAwait(false);
                        continue;
                    }
                    inFlight.Enqueue(routing);
                    while (inFlight.Count >= _options.MaxInFlight) await inFlight.Dequeue().ConfigureAwait(false);
                }
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && IsTransient(e))
            {
                Counters.AddInterruption();
                _options.Log?.Invoke($"JetStream source '{stream}' interrupted ({e.GetType().Name}: {e.GetBaseException().Message}); " +
                    $"consuming again in {_options.RetryDelay.TotalSeconds:0.###} s");
            }
            finally
            {
                // What was in flight ends before the source is opened again (or the run ends): what it did not
                // acknowledge is delivered again, and stored once thanks to the message ids.
                while (inFlight.Count > 0)
                {
                    try
                    {
                        await inFlight.Dequeue().ConfigureAwait(false);
                    }
                    catch (Exception)
                    {
                        // Its input stays unacknowledged; the first failure is the one reported.
                    }
                }
            }
            await Task.Delay(_options.RetryDelay, cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task RouteAndAckAsync(INatsJSMsg<NatsMemoryOwner<byte>> msg, string stream, CancellationToken cancellationToken)
    {
        using var body = msg.Data;
        string messageId = $"{stream}:{msg.Metadata?.Sequence.Stream}";
        await RouteAsync(msg.Subject, body.Memory, msg.Headers, messageId, cancellationToken).ConfigureAwait(false);
        await msg.AckAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// A failure the cluster recovers from by itself: the connection or a request lost (a server killed, a leader being
    /// elected), or the JetStream API answering 5xx (temporarily unavailable). A 4xx answer (no such stream, a
    /// configuration the server refuses) is not.
    /// </summary>
    private static bool IsTransient(Exception e) => e switch
    {
        NatsJSApiException api => api.Error.Code >= 500,
        NatsException or TimeoutException or OperationCanceledException => true,
        _ => false,
    };

    private async ValueTask RouteAsync(string sourceSubject, ReadOnlyMemory<byte> body, NatsHeaders? headers, string? messageId,
        CancellationToken cancellationToken)
    {
        var subjects = new List<string>(1);
        string? problem = null;
        try
        {
            FudgeNatsEnvelope.ReadHeader(body.Span, _options.ReaderOptions);
            problem = Choose(body.Span, subjects);
        }
        catch (FudgeFormatException e)
        {
            subjects.Clear();
            problem = e.Message;
        }
        if (subjects.Count == 0 && problem is null)
        {
            Counters.AddUnrouted();
            return;
        }
        foreach (string subject in subjects)
        {
            // With several destinations, each publish gets its own id: the stream deduplicates per (input, destination).
            string? id = messageId is null || subjects.Count == 1 ? messageId : messageId + ":" + subject;
            await PublishAsync(subject, body, headers, id, cancellationToken).ConfigureAwait(false);
            Counters.AddPublished();
        }
        if (subjects.Count > 0) Counters.AddRouted();
        // A destination whose subject could not be built: the message goes to the dead letters too (after the others).
        if (problem is not null)
            await DeadLetterAsync(sourceSubject, body, headers, problem, messageId is null ? null : messageId + ":dead-letter", cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Fills <paramref name="subjects"/> with the message's destinations; returns the first destination that had no subject, if any.</summary>
    private string? Choose(ReadOnlySpan<byte> body, List<string> subjects)
    {
        var destinations = _options.Destinations;
        string? problem = null;
        if (_options.Rules is not { } rules)
        {
            if (destinations[0].TryRender(body, out string? subject, out problem, _options.ReaderOptions)) subjects.Add(subject);
            return problem;
        }
        Span<int> positions = destinations.Count <= 128 ? stackalloc int[destinations.Count] : new int[destinations.Count];
        int count = rules.Route(body, positions, _options.ReaderOptions);
        for (int i = 0; i < count; i++)
        {
            if (destinations[positions[i]].TryRender(body, out string? subject, out string? why, _options.ReaderOptions))
            {
                if (!subjects.Contains(subject)) subjects.Add(subject);
            }
            else
            {
                problem ??= $"destination '{destinations[positions[i]].Text}': {why}";
            }
        }
        return problem;
    }

    private async ValueTask DeadLetterAsync(string sourceSubject, ReadOnlyMemory<byte> body, NatsHeaders? headers, string reason,
        string? messageId, CancellationToken cancellationToken)
    {
        Counters.AddDeadLettered();
        _options.Log?.Invoke($"dead letter from '{sourceSubject}': {reason}");
        if (_options.DeadLetterSubject is not { } deadLetters) return;
        var annotated = new NatsHeaders();
        if (headers is not null)
            foreach (var header in headers) annotated[header.Key] = header.Value;
        // Header values are one line: a reason with a line break would end the header block.
        annotated[FudgeNatsHeaders.DeadLetterReason] = reason.Replace('\r', ' ').Replace('\n', ' ');
        annotated[FudgeNatsHeaders.DeadLetterSubject] = sourceSubject;
        await PublishAsync(deadLetters, body, annotated, messageId, cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask PublishAsync(string subject, ReadOnlyMemory<byte> body, NatsHeaders? headers, string? messageId,
        CancellationToken cancellationToken)
    {
        if (!_options.PublishToJetStream)
        {
            await _connection.PublishAsync(subject, body, headers, serializer: Raw, cancellationToken: cancellationToken).ConfigureAwait(false);
            return;
        }
        var opts = messageId is null ? null : new NatsJSPubOpts { MsgId = messageId };
        var deadline = DateTime.UtcNow + _options.PublishRetryTimeout;
        var delay = TimeSpan.FromMilliseconds(100);
        while (true)
        {
            try
            {
                var ack = await _js.PublishAsync(subject, body, Raw, opts, headers, cancellationToken).ConfigureAwait(false);
                if (ack.Duplicate) Counters.AddDuplicate();
                else ack.EnsureSuccess();
                return;
            }
            // Without a message id a retry could store the message twice: only an identified publish is retried.
            catch (Exception e) when (messageId is not null && !cancellationToken.IsCancellationRequested && IsTransient(e) && DateTime.UtcNow < deadline)
            {
                Counters.AddRetry();
                _options.Log?.Invoke($"publish of {messageId} to '{subject}' failed ({e.GetType().Name}: {e.GetBaseException().Message}); retrying");
            }
            await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            delay = TimeSpan.FromTicks(Math.Min(delay.Ticks * 2, TimeSpan.FromSeconds(2).Ticks));
        }
    }
}
