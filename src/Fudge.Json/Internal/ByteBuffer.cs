using System;
using System.Buffers;

namespace Fudge.Json.Internal;

/// <summary>
/// A growable byte array as an <see cref="IBufferWriter{T}"/> whose written bytes stay writable, so the envelope
/// header can be patched once members that come late in the JSON object (the header members) are known.
/// </summary>
internal sealed class ByteBuffer : IBufferWriter<byte>
{
    private byte[] _buffer;
    private int _count;

    public ByteBuffer(int capacity = 256) => _buffer = new byte[Math.Max(16, capacity)];

    public Span<byte> WrittenSpan => _buffer.AsSpan(0, _count);

    /// <summary>The underlying array; the first <see cref="WrittenCount"/> bytes are the written ones.</summary>
    public byte[] Buffer => _buffer;

    public int WrittenCount => _count;

    public void Advance(int count) => _count += count;

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_count);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_count);
    }

    public byte[] ToArray() => WrittenSpan.ToArray();

    private void Ensure(int sizeHint)
    {
        int needed = _count + Math.Max(1, sizeHint);
        if (needed <= _buffer.Length) return;
        Array.Resize(ref _buffer, Math.Max(needed, _buffer.Length * 2));
    }
}
