using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Serialization;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ;

/// <summary>
/// Publishes <c>[FudgeMessage]</c> objects and Fudge envelopes to RabbitMQ: content type
/// <see cref="FudgeAmqpHeaders.ContentType"/>, the envelope's taxonomy id and schema version in headers, the body
/// encoded into a rented buffer that goes back to the pool once the broker has taken (or confirmed) it.
/// </summary>
/// <remarks>
/// For a delivery guarantee, give it a channel created with publisher confirmations and tracking
/// (<c>new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true)</c>):
/// each publish then completes when the broker has confirmed it, and fails with the client's
/// <c>PublishException</c> on a nack or an unroutable mandatory message. Several publishes may be in flight at once.
/// </remarks>
public sealed class FudgePublisher
{
    private readonly IChannel _channel;
    private readonly FudgePublisherOptions _options;
    // One immutable set of properties per (taxonomy, schema version): the client only reads them while it encodes.
    private readonly ConcurrentDictionary<int, BasicProperties> _properties = new();

    /// <summary>Creates a publisher on <paramref name="channel"/> (not owned: the caller disposes it).</summary>
    public FudgePublisher(IChannel channel, FudgePublisherOptions? options = null)
    {
        _channel = channel ?? throw new ArgumentNullException(nameof(channel));
        _options = options ?? new FudgePublisherOptions();
    }

    /// <summary>Serializes <paramref name="value"/> with its generated formatter and publishes it.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public ValueTask PublishAsync<T>(AmqpDestination destination, T value, CancellationToken cancellationToken = default)
        => PublishAsync(destination, value, 0, cancellationToken);

    /// <summary>Serializes <paramref name="value"/> with its generated formatter, stamping <paramref name="schemaVersion"/> on the envelope, and publishes it.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    public async ValueTask PublishAsync<T>(AmqpDestination destination, T value, byte schemaVersion, CancellationToken cancellationToken = default)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        using var body = Encode(value, schemaVersion);
        await SendAsync(destination, body.Buffer.AsMemory(0, body.WrittenCount), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Encodes <paramref name="envelope"/> and publishes it.</summary>
    public async ValueTask PublishAsync(AmqpDestination destination, FudgeEnvelope envelope, CancellationToken cancellationToken = default)
    {
        if (envelope is null) throw new ArgumentNullException(nameof(envelope));
        using var body = new PooledBufferWriter(256);
        envelope.WriteTo(body);
        await SendAsync(destination, body.Buffer.AsMemory(0, body.WrittenCount), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Publishes an already encoded envelope as it is (its header is checked, its fields are not read).</summary>
    /// <exception cref="FudgeFormatException">The bytes do not start with an envelope header declaring their length.</exception>
    public ValueTask PublishEnvelopeAsync(AmqpDestination destination, ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default)
    {
        FudgeEnvelopeCheck.ReadHeader(envelope.Span, null);
        return SendAsync(destination, envelope, cancellationToken);
    }

    private static PooledBufferWriter Encode<T>(T value, byte schemaVersion)
    {
        var formatter = FudgeSerializer.GetFormatter<T>();
        var body = new PooledBufferWriter(256);
        try
        {
            var writer = new FudgeWriter(body);
            try
            {
                var envelope = writer.BeginEnvelope(0, schemaVersion, formatter.TaxonomyId);
                formatter.Write(ref writer, value);
                writer.EndEnvelope(envelope);
                writer.Flush();
            }
            finally
            {
                writer.Dispose();
            }
            return body;
        }
        catch
        {
            body.Dispose();
            throw;
        }
    }

    private ValueTask SendAsync(AmqpDestination destination, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var header = FudgeReader.ReadEnvelopeHeader(body.Span);
        var properties = _properties.GetOrAdd(header.TaxonomyId << 8 | header.SchemaVersion, CreateProperties, header);
        return _channel.BasicPublishAsync(destination.Exchange, destination.RoutingKey, _options.Mandatory, properties, body, cancellationToken);
    }

    private BasicProperties CreateProperties(int key, FudgeEnvelopeHeader header) => new()
    {
        ContentType = FudgeAmqpHeaders.ContentType,
        DeliveryMode = _options.Persistent ? DeliveryModes.Persistent : DeliveryModes.Transient,
        Headers = new Dictionary<string, object?>
        {
            [FudgeAmqpHeaders.TaxonomyId] = (int)header.TaxonomyId,
            [FudgeAmqpHeaders.SchemaVersion] = (int)header.SchemaVersion,
        },
    };
}
