using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

// Sub-messages walked by the same reader (issue 42): a generated reader of a whole object graph enters each nested
// object's sub-message in place, reads its fields with the reader it already holds, and leaves it, instead of building
// a new reader (an 80-byte struct) per object. While it is inside, the reader is exactly the reader ReadMessage would
// have returned (the sub-message's fields, its offsets and depth); leaving puts the outer message back, past the
// sub-message.
public ref partial struct FudgeReader
{
    /// <summary>
    /// What <see cref="LeaveMessage"/> needs to return to the outer message: returned by the Enter methods, passed back
    /// once the sub-message's fields are read.
    /// </summary>
    public readonly ref struct MessageFrame
    {
        internal MessageFrame(ReadOnlySpan<byte> data, int baseOffset, int resume, int fieldOffset, int valueStart, int valueLength,
            int nameStart, int nameLength, short ordinal, byte prefix, byte typeId)
        {
            Data = data;
            BaseOffset = baseOffset;
            Resume = resume;
            FieldOffset = fieldOffset;
            ValueStart = valueStart;
            ValueLength = valueLength;
            NameStart = nameStart;
            NameLength = nameLength;
            Ordinal = ordinal;
            Prefix = prefix;
            TypeId = typeId;
        }

        // The outer message, where to resume in it, and its current field as it was (which the Take forms leave as
        // the field before the one they took), so that the outer reader is as a reader per sub-message leaves it.
        internal ReadOnlySpan<byte> Data { get; }
        internal int BaseOffset { get; }
        internal int Resume { get; }
        internal int FieldOffset { get; }
        internal int ValueStart { get; }
        internal int ValueLength { get; }
        internal int NameStart { get; }
        internal int NameLength { get; }
        internal short Ordinal { get; }
        internal byte Prefix { get; }
        internal byte TypeId { get; }
    }

    /// <summary>
    /// Enters the current field, a sub-message, in place: this reader then walks its fields, as the reader
    /// <see cref="ReadMessage"/> returns would, until <see cref="LeaveMessage"/> returns it to the field after it.
    /// </summary>
    /// <exception cref="FudgeFormatException">The current field is not a sub-message, or entering it would exceed <see cref="FudgeReaderOptions.MaxDepth"/> (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public MessageFrame EnterMessage()
    {
        if (_typeId != FudgeTypeId.Message) throw Mismatch("message");
        return EnterInPlace(_fieldOffset, _valueStart, _valueLength, _position);
    }

    /// <summary>
    /// Enters the next field in place when it is a sub-message (type 15) with a 1- or 2-byte size,
    /// <paramref name="ordinal"/> and no name (the fields <see cref="TryTakeMessage"/> takes); otherwise consumes
    /// nothing and returns false. Read the sub-message's fields with this reader, then call <see cref="LeaveMessage"/>.
    /// </summary>
    /// <exception cref="FudgeFormatException">The sub-message is nested deeper than the reader allows (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryEnterMessage(short ordinal, out MessageFrame frame)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p >= 5)
        {
            uint header = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
            uint key = ((uint)FudgeTypeId.Message << 16) | (ushort)ordinal;
            int length = -1, valueAt = 0;
            if (header == ((0x30u << 24) | key))
            {
                length = data[p + 4];
                valueAt = p + 5;
            }
            else if (header == ((0x50u << 24) | key) && data.Length - p >= 6)
            {
                length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p + 4));
                valueAt = p + 6;
            }
            if (length >= 0 && data.Length - valueAt >= length)
            {
                frame = EnterInPlace(p, valueAt, length, valueAt + length);
                return true;
            }
        }
        frame = default;
        return false;
    }

    /// <summary>
    /// Enters the next field in place when it is a sub-message with neither name nor ordinal (how a list holds its
    /// objects) and a 1- or 2-byte size (the fields <see cref="TryTakeAnonymousMessage"/> takes); otherwise consumes
    /// nothing and returns false. Read the sub-message's fields with this reader, then call <see cref="LeaveMessage"/>.
    /// </summary>
    /// <exception cref="FudgeFormatException">The sub-message is nested deeper than the reader allows (as <see cref="ReadMessage"/>).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryEnterAnonymousMessage(out MessageFrame frame)
    {
        int p = _position;
        var data = _data;
        if (data.Length - p >= 3 && data[p + 1] == FudgeTypeId.Message)
        {
            byte prefix = data[p];
            int header = prefix == 0x20 ? 3 : prefix == 0x40 && data.Length - p >= 4 ? 4 : 0;
            if (header != 0)
            {
                int length = header == 3 ? data[p + 2] : BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p + 2));
                if (data.Length - p - header >= length)
                {
                    frame = EnterInPlace(p, p + header, length, p + header + length);
                    return true;
                }
            }
        }
        frame = default;
        return false;
    }

    /// <summary>
    /// Returns from a sub-message entered by <see cref="EnterMessage"/>, <see cref="TryEnterMessage"/> or
    /// <see cref="TryEnterAnonymousMessage"/> to the outer message, positioned after the sub-message (whatever of its
    /// fields were not read is skipped).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LeaveMessage(in MessageFrame frame)
    {
        _data = frame.Data;
        _baseOffset = frame.BaseOffset;
        _position = frame.Resume;
        _fieldOffset = frame.FieldOffset;
        _valueStart = frame.ValueStart;
        _valueLength = frame.ValueLength;
        _nameStart = frame.NameStart;
        _nameLength = frame.NameLength;
        _ordinal = frame.Ordinal;
        _prefix = frame.Prefix;
        _typeId = frame.TypeId;
        _depth--;
    }

    // The depth checks of Enter, then this reader becomes the sub-message's reader: its fields, offsets and depth, no
    // current field (as a new reader has none; ValueOffset is the sub-message's start).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private MessageFrame EnterInPlace(int fieldOffset, int valueAt, int length, int resume)
    {
        if (_depth + 1 > _options.MaxDepth) throw TooDeepAt(fieldOffset);
        if ((_depth & 7) == 7 && !StackRoom.ForAnotherLevel()) throw OutOfStackAt(fieldOffset);
        var frame = new MessageFrame(_data, _baseOffset, resume, fieldOffset, _valueStart, _valueLength, _nameStart, _nameLength, _ordinal, _prefix, _typeId);
        _data = _data.Slice(valueAt, length);
        _baseOffset += valueAt;
        _depth++;
        _position = 0;
        _fieldOffset = -1;
        _valueStart = _valueLength = 0;
        _nameStart = _nameLength = 0;
        _ordinal = 0;
        _prefix = _typeId = 0;
        return frame;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException OutOfStackAt(int fieldOffset)
        => new(_baseOffset + fieldOffset, $"sub-messages are nested {_depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", null, true);
}
