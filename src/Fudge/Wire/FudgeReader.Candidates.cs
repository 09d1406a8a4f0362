using System;
using System.Buffers.Binary;

namespace Fudge;

public ref partial struct FudgeReader
{
    /// <summary>
    /// Moves to the next field that may interest a caller looking only for names of certain lengths, passing over the
    /// others on their headers alone: a field is read (as <see cref="Read"/> does, with every check) when its name's
    /// length in bytes has its bit set in <paramref name="nameLengths"/> (names of 64 bytes or more always are), or when
    /// it has no name and <paramref name="nameless"/> is true. Returns false at the end of the message.
    /// </summary>
    /// <remarks>
    /// The filters' one-walk evaluation uses it: the header of a passed-over field is decoded in registers, without
    /// filling in the reader's current-field state, and its value is never looked at. Its extent is still checked
    /// against the message, and anything unusual is handed to <see cref="Read"/>, which raises the usual error.
    /// </remarks>
    /// <exception cref="FudgeFormatException">A field on the way is malformed or overruns its message.</exception>
    internal bool ReadCandidate(ulong nameLengths, bool nameless)
    {
        var data = _data;
        int p = _position;
        while (data.Length - p >= 2)
        {
            int start = p;
            byte prefix = data[p];
            byte typeId = data[p + 1];
            p += 2;
            if ((prefix & 0x10) != 0) p += 2;
            bool candidate;
            if ((prefix & 0x08) != 0)
            {
                if (p >= data.Length) return ReadFrom(start);
                int nameLength = data[p];
                candidate = nameLength >= 64 || ((nameLengths >> nameLength) & 1) != 0;
                p += 1 + nameLength;
            }
            else
            {
                candidate = nameless;
            }
            if (candidate || p > data.Length) return ReadFrom(start);

            if (!TrySkipValue(data, prefix, typeId, ref p)) return ReadFrom(start);
        }
        return ReadFrom(p);
    }

    // Reads the field at `position` with every check: the candidate, the end of the message, or the error.
    private bool ReadFrom(int position)
    {
        _position = position;
        return Read();
    }

    /// <summary>
    /// Counts the fields from here to the end of this reader's message that a collection takes as its elements (no
    /// ordinal, or ordinal 1), without moving the reader: the capacity of a list or array about to be read.
    /// </summary>
    /// <remarks>
    /// The walk decodes headers only. On a malformed field it stops and returns the count so far plus one (so a
    /// reader that presizes an array from it still has room for the field <see cref="Read"/> will then reject); for
    /// well-formed data the count is exactly that of <see cref="Read"/> followed by the element test.
    /// </remarks>
    public readonly int CountCollectionElements()
    {
        var data = _data;
        int p = _position;
        int count = 0;
        while (p < data.Length)
        {
            if (data.Length - p < 2) return count + 1;
            byte prefix = data[p];
            byte typeId = data[p + 1];
            p += 2;
            if ((prefix & 0x10) != 0)
            {
                if (data.Length - p < 2) return count + 1;
                if (BinaryPrimitives.ReadInt16BigEndian(data.Slice(p)) == 1) count++;
                p += 2;
            }
            else count++;
            if ((prefix & 0x08) != 0)
            {
                if (p >= data.Length) return count + 1;
                p += 1 + data[p];
                if (p > data.Length) return count + 1;
            }
            if (!TrySkipValue(data, prefix, typeId, ref p)) return count + 1;
        }
        return count;
    }

    /// <summary>
    /// Moves <paramref name="p"/> (just after a field's name) past the field's size bytes and value; false when they
    /// overrun the data or the fixed-width flag is set on a type of no known width (<see cref="Read"/> rejects both).
    /// </summary>
    private static bool TrySkipValue(ReadOnlySpan<byte> data, byte prefix, byte typeId, ref int p)
    {
        int length;
        if ((prefix & 0x80) != 0)
        {
            length = FudgeTypeId.GetFixedWidth(typeId);
            if (length < 0) return false;
        }
        else
        {
            switch ((prefix >> 5) & 3)
            {
                case 0:
                    length = 0;
                    break;
                case 1:
                    if (p >= data.Length) return false;
                    length = data[p];
                    p += 1;
                    break;
                case 2:
                    if (data.Length - p < 2) return false;
                    length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p));
                    p += 2;
                    break;
                default:
                    if (data.Length - p < 4) return false;
                    uint size = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
                    if (size > int.MaxValue) return false;
                    length = (int)size;
                    p += 4;
                    break;
            }
        }
        if (data.Length - p < length) return false;
        p += length;
        return true;
    }
}
