using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge;

/// <summary>Writes a sequence of envelopes to a <see cref="Stream"/>, back to back, reusing one buffer.</summary>
public sealed class FudgeStreamWriter : IDisposable
{
    private readonly Stream _stream;
    private readonly bool _leaveOpen;
    private readonly ArrayBufferWriter<byte> _buffer = new(1024);
    private readonly FudgeWriterOptions? _options;
    private bool _disposed;

    /// <summary>Creates a writer over <paramref name="stream"/>.</summary>
    /// <param name="stream">Where the envelopes go.</param>
    /// <param name="leaveOpen">Leave the stream open when this writer is disposed.</param>
    /// <param name="options">How names and strings are encoded (<see cref="FudgeWriterOptions.JavaCompatible"/> for a Fudge-Java reader); standard UTF-8 when null.</param>
    public FudgeStreamWriter(Stream stream, bool leaveOpen = false, FudgeWriterOptions? options = null)
    {
        _stream = stream ?? throw new ArgumentNullException(nameof(stream));
        _leaveOpen = leaveOpen;
        _options = options;
    }

    /// <summary>Number of envelopes written.</summary>
    public int MessageCount { get; private set; }

    /// <summary>Encodes and writes one envelope.</summary>
    public void Write(FudgeEnvelope envelope, IFudgeTaxonomy? taxonomy = null)
    {
        Encode(envelope, taxonomy);
        WriteBuffered();
    }

    /// <summary>Encodes and writes a message in a default envelope.</summary>
    public void Write(FudgeMsg message) => Write(new FudgeEnvelope(message));

    /// <summary>Writes an already-encoded envelope unchanged.</summary>
    public void WriteEncoded(ReadOnlySpan<byte> envelope)
    {
#if NETSTANDARD2_0
        var copy = ArrayPool<byte>.Shared.Rent(envelope.Length);
        envelope.CopyTo(copy);
        _stream.Write(copy, 0, envelope.Length);
        ArrayPool<byte>.Shared.Return(copy);
#else
        _stream.Write(envelope);
#endif
        MessageCount++;
    }

    /// <summary>Encodes and writes one envelope asynchronously.</summary>
    public async ValueTask WriteAsync(FudgeEnvelope envelope, IFudgeTaxonomy? taxonomy = null, CancellationToken cancellationToken = default)
    {
        Encode(envelope, taxonomy);
#if NETSTANDARD2_0
        var bytes = _buffer.WrittenMemory.ToArray();
        await _stream.WriteAsync(bytes, 0, bytes.Length, cancellationToken).ConfigureAwait(false);
#else
        await _stream.WriteAsync(_buffer.WrittenMemory, cancellationToken).ConfigureAwait(false);
#endif
        MessageCount++;
    }

    /// <summary>Flushes the stream.</summary>
    public void Flush() => _stream.Flush();

    /// <summary>Flushes the stream asynchronously.</summary>
    public Task FlushAsync(CancellationToken cancellationToken = default) => _stream.FlushAsync(cancellationToken);

    private void Encode(FudgeEnvelope envelope, IFudgeTaxonomy? taxonomy)
    {
        _buffer.Clear();
        envelope.WriteTo(_buffer, taxonomy, _options);
    }

    private void WriteBuffered() => WriteEncoded(_buffer.WrittenSpan);

    /// <summary>Flushes, and closes the stream unless it was left open. Safe to call more than once.</summary>
    public void Dispose()
    {
        // A second call must not touch the stream: flushing a stream this writer closed throws.
        if (_disposed) return;
        _disposed = true;
        _stream.Flush();
        if (!_leaveOpen) _stream.Dispose();
    }
}
