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
    private readonly bool _pooled;

    public ByteBuffer(int capacity = 256) => _buffer = new byte[Math.Max(16, capacity)];

    /// <summary>
    /// A buffer whose arrays come from <see cref="ArrayPool{T}.Shared"/> and go back to it as it grows and at
    /// <see cref="ReturnToPool"/>: for bytes that are copied out before the buffer is dropped, so that encoding a large
    /// envelope does not allocate its size again for every doubling.
    /// </summary>
    public static ByteBuffer Pooled() => new(pooled: true);

    private ByteBuffer(bool pooled)
    {
        _pooled = pooled;
        _buffer = ArrayPool<byte>.Shared.Rent(256);
    }

    /// <summary>Gives a pooled buffer's array back; the buffer must not be used afterwards.</summary>
    public void ReturnToPool()
    {
        if (!_pooled) return;
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
        _count = 0;
    }

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
        int size = Math.Max(needed, _buffer.Length * 2);
        if (!_pooled)
        {
            Array.Resize(ref _buffer, size);
            return;
        }
        var larger = ArrayPool<byte>.Shared.Rent(size);
        _buffer.AsSpan(0, _count).CopyTo(larger);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = larger;
    }
}
