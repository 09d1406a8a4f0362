using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Tests.Support;

/// <summary>
/// A read-only stream over bytes that hands out 3 bytes on the first read and at most <c>maxChunk</c> bytes per read after that, like a slow socket, so that
/// stream readers must loop. Async reads complete synchronously.
/// </summary>
public sealed class TricklingStream : Stream
{
    private readonly ReadOnlyMemory<byte> _data;
    private int _reads;
    private readonly int _maxChunk;
    private int _position;

    /// <summary>Creates the stream.</summary>
    public TricklingStream(ReadOnlyMemory<byte> data, int maxChunk)
    {
        _data = data;
        _maxChunk = maxChunk;
    }

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        // The first read stops inside the 8-byte envelope header, so header reads must loop too.
        int chunk = _reads++ == 0 ? 3 : _maxChunk;
        int n = Math.Min(Math.Min(buffer.Length, chunk), _data.Length - _position);
        _data.Span.Slice(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        => Task.FromResult(Read(buffer, offset, count));

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        => new(Read(buffer.Span));

    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
