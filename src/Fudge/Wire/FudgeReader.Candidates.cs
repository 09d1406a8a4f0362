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

            int length;
            if ((prefix & 0x80) != 0)
            {
                length = FudgeTypeId.GetFixedWidth(typeId);
                if (length < 0) return ReadFrom(start);
            }
            else
            {
                switch ((prefix >> 5) & 3)
                {
                    case 0:
                        length = 0;
                        break;
                    case 1:
                        if (p >= data.Length) return ReadFrom(start);
                        length = data[p];
                        p += 1;
                        break;
                    case 2:
                        if (data.Length - p < 2) return ReadFrom(start);
                        length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p));
                        p += 2;
                        break;
                    default:
                        if (data.Length - p < 4) return ReadFrom(start);
                        uint size = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
                        if (size > int.MaxValue) return ReadFrom(start);
                        length = (int)size;
                        p += 4;
                        break;
                }
            }
            if (data.Length - p < length) return ReadFrom(start);
            p += length;
        }
        return ReadFrom(p);
    }

    // Reads the field at `position` with every check: the candidate, the end of the message, or the error.
    private bool ReadFrom(int position)
    {
        _position = position;
        return Read();
    }
}
