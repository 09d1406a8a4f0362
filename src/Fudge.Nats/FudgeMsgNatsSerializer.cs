using System;
using System.Buffers;
using NATS.Client.Core;

namespace Fudge.Nats;

/// <summary>
/// Serializes the self-describing model: <see cref="FudgeMsg"/> (as an envelope with no taxonomy) and
/// <see cref="FudgeEnvelope"/> (header kept). Reading decodes the body into the model (it allocates the fields);
/// for reading in place use <see cref="FudgeNatsEnvelope"/> or a <c>[FudgeMessage]</c> type.
/// </summary>
public sealed class FudgeMsgNatsSerializer : INatsSerialize<FudgeMsg>, INatsDeserialize<FudgeMsg>,
    INatsSerialize<FudgeEnvelope>, INatsDeserialize<FudgeEnvelope>
{
    private readonly FudgeReaderOptions? _readerOptions;

    /// <summary>The serializer with the default reader limits.</summary>
    public static FudgeMsgNatsSerializer Default { get; } = new();

    /// <summary>Creates a serializer that reads with explicit limits for untrusted input.</summary>
    public FudgeMsgNatsSerializer(FudgeReaderOptions? readerOptions = null) => _readerOptions = readerOptions;

    /// <inheritdoc/>
    public void Serialize(IBufferWriter<byte> bufferWriter, FudgeMsg value)
        => new FudgeEnvelope(value ?? throw new ArgumentNullException(nameof(value))).WriteTo(bufferWriter);

    /// <inheritdoc/>
    /// <exception cref="FudgeFormatException">The body is not one well-formed envelope.</exception>
    FudgeMsg? INatsDeserialize<FudgeMsg>.Deserialize(in ReadOnlySequence<byte> buffer)
        => ParseExact(buffer).Message;

    /// <inheritdoc/>
    public void Serialize(IBufferWriter<byte> bufferWriter, FudgeEnvelope value)
        => (value ?? throw new ArgumentNullException(nameof(value))).WriteTo(bufferWriter);

    /// <inheritdoc/>
    /// <exception cref="FudgeFormatException">The body is not one well-formed envelope.</exception>
    FudgeEnvelope? INatsDeserialize<FudgeEnvelope>.Deserialize(in ReadOnlySequence<byte> buffer)
        => ParseExact(buffer);

    private FudgeEnvelope ParseExact(in ReadOnlySequence<byte> buffer)
        => FudgeEnvelope.Parse(buffer, _readerOptions);
}
