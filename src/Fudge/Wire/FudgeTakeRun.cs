using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge;

/// <summary>
/// Fields a generated reader expects next, keyed by ordinals alone, taken from a copy of the reader's position held in
/// a local (<see cref="FudgeReader.BeginTakeRun"/>) and handed back at once (<see cref="FudgeReader.EndTakeRun"/>): the
/// reader's counterpart of <see cref="FudgeFieldRun"/>.
/// </summary>
/// <remarks>
/// A reader passed by reference keeps its bytes and position in memory, so each of its expected-field reads loads them
/// again and stores the position back (the JIT cannot tell that the store does not change the bytes); a run kept in a
/// local holds them in registers, and each field costs one length compare, one compare of its prefix, type and ordinal
/// read as one 32-bit word, and the value's load. Every take accepts exactly what <see cref="FudgeReader.Read"/> then
/// the typed getter accept for that field, with the same bounds checks, and gives the same value; anything else (another
/// key or type, an indicator, a value out of the member's range, text that is not plain UTF-8, the end of the message)
/// consumes nothing and returns false, so that the caller ends the run and lets <see cref="FudgeReader.Read"/> report or
/// read the field. Nothing here throws.
/// </remarks>
public ref partial struct FudgeTakeRun
{
    private const uint FixedOrdinalOnly = 0x90u << 24; // fixed width, ordinal, no name
    private const uint Sized1OrdinalOnly = 0x30u << 24; // one size byte, ordinal, no name

    private readonly ReadOnlySpan<byte> _data;
    private int _position;
    private int _fieldOffset;

    internal FudgeTakeRun(ReadOnlySpan<byte> data, int position, int fieldOffset)
    {
        _data = data;
        _position = position;
        _fieldOffset = fieldOffset;
    }

    internal readonly int Position => _position;

    internal readonly int FieldOffset => _fieldOffset;

    /// <summary>
    /// Takes the next field's value when it is a fixed-width integer (int8 to int64) with <paramref name="ordinal"/>
    /// and no name; otherwise consumes nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt64(short ordinal, out long value)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5)
        {
            uint header = UInt32At(p);
            // Int8..Int64 are types 2..5: widths 1 << (type - 2).
            uint widthLog2 = ((header >> 16) & 0xFF) - FudgeTypeId.Int8;
            if ((header & 0xFF00FFFFu) == (FixedOrdinalOnly | (ushort)ordinal) && widthLog2 <= 3)
            {
                int width = 1 << (int)widthLog2;
                int shift = 64 - (8 << (int)widthLog2);
                // With 8 bytes after the header (any field but the message's last few) the value is the top `width`
                // bytes of one big-endian load, sign-extended by the shift, whatever the width the writer picked; near
                // the message's end, the low `width` bytes of the 8 that end with the value (inside the message when
                // the value ends 8 or more bytes into it).
                if (remaining >= 12) value = (long)UInt64At(p + 4) >> shift;
                else if (remaining - 4 < width) goto none;
                else if (p + 4 + width >= 8) value = (long)(UInt64At(p + 4 + width - 8) << shift) >> shift;
                else value = NarrowInteger(_data.Slice(p + 4, width));
                _fieldOffset = p;
                _position = p + 4 + width;
                return true;
            }
        }
    none:
        value = 0;
        return false;
    }

    /// <summary>
    /// As <see cref="TryTakeInt64(short, out long)"/>, for a value in <paramref name="min"/>..<paramref name="max"/>:
    /// a value out of that range consumes nothing and returns false, so that the general read reports it as the
    /// member's typed getter does.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt64(short ordinal, long min, long max, out long value)
    {
        int position = _position, fieldOffset = _fieldOffset;
        if (TryTakeInt64(ordinal, out value) && value >= min && value <= max) return true;
        _position = position;
        _fieldOffset = fieldOffset;
        value = 0;
        return false;
    }

    /// <summary>As <see cref="TryTakeInt64(short, out long)"/>, for a value that fits an <see cref="int"/> (else false, as for a range).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt32(short ordinal, out int value)
    {
        // An int8, int16 or int32 (what writers of an int write) fits whatever it holds: no range to check, and the
        // value comes from one 32-bit load whatever its width.
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5)
        {
            uint header = UInt32At(p);
            uint widthLog2 = ((header >> 16) & 0xFF) - FudgeTypeId.Int8;
            if ((header & 0xFF00FFFFu) == (FixedOrdinalOnly | (ushort)ordinal) && widthLog2 <= 2)
            {
                int width = 1 << (int)widthLog2;
                if (remaining - 4 < width) goto none;
                // The four bytes that end with the value (inside the field: the header comes before it), the
                // value in their low `width` bytes, sign-extended by the shifts.
                int shift = 32 - (8 << (int)widthLog2);
                value = (int)(UInt32At(p + width) << shift) >> shift;
                _fieldOffset = p;
                _position = p + 4 + width;
                return true;
            }
        }
    none:
        // An int64 holding an int's value: out of line (static, and the value returned rather than through an out
        // parameter, so that neither the run's nor the value's address is taken).
        long wide = WideInt32(_data, p, ordinal);
        if (wide != long.MinValue)
        {
            value = (int)wide;
            _fieldOffset = p;
            _position = p + 12;
            return true;
        }
        value = 0;
        return false;
    }

    /// <summary>
    /// As <see cref="TryTakeInt32(short, out int)"/>, for a value in <paramref name="min"/>..<paramref name="max"/> (a
    /// byte, sbyte, short or ushort member): a value out of that range consumes nothing and returns false, so that the
    /// general read reports it as the member's typed getter does.
    /// </summary>
    /// <remarks>
    /// What <see cref="TryTakeInt64(short, long, long, out long)"/> accepts, from one 32-bit load and with nothing to
    /// put back on a miss: writers of these members write an int8 or int16, which fit whatever they hold.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeInt32(short ordinal, int min, int max, out int value)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5)
        {
            uint header = UInt32At(p);
            uint widthLog2 = ((header >> 16) & 0xFF) - FudgeTypeId.Int8;
            if ((header & 0xFF00FFFFu) == (FixedOrdinalOnly | (ushort)ordinal) && widthLog2 <= 2)
            {
                int width = 1 << (int)widthLog2;
                if (remaining - 4 < width) goto none;
                int shift = 32 - (8 << (int)widthLog2);
                int v = (int)(UInt32At(p + width) << shift) >> shift;
                if (v < min || v > max) goto none;
                value = v;
                _fieldOffset = p;
                _position = p + 4 + width;
                return true;
            }
        }
        // An int64 holding a value in range: out of line, as for TryTakeInt32 (an int32 out of range reads as one too:
        // WideInt32 answers for int64 fields only, and the range test below refuses the rest).
        long wide = WideInt32(_data, p, ordinal);
        if (wide != long.MinValue && wide >= min && wide <= max)
        {
            value = (int)wide;
            _fieldOffset = p;
            _position = p + 12;
            return true;
        }
    none:
        value = 0;
        return false;
    }

    // The value of the int64 field (type 5) with `ordinal` and no name at `p` when it fits an int, else long.MinValue.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long WideInt32(ReadOnlySpan<byte> data, int p, short ordinal)
    {
        if (data.Length - p >= 12 && BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p)) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Int64 << 16) | (ushort)ordinal))
        {
            long wide = BinaryPrimitives.ReadInt64BigEndian(data.Slice(p + 4));
            if (wide == (int)wide) return wide;
        }
        return long.MinValue;
    }

    /// <summary>Takes the next field's value when it is a boolean (type 1) with <paramref name="ordinal"/> and no name; otherwise false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeBoolean(short ordinal, out bool value)
    {
        int p = _position;
        if (_data.Length - p >= 5 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Boolean << 16) | (ushort)ordinal))
        {
            value = ByteAt(p + 4) != 0;
            _fieldOffset = p;
            _position = p + 5;
            return true;
        }
        value = false;
        return false;
    }

    /// <summary>Takes the next field's value when it is a float (type 10) with <paramref name="ordinal"/> and no name; otherwise false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeSingle(short ordinal, out float value)
    {
        int p = _position;
        if (_data.Length - p >= 8 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Float << 16) | (ushort)ordinal))
        {
            uint bits = UInt32At(p + 4);
            value = Unsafe.As<uint, float>(ref bits);
            _fieldOffset = p;
            _position = p + 8;
            return true;
        }
        value = 0;
        return false;
    }

    /// <summary>Takes the next field's value when it is a double (type 11) with <paramref name="ordinal"/> and no name; otherwise false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDouble(short ordinal, out double value)
    {
        int p = _position;
        if (_data.Length - p >= 12 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Double << 16) | (ushort)ordinal))
        {
            value = BitConverter.Int64BitsToDouble((long)UInt64At(p + 4));
            _fieldOffset = p;
            _position = p + 12;
            return true;
        }
        value = 0;
        return false;
    }

    /// <summary>Takes the next field's value when it is a date (type 26) with <paramref name="ordinal"/> and no name; otherwise false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDate(short ordinal, out FudgeDate value)
    {
        int p = _position;
        if (_data.Length - p >= 8 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Date << 16) | (ushort)ordinal))
        {
            value = FudgeDate.FromRawValue((int)UInt32At(p + 4));
            _fieldOffset = p;
            _position = p + 8;
            return true;
        }
        value = default;
        return false;
    }

#if NET6_0_OR_GREATER
    /// <summary>
    /// Takes the next field's value when it is a date (type 26) with <paramref name="ordinal"/> and no name, holding a
    /// calendar date <see cref="DateOnly"/> can represent; otherwise false (markers and dates outside years 1 to 9999
    /// are left to the general conversion).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDateOnly(short ordinal, out DateOnly value)
    {
        int p = _position;
        if (_data.Length - p >= 8 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.Date << 16) | (ushort)ordinal)
            && FudgeDate.FromRawValue((int)UInt32At(p + 4)).TryGetDayNumber(out int days))
        {
            value = DateOnly.FromDayNumber(days);
            _fieldOffset = p;
            _position = p + 8;
            return true;
        }
        value = default;
        return false;
    }
#endif

    /// <summary>
    /// Takes the next field's value as a <see cref="DateTime"/> when it is a date-time (type 28) with
    /// <paramref name="ordinal"/> and no name, holding a calendar date and instant .NET can represent (as
    /// <see cref="FudgeReader.TryReadDateTimeField"/> converts it); otherwise false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeDateTime(short ordinal, out DateTime value)
    {
        int p = _position;
        if (_data.Length - p >= 16 && UInt32At(p) == (FixedOrdinalOnly | ((uint)FudgeTypeId.DateTime << 16) | (ushort)ordinal)
            && new FudgeDateTime(FudgeDate.FromRawValue((int)UInt32At(p + 4)), FudgeTime.FromRawValue((long)UInt64At(p + 8))).TryToDateTime(out value))
        {
            _fieldOffset = p;
            _position = p + 16;
            return true;
        }
        value = default;
        return false;
    }

    /// <summary>
    /// Takes the next field's text when it is a string (type 14) with a 1-byte size, <paramref name="ordinal"/> and no
    /// name, and strict UTF-8; otherwise false (a longer string, or text that is not UTF-8, such as Fudge-Java's CESU-8
    /// or invalid bytes, is left to the general read, which decodes or reports it).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeString(short ordinal, out string value)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5 && UInt32At(p) == (Sized1OrdinalOnly | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal))
        {
            int length = ByteAt(p + 4);
            if (remaining - 5 >= length)
            {
                string? text;
#if NET8_0_OR_GREATER
                // 1 to 8 bytes (symbols, codes, venues): the eight bytes that end with the text, loaded once, tested
                // and widened with no loop; they begin inside the message when the text ends 8 or more bytes into it.
                if (BitConverter.IsLittleEndian && (uint)(length - 1) < 8 && p + length >= 3)
                {
                    ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)(p + length - 3)));
                    text = ShortAscii.IsAsciiTail(tail, length) ? ShortAscii.FromTail(tail, length) : FudgeReader.DecodeUtf8OrNull(_data.Slice(p + 5, length));
                }
                else if (BitConverter.IsLittleEndian && (uint)(length - 9) < 8)
                {
                    // 9 to 16 bytes (instruments, names): the first eight and the last eight, overlapping, loaded once
                    // each, tested together and widened with no loop and no call of the general decoder.
                    ref byte first = ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)(p + 5));
                    ulong head = Unsafe.ReadUnaligned<ulong>(ref first);
                    ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref first, (nint)(uint)(length - 8)));
                    text = ((head | tail) & 0x8080808080808080UL) == 0 ? ShortAscii.FromHeadAndTail(head, tail, length)
                        : FudgeReader.DecodeUtf8OrNull(_data.Slice(p + 5, length));
                }
                else
#endif
                text = length == 0 ? string.Empty : FudgeReader.DecodeUtf8OrNull(_data.Slice(p + 5, length));
                if (text is not null)
                {
                    value = text;
                    _fieldOffset = p;
                    _position = p + 5 + length;
                    return true;
                }
            }
        }
        value = string.Empty;
        return false;
    }

    /// <summary>
    /// Takes the next field's bytes into a new array when it is a byte array with <paramref name="ordinal"/> and no
    /// name: a fixed-width one (types 17 to 25) or type 6 with a 1-byte size; otherwise false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryTakeBytes(short ordinal, out byte[] value)
    {
        int p = _position;
        int remaining = _data.Length - p;
        if (remaining >= 5)
        {
            uint header = UInt32At(p);
            uint typeId = (header >> 16) & 0xFF;
            int start, length;
            if ((header & 0xFF00FFFFu) == (FixedOrdinalOnly | (ushort)ordinal) && typeId - FudgeTypeId.ByteArray4 <= FudgeTypeId.ByteArray512 - FudgeTypeId.ByteArray4)
            {
                start = p + 4;
                length = FudgeTypeId.GetFixedWidth((byte)typeId);
            }
            else if (header == (Sized1OrdinalOnly | ((uint)FudgeTypeId.ByteArray << 16) | (ushort)ordinal))
            {
                start = p + 5;
                length = ByteAt(p + 4);
            }
            else goto none;
            if (_data.Length - start >= length)
            {
                value = _data.Slice(start, length).ToArray();
                _fieldOffset = p;
                _position = start + length;
                return true;
            }
        }
    none:
        value = Array.Empty<byte>();
        return false;
    }

    /// <summary>True when the run has taken every field of the message it walks.</summary>
    public readonly bool IsAtEnd
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _position == _data.Length;
    }

    // The first `length` bytes of the message (length <= _data.Length, checked by the caller).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ReadOnlySpan<byte> Prefix(int length)
    {
#if NET5_0_OR_GREATER
        return MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetReference(_data), length);
#else
        return _data.Slice(0, length);
#endif
    }

    // Loads at offsets the caller has checked: p + the load's width <= _data.Length, p >= 0 (a run's position never
    // leaves 0.._data.Length).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly uint UInt32At(int p)
    {
        uint v = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)p));
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(v) : v;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly ulong UInt64At(int p)
    {
        ulong v = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)p));
        return BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(v) : v;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly byte ByteAt(int p) => Unsafe.Add(ref MemoryMarshal.GetReference(_data), (nint)(uint)p);

    // An integer of 1, 2, 4 or 8 bytes near the end of the message, where fewer than 8 bytes follow the header. Static,
    // as everything a take calls out of line, so that the run's address is never taken and the JIT keeps it in registers.
    private static long NarrowInteger(ReadOnlySpan<byte> v) => v.Length switch
    {
        1 => (sbyte)v[0],
        2 => BinaryPrimitives.ReadInt16BigEndian(v),
        4 => BinaryPrimitives.ReadInt32BigEndian(v),
        _ => BinaryPrimitives.ReadInt64BigEndian(v),
    };
}
