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
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    public async Task RunAsync(CancellationToken cancellationToken)
    {
        if (_options.SourceStream is { } stream)
        {
            var consumer = await _js.CreateDurableConsumerAsync(stream, _options.SourceConsumer, FudgeReplay.All,
                _options.SourceSubject, cancellationToken: cancellationToken).ConfigureAwait(false);
            await foreach (var msg in consumer.ConsumeAsync(RawIn, cancellationToken: cancellationToken).ConfigureAwait(false))
            {
                using var body = msg.Data;
                string messageId = $"{stream}:{msg.Metadata?.Sequence.Stream}";
                await RouteAsync(msg.Subject, body.Memory, msg.Headers, messageId, cancellationToken).ConfigureAwait(false);
                await msg.AckAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
            }
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
        var ack = await _js.PublishAsync(subject, body, Raw, opts, headers, cancellationToken).ConfigureAwait(false);
        if (ack.Duplicate) Counters.AddDuplicate();
        else ack.EnsureSuccess();
    }
}
