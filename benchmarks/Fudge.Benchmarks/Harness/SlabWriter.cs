using System;
using System.Buffers;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over one pre-allocated array: messages are appended back to back and nothing
/// is allocated or copied after construction. Asking for more than remains is an error (size the slab generously).
/// </summary>
internal sealed class SlabWriter : IBufferWriter<byte>
{
    private readonly byte[] _slab;

    public SlabWriter(int capacity) => _slab = new byte[capacity];

    /// <summary>Bytes written so far.</summary>
    public int Position { get; private set; }

    /// <summary>The written bytes from <paramref name="start"/> to <paramref name="end"/>.</summary>
    public ReadOnlyMemory<byte> Slice(int start, int end) => _slab.AsMemory(start, end - start);

    public void Reset() => Position = 0;

    public void Advance(int count) => Position += count;

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        EnsureRoom(sizeHint);
        return _slab.AsMemory(Position);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        EnsureRoom(sizeHint);
        return _slab.AsSpan(Position);
    }

    private void EnsureRoom(int sizeHint)
    {
        if (_slab.Length - Position < Math.Max(sizeHint, 1))
            throw new InvalidOperationException($"The slab of {_slab.Length} bytes is full at {Position}.");
    }
}
