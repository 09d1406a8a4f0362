using System;
using System.Buffers;

namespace Fudge.Query;

/// <summary>
/// One envelope of a multi-segment sequence copied into a buffer rented from <see cref="ArrayPool{T}.Shared"/>, so that
/// span-based evaluation can run over it without a fresh allocation per message. The header is validated first, so
/// no more is rented than the envelope declares and the limits allow.
/// </summary>
internal ref struct ContiguousEnvelope
{
    private byte[]? _rented;

    public ContiguousEnvelope(in ReadOnlySequence<byte> envelope, FudgeReaderOptions? options)
    {
        if (envelope.Length < FudgeEnvelopeHeader.Size)
            throw new FudgeFormatException(envelope.Length, $"the data ends inside the 8-byte envelope header ({envelope.Length} bytes available)");
        Span<byte> header = stackalloc byte[FudgeEnvelopeHeader.Size];
        envelope.Slice(0, FudgeEnvelopeHeader.Size).CopyTo(header);
        var parsed = FudgeReader.ParseEnvelopeHeader(header);
        FudgeReader.ValidateEnvelopeSize(parsed, options ?? FudgeReaderOptions.Default, envelope.Length);
        _rented = ArrayPool<byte>.Shared.Rent(parsed.MessageSize);
        envelope.Slice(0, parsed.MessageSize).CopyTo(_rented);
        Span = _rented.AsSpan(0, parsed.MessageSize);
    }

    public ReadOnlySpan<byte> Span { get; }

    public void Dispose()
    {
        if (_rented is not null) ArrayPool<byte>.Shared.Return(_rented);
        _rented = null;
    }
}
