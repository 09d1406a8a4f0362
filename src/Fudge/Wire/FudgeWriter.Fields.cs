using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;

namespace Fudge;

// The field writers under any key (name, ordinal, both or neither): fixed-width values, then text, byte arrays and
// arrays of numbers. The ordinal-only overloads are in FudgeWriter.Ordinals.cs.
public ref partial struct FudgeWriter
{
    // ---------------------------------------------------------------- fixed-width fields

    /// <summary>Writes an indicator (type 0): a field with no value.</summary>
    public void WriteIndicator(in FudgeFieldKey key) => BeginFixedField(FudgeTypeId.Indicator, key, 0);

    /// <summary>Writes a boolean (type 1).</summary>
    public void WriteBoolean(in FudgeFieldKey key, bool value)
    {
        BeginFixedField(FudgeTypeId.Boolean, key, 1)[0] = value ? (byte)1 : (byte)0;
    }

    /// <summary>Writes an integer in the smallest of int8/16/32/64 that holds it (the spec's mandatory reduction).</summary>
    public void WriteInt64(in FudgeFieldKey key, long value)
    {
        if (value >= sbyte.MinValue && value <= sbyte.MaxValue) WriteExactInt8(key, (sbyte)value);
        else if (value >= short.MinValue && value <= short.MaxValue) WriteExactInt16(key, (short)value);
        else if (value >= int.MinValue && value <= int.MaxValue) WriteExactInt32(key, (int)value);
        else WriteExactInt64(key, value);
    }

    /// <summary>Writes an integer in the smallest of int8/16/32 that holds it.</summary>
    public void WriteInt32(in FudgeFieldKey key, int value)
    {
        if (value >= sbyte.MinValue && value <= sbyte.MaxValue) WriteExactInt8(key, (sbyte)value);
        else if (value >= short.MinValue && value <= short.MaxValue) WriteExactInt16(key, (short)value);
        else WriteExactInt32(key, value);
    }

    /// <summary>Writes an integer in the smallest of int8/16 that holds it.</summary>
    public void WriteInt16(in FudgeFieldKey key, short value)
    {
        if (value >= sbyte.MinValue && value <= sbyte.MaxValue) WriteExactInt8(key, (sbyte)value);
        else WriteExactInt16(key, value);
    }

    /// <summary>Writes an int8 (type 2).</summary>
    public void WriteSByte(in FudgeFieldKey key, sbyte value) => WriteExactInt8(key, value);

    /// <summary>Writes an int8 field without reduction.</summary>
    public void WriteExactInt8(in FudgeFieldKey key, sbyte value)
    {
        BeginFixedField(FudgeTypeId.Int8, key, 1)[0] = (byte)value;
    }

    /// <summary>Writes an int16 field without reduction (type 3, even for small values).</summary>
    public void WriteExactInt16(in FudgeFieldKey key, short value)
    {
        BinaryPrimitives.WriteInt16BigEndian(BeginFixedField(FudgeTypeId.Int16, key, 2), value);
    }

    /// <summary>Writes an int32 field without reduction (type 4, even for small values).</summary>
    public void WriteExactInt32(in FudgeFieldKey key, int value)
    {
        BinaryPrimitives.WriteInt32BigEndian(BeginFixedField(FudgeTypeId.Int32, key, 4), value);
    }

    /// <summary>Writes an int64 field without reduction (type 5, even for small values).</summary>
    public void WriteExactInt64(in FudgeFieldKey key, long value)
    {
        BinaryPrimitives.WriteInt64BigEndian(BeginFixedField(FudgeTypeId.Int64, key, 8), value);
    }

    /// <summary>Writes a binary32 float (type 10).</summary>
    public void WriteSingle(in FudgeFieldKey key, float value)
    {
        BigEndian.WriteSingle(BeginFixedField(FudgeTypeId.Float, key, 4), value);
    }

    /// <summary>Writes a binary64 double (type 11).</summary>
    public void WriteDouble(in FudgeFieldKey key, double value)
    {
        BigEndian.WriteDouble(BeginFixedField(FudgeTypeId.Double, key, 8), value);
    }

    /// <summary>Writes a date (type 26).</summary>
    public void WriteDate(in FudgeFieldKey key, FudgeDate value)
    {
        value.WriteTo(BeginFixedField(FudgeTypeId.Date, key, 4));
    }

    /// <summary>Writes a time (type 27).</summary>
    public void WriteTime(in FudgeFieldKey key, FudgeTime value)
    {
        value.WriteTo(BeginFixedField(FudgeTypeId.Time, key, 8));
    }

    /// <summary>Writes a date-time (type 28), exactly as given (no reduction to a date).</summary>
    public void WriteDateTime(in FudgeFieldKey key, FudgeDateTime value)
    {
        var span = BeginFixedField(FudgeTypeId.DateTime, key, 12);
        value.Date.WriteTo(span);
        value.Time.WriteTo(span.Slice(4));
    }

    // ---------------------------------------------------------------- variable-width fields

    /// <summary>Writes a string (type 14), encoded as the writer's options say. A null string is written as an indicator.</summary>
    public void WriteString(in FudgeFieldKey key, string? value)
    {
        if (value is null) WriteIndicator(key);
        else WriteString(key, value.AsSpan());
    }

    /// <summary>
    /// Writes a string (type 14): UTF-8, or with <see cref="FudgeStringEncoding.JavaCesu8"/> the CESU-8 form Fudge-Java
    /// reads for characters outside the Basic Multilingual Plane.
    /// </summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    public void WriteString(in FudgeFieldKey key, ReadOnlySpan<char> value) => WriteText(key, value, _javaStrings);

    /// <summary>
    /// Writes a string (type 14) in the given encoding, whatever the writer's options: for reproducing the bytes of a
    /// message exactly, such as one in which Fudge-Java's CESU-8 text and standard UTF-8 meet. Pair it with
    /// <see cref="FudgeFieldKey.Create(string?, short?, FudgeStringEncoding)"/> for the name.
    /// </summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="encoding"/> is not a defined encoding.</exception>
    public void WriteString(in FudgeFieldKey key, ReadOnlySpan<char> value, FudgeStringEncoding encoding)
        => WriteText(key, value, encoding switch
        {
            FudgeStringEncoding.Utf8 => false,
            FudgeStringEncoding.JavaCesu8 => true,
            _ => throw new ArgumentOutOfRangeException(nameof(encoding)),
        });

    private void WriteText(in FudgeFieldKey key, ReadOnlySpan<char> value, bool java)
    {
        // Up to 85 chars the UTF-8 form is at most 255 bytes, so the 1-byte size is known before encoding.
        if (value.Length <= 85)
        {
            WriteHeader(0x20, FudgeTypeId.String, key);
            // A fixed destination may have room for the string but not for the worst case of 3 bytes per char.
            int room = 1 + value.Length * 3;
            if (_output is null && _buffer.Length - _position < room) room = 1 + GetTextByteCount(value, java);
            var span = Reserve(room);
            int written = EncodeText(value, span.Slice(1), java);
            span[0] = (byte)written;
            _position += 1 + written;
            return;
        }
        int length = GetTextByteCount(value, java);
        WriteVariableHeader(FudgeTypeId.String, key, length);
        EncodeText(value, Reserve(length), java);
        _position += length;
    }

    /// <summary>Writes a string (type 14) from bytes that are already encoded; they are copied as given, whatever the options.</summary>
    public void WriteStringUtf8(in FudgeFieldKey key, ReadOnlySpan<byte> utf8) => WriteVariable(FudgeTypeId.String, key, utf8);

    /// <summary>
    /// Writes a byte array, reduced to the fixed-width types 17..25 when its length is 4, 8, 16, 20, 32, 64, 128, 256
    /// or 512; otherwise type 6 (an empty array is type 6 with size 0, as Fudge-Java writes it).
    /// </summary>
    public void WriteBytes(in FudgeFieldKey key, ReadOnlySpan<byte> value)
    {
        byte typeId = FudgeTypeId.ForByteArrayLength(value.Length);
        if (typeId == FudgeTypeId.ByteArray)
        {
            WriteVariable(FudgeTypeId.ByteArray, key, value);
            return;
        }
        value.CopyTo(BeginFixedField(typeId, key, value.Length));
    }

    /// <summary>
    /// Writes a byte array as type 6 whatever its length: how Fudge-Java's object mapping writes a <c>byte[]</c>
    /// property (it never uses the fixed-width types 17..25 there).
    /// </summary>
    public void WriteVariableBytes(in FudgeFieldKey key, ReadOnlySpan<byte> value) => WriteVariable(FudgeTypeId.ByteArray, key, value);

    /// <summary>Writes an int16 array (type 7).</summary>
    public void WriteInt16Array(in FudgeFieldKey key, ReadOnlySpan<short> values)
    {
        var span = BeginArray(FudgeTypeId.Int16Array, key, values.Length, 2);
        if (BitConverter.IsLittleEndian)
            for (int i = 0; i < values.Length; i++) BinaryPrimitives.WriteInt16BigEndian(span.Slice(i * 2), values[i]);
        else MemoryMarshal.AsBytes(values).CopyTo(span);
    }

    /// <summary>Writes an int32 array (type 8).</summary>
    public void WriteInt32Array(in FudgeFieldKey key, ReadOnlySpan<int> values)
    {
        var span = BeginArray(FudgeTypeId.Int32Array, key, values.Length, 4);
        if (BitConverter.IsLittleEndian)
            for (int i = 0; i < values.Length; i++) BinaryPrimitives.WriteInt32BigEndian(span.Slice(i * 4), values[i]);
        else MemoryMarshal.AsBytes(values).CopyTo(span);
    }

    /// <summary>Writes an int64 array (type 9).</summary>
    public void WriteInt64Array(in FudgeFieldKey key, ReadOnlySpan<long> values)
    {
        var span = BeginArray(FudgeTypeId.Int64Array, key, values.Length, 8);
        if (BitConverter.IsLittleEndian)
            for (int i = 0; i < values.Length; i++) BinaryPrimitives.WriteInt64BigEndian(span.Slice(i * 8), values[i]);
        else MemoryMarshal.AsBytes(values).CopyTo(span);
    }

    /// <summary>Writes a float array (type 12).</summary>
    public void WriteSingleArray(in FudgeFieldKey key, ReadOnlySpan<float> values)
    {
        var span = BeginArray(FudgeTypeId.FloatArray, key, values.Length, 4);
        for (int i = 0; i < values.Length; i++) BigEndian.WriteSingle(span.Slice(i * 4), values[i]);
    }

    /// <summary>Writes a double array (type 13).</summary>
    public void WriteDoubleArray(in FudgeFieldKey key, ReadOnlySpan<double> values)
    {
        var span = BeginArray(FudgeTypeId.DoubleArray, key, values.Length, 8);
        for (int i = 0; i < values.Length; i++) BigEndian.WriteDouble(span.Slice(i * 8), values[i]);
    }

    /// <summary>
    /// Writes a field with an explicit type id and payload, bypassing every reduction: the way to pass unknown types
    /// and foreign unreduced encodings through unchanged.
    /// </summary>
    /// <exception cref="ArgumentException">The type is a fixed-width standard type and the payload has the wrong length.</exception>
    public void WriteRawField(in FudgeFieldKey key, byte typeId, ReadOnlySpan<byte> payload)
    {
        if (FudgeTypeId.IsFixedWidth(typeId))
        {
            int width = FudgeTypeId.GetFixedWidth(typeId);
            if (payload.Length != width)
                throw new ArgumentException($"Type {FudgeTypeId.GetName(typeId)} has a {width}-byte payload, not {payload.Length}.", nameof(payload));
            payload.CopyTo(BeginFixedField(typeId, key, width));
            return;
        }
        WriteVariable(typeId, key, payload);
    }

    /// <summary>Copies already-encoded bytes (for example whole fields) to the output unchanged.</summary>
    public void WriteEncoded(ReadOnlySpan<byte> encoded)
    {
        encoded.CopyTo(Reserve(encoded.Length));
        _position += encoded.Length;
    }
}
