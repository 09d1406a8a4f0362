using System;
using System.Runtime.CompilerServices;

namespace Fudge;

// Arrays of numbers (int16, int32, int64, float and double arrays) taken in a run, so that a message holding one (a
// portfolio's risk factors) stays in its holder's run instead of ending it for the reader's general field read. Each
// take accepts only its own wire type, as the getter's own type (a float array read as double[], an int16 array as
// int[] and the like widen there: those go to the general read), with a size of 0, 1, 2 or 4 bytes and a whole number of
// elements; anything else, an indicator (a null array) included, consumes nothing.
public ref partial struct FudgeTakeRun
{
    private const uint VariableOrdinalOnly = 0x10u << 24; // an ordinal, no name, no fixed width (the size's width apart)
    private const uint VariableOrdinalOnlyMask = 0x9Fu << 24 | 0xFFFFFF; // all but the size's width

    /// <summary>
    /// Takes the next field's elements into a new array when it is an int16 array (type 7) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt16Array(short ordinal, out short[] value)
    {
        int start = ArrayValue(FudgeTypeId.Int16Array, ordinal, 2, out int length);
        if (start < 0)
        {
            value = Array.Empty<short>();
            return false;
        }
        value = BigEndian.ToInt16Array(_data.Slice(start, length));
        Taken(start + length);
        return true;
    }

    /// <summary>
    /// Takes the next field's elements into a new array when it is an int32 array (type 8) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt32Array(short ordinal, out int[] value)
    {
        int start = ArrayValue(FudgeTypeId.Int32Array, ordinal, 4, out int length);
        if (start < 0)
        {
            value = Array.Empty<int>();
            return false;
        }
        value = BigEndian.ToInt32Array(_data.Slice(start, length));
        Taken(start + length);
        return true;
    }

    /// <summary>
    /// Takes the next field's elements into a new array when it is an int64 array (type 9) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt64Array(short ordinal, out long[] value)
    {
        int start = ArrayValue(FudgeTypeId.Int64Array, ordinal, 8, out int length);
        if (start < 0)
        {
            value = Array.Empty<long>();
            return false;
        }
        value = BigEndian.ToInt64Array(_data.Slice(start, length));
        Taken(start + length);
        return true;
    }

    /// <summary>
    /// Takes the next field's elements into a new array when it is a float array (type 12) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeSingleArray(short ordinal, out float[] value)
    {
        int start = ArrayValue(FudgeTypeId.FloatArray, ordinal, 4, out int length);
        if (start < 0)
        {
            value = Array.Empty<float>();
            return false;
        }
        value = BigEndian.ToSingleArray(_data.Slice(start, length));
        Taken(start + length);
        return true;
    }

    /// <summary>
    /// Takes the next field's elements into a new array when it is a double array (type 13) with
    /// <paramref name="ordinal"/> and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDoubleArray(short ordinal, out double[] value)
    {
        int start = ArrayValue(FudgeTypeId.DoubleArray, ordinal, 8, out int length);
        if (start < 0)
        {
            value = Array.Empty<double>();
            return false;
        }
        value = BigEndian.ToDoubleArray(_data.Slice(start, length));
        Taken(start + length);
        return true;
    }

    // Where the value of the next field begins when it is a variable-width `typeId` with `ordinal` and no name, whose
    // size (in 0, 1, 2 or 4 bytes, as Read() decodes it) fits in the message and is a whole number of `width`-byte
    // elements (width a power of two); -1 otherwise.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly int ArrayValue(byte typeId, short ordinal, int width, out int length)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 4)
        {
            uint header = UInt32At(p);
            if ((header & VariableOrdinalOnlyMask) == (VariableOrdinalOnly | ((uint)typeId << 16) | (ushort)ordinal))
            {
                int start;
                switch (header >> 29)
                {
                    case 0:
                        start = p + 4;
                        length = 0;
                        break;
                    case 1:
                        if (remaining < 5) goto none;
                        start = p + 5;
                        length = ByteAt(p + 4);
                        break;
                    case 2:
                        if (remaining < 6) goto none;
                        start = p + 6;
                        length = (ByteAt(p + 4) << 8) | ByteAt(p + 5);
                        break;
                    default:
                        if (remaining < 8) goto none;
                        uint size = UInt32At(p + 4);
                        if (size > int.MaxValue) goto none;
                        start = p + 8;
                        length = (int)size;
                        break;
                }
                if (_data.Length - start >= length && (length & (width - 1)) == 0) return start;
            }
        }
    none:
        length = 0;
        return -1;
    }

    // The run past a field taken at its position, ending at `end`.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Taken(int end)
    {
        _fieldOffset = _position;
        _position = end;
    }
}
