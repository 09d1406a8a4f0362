using System;
using System.Buffers;
using System.Collections.Concurrent;
using Fudge.Serialization;
using NATS.Client.Core;

namespace Fudge.Nats;

/// <summary>
/// The serializers of a NATS connection (<c>NatsOpts.SerializerRegistry</c>) for Fudge: <c>[FudgeMessage]</c> types
/// (<see cref="FudgeNatsSerializer{T}"/>), <see cref="FudgeMsg"/> and <see cref="FudgeEnvelope"/>
/// (<see cref="FudgeMsgNatsSerializer"/>) and raw envelopes (<see cref="FudgeNatsEnvelopeSerializer"/>). Every other
/// type (byte arrays, memory, strings, ...) goes to the next registry, the client's default unless another is given.
/// </summary>
/// <example>
/// <code>
/// await using var nats = new NatsConnection(NatsOpts.Default with
/// {
///     Url = "nats://127.0.0.1:4222",
///     SerializerRegistry = FudgeNatsSerializerRegistry.Default,
/// });
/// await nats.PublishAsync("ticks.AAPL", tick);                 // a [FudgeMessage] object, as one envelope
/// await foreach (var msg in nats.SubscribeAsync&lt;Tick&gt;("ticks.*")) { ... }
/// </code>
/// </example>
public sealed class FudgeNatsSerializerRegistry : INatsSerializerRegistry
{
    private readonly INatsSerializerRegistry _next;
    private readonly FudgeReaderOptions? _readerOptions;
    private readonly ConcurrentDictionary<Type, object> _serializers = new();

    /// <summary>Fudge types with the default reader limits; everything else to the client's default registry.</summary>
    public static FudgeNatsSerializerRegistry Default { get; } = new();

    /// <summary>Creates a registry.</summary>
    /// <param name="readerOptions">Limits for untrusted input applied to every received body (null: the defaults).</param>
    /// <param name="next">Where types that are not Fudge messages go (null: <c>NatsDefaultSerializerRegistry.Default</c>).</param>
    public FudgeNatsSerializerRegistry(FudgeReaderOptions? readerOptions = null, INatsSerializerRegistry? next = null)
    {
        _readerOptions = readerOptions;
        _next = next ?? NatsDefaultSerializerRegistry.Default;
    }

    /// <inheritdoc/>
    public INatsSerialize<T> GetSerializer<T>()
        => Find<T>() as INatsSerialize<T> ?? _next.GetSerializer<T>();

    /// <inheritdoc/>
    public INatsDeserialize<T> GetDeserializer<T>()
        => Find<T>() as INatsDeserialize<T> ?? _next.GetDeserializer<T>();

    private object? Find<T>()
    {
        switch (Kind<T>.Value)
        {
            case FudgeKind.Model:
                return _readerOptions is null ? FudgeMsgNatsSerializer.Default
                    : _serializers.GetOrAdd(typeof(FudgeMsg), static (_, options) => new FudgeMsgNatsSerializer(options), _readerOptions);
            case FudgeKind.Raw:
                return _readerOptions is null ? FudgeNatsEnvelopeSerializer.Default
                    : _serializers.GetOrAdd(typeof(FudgeNatsEnvelope), static (_, options) => new FudgeNatsEnvelopeSerializer(options), _readerOptions);
            case FudgeKind.Typed:
                return _readerOptions is null ? FudgeNatsSerializer<T>.Default
                    : _serializers.GetOrAdd(typeof(T), static (_, options) => new FudgeNatsSerializer<T>(options), _readerOptions);
            default:
                return null;
        }
    }

    private enum FudgeKind { None, Model, Raw, Typed }

    /// <summary>What <typeparamref name="T"/> is, worked out once per type.</summary>
    private static class Kind<T>
    {
        public static readonly FudgeKind Value = Classify();

        private static FudgeKind Classify()
        {
            var type = typeof(T);
            if (type == typeof(FudgeMsg) || type == typeof(FudgeEnvelope)) return FudgeKind.Model;
            if (type == typeof(FudgeNatsEnvelope)) return FudgeKind.Raw;
            // The client's own raw types keep their meaning: bytes pass through unread.
            if (type == typeof(byte[]) || type == typeof(string) || type == typeof(ReadOnlyMemory<byte>) || type == typeof(Memory<byte>)
                || type == typeof(ReadOnlySequence<byte>) || type == typeof(IMemoryOwner<byte>) || type == typeof(NatsMemoryOwner<byte>))
                return FudgeKind.None;
            return FudgeFormatterCache<T>.IsAvailable ? FudgeKind.Typed : FudgeKind.None;
        }
    }
}
