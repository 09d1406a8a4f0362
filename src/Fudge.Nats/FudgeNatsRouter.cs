using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using NATS.Client.Core;
using NATS.Client.JetStream;

namespace Fudge.Nats;

/// <summary>
/// The content router on NATS: reads envelopes from a subject (or a JetStream stream), builds each one's destination
/// subject from its fields with a <see cref="FudgeSubjectTemplate"/> (<c>ticks.{$.ticker}</c>), and publishes the
/// unchanged bytes and headers there. Subscribers choose what they receive with wildcards (<c>ticks.*</c>,
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
        string? subject, problem;
        try
        {
            FudgeNatsEnvelope.ReadHeader(body.Span, _options.ReaderOptions);
            _options.Subject.TryRender(body.Span, out subject, out problem, _options.ReaderOptions);
        }
        catch (FudgeFormatException e)
        {
            subject = null;
            problem = e.Message;
        }
        if (subject is null)
        {
            await DeadLetterAsync(sourceSubject, body, headers, problem ?? "no subject", messageId, cancellationToken).ConfigureAwait(false);
            return;
        }
        await PublishAsync(subject, body, headers, messageId, cancellationToken).ConfigureAwait(false);
        Counters.AddRouted();
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
