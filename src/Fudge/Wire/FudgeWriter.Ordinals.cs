using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

// Fixed-width fields keyed by an ordinal alone: the commonest field of compact messages and of generated writers in
// ordinal mode. The whole 4-byte header (prefix, type id, ordinal) is one big-endian store and header and value take
// one capacity check, with none of the general path's questions about the key (a name to copy or transcode?). The
// bytes are exactly those of the FudgeFieldKey overloads with FudgeFieldKey.FromOrdinal(ordinal).
public ref partial struct FudgeWriter
{
    /// <summary>Writes a boolean (type 1) under <paramref name="ordinal"/> alone.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBoolean(short ordinal, bool value) => BeginOrdinalField(FudgeTypeId.Boolean, ordinal, 1)[0] = value ? (byte)1 : (byte)0;

    /// <summary>Writes an integer under <paramref name="ordinal"/> alone, in the smallest of int8/16/32/64 that holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt64(short ordinal, long value)
    {
        if (value == (sbyte)value) BeginOrdinalField(FudgeTypeId.Int8, ordinal, 1)[0] = (byte)value;
        else if (value == (short)value) BinaryPrimitives.WriteInt16BigEndian(BeginOrdinalField(FudgeTypeId.Int16, ordinal, 2), (short)value);
        else if (value == (int)value) BinaryPrimitives.WriteInt32BigEndian(BeginOrdinalField(FudgeTypeId.Int32, ordinal, 4), (int)value);
        else BinaryPrimitives.WriteInt64BigEndian(BeginOrdinalField(FudgeTypeId.Int64, ordinal, 8), value);
    }

    /// <summary>Writes an integer under <paramref name="ordinal"/> alone, in the smallest of int8/16/32 that holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt32(short ordinal, int value)
    {
        if (value == (sbyte)value) BeginOrdinalField(FudgeTypeId.Int8, ordinal, 1)[0] = (byte)value;
        else if (value == (short)value) BinaryPrimitives.WriteInt16BigEndian(BeginOrdinalField(FudgeTypeId.Int16, ordinal, 2), (short)value);
        else BinaryPrimitives.WriteInt32BigEndian(BeginOrdinalField(FudgeTypeId.Int32, ordinal, 4), value);
    }

    /// <summary>Writes a binary32 float (type 10) under <paramref name="ordinal"/> alone.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSingle(short ordinal, float value) => BigEndian.WriteSingle(BeginOrdinalField(FudgeTypeId.Float, ordinal, 4), value);

    /// <summary>Writes a binary64 double (type 11) under <paramref name="ordinal"/> alone.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDouble(short ordinal, double value) => BigEndian.WriteDouble(BeginOrdinalField(FudgeTypeId.Double, ordinal, 8), value);

    /// <summary>Writes a date (type 26) under <paramref name="ordinal"/> alone.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDate(short ordinal, FudgeDate value) => BinaryPrimitives.WriteInt32BigEndian(BeginOrdinalField(FudgeTypeId.Date, ordinal, 4), value.RawValue);

    /// <summary>Writes a date-time (type 28) under <paramref name="ordinal"/> alone, exactly as given.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateTime(short ordinal, FudgeDateTime value)
    {
        var span = BeginOrdinalField(FudgeTypeId.DateTime, ordinal, 12);
        BinaryPrimitives.WriteInt32BigEndian(span, value.Date.RawValue);
        BinaryPrimitives.WriteInt64BigEndian(span.Slice(4), value.Time.RawValue);
    }

    /// <summary>
    /// Writes a <see cref="DateTime"/> as a date-time (type 28) under <paramref name="ordinal"/> alone at nanosecond
    /// accuracy: the bytes of <see cref="WriteDateTime(short, FudgeDateTime)"/> with <see cref="FudgeDateTime.FromDateTime"/>'s value.
    /// </summary>
    public void WriteDateTime(short ordinal, DateTime value) => WriteDateTime(ordinal, FudgeDateTime.FromDateTime(value));

    /// <summary>
    /// Writes a string (type 14) under <paramref name="ordinal"/> alone, encoded as the writer's options say; a null
    /// string is written as an indicator.
    /// </summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    public void WriteString(short ordinal, string? value)
    {
        // Up to 85 chars the encoded text is at most 255 bytes: header, 1-byte size and text take one capacity check.
        // A fixed destination takes the general path, which reserves no more than the encoding needs.
        if (value is not null && value.Length <= 85 && _output is not null)
        {
            int room = 5 + value.Length * 3;
            if (_buffer.Length - _position < room) Grow(room);
            var span = _buffer.Slice(_position);
            BinaryPrimitives.WriteUInt32BigEndian(span, ((uint)(VariableWidthFlags1 | OrdinalFlag) << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal);
            int written = EncodeText(value.AsSpan(), span.Slice(5));
            span[4] = (byte)written;
            _position += 5 + written;
            return;
        }
        WriteString(FudgeFieldKey.FromOrdinal(ordinal), value);
    }

    /// <summary>
    /// Writes already-encoded text (type 14) under <paramref name="ordinal"/> alone, copied as given whatever the
    /// options: the bytes of <see cref="WriteStringUtf8(in FudgeFieldKey, ReadOnlySpan{byte})"/> with an ordinal-only key.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteStringUtf8(short ordinal, ReadOnlySpan<byte> utf8)
    {
        if (utf8.Length > byte.MaxValue)
        {
            WriteStringUtf8(FudgeFieldKey.FromOrdinal(ordinal), utf8);
            return;
        }
        // Header, 1-byte size and text with one capacity check: generated writers put two type names in every union value.
        int total = 5 + utf8.Length;
        if (_buffer.Length - _position < total) Grow(total);
        var span = _buffer.Slice(_position, total);
        BinaryPrimitives.WriteUInt32BigEndian(span, ((uint)(VariableWidthFlags1 | OrdinalFlag) << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal);
        span[4] = (byte)utf8.Length;
        utf8.CopyTo(span.Slice(5));
        _position += total;
    }

    // The prefix's size bits of a variable-width field whose size takes one byte.
    private const byte VariableWidthFlags1 = 0x20;

    // Header (fixed width, ordinal, no name) and value reserved at once; returns the value bytes, already counted.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> BeginOrdinalField(byte typeId, short ordinal, int width)
    {
        int total = 4 + width;
        if (_buffer.Length - _position < total) Grow(total);
        var span = _buffer.Slice(_position, total);
        BinaryPrimitives.WriteUInt32BigEndian(span, ((uint)(FixedWidthFlag | OrdinalFlag) << 24) | ((uint)typeId << 16) | (ushort)ordinal);
        _position += total;
        return span.Slice(4);
    }
}
