using System;
using System.Runtime.CompilerServices;

namespace Fudge;

// Sub-messages walked by the same reader (issue 42): a generated reader of a whole object graph enters each nested
// object's sub-message in place, reads its fields with the reader it already holds, and leaves it, instead of building
// a new reader (an 80-byte struct) per object. While it is inside, the reader reads as the reader ReadMessage would
// have returned (the sub-message's fields, their offsets and its depth); leaving puts the outer message back, past the
// sub-message. Entering only shortens the bytes the reader walks to the sub-message's end and moves its position to
// the sub-message's first field (its positions stay those of the outer message, so its base offset does not move);
// leaving moves the position to that end and gives back the outer length. The frame is the outer bytes and where the
// sub-message's field began: a new reader per object instead loads the options, taxonomy and envelope header it copies
// and writes its sixteen fields, and the outer reader records the field it took.
public ref partial struct FudgeReader
{
    /// <summary>
    /// What <see cref="LeaveMessage"/> needs to return to the outer message: returned by the Enter methods, passed back
    /// once the sub-message's fields are read.
    /// </summary>
    public readonly ref struct MessageFrame
    {
        internal MessageFrame(ReadOnlySpan<byte> data, int fieldOffset)
        {
            Data = data;
            FieldOffset = fieldOffset;
        }

        // The outer message's bytes (those of the inner one are their first part) and where the sub-message's field began.
        internal ReadOnlySpan<byte> Data { get; }
        internal int FieldOffset { get; }
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
        return EnterInPlace(_fieldOffset, _valueStart, _valueLength);
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
        int valueAt = NextOrdinalMessage(ordinal, out int length);
        if (valueAt == 0)
        {
            frame = default;
            return false;
        }
        frame = EnterInPlace(_position, valueAt, length);
        return true;
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
        int valueAt = NextAnonymousMessage(out int length);
        if (valueAt == 0)
        {
            frame = default;
            return false;
        }
        frame = EnterInPlace(_position, valueAt, length);
        return true;
    }

    /// <summary>
    /// Returns from a sub-message entered by <see cref="EnterMessage"/>, <see cref="TryEnterMessage"/> or
    /// <see cref="TryEnterAnonymousMessage"/> to the outer message, positioned after the sub-message (whatever of its
    /// fields were not read is skipped).
    /// </summary>
    /// <remarks>
    /// As after the Take forms (<see cref="TryTakeMessage"/>), <see cref="FieldOffset"/> is then the sub-message's and
    /// the reader has no other current field: the properties that describe one are undefined until the next
    /// <see cref="Read"/> or expected-field read.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LeaveMessage(in MessageFrame frame)
    {
        _position = _data.Length; // the sub-message's end
        _data = frame.Data;
        _fieldOffset = frame.FieldOffset;
        _depth--;
    }

    // The depth checks of Enter, then this reader walks the sub-message whose length bytes start at valueAt: the bytes
    // end where it ends, the position is its first field, no current field (FieldOffset before the first Read as a new
    // reader's, ValueOffset the sub-message's start). The rest of the current field's state is left as it is: nothing
    // reads it before the next Read() or take sets it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private MessageFrame EnterInPlace(int fieldOffset, int valueAt, int length)
    {
        int depth = _depth;
        if (depth >= _options.MaxDepth) throw TooDeepAt(fieldOffset);
        if ((depth & 7) == 7 && !StackRoom.ForAnotherLevel()) throw OutOfStackAt(fieldOffset);
        var outer = _data;
        var frame = new MessageFrame(outer, fieldOffset);
        _data = outer.Slice(0, valueAt + length);
        _position = valueAt;
        _depth = depth + 1;
        _fieldOffset = -1;
        _valueStart = valueAt;
        return frame;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException OutOfStackAt(int fieldOffset)
        => new(_baseOffset + fieldOffset, $"sub-messages are nested {_depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", null, true);
}
