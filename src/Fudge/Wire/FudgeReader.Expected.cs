using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

// Reads of a field the caller expects next. Generated readers know the order their writers use, so most fields
// arrive exactly where predicted; checking that prediction on the raw header bytes costs a compare or two, and the
// fused integer and double reads skip the general header decoding and the typed getter's re-check of the type.
// Every method consumes nothing and returns false when the next field is anything else (another key, a name where an
// ordinal was expected, an indicator, an unexpected type, the end of the message): the caller then falls back to
// Read(). Whatever they accept, Read() accepts too, with the same bounds checks.
public ref partial struct FudgeReader
{
    // Prefix bits: fixed width (0x80), ordinal present (0x10), name present (0x08).
    private const int OrdinalOnlyMask = 0x18, OrdinalOnly = 0x10, NameOnly = 0x08;
    private const uint FixedOrdinalOnlyPrefix = 0x90u << 24;

    /// <summary>
    /// Moves to the next field when it carries <paramref name="ordinal"/> and no name; otherwise consumes nothing.
    /// </summary>
    /// <returns>True when positioned on that field (as <see cref="Read"/> would be); false when the next field is another one or the message has ended.</returns>
    /// <exception cref="FudgeFormatException">The field has the expected key but is malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadField(short ordinal)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p < 4 || (data[p] & OrdinalOnlyMask) != OrdinalOnly || BinaryPrimitives.ReadInt16BigEndian(data.Slice(p + 2)) != ordinal) return false;
        return ReadOrdinalField(p, ordinal);
    }

    // The rest of the header of an ordinal-only field at p. The two commonest shapes (fixed width; a string, byte array
    // or sub-message with a 1-byte size) are decoded here without Read()'s general branches; anything else, and
    // anything malformed, goes through Read() for its checks and error messages.
    private bool ReadOrdinalField(int p, short ordinal)
    {
        var data = _data;
        byte prefix = data[p];
        byte typeId = data[p + 1];
        int remaining = data.Length - p - 4;
        if (prefix == 0x90)
        {
            int width = FudgeTypeId.GetFixedWidth(typeId);
            if (width >= 0 && remaining >= width)
            {
                Expected(p, typeId, ordinal, width);
                return true;
            }
        }
        else if (prefix == 0x30 && remaining >= 1 && typeId is FudgeTypeId.String or FudgeTypeId.Message or FudgeTypeId.ByteArray)
        {
            int length = data[p + 4];
            if (remaining - 1 >= length)
            {
                Positioned(p, prefix, typeId, ordinal, p + 5, length);
                return true;
            }
        }
        return Read();
    }

    /// <summary>
    /// Steps over the next fields while they carry <paramref name="ordinal"/> and no name, whatever their type, as
    /// calling <see cref="TryReadField(short)"/> until it returns false would: the reader is left on the last of them
    /// (or where it was, when there is none). A union case's generated reader steps over its type names this way.
    /// </summary>
    /// <returns>How many fields were stepped over.</returns>
    /// <exception cref="FudgeFormatException">A field with that ordinal is malformed.</exception>
    public int SkipFields(short ordinal)
    {
        // Type names are short strings: they are stepped over in one loop that compares each 4-byte header and sets the
        // reader's state once, for the last; whatever else carries the ordinal takes the general way after them.
        var data = _data;
        int p = _position, last = -1, count = 0;
        uint header = (0x30u << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal;
        while (data.Length - p >= 5 && BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p)) == header)
        {
            int end = p + 5 + data[p + 4];
            if (end > data.Length) break; // overruns the message: TryReadField reports it
            last = p;
            p = end;
            count++;
        }
        if (last >= 0) Positioned(last, 0x30, FudgeTypeId.String, ordinal, last + 5, p - last - 5);
        while (TryReadField(ordinal)) count++;
        return count;
    }

    /// <summary>
    /// Moves to the next field when its name is exactly <paramref name="utf8Name"/> and it has no ordinal; otherwise
    /// consumes nothing. A name spelt differently on the wire (for example in CESU-8) is not recognised here; the
    /// general match after <see cref="Read"/> handles it.
    /// </summary>
    /// <returns>True when positioned on that field (as <see cref="Read"/> would be); false otherwise.</returns>
    /// <exception cref="FudgeFormatException">The field has the expected name but is malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadField(ReadOnlySpan<byte> utf8Name)
    {
        if (!IsNextNamed(utf8Name)) return false;
        int p = _position;
        var data = _data;
        // As for ordinals, a fixed-width field and a 1-byte-size string, byte array or sub-message are decoded here.
        byte prefix = data[p];
        byte typeId = data[p + 1];
        int valueAt = p + 3 + utf8Name.Length;
        int remaining = data.Length - valueAt;
        if (prefix == 0x88)
        {
            int width = FudgeTypeId.GetFixedWidth(typeId);
            if (width >= 0 && remaining >= width)
            {
                PositionedNamed(p, prefix, typeId, utf8Name.Length, valueAt, width);
                return true;
            }
        }
        else if (prefix == 0x28 && remaining >= 1 && typeId is FudgeTypeId.String or FudgeTypeId.Message or FudgeTypeId.ByteArray)
        {
            int length = data[valueAt];
            if (remaining - 1 >= length)
            {
                PositionedNamed(p, prefix, typeId, utf8Name.Length, valueAt + 1, length);
                return true;
            }
        }
        return Read();
    }

    // True when the next field has exactly the name utf8Name and no ordinal (its header fits in the data).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly bool IsNextNamed(ReadOnlySpan<byte> utf8Name)
    {
        int p = _position;
        var data = _data;
        return data.Length - p >= 3 + utf8Name.Length && (data[p] & OrdinalOnlyMask) == NameOnly && data[p + 2] == utf8Name.Length
               && data.Slice(p + 3, utf8Name.Length).SequenceEqual(utf8Name);
    }

    /// <summary>
    /// Reads the next field as a 64-bit integer when it is a fixed-width integer (int8 to int64) named exactly
    /// <paramref name="utf8Name"/>, with no ordinal; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64Field(ReadOnlySpan<byte> utf8Name, out long value)
    {
        int p = _position;
        if (!TryTakeInt64(utf8Name, out value)) return false;
        int valueAt = p + 3 + utf8Name.Length;
        PositionedNamed(p, 0x88, _data[p + 1], utf8Name.Length, valueAt, _position - valueAt);
        return true;
    }

    /// <summary>As <see cref="TryReadInt64Field(ReadOnlySpan{byte}, out long)"/>, narrowed to 32 bits.</summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its value is out of range for <see cref="int"/> (as <see cref="GetInt32"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32Field(ReadOnlySpan<byte> utf8Name, out int value)
    {
        bool found = TryReadInt64Field(utf8Name, out long wide);
        value = found ? NarrowToInt32(wide) : 0;
        return found;
    }

    /// <summary>
    /// Reads the next field when it is a double (type 11) named exactly <paramref name="utf8Name"/>, with no ordinal;
    /// otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleField(ReadOnlySpan<byte> utf8Name, out double value)
    {
        int p = _position;
        if (!TryTakeDouble(utf8Name, out value)) return false;
        PositionedNamed(p, 0x88, FudgeTypeId.Double, utf8Name.Length, p + 3 + utf8Name.Length, 8);
        return true;
    }

    /// <summary>
    /// Reads the next field as a 64-bit integer when it is a fixed-width integer (int8 to int64) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt64Field(short ordinal, out long value)
    {
        int p = _position;
        if (!TryTakeInt64(ordinal, out value)) return false;
        Expected(p, _data[p + 1], ordinal, _position - p - 4);
        return true;
    }

    /// <summary>
    /// As <see cref="TryReadInt64Field(short, out long)"/>, narrowed to 32 bits.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its value is out of range for <see cref="int"/> (as <see cref="GetInt32"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadInt32Field(short ordinal, out int value)
    {
        bool found = TryReadInt64Field(ordinal, out long wide);
        value = found ? NarrowToInt32(wide) : 0;
        return found;
    }

    /// <summary>
    /// Reads the next field when it is a double (type 11) with <paramref name="ordinal"/> and no name; otherwise
    /// consumes nothing and returns false (a float or integer there is left to <see cref="Read"/> and <see cref="GetDouble"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDoubleField(short ordinal, out double value)
    {
        int p = _position;
        if (!TryTakeDouble(ordinal, out value)) return false;
        Expected(p, FudgeTypeId.Double, ordinal, 8);
        return true;
    }

    /// <summary>
    /// Reads the next field when it is a string (type 14) with a 1-byte size, <paramref name="ordinal"/> and no name;
    /// otherwise consumes nothing and returns false (a longer string is left to <see cref="Read"/>).
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its text is not valid UTF-8 (nor Fudge-Java's CESU-8).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadStringField(short ordinal, out string value)
    {
        int p = _position;
        if (!TryTakeString(ordinal, out value)) return false;
        Positioned(p, 0x30, FudgeTypeId.String, ordinal, p + 5, _position - p - 5);
        return true;
    }

    /// <summary>
    /// Reads the next field as a <see cref="DateTime"/> when it is a date-time (type 28) with <paramref name="ordinal"/>
    /// and no name, holding a calendar date and instant .NET can represent; otherwise consumes nothing and returns
    /// false (markers, dates outside years 1 to 9999, plain dates and errors are left to <see cref="Read"/>).
    /// </summary>
    /// <remarks>The conversion is <see cref="FudgeDateTime.ToDateTime"/>'s: a zone gives the UTC instant, none an unspecified time.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadDateTimeField(short ordinal, out DateTime value)
    {
        int p = _position;
        if (NextHeaderIs(FixedOrdinalOnlyPrefix | ((uint)FudgeTypeId.DateTime << 16) | (ushort)ordinal, 16))
        {
            var v = _data.Slice(p + 4, 12);
            if (new FudgeDateTime(FudgeDate.ReadFrom(v), FudgeTime.ReadFrom(v.Slice(4))).TryToDateTime(out value))
            {
                Expected(p, FudgeTypeId.DateTime, ordinal, 12);
                return true;
            }
        }
        value = default;
        return false;
    }

    /// <summary>
    /// Gives the bytes of the next field without moving when it is a string (type 14) with a 1-byte size,
    /// <paramref name="ordinal"/> and no name; otherwise false. A union's generated reader finds the case by the type
    /// name its writer puts first this way, and hands the case the reader untouched, to read from the start.
    /// </summary>
    /// <returns>True when the next field is such a string and its bytes lie within the message.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool TryPeekStringField(short ordinal, out ReadOnlySpan<byte> utf8)
    {
        int p = _position;
        if (NextHeaderIs((0x30u << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal, 5))
        {
            int length = _data[p + 4];
            if (_data.Length - p - 5 >= length)
            {
                utf8 = _data.Slice(p + 5, length);
                return true;
            }
        }
        utf8 = default;
        return false;
    }

    // As GetInt32 narrows: a wider value out of range is a format error.
    private readonly int NarrowToInt32(long wide) => wide < int.MinValue || wide > int.MaxValue ? throw OutOfRange("int", wide) : (int)wide;

    // True when the next field's 4-byte header (prefix, type, ordinal) is exactly `header` and at least `size` bytes remain.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly bool NextHeaderIs(uint header, int size)
        => _data.Length - _position >= size && BinaryPrimitives.ReadUInt32BigEndian(_data.Slice(_position)) == header;

    // An integer of type int8 to int64 at the start of v: its width, or 0 for another type or too few bytes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ReadFixedInteger(ReadOnlySpan<byte> v, byte typeId, out long value)
    {
        // Writers pick the narrowest width that holds each value, so one member's width changes from message to message
        // (a price of 2 or 4 bytes, a size of 1 or 2) and a switch on it mispredicts. With 8 bytes to read (any field
        // but the message's last few) the value is the top `width` bytes of a big-endian 64-bit load, sign-extended by
        // the arithmetic shift: widths 1, 2, 4, 8 are 1 << (type - Int8).
        uint widthLog2 = (uint)typeId - FudgeTypeId.Int8;
        if (widthLog2 <= 3 && v.Length >= 8)
        {
            value = (long)BinaryPrimitives.ReadUInt64BigEndian(v) >> (64 - (8 << (int)widthLog2));
            return 1 << (int)widthLog2;
        }
        switch (typeId)
        {
            case FudgeTypeId.Int8 when v.Length >= 1:
                value = (sbyte)v[0];
                return 1;
            case FudgeTypeId.Int16 when v.Length >= 2:
                value = BinaryPrimitives.ReadInt16BigEndian(v);
                return 2;
            case FudgeTypeId.Int32 when v.Length >= 4:
                value = BinaryPrimitives.ReadInt32BigEndian(v);
                return 4;
            case FudgeTypeId.Int64 when v.Length >= 8:
                value = BinaryPrimitives.ReadInt64BigEndian(v);
                return 8;
            default:
                value = 0;
                return 0;
        }
    }

    // The state Read() would leave on a field at p with a name of nameLength bytes and no ordinal.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void PositionedNamed(int p, byte prefix, byte typeId, int nameLength, int valueStart, int valueLength)
    {
        Positioned(p, prefix, typeId, 0, valueStart, valueLength);
        _nameStart = p + 3;
        _nameLength = nameLength;
    }

    // The state Read() would leave after a fixed-width, ordinal-only field with a 4-byte header at p.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Expected(int p, byte typeId, short ordinal, int width) => Positioned(p, 0x90, typeId, ordinal, p + 4, width);

    // The state Read() would leave on a field at p without a name, whose value is valueLength bytes at valueStart.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Positioned(int p, byte prefix, byte typeId, short ordinal, int valueStart, int valueLength)
    {
        _fieldOffset = p;
        _prefix = prefix;
        _typeId = typeId;
        _ordinal = ordinal;
        _nameStart = 0;
        _nameLength = -1;
        _valueStart = valueStart;
        _valueLength = valueLength;
        _position = valueStart + valueLength;
    }

    /// <summary>
    /// Moves to the next field when it is a sub-message with neither name nor ordinal (how a list holds its objects)
    /// and returns a reader over it, as <see cref="Read"/> then <see cref="ReadMessage"/> would; otherwise consumes
    /// nothing and returns false (another kind of field, a 4-byte size, the end of the message).
    /// </summary>
    /// <exception cref="FudgeFormatException">The sub-message is nested deeper than the reader allows (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadAnonymousMessage(out FudgeReader message)
    {
        int p = _position;
        int valueAt = NextAnonymousMessage(out int length);
        if (valueAt == 0)
        {
            message = default;
            return false;
        }
        Positioned(p, _data[p], FudgeTypeId.Message, 0, valueAt, length);
        message = ReadMessage();
        return true;
    }
}
