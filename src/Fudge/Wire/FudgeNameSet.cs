using System;
using System.Buffers.Binary;

namespace Fudge;

/// <summary>
/// A few field names, prepared once so that <see cref="FudgeReader.ReadCandidate(FudgeNameSet, bool, bool)"/> can
/// recognise them on the wire while passing over every other field. A name on the wire is first tested against a mask
/// of the wanted lengths and a 64-bit filter on (length, first byte); only a name that passes both is compared, as its
/// first eight bytes in one integer against each name of that length, then its next eight the same way (the rest of a
/// name over 16 bytes byte for byte). Nothing is decoded.
/// </summary>
internal sealed class FudgeNameSet
{
    private readonly int[] _lengths;
    private readonly ulong[] _heads;
    private readonly ulong[] _tails;
    private readonly byte[][] _names;
    private readonly byte[]?[]? _onlyStrings;
    private Query.LayoutCache? _subMessageLayouts;

    /// <summary>A set of UTF-8 names (compared byte for byte; two equal names would make the second unreachable).</summary>
    public FudgeNameSet(params byte[][] utf8Names)
        : this(utf8Names, null)
    {
    }

    /// <summary>
    /// A set of UTF-8 names, some of which are wanted only with one string value: where
    /// <paramref name="onlyStrings"/> has UTF-8 bytes for a name, a field of that name is wanted only when it is a
    /// string of exactly those bytes (or a sub-message, which may hold other wanted fields). A filter's
    /// <c>$..name == 'text'</c> can pass no other field, so the walk need not stop at them.
    /// </summary>
    public FudgeNameSet(byte[][] utf8Names, byte[]?[]? onlyStrings)
    {
        if (onlyStrings is not null && onlyStrings.Length != utf8Names.Length) throw new ArgumentException("one value (or null) per name", nameof(onlyStrings));
        _onlyStrings = onlyStrings;
        RefusesEveryName = onlyStrings is not null && Array.TrueForAll(onlyStrings, only => only is not null);
        _names = utf8Names;
        _lengths = new int[utf8Names.Length];
        _heads = new ulong[utf8Names.Length];
        _tails = new ulong[utf8Names.Length];
        for (int i = 0; i < utf8Names.Length; i++)
        {
            var name = utf8Names[i];
            _lengths[i] = name.Length;
            _heads[i] = Head(name);
            _tails[i] = name.Length > 8 ? Head(name.AsSpan(8)) : 0;
            LengthMask |= 1UL << (name.Length & 63);
            if (utf8Names.Length == 1 && name.Length is > 0 and <= 16)
            {
                SingleLength = name.Length;
                SingleHead = _heads[0];
                SingleTail = _tails[0];
            }
            Filter |= 1UL << Hash(name.Length, name.Length > 0 ? name[0] : 0);
        }
    }

    /// <summary>The length of the set's one name when it has exactly one, of 1 to 16 bytes; else -1.</summary>
    public int SingleLength { get; } = -1;

    /// <summary>
    /// True when the 16 bytes at <paramref name="start"/> of <paramref name="data"/> begin with the set's one name (see
    /// <see cref="SingleLength"/>), compared as two integers with no call: a <c>$..name</c> filter's walk tests the name
    /// of every field of that length with it. The caller has checked that the 16 bytes are within the data.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool StartsWithSingle(ReadOnlySpan<byte> data, int start)
    {
        int length = SingleLength;
        ulong head = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start)) & (length >= 8 ? ulong.MaxValue : (1UL << (length * 8)) - 1);
        if (head != SingleHead) return false;
        if (length <= 8) return true;
        ulong tail = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start + 8)) & (length == 16 ? ulong.MaxValue : (1UL << ((length - 8) * 8)) - 1);
        return tail == SingleTail;
    }

    private ulong SingleHead { get; }

    private ulong SingleTail { get; }

    /// <summary>
    /// Bit n is set when some name's length is n modulo 64 (names are at most 255 bytes): the first, cheapest test. A
    /// shift by the length on the wire takes it modulo 64 by itself.
    /// </summary>
    public ulong LengthMask { get; }

    /// <summary>
    /// One bit per name, at <see cref="Hash"/> of its length and first byte: a name on the wire of a wanted length
    /// whose bit is clear is none of these, and is passed over without being compared. (The first byte, not the last:
    /// its address does not wait for the length to be read.)
    /// </summary>
    public ulong Filter { get; }

    /// <summary>The bit of <see cref="Filter"/> for a name (first byte 0 when it is empty).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static int Hash(int length, int first) => (length * 11 + first * 5) & 63;

    /// <summary>The names, in the order their indexes refer to.</summary>
    public System.Collections.Generic.IReadOnlyList<byte[]> Names => _names;

    /// <summary>
    /// The index of the name equal to the <paramref name="length"/> bytes at <paramref name="start"/> of
    /// <paramref name="data"/>, or -1. The caller has checked that they are within <paramref name="data"/>.
    /// </summary>
    // Inlined into the walks' loops, and with no call in it: a call anywhere in such a loop made the JIT keep the loop's
    // values (the position, each header's bytes) on the stack, a store and a load on every field.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public int IndexOf(ReadOnlySpan<byte> data, int start, int length)
    {
        // Eight bytes read at once when the data has them, masked to the name's own; the rest compared only on a hit.
        ulong head = data.Length - start >= 8
            ? BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start)) & (length >= 8 ? ulong.MaxValue : (1UL << (length * 8)) - 1)
            : Head(data.Slice(start, length));
        var lengths = _lengths;
        var heads = _heads;
        for (int i = 0; i < lengths.Length && i < heads.Length; i++)
        {
            if (lengths[i] != length || heads[i] != head) continue;
            if (length <= 8) return i;
            // Names of 9 to 16 bytes (most of them past the first eight) compare their next eight bytes as a second
            // integer when the data has them; only longer names, or names at the very end of the data, compare bytes.
            if (length <= 16 && data.Length - start >= 16)
            {
                ulong tail = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start + 8))
                             & (length == 16 ? ulong.MaxValue : (1UL << ((length - 8) * 8)) - 1);
                if (tail == _tails[i]) return i;
                continue;
            }
            if (InlineBytes.Equal(data.Slice(start + 8, length - 8), new ReadOnlySpan<byte>(_names[i]).Slice(8))) return i;
        }
        return -1;
    }

    /// <summary>
    /// True when the field whose name is the one at <paramref name="index"/> is not wanted after all, by its type and the
    /// <paramref name="length"/> bytes of its value at <paramref name="start"/> of <paramref name="data"/> (see the
    /// constructor). The caller has checked that the value is within <paramref name="data"/>.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool Refuses(int index, int typeId, ReadOnlySpan<byte> data, int start, int length)
    {
        if (_onlyStrings is null || (uint)index >= (uint)_onlyStrings.Length || _onlyStrings[index] is not { } only) return false;
        if (typeId == FudgeTypeId.String) return !InlineBytes.Equal(data.Slice(start, length), only);
        return typeId != FudgeTypeId.Message;
    }

    // The first eight bytes (fewer for a shorter name, the rest zero) as a little-endian integer.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static ulong Head(ReadOnlySpan<byte> name)
    {
        ulong head = 0;
        int n = Math.Min(name.Length, 8);
        for (int i = n - 1; i >= 0; i--) head = (head << 8) | name[i];
        return head;
    }

    /// <summary>
    /// The layouts of sub-messages a <c>$..name</c> walk over these names passed through (see
    /// <see cref="Query.SubMessageLayout"/>); made on first use (two threads may each make one: one is kept).
    /// </summary>
    internal Query.LayoutCache SubMessageLayouts => _subMessageLayouts ??= new Query.LayoutCache();

    /// <summary>False to make a <c>$..name</c> walk read every sub-message (the tests' reference).</summary>
    internal bool PassesOverByLayout { get; set; } = true;

    /// <summary>
    /// True when every name is wanted only with one string value, so that a walk may pass over a sub-message whose
    /// such fields all hold other values; with a name wanted for any value, a sub-message holding it must be read.
    /// </summary>
    internal bool RefusesEveryName { get; }
}
