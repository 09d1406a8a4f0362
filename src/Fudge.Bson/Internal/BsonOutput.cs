using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge.Bson.Internal;

/// <summary>
/// Growable little-endian byte buffer from the array pool, for writing one BSON document. BSON puts an int32 length
/// before every document, so a document is written with a placeholder that <see cref="EndDocument"/> fills in once
/// the content is known; that is why the bytes are kept in one array until the document is complete.
/// </summary>
internal struct BsonOutput
{
    private byte[] _buffer;
    private int _position;

    public BsonOutput(int initialSize)
    {
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initialSize, 256));
        _position = 0;
    }

    public readonly int Position => _position;

    public readonly ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _position);

    public void Return()
    {
        if (_buffer is not null) ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = null!;
        _position = 0;
    }

    /// <summary>Reserves the length of a document (or array) and returns where it starts.</summary>
    public int BeginDocument()
    {
        int start = _position;
        Reserve(4);
        _position += 4;
        return start;
    }

    /// <summary>Writes the terminating zero and fills in the length reserved by <see cref="BeginDocument"/>.</summary>
    public void EndDocument(int start)
    {
        WriteByte(0);
        BinaryPrimitives.WriteInt32LittleEndian(_buffer.AsSpan(start), _position - start);
    }

    /// <summary>Writes an element's type byte and its key (a cstring: the key's UTF-8 bytes and a zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteElementHeader(byte bsonType, ReadOnlySpan<byte> key)
    {
        var span = Reserve(key.Length + 2);
        span[0] = bsonType;
        key.CopyTo(span.Slice(1));
        span[key.Length + 1] = 0;
        _position += key.Length + 2;
    }

    /// <summary>An array element's header: the type and the decimal index as its key.</summary>
    public void WriteIndexHeader(byte bsonType, int index)
    {
        Span<byte> digits = stackalloc byte[11];
        WriteElementHeader(bsonType, BsonKeys.FormatIndex(index, digits));
    }

    public void WriteByte(byte value)
    {
        Reserve(1)[0] = value;
        _position++;
    }

    public void WriteInt32(int value)
    {
        BinaryPrimitives.WriteInt32LittleEndian(Reserve(4), value);
        _position += 4;
    }

    public void WriteInt64(long value)
    {
        BinaryPrimitives.WriteInt64LittleEndian(Reserve(8), value);
        _position += 8;
    }

    public void WriteDouble(double value) => WriteInt64(BitConverter.DoubleToInt64Bits(value));

    /// <summary>A BSON string: int32 length including the terminating zero, the UTF-8 bytes, the zero.</summary>
    public void WriteString(ReadOnlySpan<byte> utf8)
    {
        var span = Reserve(utf8.Length + 5);
        BinaryPrimitives.WriteInt32LittleEndian(span, utf8.Length + 1);
        utf8.CopyTo(span.Slice(4));
        span[utf8.Length + 4] = 0;
        _position += utf8.Length + 5;
    }

    /// <summary>A BSON binary: int32 length, subtype, bytes.</summary>
    public void WriteBinary(byte subtype, ReadOnlySpan<byte> bytes)
    {
        var span = Reserve(bytes.Length + 5);
        BinaryPrimitives.WriteInt32LittleEndian(span, bytes.Length);
        span[4] = subtype;
        bytes.CopyTo(span.Slice(5));
        _position += bytes.Length + 5;
    }

    /// <summary>A BSON binary whose payload is one type byte followed by <paramref name="bytes"/>.</summary>
    public void WriteTypedBinary(byte subtype, byte typeId, ReadOnlySpan<byte> bytes)
    {
        var span = Reserve(bytes.Length + 6);
        BinaryPrimitives.WriteInt32LittleEndian(span, bytes.Length + 1);
        span[4] = subtype;
        span[5] = typeId;
        bytes.CopyTo(span.Slice(6));
        _position += bytes.Length + 6;
    }

    /// <summary>Copies the written bytes into a new array.</summary>
    public readonly byte[] ToArray() => _buffer.AsSpan(0, _position).ToArray();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Reserve(int count)
    {
        if (_buffer.Length - _position < count) Grow(count);
        return _buffer.AsSpan(_position);
    }

    private void Grow(int count)
    {
        long needed = (long)_position + count;
        if (needed > int.MaxValue) throw new FudgeBsonException(-1, "the BSON document would exceed 2 GiB");
        int size = (int)Math.Min(int.MaxValue, Math.Max(needed, (long)_buffer.Length * 2));
        var next = ArrayPool<byte>.Shared.Rent(size);
        _buffer.AsSpan(0, _position).CopyTo(next);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = next;
    }
}
