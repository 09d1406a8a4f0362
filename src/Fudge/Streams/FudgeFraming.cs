using System;
using System.Buffers;
using System.Buffers.Binary;

namespace Fudge;

/// <summary>Finds envelope boundaries in buffered data: the building block for pipe and socket readers.</summary>
public static class FudgeFraming
{
    /// <summary>
    /// Takes one complete envelope off the front of <paramref name="buffer"/> when all its bytes are there. Returns false
    /// when more data is needed (the buffer is left unchanged).
    /// </summary>
    /// <exception cref="FudgeFormatException">The header declares a size below 8 or above the options' limit.</exception>
    public static bool TryReadEnvelope(ref ReadOnlySequence<byte> buffer, FudgeReaderOptions? options, out ReadOnlySequence<byte> envelope)
    {
        envelope = default;
        if (buffer.Length < FudgeEnvelopeHeader.Size) return false;
        int size = ReadDeclaredSize(buffer, options ?? FudgeReaderOptions.Default);
        if (buffer.Length < size) return false;
        envelope = buffer.Slice(0, size);
        buffer = buffer.Slice(size);
        return true;
    }

    /// <summary>Reads and checks the size field of the envelope header at the start of <paramref name="buffer"/> (8 bytes or more).</summary>
    public static int ReadDeclaredSize(in ReadOnlySequence<byte> buffer, FudgeReaderOptions options)
    {
        Span<byte> header = stackalloc byte[FudgeEnvelopeHeader.Size];
        buffer.Slice(0, FudgeEnvelopeHeader.Size).CopyTo(header);
        var parsed = FudgeReader.ParseEnvelopeHeader(header);
        FudgeReader.ValidateEnvelopeSize(parsed, options, long.MaxValue);
        return parsed.MessageSize;
    }

    internal static int ReadDeclaredSize(ReadOnlySpan<byte> header, FudgeReaderOptions options)
    {
        var parsed = new FudgeEnvelopeHeader(header[0], header[1], BinaryPrimitives.ReadInt16BigEndian(header.Slice(2)), BinaryPrimitives.ReadInt32BigEndian(header.Slice(4)));
        FudgeReader.ValidateEnvelopeSize(parsed, options, long.MaxValue);
        return parsed.MessageSize;
    }
}
