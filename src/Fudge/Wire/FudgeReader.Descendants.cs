using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Fudge;

public ref partial struct FudgeReader
{
    /// <summary>
    /// Like <see cref="ReadCandidate"/>, but over every field of this reader's message <b>and of every sub-message in
    /// it, at any depth</b>, in document order, without a reader per sub-message: the walk a <c>$..name</c> filter makes.
    /// It stops at a field whose name is in <paramref name="names"/> (and returns the name's index) or, when
    /// <paramref name="nameless"/> is true, at a field with no name (and returns -1), at whatever depth; the field is
    /// then the reader's current field, read with every check <see cref="Read"/> makes, and <see cref="Depth"/> is its
    /// depth. At the end of this reader's message it returns <see cref="NoMoreCandidates"/>.
    /// </summary>
    /// <remarks>
    /// Every sub-message with fields is entered, the one the walk stopped at included (at the next call), as deep as
    /// <see cref="FudgeReaderOptions.MaxDepth"/> allows; <paramref name="ends"/> holds where the entered ones end. Fields
    /// passed over are checked only for their extent within the sub-message that holds them; a field that is not as
    /// expected raises the error a reader of that sub-message would raise, at the same offset.
    /// </remarks>
    /// <exception cref="FudgeFormatException">A field on the way is malformed or overruns its message, or sub-messages
    /// are nested deeper than the limit.</exception>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal int ReadDescendantCandidate<TSubMessages>(FudgeNameSet names, bool nameless, ref SubMessageEnds ends)
        where TSubMessages : struct, ISubMessageWalk
    {
        bool passingOver = typeof(TSubMessages) == typeof(PassingOverByLayout);
        var all = _data;
        int p = _position;
        int end = ends.Count > 0 ? ends.Innermost : all.Length;
        ulong lengths = names.LengthMask;
        ulong filter = names.Filter;
        if (_fieldOffset >= 0 && _typeId == FudgeTypeId.Message && _valueLength > 0)
        {
            // The field stopped at last time is a sub-message: its fields come next.
            if (!ends.TryPushGrowing(_position)) throw TooDeepAt(_fieldOffset);
            end = _position;
            p = _valueStart;
        }
        while (true)
        {
            if (end - p < 2)
            {
                if (p != end) return Judge(all, end, p, ref ends);
                if (ends.Count == 0)
                {
                    _position = end;
                    _fieldOffset = -1;
                    _depth = ends.BaseDepth;
                    return NoMoreCandidates;
                }
                // The end of a sub-message: its field in the enclosing one ends here too.
                ends.Pop();
                end = ends.Count > 0 ? ends.Innermost : all.Length;
                continue;
            }
            int start = p;
            int prefix = all[p];
            int typeId = all[p + 1];
            p += (prefix & 0x10) != 0 ? 4 : 2;
            int match = -1;
            if ((prefix & 0x08) != 0)
            {
                if ((uint)p >= (uint)end) return Judge(all, end, start, ref ends);
                int nameLength = all[p];
                if (end - p - 1 < nameLength) return Judge(all, end, start, ref ends);
                if (((lengths >> nameLength) & 1) != 0 // the shift takes the length modulo 64, as the set does
                    && ((filter >> FudgeNameSet.Hash(nameLength, nameLength == 0 ? 0 : all[p + 1])) & 1) != 0)
                    match = nameLength == names.SingleLength && end - p > 16
                        ? (names.StartsWithSingle(all, p + 1) ? 0 : -1)
                        : names.IndexOf(all.Slice(0, end), p + 1, nameLength);
                p += 1 + nameLength;
            }
            else if (nameless)
            {
                return Stop(all, end, start, p, -1, -1, ref ends);
            }
            // The size decoded in place, not through TryReadExtent: through it this loop was 2-3% slower, measured again
            // once the loop had no call left in it (one-process turns on the document filter, 2026-11-26).
            int length;
            if ((prefix & 0x80) != 0)
            {
                length = FudgeTypeId.GetFixedWidth((byte)typeId);
                if (length < 0) return Judge(all, end, start, ref ends);
            }
            else
            {
                switch ((prefix >> 5) & 3)
                {
                    case 0:
                        length = 0;
                        break;
                    case 1:
                        if ((uint)p >= (uint)end) return Judge(all, end, start, ref ends);
                        length = all[p];
                        p += 1;
                        break;
                    case 2:
                        if (p < 0 || end - p < 2) return Judge(all, end, start, ref ends);
                        length = BinaryPrimitives.ReadUInt16BigEndian(all.Slice(p));
                        p += 2;
                        break;
                    default:
                        if (p < 0 || end - p < 4) return Judge(all, end, start, ref ends);
                        uint size = BinaryPrimitives.ReadUInt32BigEndian(all.Slice(p));
                        if (size > int.MaxValue) return Judge(all, end, start, ref ends);
                        length = (int)size;
                        p += 4;
                        break;
                }
            }
            if (end - p < length) return Judge(all, end, start, ref ends);
            // A wanted name whose value no test could pass (see FudgeNameSet.Refuses) is passed over like any other.
            if (match >= 0 && !names.Refuses(match, typeId, all, p, length))
            {
                int nameStart = start + ((prefix & 0x10) != 0 ? 5 : 3);
                return Stop(all, end, start, nameStart, all[nameStart - 1], match, ref ends);
            }
            if (typeId == FudgeTypeId.Message && length > 0)
            {
                // A sub-message laid out as one passed through before, whose wanted fields its values refuse, is passed
                // over whole (see SubMessageLayout): on a list of records, one check in place of every header.
                if (passingOver && length <= Query.SubMessageLayout.MaxLength && PassesOverByLayout(all, p, length, names, ends.Count, ends.Room))
                {
                    p += length;
                    continue;
                }
                // Into the sub-message, with no reader of its own: its end is all the walk needs to keep.
                if (!ends.TryPush(p + length)) return EnterGrowing<TSubMessages>(start, p, p + length, names, nameless, ref ends);
                end = p + length;
                continue;
            }
            p += length;
        }
    }

    /// <summary>How a descending walk treats sub-messages: enters every one, or passes over those its layouts allow.</summary>
    internal interface ISubMessageWalk
    {
    }

    /// <summary>Every sub-message is entered and read.</summary>
    internal struct EnteringEvery : ISubMessageWalk
    {
    }

    /// <summary>
    /// A sub-message is passed over when its layout allows (see <see cref="Query.SubMessageLayout"/>): only for names
    /// that all refuse values (<see cref="FudgeNameSet.RefusesEveryName"/>) and fields that all have names. The loop
    /// is compiled apart for each: the call this one makes per sub-message has the JIT keep the loop's values on the
    /// stack, which a walk that can never pass over should not pay.
    /// </summary>
    internal struct PassingOverByLayout : ISubMessageWalk
    {
    }

    // True when the sub-message whose fields are the `length` bytes at `start` has a layout the walk may pass over (its
    // nesting within the room left); else perhaps records its layout, for the next sub-message like it. A call in the
    // walk's loop, once per sub-message: the fields it saves outweigh the values the loop then keeps on the stack.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool PassesOverByLayout(ReadOnlySpan<byte> all, int start, int length, FudgeNameSet names, int entered, int room)
    {
        var layouts = names.SubMessageLayouts;
        var fields = all.Slice(start, length);
        if (layouts.Find(fields, 0) is Query.SubMessageLayout layout)
            return entered + layout.Levels <= room && layout.RefusesAll(all, start, names);
        int place = layouts.PlaceFor(length);
        if (place >= 0 && Query.SubMessageLayout.Record(fields, names) is { } recorded) layouts.Store(place, recorded);
        return false;
    }

    /// <summary>A reader of the fields <paramref name="fields"/> with default options, at depth 0, offsets from their start.</summary>
    internal static FudgeReader OverFields(ReadOnlySpan<byte> fields)
        => new(fields, 0, 0, FudgeReaderOptions.Default, null, default);

    // The walk enters the sub-message at `start`, whose fields run from `fields` to `end`, when the ends must grow first
    // (or it is one too deep): out of the loop, which then has no call in it, and the walk goes on from there.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int EnterGrowing<TSubMessages>(int start, int fields, int end, FudgeNameSet names, bool nameless, ref SubMessageEnds ends)
        where TSubMessages : struct, ISubMessageWalk
    {
        if (!ends.TryPushGrowing(end)) throw TooDeepAt(start);
        _position = fields;
        _fieldOffset = -1; // no field stopped at: the walk goes on inside the sub-message just entered
        return ReadDescendantCandidate<TSubMessages>(names, nameless, ref ends);
    }

    // The walk stops at the field at `start` (in the sub-message ending at `end`), whose header is known good up to the
    // end of its name (if any, at nameStart; nameLength -1 for none): the value is read with every check, as Read()
    // would. Out of line, like Judge: inlined, their reads and errors made the walk's loop keep its values on the stack.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int Stop(ReadOnlySpan<byte> all, int end, int start, int nameStart, int nameLength, int match, ref SubMessageEnds ends)
    {
        // With no name, nameStart is just past the ordinal, which may itself overrun.
        if (nameLength < 0 && nameStart > end) return Judge(all, end, start, ref ends);
        byte prefix = all[start];
        _fieldOffset = start;
        _ordinal = (prefix & 0x10) != 0 ? BinaryPrimitives.ReadInt16BigEndian(all.Slice(start + 2)) : (short)0;
        _nameStart = nameLength >= 0 ? nameStart : 0;
        _nameLength = nameLength;
        int afterName = nameLength >= 0 ? nameStart + nameLength : nameStart;
        _depth = ends.BaseDepth + ends.Count;
        ReadValue(all.Slice(0, end), afterName, prefix, all[start + 1]);
        return match;
    }

    // A field the walk does not expect: read as a reader of the sub-message holding it would read it. Its offsets are
    // the same (the bytes before that sub-message are simply not looked at), so the error is that reader's. Read()
    // refuses every field the walk sends here (a header, name or value that overruns the sub-message, or a fixed width
    // it cannot know), so the last line is a guard, not a path.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly int Judge(ReadOnlySpan<byte> all, int end, int start, ref SubMessageEnds ends)
    {
        var judge = new FudgeReader(all.Slice(0, end), _baseOffset, ends.BaseDepth + ends.Count, _options, _taxonomy, EnvelopeHeader) { _position = start };
        judge.Read();
        throw Error(start, "a field the walk refused was read after all");
    }
}
