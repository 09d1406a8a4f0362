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
/// <remarks>
/// A reader that owns its stream (made with <c>leaveOpen: false</c>, the default) reads ahead: each read of the stream
/// asks for as much as its buffer holds (64 KiB to start with), and envelopes are handed out of that buffer, so that a
/// stream of small envelopes costs a read of the stream per chunk rather than two per envelope. The stream's position
/// is then past the envelopes handed out; read the rest through this reader, not from the stream. A read returns as
/// soon as the stream gives the bytes an envelope needs, so a pipe or socket delivers each envelope when it arrives.
/// A reader made with <c>leaveOpen: true</c> reads exactly the bytes of each envelope (its header, then the rest), so
/// that the caller can go on reading the stream after any envelope, with this reader disposed or not.
/// </remarks>
public sealed class FudgeStreamReader : IDisposable
{
    private const int InitialChunk = 64 * 1024;
    private readonly Stream _stream;
    private readonly FudgeReaderOptions _options;
    private readonly bool _leaveOpen;
    // The bytes read from the stream and not handed out yet are _buffer[_start.._end).
    private byte[] _buffer;
    private int _start;
    private int _end;
    private long _nextOffset;
    private bool _disposed;

    /// <summary>Creates a reader over <paramref name="stream"/>.</summary>
    /// <param name="stream">The envelopes.</param>
    /// <param name="options">Limits and the taxonomy resolver; the defaults when null.</param>
    /// <param name="leaveOpen">
    /// True to leave the stream open on <see cref="Dispose"/>, and to read no byte of it past the envelope being read
    /// (the caller may go on reading it); false (the reader owns the stream) to close it and read ahead in chunks.
    /// </param>
    public FudgeStreamReader(Stream stream, FudgeReaderOptions? options = null, bool leaveOpen = false)
    {
        _stream = stream ?? throw new ArgumentNullException(nameof(stream));
        _options = options ?? FudgeReaderOptions.Default;
        _leaveOpen = leaveOpen;
        _buffer = ArrayPool<byte>.Shared.Rent(ReadsAhead ? InitialChunk : FudgeEnvelopeHeader.Size);
    }

    /// <summary>The options the reader was made with (typed queries read the envelopes with them).</summary>
    internal FudgeReaderOptions Options => _options;

    /// <summary>True when the reader owns its stream, and so reads it ahead in chunks.</summary>
    private bool ReadsAhead => !_leaveOpen;

    /// <summary>Number of envelopes read so far.</summary>
    public int MessageCount { get; private set; }

    /// <summary>Stream offset (from where reading began) of the envelope most recently read.</summary>
    public long EnvelopeOffset => _nextOffset - _lastSize;

    // The size of the envelope most recently read (EnvelopeOffset is the offset after it, less its size): one store a
    // read, where the offset itself would be a load and a store more.
    private int _lastSize;

    /// <summary>
    /// Reads the next envelope's bytes. The memory stays valid until the next read or <see cref="Dispose"/>.
    /// Returns false at a clean end of stream.
    /// </summary>
    /// <exception cref="FudgeFormatException">The stream ends inside an envelope, or its header is invalid (offset is from the stream start).</exception>
    public bool TryReadEnvelope(out ReadOnlyMemory<byte> envelope)
    {
        if (!TryRead(out int start, out int size))
        {
            envelope = default;
            return false;
        }
        envelope = new ReadOnlyMemory<byte>(_buffer, start, size);
        return true;
    }

    /// <summary>
    /// <see cref="TryReadEnvelope(out ReadOnlyMemory{byte})"/> for the typed queries, which take the bytes as a span
    /// (valid until the next read).
    /// </summary>
    internal bool TryReadEnvelopeSpan(out ReadOnlySpan<byte> envelope)
    {
        if (!TryRead(out int start, out int size))
        {
            envelope = default;
            return false;
        }
        envelope = new ReadOnlySpan<byte>(_buffer, start, size);
        return true;
    }

    /// <summary>
    /// <see cref="TryReadEnvelopeSpan"/> with the envelope returned (empty at a clean end of stream: an envelope has at
    /// least its header's eight bytes), so that a caller's loop holds it in registers rather than in memory it stores
    /// and loads back for each envelope.
    /// </summary>
    internal ReadOnlySpan<byte> ReadEnvelopeSpanOrEmpty()
    {
#if NET8_0_OR_GREATER
        // The usual envelope, whole in the buffer with a size within the limits, with no bounds checks: the unread bytes
        // are always within the buffer (_start <= _end <= _buffer.Length). A typed query reads every envelope here, and
        // its time a tick follows the instructions it runs.
        var buffer = _buffer;
        int start = _start;
        int available = _end - start;
        if (available >= FudgeEnvelopeHeader.Size)
        {
            ref byte first = ref Unsafe.Add(ref System.Runtime.InteropServices.MemoryMarshal.GetArrayDataReference(buffer), (nint)(uint)start);
            int size = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(System.Runtime.InteropServices.MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref first, 4), 4));
            if (size >= FudgeEnvelopeHeader.Size && size <= available && size <= _options.MaxMessageSize)
            {
                Take(size);
                return System.Runtime.InteropServices.MemoryMarshal.CreateReadOnlySpan(ref first, size);
            }
        }
#endif
        return ReadEnvelopeSpanOrEmptySlowly();
    }

    // ReadEnvelopeSpanOrEmpty past its usual envelope (the buffer to fill, the end, a size to refuse): not inlined into
    // the caller's loop, whose frame would otherwise hold (and clear on every call) TryRead's two out arguments.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private ReadOnlySpan<byte> ReadEnvelopeSpanOrEmptySlowly()
        => TryRead(out int at, out int length) ? new ReadOnlySpan<byte>(_buffer, at, length) : default;

    // The next envelope: where it starts in the buffer, and its size.
    private bool TryRead(out int start, out int size)
    {
        start = size = 0;
        int available = _end - _start;
        if (available < FudgeEnvelopeHeader.Size)
        {
            available = Fill(FudgeEnvelopeHeader.Size);
            if (available == 0) return false;
        }
        // The declared size, checked here when the whole header has arrived and the size is good (CheckHeader, which
        // cannot be inlined for its handler, raises the error of one that is not): the usual envelope costs no call.
        // A header cut short is CheckHeader's to report: the buffer past the bytes that arrived holds stale bytes.
        size = available >= FudgeEnvelopeHeader.Size ? System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(_buffer.AsSpan(_start + 4, 4)) : -1;
        if (size < FudgeEnvelopeHeader.Size || size > _options.MaxMessageSize) size = CheckHeader(available);
        if (available < size && Fill(size) < size) throw Truncated(size);
        start = _start;
        Take(size);
        return true;
    }

    /// <summary>Asynchronously reads the next envelope's bytes; null at a clean end of stream.</summary>
    public ValueTask<ReadOnlyMemory<byte>?> ReadEnvelopeAsync(CancellationToken cancellationToken = default)
    {
        // An envelope read ahead already is handed out with no asynchronous step.
        int available = _end - _start;
        if (available >= FudgeEnvelopeHeader.Size && !cancellationToken.IsCancellationRequested)
        {
            int size;
            try
            {
                size = CheckHeader(available);
            }
            catch (FudgeFormatException e)
            {
                // Raised through the task, as the asynchronous path raises it.
                return new ValueTask<ReadOnlyMemory<byte>?>(Task.FromException<ReadOnlyMemory<byte>?>(e));
            }
            if (available >= size)
            {
                int start = _start;
                Take(size);
                return new ValueTask<ReadOnlyMemory<byte>?>(new ReadOnlyMemory<byte>(_buffer, start, size));
            }
        }
        return ReadEnvelopeSlowlyAsync(cancellationToken);
    }

    private async ValueTask<ReadOnlyMemory<byte>?> ReadEnvelopeSlowlyAsync(CancellationToken cancellationToken)
    {
        int available = _end - _start;
        if (available < FudgeEnvelopeHeader.Size)
        {
            available = await FillAsync(FudgeEnvelopeHeader.Size, cancellationToken).ConfigureAwait(false);
            if (available == 0) return null;
        }
        int size = CheckHeader(available);
        if (available < size && await FillAsync(size, cancellationToken).ConfigureAwait(false) < size) throw Truncated(size);
        int start = _start;
        Take(size);
        return new ReadOnlyMemory<byte>(_buffer, start, size);
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

    // The size the header at the start of the unread bytes declares. A header cut by the end of the stream, or one the
    // reader refuses, is an error, and its bytes are passed over (as when each envelope was read with exact reads): a
    // cut header ends the stream, and the next read after a refused one reads the 8 bytes after it.
    private int CheckHeader(int available)
    {
        if (available < FudgeEnvelopeHeader.Size)
        {
            _start = _end = 0;
            throw new FudgeFormatException(_nextOffset + available, $"message {MessageCount}: the stream ends inside the 8-byte envelope header");
        }
        try
        {
            return FudgeFraming.ReadDeclaredSize(_buffer.AsSpan(_start, FudgeEnvelopeHeader.Size), _options);
        }
        catch (FudgeFormatException e)
        {
            _start += FudgeEnvelopeHeader.Size;
            if (_start == _end) _start = _end = 0;
            throw new FudgeFormatException(_nextOffset + e.Offset, $"message {MessageCount}: {e.Reason}", e);
        }
    }

    // The stream ended inside an envelope of size bytes: what arrived of it is dropped (the stream has no more).
    private FudgeFormatException Truncated(int size)
    {
        int have = _end - _start;
        _start = _end = 0;
        return new(_nextOffset + have, $"message {MessageCount}: the stream ends inside an envelope that declares {size} bytes ({have} arrived)");
    }

    // Hands out the envelope of size bytes at the start of the unread bytes.
    private void Take(int size)
    {
        _start += size;
        if (_start == _end) _start = _end = 0;
        _lastSize = size;
        _nextOffset += size;
        MessageCount++;
    }

    /// <summary>
    /// Reads until <paramref name="needed"/> bytes are unread or the stream ended; returns the unread bytes. Reading
    /// ahead, each read asks for the room the buffer has; otherwise for the bytes still needed.
    /// </summary>
    private int Fill(int needed)
    {
        while (_end - _start < needed)
        {
            int count = Room(needed);
            int read = _stream.Read(_buffer, _end, count);
            if (read == 0) break;
            _end += read;
        }
        return _end - _start;
    }

    private async ValueTask<int> FillAsync(int needed, CancellationToken cancellationToken)
    {
        while (_end - _start < needed)
        {
            int count = Room(needed);
            int read = await _stream.ReadAsync(_buffer, _end, count, cancellationToken).ConfigureAwait(false);
            if (read == 0) break;
            _end += read;
        }
        return _end - _start;
    }

    /// <summary>
    /// Makes room after the unread bytes for the next read of the stream toward <paramref name="needed"/> unread
    /// bytes, and returns how many bytes that read asks for. When the needed bytes would not fit where the unread ones
    /// start, these move to the buffer's start, and the buffer grows to twice what has arrived (at least 64 KiB) but
    /// never past <paramref name="needed"/>: memory follows the data received, not a declared size.
    /// </summary>
    private int Room(int needed)
    {
        if (_disposed) throw new ObjectDisposedException(nameof(FudgeStreamReader));
        int unread = _end - _start;
        if (_start + needed > _buffer.Length)
        {
            if (_start > 0)
            {
                Buffer.BlockCopy(_buffer, _start, _buffer, 0, unread);
                _start = 0;
                _end = unread;
            }
            int capacity = Math.Min(needed, Math.Max(unread * 2, InitialChunk));
            if (capacity > _buffer.Length)
            {
                var next = ArrayPool<byte>.Shared.Rent(capacity);
                Buffer.BlockCopy(_buffer, 0, next, 0, unread);
                ArrayPool<byte>.Shared.Return(_buffer);
                _buffer = next;
            }
        }
        return ReadsAhead ? _buffer.Length - _end : Math.Min(needed - unread, _buffer.Length - _end);
    }

    /// <summary>Returns the pooled buffer and closes the stream unless it was left open. Safe to call more than once.</summary>
    public void Dispose()
    {
        if (_disposed) return;
        _disposed = true;
        if (_buffer.Length > 0) ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
        _start = _end = 0;
        if (!_leaveOpen) _stream.Dispose();
    }
}
