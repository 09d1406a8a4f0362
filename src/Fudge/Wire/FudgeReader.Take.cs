using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

// Values taken from the field the caller expects next, without making it the current field. The TryRead...Field
// reads leave the reader on the field as Read() would, which is nine stores of state per field; a generated reader
// never looks at that state (the next step is another expected read or Read(), which sets it afresh), and on a
// message of small fields the stores and the reloads they force were a tenth of its time. These take the same
// checks and values and move past the field, recording only where it began (FieldOffset) for the error a narrowing
// of the value may raise next.
public ref partial struct FudgeReader
{
    /// <summary>
    /// Takes the next field's value as a 64-bit integer when it is a fixed-width integer (int8 to int64) with
    /// <paramref name="ordinal"/> and no name, and moves past it; otherwise consumes nothing and returns false.
    /// </summary>
    /// <remarks>
    /// Unlike <see cref="TryReadInt64Field(short, out long)"/>, the reader is not left on the field: the properties
    /// that describe the current field keep describing the one before, except <see cref="FieldOffset"/>, which is this
    /// field's, so that a range error raised next (such as <see cref="Serialization.FudgeFormatterHelpers.ToUInt32"/>'s)
    /// points at it. <see cref="Read"/> moves to the field after it. Generated readers use this form.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt64(short ordinal, out long value)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p >= 5)
        {
            uint header = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
            if ((header & 0xFF00FFFFu) == (FixedOrdinalOnlyPrefix | (ushort)ordinal))
            {
                int width = ReadFixedInteger(data.Slice(p + 4), (byte)(header >> 16), out value);
                if (width <= 0) return false;
                Took(p, p + 4 + width);
                return true;
            }
        }
        value = 0;
        return false;
    }

    /// <summary>As <see cref="TryTakeInt64(short, out long)"/>, narrowed to 32 bits.</summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its value is out of range for <see cref="int"/> (as <see cref="GetInt32"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt32(short ordinal, out int value)
    {
        bool found = TryTakeInt64(ordinal, out long wide);
        value = found ? NarrowToInt32(wide) : 0;
        return found;
    }

    /// <summary>
    /// Takes the next field's value when it is a double (type 11) with <paramref name="ordinal"/> and no name, and moves
    /// past it (leaving the current field as <see cref="TryTakeInt64(short, out long)"/> does); otherwise consumes
    /// nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDouble(short ordinal, out double value)
    {
        int p = _position;
        if (NextHeaderIs(FixedOrdinalOnlyPrefix | ((uint)FudgeTypeId.Double << 16) | (ushort)ordinal, 12))
        {
            value = BigEndian.ReadDouble(_data.Slice(p + 4));
            Took(p, p + 12);
            return true;
        }
        value = 0;
        return false;
    }

    /// <summary>
    /// Takes the next field's text when it is a string (type 14) with a 1-byte size, <paramref name="ordinal"/> and no
    /// name, and moves past it (leaving the current field as <see cref="TryTakeInt64(short, out long)"/> does);
    /// otherwise consumes nothing and returns false.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its text is not valid UTF-8 (nor Fudge-Java's CESU-8).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeString(short ordinal, out string value)
    {
        int p = _position;
        if (NextHeaderIs((0x30u << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal, 5))
        {
            int length = _data[p + 4];
            if (_data.Length - p - 5 >= length)
            {
                value = DecodeString(p + 5, length);
                Took(p, p + 5 + length);
                return true;
            }
        }
        value = string.Empty;
        return false;
    }

    /// <summary>
    /// Takes the next field's value as a 64-bit integer when it is a fixed-width integer (int8 to int64) named exactly
    /// <paramref name="utf8Name"/>, with no ordinal, and moves past it (leaving the current field as
    /// <see cref="TryTakeInt64(short, out long)"/> does); otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt64(ReadOnlySpan<byte> utf8Name, out long value)
    {
        if (IsNextNamed(utf8Name) && _data[_position] == 0x88)
        {
            int p = _position;
            int valueAt = p + 3 + utf8Name.Length;
            int width = ReadFixedInteger(_data.Slice(valueAt), _data[p + 1], out value);
            if (width > 0)
            {
                Took(p, valueAt + width);
                return true;
            }
        }
        value = 0;
        return false;
    }

    /// <summary>As <see cref="TryTakeInt64(ReadOnlySpan{byte}, out long)"/>, narrowed to 32 bits.</summary>
    /// <exception cref="FudgeFormatException">The field is the expected one but its value is out of range for <see cref="int"/> (as <see cref="GetInt32"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt32(ReadOnlySpan<byte> utf8Name, out int value)
    {
        bool found = TryTakeInt64(utf8Name, out long wide);
        value = found ? NarrowToInt32(wide) : 0;
        return found;
    }

    /// <summary>
    /// Takes the next field's value when it is a double (type 11) named exactly <paramref name="utf8Name"/>, with no
    /// ordinal, and moves past it (leaving the current field as <see cref="TryTakeInt64(short, out long)"/> does);
    /// otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDouble(ReadOnlySpan<byte> utf8Name, out double value)
    {
        int valueAt = _position + 3 + utf8Name.Length;
        if (IsNextNamed(utf8Name) && _data[_position] == 0x88 && _data[_position + 1] == FudgeTypeId.Double && _data.Length - valueAt >= 8)
        {
            value = BigEndian.ReadDouble(_data.Slice(valueAt));
            Took(_position, valueAt + 8);
            return true;
        }
        value = 0;
        return false;
    }

    /// <summary>
    /// Takes the next field when it is a sub-message (type 15) with a 1- or 2-byte size, <paramref name="ordinal"/> and
    /// no name: returns a reader over its fields and moves past it (leaving the current field as
    /// <see cref="TryTakeInt64(short, out long)"/> does); otherwise consumes nothing and returns false (an indicator,
    /// another key or type, a 4-byte size: left to <see cref="Read"/>). A generated reader enters a nested object so.
    /// </summary>
    /// <exception cref="FudgeFormatException">The sub-message is nested deeper than the reader allows (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeMessage(short ordinal, out FudgeReader message)
    {
        int valueAt = NextOrdinalMessage(ordinal, out int length);
        if (valueAt == 0)
        {
            message = default;
            return false;
        }
        Took(_position, valueAt + length);
        message = Enter(valueAt, length);
        return true;
    }

    /// <summary>
    /// Takes the next field when it is a sub-message with neither name nor ordinal (how a list holds its objects) and
    /// a 1- or 2-byte size: returns a reader over its fields and moves past it (leaving the current field as
    /// <see cref="TryTakeInt64(short, out long)"/> does); otherwise consumes nothing and returns false.
    /// </summary>
    /// <exception cref="FudgeFormatException">The sub-message is nested deeper than the reader allows (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeAnonymousMessage(out FudgeReader message)
    {
        int valueAt = NextAnonymousMessage(out int length);
        if (valueAt == 0)
        {
            message = default;
            return false;
        }
        Took(_position, valueAt + length);
        message = Enter(valueAt, length);
        return true;
    }

    // The sub-message fields the Take, TryRead and TryEnter forms accept, found on their header bytes: the next field,
    // a sub-message (type 15) with a 1- or 2-byte size and (NextOrdinalMessage) the ordinal alone or (NextAnonymousMessage)
    // neither name nor ordinal, whose content lies inside the message. They return where its content starts and its
    // length, or 0 (no content starts at 0: a header comes first) when the next field is anything else.

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly int NextOrdinalMessage(short ordinal, out int length)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p >= 5)
        {
            uint header = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
            uint key = ((uint)FudgeTypeId.Message << 16) | (ushort)ordinal;
            if (header == ((0x30u << 24) | key))
            {
                length = data[p + 4];
                if (data.Length - p - 5 >= length) return p + 5;
            }
            else if (header == ((0x50u << 24) | key) && data.Length - p >= 6)
            {
                length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p + 4));
                if (data.Length - p - 6 >= length) return p + 6;
            }
        }
        length = 0;
        return 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly int NextAnonymousMessage(out int length)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p >= 3 && data[p + 1] == FudgeTypeId.Message)
        {
            byte prefix = data[p];
            if (prefix == 0x20)
            {
                length = data[p + 2];
                if (data.Length - p - 3 >= length) return p + 3;
            }
            else if (prefix == 0x40 && data.Length - p >= 4)
            {
                length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p + 2));
                if (data.Length - p - 4 >= length) return p + 4;
            }
        }
        length = 0;
        return 0;
    }

    // A string value as DecodeUtf8 decodes it, with short ASCII text (symbols, venues, ids: most strings in messages)
    // widened right here, so the generated readers' expected-field read makes no call for it; anything else (longer or
    // non-ASCII text, invalid bytes) goes the general way, with its checks and errors.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly string DecodeString(int start, int length)
    {
#if NET9_0_OR_GREATER
        if ((uint)(length - 1) < ShortAscii.Limit)
        {
            var bytes = _data.Slice(start, length);
            if (ShortAscii.IsAscii(bytes)) return string.Create(length, bytes, static (chars, ascii) => ShortAscii.Widen(ascii, chars));
        }
#endif
        return DecodeUtf8(start, length, "string");
    }

    // Past a field taken at p whose value ends at end: only where it began is kept, for errors.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Took(int p, int end)
    {
        _fieldOffset = p;
        _position = end;
    }
}
