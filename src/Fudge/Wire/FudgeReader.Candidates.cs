using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

public ref partial struct FudgeReader
{
    /// <summary>What <see cref="ReadCandidate"/> returns at the end of the message.</summary>
    internal const int NoMoreCandidates = -2;

    /// <summary>
    /// Moves to the next field that may interest a caller looking for certain names, passing over the others on their
    /// headers alone. It stops at a field whose name is in <paramref name="names"/> and returns the name's index; it
    /// also stops at a field with no name when <paramref name="nameless"/> is true, and at every sub-message that is
    /// not empty when <paramref name="messages"/> is true, and returns -1 for these (the caller decides). The field it
    /// stops at is read as <see cref="Read"/> reads it, with every check. At the end of the message it returns
    /// <see cref="NoMoreCandidates"/>.
    /// </summary>
    /// <remarks>
    /// The filters' one-walk evaluation uses it: the header of a passed-over field is decoded in registers, without
    /// filling in the reader's current-field state, and its value is never looked at. Its extent is still checked
    /// against the message, and anything unusual is handed to <see cref="Read"/>, which raises the usual error (should
    /// it not, the field is returned as -1, so nothing is ever missed). The index is the return value, not an
    /// <c>out</c> parameter, so that the caller's next step does not wait on a store and a load.
    /// </remarks>
    /// <exception cref="FudgeFormatException">A field on the way is malformed or overruns its message.</exception>
    // Compiled on its own, so that callers stay small and the helpers here stay inlined.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal int ReadCandidate(FudgeNameSet names, bool nameless, bool messages)
    {
        var data = _data;
        int p = _position;
        while (true)
        {
            int start = SkipToCandidate(data, p, names.LengthMask, names.Filter, nameless, messages);
            if (start < 0)
            {
                if (~start == data.Length)
                {
                    // The end of the message, as Read() leaves it.
                    _position = data.Length;
                    _fieldOffset = -1;
                    return NoMoreCandidates;
                }
                // A field only Read() may judge.
                return ReadFrom(~start) ? -1 : NoMoreCandidates;
            }
            byte prefix = data[start];
            p = start + ((prefix & 0x10) != 0 ? 4 : 2);
            if ((prefix & 0x08) == 0)
            {
                // A field with no name, stopped at because nameless fields or sub-messages are wanted (a list's
                // elements, say). Only its ordinal is still unchecked (p is past it); the value is checked as Read()
                // checks it, without decoding the header a second time.
                if (p > data.Length) return ReadFrom(start) ? -1 : NoMoreCandidates;
                _fieldOffset = start;
                _ordinal = (prefix & 0x10) != 0 ? BinaryPrimitives.ReadInt16BigEndian(data.Slice(start + 2)) : (short)0;
                _nameStart = 0;
                _nameLength = -1;
                ReadValue(data, p, prefix, data[start + 1]);
                return -1;
            }
            int nameLength = data[p];
            int nameStart = p + 1;
            int match = names.IndexOf(data, nameStart, nameLength);
            if (match >= 0 || (messages && data[start + 1] == FudgeTypeId.Message))
            {
                // The header is known good up to here: only the value is left to check, as Read() would.
                _fieldOffset = start;
                _ordinal = (prefix & 0x10) != 0 ? BinaryPrimitives.ReadInt16BigEndian(data.Slice(start + 2)) : (short)0;
                _nameStart = nameStart;
                _nameLength = nameLength;
                ReadValue(data, nameStart + nameLength, prefix, data[start + 1]);
                // A sub-message that matched no name is wanted only when it has fields; a field whose name matched,
                // unless no test could pass its value (see FudgeNameSet.Refuses).
                if (match >= 0 ? !names.Refuses(match, _typeId, data, _valueStart, _valueLength) : _valueLength > 0) return match;
                p = _position;
                continue;
            }
            p = nameStart + nameLength;
            if (!TrySkipValue(data, prefix, data[start + 1], ref p)) return ReadFrom(start) ? -1 : NoMoreCandidates;
        }
    }

    /// <summary>
    /// The offset of the next field from <paramref name="p"/> whose name has its bits set in <paramref name="lengths"/>
    /// and <paramref name="filter"/> (see <see cref="FudgeNameSet"/>; the name is then known to lie within the data), or that has no name when
    /// <paramref name="nameless"/>, or that is a sub-message with fields when <paramref name="messages"/>;
    /// else the complement (<c>~offset</c>) of where <see cref="Read"/> must take over: the end of the data, or a field
    /// whose header or extent is not as expected. Only the headers are decoded, in registers: the loop the filters spend
    /// their time in.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static int SkipToCandidate(ReadOnlySpan<byte> data, int p, ulong lengths, ulong filter, bool nameless, bool messages)
    {
        while (data.Length - p >= 2)
        {
            int start = p;
            int prefix = data[p];
            int typeId = data[p + 1];
            p += (prefix & 0x10) != 0 ? 4 : 2;
            if ((prefix & 0x08) != 0)
            {
                if ((uint)p >= (uint)data.Length) return ~start;
                int nameLength = data[p];
                if (data.Length - p - 1 < nameLength) return ~start;
                if (((lengths >> nameLength) & 1) != 0 // the shift takes the length modulo 64, as the set does
                    && ((filter >> FudgeNameSet.Hash(nameLength, nameLength == 0 ? 0 : data[p + 1])) & 1) != 0)
                    return start;
                p += 1 + nameLength;
            }
            else if (nameless)
            {
                return start;
            }
            if (!TryReadExtent(data, (byte)prefix, (byte)typeId, ref p, out int length)) return ~start;
            // An empty sub-message has nothing in it to look for.
            if (messages && typeId == FudgeTypeId.Message && length > 0) return start;
            p += length;
        }
        return ~p;
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
    public readonly int CountCollectionElements() => CountCollectionElements(_data, _position);

    // CountCollectionElements over the message `data` from `p` (a reader's, or a take run's: FudgeTakeRun).
    internal static int CountCollectionElements(ReadOnlySpan<byte> data, int p)
    {
#if NET8_0_OR_GREATER
        // A long list of objects (a graph's, each element a few hundred bytes) is counted with the lines ahead requested.
        if (System.Runtime.Intrinsics.X86.Sse.IsSupported && data.Length - p > PrefetchWindow) return CountCollectionElementsAhead(data, p);
#endif
        int count = 0;
        while (p < data.Length)
        {
            if (!TryCountElement(data, ref p, ref count)) return count + 1;
        }
        return count;
    }

    // One hop of CountCollectionElements: steps p over the field at p and counts it when it is an element (no ordinal,
    // or ordinal 1). False when the bytes end inside the field: the count is then one more than counted, as a cut list
    // is found out by its reader.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryCountElement(ReadOnlySpan<byte> data, ref int p, ref int count)
    {
        // Lists of objects hold anonymous sub-messages with a 1-byte size (a 2-byte one past 255 bytes): one hop each.
        if (data.Length - p >= 3 && data[p] == 0x20 && data[p + 1] == FudgeTypeId.Message && data.Length - p - 3 >= data[p + 2])
        {
            p += 3 + data[p + 2];
            count++;
            return true;
        }
        if (data.Length - p >= 4 && data[p] == 0x40 && data[p + 1] == FudgeTypeId.Message)
        {
            int length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p + 2));
            if (data.Length - p - 4 >= length)
            {
                p += 4 + length;
                count++;
                return true;
            }
        }
        if (data.Length - p < 2) return false;
        byte prefix = data[p];
        byte typeId = data[p + 1];
        p += 2;
        if ((prefix & 0x10) != 0)
        {
            if (data.Length - p < 2) return false;
            if (BinaryPrimitives.ReadInt16BigEndian(data.Slice(p)) == 1) count++;
            p += 2;
        }
        else count++;
        if ((prefix & 0x08) != 0)
        {
            if (p >= data.Length) return false;
            p += 1 + data[p];
            if (p > data.Length) return false;
        }
        return TrySkipValue(data, prefix, typeId, ref p);
    }

#if NET8_0_OR_GREATER
    private const int PrefetchWindow = 4096;

    // CountCollectionElements over a long message: the count hops from each element's size to the next, a chain of
    // loads each waiting for the one before, which stalls on every line that is not in the cache. The lines up to
    // PrefetchWindow bytes ahead of the hop are asked for as it goes, so that the chain finds them there.
    private static unsafe int CountCollectionElementsAhead(ReadOnlySpan<byte> data, int p)
    {
        fixed (byte* bytes = data)
        {
            int requested = p;
            int count = 0;
            while (p < data.Length)
            {
                for (int until = Math.Min(p + PrefetchWindow, data.Length); requested < until; requested += 64)
                    System.Runtime.Intrinsics.X86.Sse.Prefetch0(bytes + requested);
                if (!TryCountElement(data, ref p, ref count)) return count + 1;
            }
            return count;
        }
    }
#endif

    /// <summary>
    /// Moves <paramref name="p"/> (just after a field's name) past the field's size bytes and value; false when they
    /// overrun the data or the fixed-width flag is set on a type of no known width (<see cref="Read"/> rejects both).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static bool TrySkipValue(ReadOnlySpan<byte> data, byte prefix, byte typeId, ref int p)
    {
        if (!TryReadExtent(data, prefix, typeId, ref p, out int length)) return false;
        p += length;
        return true;
    }

    /// <summary>
    /// Moves <paramref name="p"/> (just after a field's name) past the field's size bytes, to its value, and gives the
    /// value's length; false when they overrun the data or the fixed-width flag is set on a type of no known width.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static bool TryReadExtent(ReadOnlySpan<byte> data, byte prefix, byte typeId, ref int p, out int length)
    {
        length = 0;
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
        return data.Length - p >= length;
    }
}
