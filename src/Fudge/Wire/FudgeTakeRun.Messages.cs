using System;
using System.Runtime.CompilerServices;

namespace Fudge;

// Sub-messages in a run (issue 42): a nested object's or a list's sub-message peeked at without moving the run, its
// fields handed to the code that takes them (as a span: see the constructor), and the run moved past it once taken.
public ref partial struct FudgeTakeRun
{
    /// <summary>
    /// A run over bare fields from their first (a nested object's, as <see cref="RemainingFields"/> gives them). Generated
    /// code hands a sub-message to the method that takes it this way: as a span, which is passed in two registers,
    /// where a run (24 bytes) is copied through the stack at every call. Its positions are the span's own, so it is not
    /// for <see cref="FudgeReader.EndTakeRun"/>.
    /// </summary>
    /// <param name="fields">The encoded fields, to the end of their message.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FudgeTakeRun(ReadOnlySpan<byte> fields)
    {
        _data = fields;
        _position = 0;
        _fieldOffset = 0;
    }

    /// <summary>
    /// The fields from the run's position to the end of its message: for a run that <see cref="TryPeekMessage"/> or
    /// <see cref="TryPeekAnonymousMessage"/> gave, the sub-message's fields.
    /// </summary>
    public readonly ReadOnlySpan<byte> RemainingFields
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _data.Slice(_position);
    }

    /// <summary>
    /// When the next field is a sub-message (type 15) with <paramref name="ordinal"/> and no name (with a size of 1, 2 or
    /// 4 bytes), gives a run over its fields and returns true;
    /// otherwise false. Either way this run does not move: <see cref="Skip"/> moves it past the sub-message.
    /// </summary>
    /// <remarks>
    /// The caller answers for the depth the sub-message adds (<see cref="FudgeReader.CanTakeNested"/>): a run checks none.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool TryPeekMessage(short ordinal, out FudgeTakeRun message)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5)
        {
            uint header = UInt32At(p);
            uint key = ((uint)FudgeTypeId.Message << 16) | (ushort)ordinal;
            int start, length;
            if (header == ((0x30u << 24) | key))
            {
                start = p + 5;
                length = ByteAt(p + 4);
            }
            else if (header == ((0x50u << 24) | key) && remaining >= 6)
            {
                start = p + 6;
                length = (ByteAt(p + 4) << 8) | ByteAt(p + 5);
            }
            else if (header == ((0x70u << 24) | key) && remaining >= 8)
            {
                // A 4-byte size: what a writer reserves for a large list before it knows the size.
                start = p + 8;
                uint size = UInt32At(p + 4);
                if (size > int.MaxValue) goto none;
                length = (int)size;
            }
            else goto none;
            if (_data.Length - start >= length)
            {
                message = new FudgeTakeRun(Prefix(start + length), start, p);
                return true;
            }
        }
    none:
        message = default;
        return false;
    }

    /// <summary>
    /// As <see cref="TryPeekMessage"/>, for a sub-message with neither name nor ordinal (how a list holds its objects)
    /// and a 1- or 2-byte size (the fields <see cref="FudgeReader.TryEnterAnonymousMessage"/> enters).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool TryPeekAnonymousMessage(out FudgeTakeRun message)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 4)
        {
            // Prefix, type and the first size byte (or, for a 1-byte size, the size and the next field's first byte).
            uint header = UInt32At(p);
            int start, length;
            if ((header & 0xFFFF0000u) == ((0x20u << 24) | ((uint)FudgeTypeId.Message << 16)))
            {
                start = p + 3;
                length = (int)((header >> 8) & 0xFF);
            }
            else if ((header & 0xFFFF0000u) == ((0x40u << 24) | ((uint)FudgeTypeId.Message << 16)))
            {
                start = p + 4;
                length = (int)(header & 0xFFFF);
            }
            else goto none;
            if (_data.Length - start >= length)
            {
                message = new FudgeTakeRun(Prefix(start + length), start, p);
                return true;
            }
        }
        else if (remaining == 3 && ByteAt(p) == 0x20 && ByteAt(p + 1) == FudgeTypeId.Message && ByteAt(p + 2) == 0)
        {
            // An empty sub-message that ends the message: three bytes, no room for a 4-byte load.
            message = new FudgeTakeRun(Prefix(p + 3), p + 3, p);
            return true;
        }
    none:
        message = default;
        return false;
    }

    /// <summary>
    /// Moves this run past <paramref name="message"/>, a sub-message one of its Peek methods gave (whatever of its fields
    /// were taken): <see cref="FudgeReader.EndTakeRun"/> then leaves the reader after it, as after the Take forms.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Skip(in FudgeTakeRun message)
    {
        _fieldOffset = _position; // a peek does not move the run: its position is the sub-message's field
        _position = message._data.Length;
    }

    /// <summary>
    /// True when more than 16 KB of the run's message are left: a collection that long is gathered as it is read
    /// (<see cref="Serialization.FudgeGatheredElements{T}"/>) rather than counted first (<see cref="CountCollectionElements"/>),
    /// whose walk over bytes larger than the cache waits on memory at every element.
    /// </summary>
    public readonly bool IsLongCollection
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _data.Length - _position > LongCollectionBytes;
    }

    /// <summary>Bytes left in the run's message after its position.</summary>
    public readonly int RemainingBytes
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _data.Length - _position;
    }

    private const int LongCollectionBytes = 16 * 1024;

    /// <summary>
    /// Counts the fields from the run's position to the end of its message that a collection takes as its elements,
    /// as <see cref="FudgeReader.CountCollectionElements()"/> does (the capacity of a list about to be taken).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly int CountCollectionElements()
    {
        // A short list of small objects (a position's lots) hops its elements' one-byte sizes here, with no call; from
        // the first field that is anything else, the general count goes on (it would have hopped the same elements).
        int p = _position;
        int count = 0;
        while (_data.Length - p >= 3 && ByteAt(p) == 0x20 && ByteAt(p + 1) == FudgeTypeId.Message)
        {
            int next = p + 3 + ByteAt(p + 2);
            if (next > _data.Length) break;
            p = next;
            count++;
        }
        return p == _data.Length ? count : count + FudgeReader.CountCollectionElements(_data, p);
    }
}
