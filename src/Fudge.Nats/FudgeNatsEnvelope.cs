using System;
using System.Buffers;
using NATS.Client.Core;

namespace Fudge.Nats;

/// <summary>
/// One Fudge envelope as bytes, neither decoded nor re-encoded: what a router forwards and what a consumer reads in
/// place with <see cref="CreateReader"/>. Received envelopes are checked field by field before they are handed out.
/// </summary>
/// <remarks>
/// The NATS client reuses its receive buffer once the deserializer returns, so a received envelope is copied once into
/// an array rented from the shared pool; <see cref="Dispose"/> returns it (forgetting to is safe, only slower). Typed
/// reads (<see cref="FudgeNatsSerializer{T}"/>) have no such copy: they decode from the receive buffer itself.
/// </remarks>
public sealed class FudgeNatsEnvelope : IDisposable
{
    private byte[]? _rented;
    private ReadOnlyMemory<byte> _memory;

    private FudgeNatsEnvelope(ReadOnlyMemory<byte> memory, byte[]? rented, FudgeEnvelopeHeader header)
    {
        _memory = memory;
        _rented = rented;
        Header = header;
    }

    /// <summary>The envelope header (taxonomy id, schema version, size).</summary>
    public FudgeEnvelopeHeader Header { get; }

    /// <summary>The bytes of the envelope (valid until <see cref="Dispose"/>).</summary>
    /// <exception cref="ObjectDisposedException">The envelope was disposed.</exception>
    public ReadOnlyMemory<byte> Memory => _rented is null && _memory.IsEmpty ? throw new ObjectDisposedException(nameof(FudgeNatsEnvelope)) : _memory;

    /// <summary>A reader over the envelope's fields, reading in place.</summary>
    public FudgeReader CreateReader(FudgeReaderOptions? options = null) => new(Memory.Span, options);

    /// <summary>Wraps bytes already encoded (not copied, not owned). The header is checked; the fields are not read.</summary>
    /// <exception cref="FudgeFormatException">The bytes are not one envelope declaring their own length.</exception>
    public static FudgeNatsEnvelope Wrap(ReadOnlyMemory<byte> envelope)
        => new(envelope, null, ReadHeader(envelope.Span, null));

    /// <summary>Copies <paramref name="buffer"/> into a pooled array and checks every field, sub-messages included.</summary>
    /// <exception cref="FudgeFormatException">The bytes are not exactly one well-formed envelope.</exception>
    public static FudgeNatsEnvelope Copy(in ReadOnlySequence<byte> buffer, FudgeReaderOptions? options = null)
    {
        if (buffer.Length < FudgeEnvelopeHeader.Size)
            throw new FudgeFormatException(0, $"a Fudge envelope needs at least {FudgeEnvelopeHeader.Size} bytes, the body holds {buffer.Length}");
        int length = checked((int)buffer.Length);
        byte[] rented = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            buffer.CopyTo(rented);
            var span = rented.AsSpan(0, length);
            var header = ReadHeader(span, options);
            var reader = new FudgeReader(span, options);
            Walk(ref reader);
            return new FudgeNatsEnvelope(rented.AsMemory(0, length), rented, header);
        }
        catch
        {
            ArrayPool<byte>.Shared.Return(rented);
            throw;
        }
    }

    /// <summary>Returns the pooled copy of a received envelope; the envelope is unusable afterwards.</summary>
    public void Dispose()
    {
        byte[]? rented = _rented;
        _rented = null;
        _memory = default;
        if (rented is not null) ArrayPool<byte>.Shared.Return(rented);
    }

    internal static FudgeEnvelopeHeader ReadHeader(ReadOnlySpan<byte> body, FudgeReaderOptions? options)
    {
        var header = FudgeReader.ReadEnvelopeHeader(body, options);
        if (header.MessageSize != body.Length)
            throw new FudgeFormatException(0, $"the envelope declares {header.MessageSize} bytes but the body holds {body.Length}");
        return header;
    }

    private static void Walk(ref FudgeReader reader)
    {
        while (reader.Read())
        {
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var inner = reader.ReadMessage();
            Walk(ref inner);
        }
    }
}

/// <summary>Writes a <see cref="FudgeNatsEnvelope"/>'s bytes unchanged and reads a body into one (checked, pooled copy).</summary>
public sealed class FudgeNatsEnvelopeSerializer : INatsSerialize<FudgeNatsEnvelope>, INatsDeserialize<FudgeNatsEnvelope>
{
    private readonly FudgeReaderOptions? _readerOptions;

    /// <summary>The serializer with the default reader limits.</summary>
    public static FudgeNatsEnvelopeSerializer Default { get; } = new();

    /// <summary>Creates a serializer that checks received bodies with explicit limits for untrusted input.</summary>
    public FudgeNatsEnvelopeSerializer(FudgeReaderOptions? readerOptions = null) => _readerOptions = readerOptions;

    /// <inheritdoc/>
    public void Serialize(IBufferWriter<byte> bufferWriter, FudgeNatsEnvelope value)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        if (bufferWriter is null) throw new ArgumentNullException(nameof(bufferWriter));
        var bytes = value.Memory.Span;
        bytes.CopyTo(bufferWriter.GetSpan(bytes.Length));
        bufferWriter.Advance(bytes.Length);
    }

    /// <inheritdoc/>
    /// <exception cref="FudgeFormatException">The body is not exactly one well-formed envelope.</exception>
    public FudgeNatsEnvelope? Deserialize(in ReadOnlySequence<byte> buffer) => FudgeNatsEnvelope.Copy(buffer, _readerOptions);
}
