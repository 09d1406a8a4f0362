using System;
using System.Buffers;
using System.IO;

namespace Fudge.Benchmarks.Contenders.Json;

/// <summary>A write-only stream appending to an <see cref="IBufferWriter{T}"/>, for serializers that only speak streams.</summary>
internal sealed class BufferWriterStream : Stream
{
    public IBufferWriter<byte>? Output { get; set; }

    public override bool CanRead => false;
    public override bool CanSeek => false;
    public override bool CanWrite => true;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        var output = Output ?? throw new InvalidOperationException("No output set.");
        buffer.CopyTo(output.GetSpan(buffer.Length));
        output.Advance(buffer.Length);
    }

    public override void Flush() { }
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
}
