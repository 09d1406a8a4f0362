using System;
using System.Buffers;
using Fudge.Serialization;
using NATS.Client.Core;

namespace Fudge.Nats;

/// <summary>
/// Serializes a <c>[FudgeMessage]</c> type as one Fudge envelope (taxonomy id from its generated formatter). Writes
/// straight into the client's send buffer and reads straight from its receive buffer: no intermediate array either way
/// (a message split across receive segments is first gathered into a pooled buffer).
/// </summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> partial type.</typeparam>
/// <remarks>
/// A body that is not exactly one well-formed envelope of <typeparamref name="T"/> raises
/// <see cref="FudgeFormatException"/> (with the byte offset); the NATS client hands it to the subscriber as the
/// message's <c>Error</c> rather than ending the subscription.
/// </remarks>
public sealed class FudgeNatsSerializer<T> : INatsSerialize<T>, INatsDeserialize<T>
{
    private readonly FudgeReaderOptions? _readerOptions;
    private readonly FudgeWriterOptions? _writerOptions;

    /// <summary>The serializer with the default reader limits and writer options.</summary>
    public static FudgeNatsSerializer<T> Default { get; } = new();

    /// <summary>Creates a serializer with explicit limits for untrusted input and writer options.</summary>
    public FudgeNatsSerializer(FudgeReaderOptions? readerOptions = null, FudgeWriterOptions? writerOptions = null)
    {
        _readerOptions = readerOptions;
        _writerOptions = writerOptions;
    }

    /// <inheritdoc/>
    public void Serialize(IBufferWriter<byte> bufferWriter, T value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        FudgeSerializer.Serialize(bufferWriter, value, _writerOptions);
    }

    /// <inheritdoc/>
    /// <exception cref="FudgeFormatException">The body is not one envelope of <typeparamref name="T"/>.</exception>
    public T? Deserialize(in ReadOnlySequence<byte> buffer)
    {
        if (buffer.IsSingleSegment) return FudgeSerializer.Deserialize<T>(buffer.First.Span, _readerOptions);
        // Split across receive segments: gathered into a pooled array, given back once the value is read (the
        // generated formatters copy what they keep).
        int length = checked((int)buffer.Length);
        byte[] rented = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            buffer.CopyTo(rented);
            return FudgeSerializer.Deserialize<T>(rented.AsSpan(0, length), _readerOptions);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(rented);
        }
    }
}
