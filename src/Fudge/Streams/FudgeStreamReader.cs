using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge;

/// <summary>
/// Reads a sequence of concatenated envelopes from a <see cref="Stream"/>, one at a time, without loading the stream
/// whole. A clean end of stream between envelopes ends the sequence; an end inside an envelope is a
/// <see cref="FudgeFormatException"/>. Memory grows with the data actually received, never with a declared size, and
/// never past <see cref="FudgeReaderOptions.MaxMessageSize"/>.
/// </summary>
public sealed class FudgeStreamReader : IDisposable
{
    private const int InitialChunk = 64 * 1024;
    private readonly Stream _stream;
    private readonly FudgeReaderOptions _options;
    private readonly bool _leaveOpen;
    private byte[] _buffer;
    private long _nextOffset;
    private bool _disposed;

    /// <summary>Creates a reader over <paramref name="stream"/>.</summary>
    public FudgeStreamReader(Stream stream, FudgeReaderOptions? options = null, bool leaveOpen = false)
    {
        _stream = stream ?? throw new ArgumentNullException(nameof(stream));
        _options = options ?? FudgeReaderOptions.Default;
        _leaveOpen = leaveOpen;
        _buffer = ArrayPool<byte>.Shared.Rent(FudgeEnvelopeHeader.Size);
    }

    /// <summary>The options the reader was made with (typed queries read the envelopes with them).</summary>
    internal FudgeReaderOptions Options => _options;

    /// <summary>Number of envelopes read so far.</summary>
    public int MessageCount { get; private set; }

    /// <summary>Stream offset (from where reading began) of the envelope most recently read.</summary>
    public long EnvelopeOffset { get; private set; }

    /// <summary>
    /// Reads the next envelope's bytes. The memory stays valid until the next read or <see cref="Dispose"/>.
    /// Returns false at a clean end of stream.
    /// </summary>
    /// <exception cref="FudgeFormatException">The stream ends inside an envelope, or its header is invalid (offset is from the stream start).</exception>
    public bool TryReadEnvelope(out ReadOnlyMemory<byte> envelope)
    {
        envelope = default;
        int got = Fill(0, FudgeEnvelopeHeader.Size);
        if (got == 0) return false;
        int size = CheckHeader(got);
        int have = got;
        while (have < size)
        {
            EnsureCapacity(Math.Min(size, Math.Max(have * 2, InitialChunk)), have);
            int read = Fill(have, Math.Min(size, _buffer.Length) - have);
            if (read == 0) throw Truncated(have, size);
            have += read;
        }
        envelope = new ReadOnlyMemory<byte>(_buffer, 0, size);
        Advance(size);
        return true;
    }

    /// <summary>Asynchronously reads the next envelope's bytes; null at a clean end of stream.</summary>
    public async ValueTask<ReadOnlyMemory<byte>?> ReadEnvelopeAsync(CancellationToken cancellationToken = default)
    {
        int got = await FillAsync(0, FudgeEnvelopeHeader.Size, cancellationToken).ConfigureAwait(false);
        if (got == 0) return null;
        int size = CheckHeader(got);
        int have = got;
        while (have < size)
        {
            EnsureCapacity(Math.Min(size, Math.Max(have * 2, InitialChunk)), have);
            int read = await FillAsync(have, Math.Min(size, _buffer.Length) - have, cancellationToken).ConfigureAwait(false);
            if (read == 0) throw Truncated(have, size);
            have += read;
        }
        Advance(size);
        return new ReadOnlyMemory<byte>(_buffer, 0, size);
    }

    /// <summary>Reads and decodes the next envelope; null at a clean end of stream.</summary>
    /// <exception cref="FudgeFormatException">Malformed data; the offset counts from the start of the stream.</exception>
    public FudgeEnvelope? ReadEnvelope() => TryReadEnvelope(out var bytes) ? Decode(bytes) : null;

    /// <summary>Asynchronously reads and decodes the next envelope; null at a clean end of stream.</summary>
    public async ValueTask<FudgeEnvelope?> ReadEnvelopeMessageAsync(CancellationToken cancellationToken = default)
        => await ReadEnvelopeAsync(cancellationToken).ConfigureAwait(false) is { } bytes ? Decode(bytes) : null;

    /// <summary>Every remaining envelope, decoded.</summary>
    public IEnumerable<FudgeEnvelope> ReadAll()
    {
        while (ReadEnvelope() is { } envelope) yield return envelope;
    }

    /// <summary>Every remaining envelope, decoded, read asynchronously.</summary>
    public async IAsyncEnumerable<FudgeEnvelope> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        while (await ReadEnvelopeMessageAsync(cancellationToken).ConfigureAwait(false) is { } envelope) yield return envelope;
    }

    /// <summary>Decodes envelope bytes returned by this reader, reporting errors at their offset in the stream.</summary>
    public FudgeEnvelope Decode(ReadOnlyMemory<byte> envelope)
    {
        try
        {
            return FudgeEnvelope.Parse(envelope.Span, _options);
        }
        catch (FudgeFormatException e)
        {
            throw new FudgeFormatException(EnvelopeOffset + e.Offset, $"message {MessageCount - 1}: {e.Reason}", e);
        }
    }

    private int CheckHeader(int got)
    {
        if (got < FudgeEnvelopeHeader.Size)
            throw new FudgeFormatException(_nextOffset + got, $"message {MessageCount}: the stream ends inside the 8-byte envelope header");
        try
        {
            return FudgeFraming.ReadDeclaredSize(_buffer.AsSpan(0, FudgeEnvelopeHeader.Size), _options);
        }
        catch (FudgeFormatException e)
        {
            throw new FudgeFormatException(_nextOffset + e.Offset, $"message {MessageCount}: {e.Reason}", e);
        }
    }

    private FudgeFormatException Truncated(int have, int size)
        => new(_nextOffset + have, $"message {MessageCount}: the stream ends inside an envelope that declares {size} bytes ({have} arrived)");

    private void Advance(int size)
    {
        EnvelopeOffset = _nextOffset;
        _nextOffset += size;
        MessageCount++;
    }

    private void EnsureCapacity(int capacity, int keep)
    {
        if (_buffer.Length >= capacity) return;
        var next = ArrayPool<byte>.Shared.Rent(capacity);
        Buffer.BlockCopy(_buffer, 0, next, 0, keep);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = next;
    }

    /// <summary>Reads until <paramref name="count"/> bytes arrived or the stream ended; returns the bytes read.</summary>
    private int Fill(int offset, int count)
    {
        int total = 0;
        while (total < count)
        {
            int read = _stream.Read(_buffer, offset + total, count - total);
            if (read == 0) break;
            total += read;
        }
        return total;
    }

    private async ValueTask<int> FillAsync(int offset, int count, CancellationToken cancellationToken)
    {
        int total = 0;
        while (total < count)
        {
            int read = await _stream.ReadAsync(_buffer, offset + total, count - total, cancellationToken).ConfigureAwait(false);
            if (read == 0) break;
            total += read;
        }
        return total;
    }

    /// <summary>Returns the pooled buffer and closes the stream unless it was left open. Safe to call more than once.</summary>
    public void Dispose()
    {
        if (_disposed) return;
        _disposed = true;
        if (_buffer.Length > 0) ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
        if (!_leaveOpen) _stream.Dispose();
    }
}
