using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;

namespace Fudge.Nats;

/// <summary>
/// JetStream with Fudge messages: a stream that holds them, publishes acknowledged by the stream (with a message id,
/// deduplicated within the stream's duplicate window), and durable consumers with explicit acknowledgement that start
/// where a <see cref="FudgeReplay"/> says.
/// </summary>
public static class FudgeJetStream
{
    /// <summary>
    /// Creates the stream, or updates it to this configuration: file storage, <paramref name="replicas"/> copies
    /// (3 on a three-node cluster: it survives the loss of one node), a two-minute duplicate window. When the server
    /// answers that it could not create the stream's store, a failure it does not repeat, the request is made again
    /// (up to four times, 100-300 ms apart) before its error is thrown.
    /// </summary>
    public static async ValueTask<INatsJSStream> EnsureStreamAsync(this INatsJSContext js, string name, IReadOnlyList<string> subjects,
        int replicas = 1, CancellationToken cancellationToken = default)
    {
        if (js is null) throw new ArgumentNullException(nameof(js));
        var config = new StreamConfig(name, new List<string>(subjects ?? throw new ArgumentNullException(nameof(subjects))))
        {
            Storage = StreamConfigStorage.File,
            NumReplicas = replicas,
            DuplicateWindow = TimeSpan.FromMinutes(2),
        };
        for (int attempt = 1; ; attempt++)
        {
            try
            {
                return await js.CreateOrUpdateStreamAsync(config, cancellationToken).ConfigureAwait(false);
            }
            catch (NatsJSApiException e) when (attempt < StoreFailureAttempts && IsStoreCreationFailure(e.Error))
            {
                // Creating or updating a stream is idempotent, so asking again is safe.
                await Task.Delay(TimeSpan.FromMilliseconds(100 * attempt), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>How many times <see cref="EnsureStreamAsync"/> asks when the server could not create the stream's store.</summary>
    private const int StoreFailureAttempts = 4;

    /// <summary>
    /// The server's answer when it could not open a new stream's file store (error 10049, "error creating store for
    /// stream"; the cause goes only to the server's log). nats-server 2.9 gave it intermittently in this library's CI,
    /// for a stream with a fresh unique name on a busy machine, and not on the runs before or after.
    /// </summary>
    private static bool IsStoreCreationFailure(ApiError error) =>
        error.ErrCode == 10049 && error.Description?.Contains("error creating store for stream", StringComparison.Ordinal) == true;

    /// <summary>
    /// Publishes a <c>[FudgeMessage]</c> object to a subject a stream captures and waits for the stream's
    /// acknowledgement. A <paramref name="messageId"/> makes a retry after a lost acknowledgement safe: the stream
    /// stores it once and answers <see cref="PubAckResponse.Duplicate"/>.
    /// </summary>
    /// <returns>The acknowledgement: stream, sequence, and whether it was a duplicate.</returns>
    /// <exception cref="NatsJSApiException">The stream refused the message.</exception>
    public static async ValueTask<PubAckResponse> PublishFudgeAsync<T>(this INatsJSContext js, string subject, T value,
        string? messageId = null, CancellationToken cancellationToken = default)
    {
        if (js is null) throw new ArgumentNullException(nameof(js));
        var ack = await js.PublishAsync(subject, value, FudgeNatsSerializer<T>.Default,
            messageId is null ? null : new NatsJSPubOpts { MsgId = messageId }, cancellationToken: cancellationToken).ConfigureAwait(false);
        // The client's EnsureSuccess treats a duplicate as an error; here it is the answer a retry expects.
        if (!ack.Duplicate) ack.EnsureSuccess();
        return ack;
    }

    /// <summary>
    /// Creates (or updates) a durable pull consumer with explicit acknowledgement: what it has delivered and what was
    /// acknowledged survive the consumer's process and, with replicas, the loss of a server.
    /// </summary>
    /// <param name="js">The JetStream context.</param>
    /// <param name="stream">The stream.</param>
    /// <param name="durableName">The consumer's name: a process that comes back under it carries on where it stopped.</param>
    /// <param name="replay">Where a new consumer starts (ignored by the server for one that exists with the same start).</param>
    /// <param name="filterSubject">Only subjects matching this (wildcards allowed); null for the whole stream.</param>
    /// <param name="ackWait">How long a delivery may stay unacknowledged before it is delivered again (default 30 s).</param>
    /// <param name="cancellationToken">Cancels the request.</param>
    public static async ValueTask<INatsJSConsumer> CreateDurableConsumerAsync(this INatsJSContext js, string stream, string durableName,
        FudgeReplay replay = default, string? filterSubject = null, TimeSpan? ackWait = null, CancellationToken cancellationToken = default)
    {
        if (js is null) throw new ArgumentNullException(nameof(js));
        var config = new ConsumerConfig(durableName) { AckPolicy = ConsumerConfigAckPolicy.Explicit };
        if (filterSubject is not null) config.FilterSubject = filterSubject;
        if (ackWait is { } wait) config.AckWait = wait;
        replay.ApplyTo(config);
        return await js.CreateOrUpdateConsumerAsync(stream, config, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The messages of a consumer as <typeparamref name="T"/>, until cancelled. Acknowledge each with
    /// <c>AckAsync</c>; one not acknowledged within the consumer's ack wait is delivered again (its
    /// <c>Metadata.NumDelivered</c> counts the deliveries). A body that is not a <typeparamref name="T"/> arrives with
    /// <c>Error</c> set (a <see cref="FudgeFormatException"/> inside) and no data: terminate it with
    /// <c>AckTerminateAsync</c> so it is not redelivered.
    /// </summary>
    public static async IAsyncEnumerable<INatsJSMsg<T>> ConsumeFudgeAsync<T>(this INatsJSConsumer consumer,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        if (consumer is null) throw new ArgumentNullException(nameof(consumer));
        await foreach (var msg in consumer.ConsumeAsync(FudgeNatsSerializer<T>.Default, cancellationToken: cancellationToken).ConfigureAwait(false))
            yield return msg;
    }
}
