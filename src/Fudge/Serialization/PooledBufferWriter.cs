using System;
using System.Buffers;

namespace Fudge.Serialization;

/// <summary>A growable <see cref="IBufferWriter{T}"/> over arrays rented from the shared pool.</summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private byte[] _buffer;
    private int _written;

    /// <summary>
    /// Arrays above this size are plain arrays, neither rented nor returned: the shared pool keeps what it is given,
    /// per core and per size, so large bodies would leave their doubling arrays in it for good.
    /// </summary>
    private const int MaxPooled = 1 << 20;

    public PooledBufferWriter(int initialCapacity = 1024) => _buffer = Rent(initialCapacity);

    private static byte[] Rent(int size) => size <= MaxPooled ? ArrayPool<byte>.Shared.Rent(size) : new byte[size];

    private static void Return(byte[] array)
    {
        if (array.Length > 0 && array.Length <= MaxPooled) ArrayPool<byte>.Shared.Return(array);
    }

    public int WrittenCount => _written;

    public int Capacity => _buffer.Length;

    public byte[] Buffer => _buffer;

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public void Clear() => _written = 0;

    public void Advance(int count)
    {
        if (count < 0 || _written + count > _buffer.Length) throw new ArgumentOutOfRangeException(nameof(count));
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    private void Ensure(int sizeHint)
    {
        if (sizeHint < 1) sizeHint = 1;
        if (_buffer.Length - _written >= sizeHint) return;
        long needed = (long)_written + sizeHint;
        if (needed > int.MaxValue) throw new InvalidOperationException("A Fudge envelope cannot exceed 2 GiB.");
        int size = (int)Math.Min(int.MaxValue, Math.Max(needed, (long)_buffer.Length * 2));
        var next = Rent(size);
        _buffer.AsSpan(0, _written).CopyTo(next);
        Return(_buffer);
        _buffer = next;
    }

    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = Array.Empty<byte>();
        _written = 0;
        Return(buffer);
    }
}
