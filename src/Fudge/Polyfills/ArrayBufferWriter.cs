#if NETSTANDARD2_0
namespace System.Buffers;

/// <summary>netstandard2.0 stand-in for the BCL's ArrayBufferWriter: a growable array as an <see cref="IBufferWriter{T}"/>.</summary>
internal sealed class ArrayBufferWriter<T> : IBufferWriter<T>
{
    private T[] _buffer;
    private int _index;

    public ArrayBufferWriter(int initialCapacity = 256) => _buffer = new T[Math.Max(1, initialCapacity)];

    public ReadOnlySpan<T> WrittenSpan => _buffer.AsSpan(0, _index);

    public ReadOnlyMemory<T> WrittenMemory => _buffer.AsMemory(0, _index);

    public int WrittenCount => _index;

    public void Clear() => _index = 0;

    public void Advance(int count)
    {
        if (count < 0 || _index + count > _buffer.Length) throw new ArgumentOutOfRangeException(nameof(count));
        _index += count;
    }

    public Memory<T> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_index);
    }

    public Span<T> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_index);
    }

    private void Ensure(int sizeHint)
    {
        if (sizeHint < 1) sizeHint = 1;
        if (_buffer.Length - _index >= sizeHint) return;
        int newSize = Math.Max(_buffer.Length * 2, _index + sizeHint);
        Array.Resize(ref _buffer, newSize);
    }
}
#endif
