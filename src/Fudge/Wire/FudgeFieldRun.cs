using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge;

/// <summary>
/// Consecutive fields keyed by ordinals alone, written into room a <see cref="FudgeWriter"/> reserved once
/// (<see cref="FudgeWriter.BeginFieldRun"/>) and committed at once (<see cref="FudgeWriter.EndFieldRun"/>). The bytes
/// are exactly those of the writer's ordinal overloads (<see cref="FudgeWriter.WriteInt64(short, long)"/> and the
/// others), integers reduced to the same smallest width.
/// </summary>
/// <remarks>
/// A writer passed by reference keeps its buffer and position in memory, so each of its calls loads and stores them
/// again; a run kept in a local holds them in registers, and each field costs its stores and one compare. Every write
/// checks its room: it never writes past the room the run was given. Over an <see cref="System.Buffers.IBufferWriter{T}"/>
/// the room is at least what <see cref="FudgeWriter.BeginFieldRun"/> asked for, and a run that needs more than its
/// buffer holds throws <see cref="InvalidOperationException"/>: ask for the most the fields can take (12 bytes for an
/// integer, <see cref="MaxInt64FieldBytes"/>; <see cref="MaxStringFieldBytes"/> for a string; 5 or 3 bytes for a
/// sub-message's header, and 3 more for one whose content may pass 255 bytes). Over a fixed destination the room is
/// the rest of the destination, and running out throws <see cref="InvalidOperationException"/> as the writer does.
/// </remarks>
public ref struct FudgeFieldRun
{
    /// <summary>The most bytes an integer field under an ordinal takes: a 4-byte header and an int64.</summary>
    public const int MaxInt64FieldBytes = 12;

    /// <summary>The most bytes an <see cref="int"/> field under an ordinal takes: a 4-byte header and an int32.</summary>
    public const int MaxInt32FieldBytes = 8;

    /// <summary>The bytes a boolean field under an ordinal takes.</summary>
    public const int BooleanFieldBytes = 5;

    /// <summary>The bytes a float field under an ordinal takes.</summary>
    public const int SingleFieldBytes = 8;

    /// <summary>The bytes a double field under an ordinal takes.</summary>
    public const int DoubleFieldBytes = 12;

    private const uint OrdinalFixedHeader = 0x90000000u; // fixed width, ordinal, no name
    private const uint OrdinalVariableHeader1 = 0x30000000u; // one size byte, ordinal, no name

    private readonly Span<byte> _room;
    private readonly int _writerPosition;
    private readonly bool _fixedDestination;
    private readonly bool _javaStrings;
    private int _length;

    internal FudgeFieldRun(Span<byte> room, int writerPosition, bool fixedDestination, bool javaStrings)
    {
        _room = room;
        _writerPosition = writerPosition;
        _fixedDestination = fixedDestination;
        _javaStrings = javaStrings;
        _length = 0;
    }

    /// <summary>
    /// The most bytes <see cref="WriteString(short, string)"/> can take for <paramref name="value"/> in either string
    /// encoding: header, size bytes and three bytes per UTF-16 unit (the most UTF-8 or CESU-8 takes for one), an
    /// indicator's 4 for null; for text of more than 10,922 units its measured length, so that a long text does not
    /// reserve three times its size. At most <see cref="int.MaxValue"/> - 65,536.
    /// </summary>
    /// <exception cref="ArgumentException">A text of more than 10,922 units holds an unpaired surrogate.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int MaxStringFieldBytes(string? value)
        => value is null ? 4 : value.Length <= 85 ? 5 + 3 * value.Length : MaxLongStringFieldBytes(value);

    private static int MaxLongStringFieldBytes(string value)
    {
        if (value.Length <= short.MaxValue / 3) return 7 + 3 * value.Length;
        long total = 9L + FudgeWriter.GetTextByteCount(value.AsSpan(), java: true); // CESU-8 is never shorter than UTF-8
        return total > MaxRoom ? MaxRoom : (int)total;
    }

    // The cap of MaxStringFieldBytes: a run of one string and fixed-width fields of up to 64 KiB cannot overflow an int.
    private const int MaxRoom = int.MaxValue - 65536;

    /// <summary>Bytes written into the run so far (committed to the writer by <see cref="FudgeWriter.EndFieldRun"/>).</summary>
    public readonly int BytesWritten => _length;

    /// <summary>
    /// Bytes the run can still take: at least what <see cref="FudgeWriter.BeginFieldRun"/> was asked for, less what is
    /// written, and often more (the rest of the writer's current buffer). A run may write as much as this without a
    /// new reservation.
    /// </summary>
    public readonly int BytesFree => _room.Length - _length;

    internal readonly Span<byte> Room => _room;

    internal readonly int WriterPosition => _writerPosition;

    /// <summary>Writes an integer under <paramref name="ordinal"/> in the smallest of int8/16/32/64 that holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt64(short ordinal, long value)
    {
        if (value == (sbyte)value)
        {
            var span = Take(5);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Int8 << 16) | (ushort)ordinal);
            span[4] = (byte)value;
        }
        else if (value == (short)value)
        {
            var span = Take(6);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Int16 << 16) | (ushort)ordinal);
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(4), (short)value);
        }
        else if (value == (int)value)
        {
            // Header and value in one store.
            BinaryPrimitives.WriteUInt64BigEndian(Take(8), ((ulong)(OrdinalFixedHeader | ((uint)FudgeTypeId.Int32 << 16) | (ushort)ordinal) << 32) | (uint)value);
        }
        else
        {
            var span = Take(12);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Int64 << 16) | (ushort)ordinal);
            BinaryPrimitives.WriteInt64BigEndian(span.Slice(4), value);
        }
    }

    /// <summary>Writes an integer under <paramref name="ordinal"/> in the smallest of int8/16/32 that holds it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInt32(short ordinal, int value)
    {
        if (value == (sbyte)value)
        {
            var span = Take(5);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Int8 << 16) | (ushort)ordinal);
            span[4] = (byte)value;
        }
        else if (value == (short)value)
        {
            var span = Take(6);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Int16 << 16) | (ushort)ordinal);
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(4), (short)value);
        }
        else
        {
            BinaryPrimitives.WriteUInt64BigEndian(Take(8), ((ulong)(OrdinalFixedHeader | ((uint)FudgeTypeId.Int32 << 16) | (ushort)ordinal) << 32) | (uint)value);
        }
    }

    /// <summary>Writes a boolean (type 1) under <paramref name="ordinal"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBoolean(short ordinal, bool value)
    {
        var span = Take(5);
        BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Boolean << 16) | (ushort)ordinal);
        span[4] = value ? (byte)1 : (byte)0;
    }

    /// <summary>Writes a binary32 float (type 10) under <paramref name="ordinal"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteSingle(short ordinal, float value)
        // Header and value in one store, as for an int32.
        => BinaryPrimitives.WriteUInt64BigEndian(Take(8), ((ulong)(OrdinalFixedHeader | ((uint)FudgeTypeId.Float << 16) | (ushort)ordinal) << 32) | (uint)BigEndian.SingleBits(value));

    /// <summary>Writes a binary64 double (type 11) under <paramref name="ordinal"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDouble(short ordinal, double value)
    {
        var span = Take(12);
        BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)FudgeTypeId.Double << 16) | (ushort)ordinal);
        BigEndian.WriteDouble(span.Slice(4), value);
    }

    /// <summary>The bytes a date field under an ordinal takes.</summary>
    public const int DateFieldBytes = 8;

    /// <summary>The bytes a date-time field under an ordinal takes.</summary>
    public const int DateTimeFieldBytes = 16;

    /// <summary>Writes a date (type 26) under <paramref name="ordinal"/>: the bytes of <see cref="FudgeWriter.WriteDate(short, FudgeDate)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDate(short ordinal, FudgeDate value)
        => BinaryPrimitives.WriteUInt64BigEndian(Take(8), ((ulong)(OrdinalFixedHeader | ((uint)FudgeTypeId.Date << 16) | (ushort)ordinal) << 32) | (uint)value.RawValue);

    /// <summary>Writes a date-time (type 28) under <paramref name="ordinal"/>, exactly as given: the bytes of <see cref="FudgeWriter.WriteDateTime(short, FudgeDateTime)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateTime(short ordinal, FudgeDateTime value)
    {
        var span = Take(16);
        BinaryPrimitives.WriteUInt64BigEndian(span, ((ulong)(OrdinalFixedHeader | ((uint)FudgeTypeId.DateTime << 16) | (ushort)ordinal) << 32) | (uint)value.Date.RawValue);
        BinaryPrimitives.WriteInt64BigEndian(span.Slice(8), value.Time.RawValue);
    }

    /// <summary>
    /// Writes a <see cref="DateTime"/> as a date-time (type 28) under <paramref name="ordinal"/> at nanosecond accuracy:
    /// the bytes of <see cref="WriteDateTime(short, FudgeDateTime)"/> with <see cref="FudgeDateTime.FromDateTime"/>'s value,
    /// converted and stored by one call.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteDateTime(short ordinal, DateTime value)
        => FudgeDateTime.WriteField(ref MemoryMarshal.GetReference(Take(16)), OrdinalFixedHeader | ((uint)FudgeTypeId.DateTime << 16) | (ushort)ordinal, value);

    /// <summary>
    /// Writes a string (type 14) under <paramref name="ordinal"/>, encoded as the writer's options say, or an indicator
    /// for null: the bytes of <see cref="FudgeWriter.WriteString(short, string)"/>. It takes at most
    /// <see cref="MaxStringFieldBytes"/> bytes.
    /// </summary>
    /// <exception cref="ArgumentException">The text holds an unpaired surrogate.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(short ordinal, string? value)
    {
        int start = _length;
        // Up to 85 chars the encoded text is at most 255 bytes: the 1-byte size is known before encoding.
        if (value is not null && value.Length <= 85 && _room.Length - start >= 5 + value.Length * 3)
        {
#if NET5_0_OR_GREATER
            // The compare above is the bounds check of every store below (header, size, at most three bytes a char).
            ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetReference(_room), (nint)(uint)start);
            uint header = OrdinalVariableHeader1 | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal;
            Unsafe.WriteUnaligned(ref at, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(header) : header);
            int n = value.Length;
            ref byte text = ref Unsafe.Add(ref at, 5);
            int encoded = ShortAscii.TryNarrow(ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(value.AsSpan())), n, ref text)
                ? n : FudgeWriter.EncodeTextSlow(value.AsSpan(), MemoryMarshal.CreateSpan(ref text, 3 * n), _javaStrings);
            Unsafe.Add(ref at, 4) = (byte)encoded;
            _length = start + 5 + encoded;
            return;
#else
            var span = _room.Slice(start);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalVariableHeader1 | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal);
            int written = FudgeWriter.EncodeText(value.AsSpan(), span.Slice(5), _javaStrings);
            span[4] = (byte)written;
            _length = start + 5 + written;
            return;
#endif
        }
        _length = WriteStringExactly(_room, start, ordinal, value, _javaStrings, _fixedDestination, _writerPosition);
    }

    // A null, a long string, or too little room for the worst case (a fixed destination sized to the encoding): the
    // text is measured first, and the size takes the width the writer gives it. Returns the run's new length.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int WriteStringExactly(Span<byte> room, int start, short ordinal, string? value, bool java, bool fixedDestination, int writerPosition)
    {
        if (value is null)
        {
            if (room.Length - start < 4) throw OutOfRoom(fixedDestination, writerPosition, room.Length, start + 4);
            BinaryPrimitives.WriteUInt32BigEndian(room.Slice(start), OrdinalFixedHeader | ((uint)FudgeTypeId.Indicator << 16) | (ushort)ordinal);
            return start + 4;
        }
        int length = FudgeWriter.GetTextByteCount(value.AsSpan(), java);
        // Up to 85 chars the writer always gives the size one byte; beyond, the width the byte count needs.
        int sizeBytes = value.Length <= 85 || length <= byte.MaxValue ? 1 : length <= short.MaxValue ? 2 : 4;
        long total = 4L + sizeBytes + length;
        if (room.Length - start < total) throw OutOfRoom(fixedDestination, writerPosition, room.Length, (int)Math.Min(int.MaxValue, start + total));
        var span = room.Slice(start);
        uint sizeFlags = sizeBytes == 1 ? 0x20u : sizeBytes == 2 ? 0x40u : 0x60u;
        BinaryPrimitives.WriteUInt32BigEndian(span, ((sizeFlags | 0x10u) << 24) | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal);
        if (sizeBytes == 1) span[4] = (byte)length;
        else if (sizeBytes == 2) BinaryPrimitives.WriteInt16BigEndian(span.Slice(4), (short)length);
        else BinaryPrimitives.WriteInt32BigEndian(span.Slice(4), length);
        FudgeWriter.EncodeText(value.AsSpan(), span.Slice(4 + sizeBytes, length), java);
        return start + (int)total;
    }

    /// <summary>
    /// The most bytes <see cref="WriteBytes(short, byte[])"/> takes for <paramref name="value"/>: header, size bytes and
    /// the array (an indicator's 4 for null). At most <see cref="int.MaxValue"/> - 65,536.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int MaxBytesFieldBytes(byte[]? value)
        => value is null ? 4 : value.Length <= MaxRoom - 8 ? 8 + value.Length : MaxRoom;

    /// <summary>
    /// Writes a byte array under <paramref name="ordinal"/>, or an indicator for null: the bytes of
    /// <see cref="FudgeWriter.WriteBytes(in FudgeFieldKey, ReadOnlySpan{byte})"/> under an ordinal (a fixed-width type
    /// 17 to 25 for the lengths that have one, else type 6 with the narrowest size). It takes at most
    /// <see cref="MaxBytesFieldBytes"/> bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteBytes(short ordinal, byte[]? value)
    {
        if (value is null)
        {
            BinaryPrimitives.WriteUInt32BigEndian(Take(4), OrdinalFixedHeader | ((uint)FudgeTypeId.Indicator << 16) | (ushort)ordinal);
            return;
        }
        byte typeId = FudgeTypeId.ForByteArrayLength(value.Length);
        if (typeId != FudgeTypeId.ByteArray)
        {
            var span = Take(4 + value.Length);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalFixedHeader | ((uint)typeId << 16) | (ushort)ordinal);
            value.AsSpan().CopyTo(span.Slice(4));
        }
        else if (value.Length <= byte.MaxValue)
        {
            var span = Take(5 + value.Length);
            BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalVariableHeader1 | ((uint)FudgeTypeId.ByteArray << 16) | (ushort)ordinal);
            span[4] = (byte)value.Length;
            value.AsSpan().CopyTo(span.Slice(5));
        }
        else _length = WriteWideBytes(_room, _length, ordinal, value, _fixedDestination, _writerPosition);
    }

    // A byte array of more than 255 bytes: a 2- or 4-byte size, as the writer picks. Static, as OutOfRoom, so that the
    // run's address is never taken. Returns the run's new length.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int WriteWideBytes(Span<byte> room, int start, short ordinal, byte[] value, bool fixedDestination, int writerPosition)
    {
        bool two = value.Length <= short.MaxValue;
        int header = two ? 6 : 8;
        if (room.Length - start - header < value.Length) throw OutOfRoom(fixedDestination, writerPosition, room.Length, (int)Math.Min(int.MaxValue, (long)start + header + value.Length));
        var span = room.Slice(start);
        BinaryPrimitives.WriteUInt32BigEndian(span, ((two ? 0x50u : 0x70u) << 24) | ((uint)FudgeTypeId.ByteArray << 16) | (ushort)ordinal);
        if (two) BinaryPrimitives.WriteInt16BigEndian(span.Slice(4), (short)value.Length);
        else BinaryPrimitives.WriteInt32BigEndian(span.Slice(4), value.Length);
        value.AsSpan().CopyTo(span.Slice(header));
        return start + header + value.Length;
    }

    /// <summary>
    /// Writes already-encoded text (type 14) of up to 255 bytes under <paramref name="ordinal"/>, copied as given:
    /// the bytes of <see cref="FudgeWriter.WriteStringUtf8(short, ReadOnlySpan{byte})"/>. It takes 5 bytes and the text.
    /// </summary>
    /// <exception cref="ArgumentException">The text is longer than 255 bytes (write it through the writer).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteStringUtf8(short ordinal, ReadOnlySpan<byte> utf8)
    {
        if (utf8.Length > byte.MaxValue) throw TextTooLong(utf8.Length);
        var span = Take(5 + utf8.Length);
        BinaryPrimitives.WriteUInt32BigEndian(span, OrdinalVariableHeader1 | ((uint)FudgeTypeId.String << 16) | (ushort)ordinal);
        span[4] = (byte)utf8.Length;
        utf8.CopyTo(span.Slice(5));
    }

    /// <summary>
    /// Begins a sub-message (type 15) under <paramref name="ordinal"/>, reserving one size byte: 5 bytes. End it with
    /// <see cref="EndMessage(FudgeWriter.SubMessageMarker)"/> in this run, or with <see cref="FudgeWriter.EndMessage(FudgeWriter.SubMessageMarker)"/>
    /// once the run is ended (its content written through the writer).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FudgeWriter.SubMessageMarker BeginMessage(short ordinal)
    {
        int start = _length;
        BinaryPrimitives.WriteUInt32BigEndian(Take(5), OrdinalVariableHeader1 | ((uint)FudgeTypeId.Message << 16) | (ushort)ordinal);
        return new FudgeWriter.SubMessageMarker(_writerPosition + start, _writerPosition + start + 4, 1);
    }

    /// <summary>
    /// Begins a sub-message (type 15) under <paramref name="ordinal"/> expected to hold about
    /// <paramref name="sizeHint"/> bytes, reserving the size bytes a message of that size needs (one over a fixed
    /// destination, as the writer does): 5, 6 or 8 bytes. The size written at the end is the minimal one, as with
    /// <see cref="FudgeWriter.BeginMessage(in FudgeFieldKey, int)"/>: a hint of the wrong width costs a move of the
    /// content, never other bytes. End it with <see cref="EndMessage(FudgeWriter.SubMessageMarker, ref int)"/> in this run.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FudgeWriter.SubMessageMarker BeginMessage(short ordinal, int sizeHint)
    {
        // A fixed destination may be sized to the exact encoding: it always reserves one size byte (FudgeWriter.BeginMessage).
        int sizeBytes = _fixedDestination || sizeHint <= byte.MaxValue ? 1 : sizeHint <= short.MaxValue ? 2 : 4;
        int start = _length;
        uint flags = sizeBytes == 1 ? 0x30000000u : sizeBytes == 2 ? 0x50000000u : 0x70000000u; // size width, ordinal
        BinaryPrimitives.WriteUInt32BigEndian(Take(4 + sizeBytes), flags | ((uint)FudgeTypeId.Message << 16) | (ushort)ordinal);
        return new FudgeWriter.SubMessageMarker(_writerPosition + start, _writerPosition + start + 4, sizeBytes);
    }

    /// <summary>Writes an indicator (type 0) under <paramref name="ordinal"/>: the bytes of <see cref="FudgeWriter.WriteIndicator"/>, 4 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteIndicator(short ordinal)
        => BinaryPrimitives.WriteUInt32BigEndian(Take(4), OrdinalFixedHeader | ((uint)FudgeTypeId.Indicator << 16) | (ushort)ordinal);

    /// <summary>Writes an indicator (type 0) with neither name nor ordinal (a null element of a list): 2 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteIndicator()
    {
        var span = Take(2);
        span[0] = 0x80; // fixed width, no ordinal, no name
        span[1] = FudgeTypeId.Indicator;
    }

    /// <summary>Begins a sub-message (type 15) with neither name nor ordinal (an element of a list), reserving one size byte: 3 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FudgeWriter.SubMessageMarker BeginMessage()
    {
        int start = _length;
        var span = Take(3);
        span[0] = 0x20; // one size byte
        span[1] = FudgeTypeId.Message;
        return new FudgeWriter.SubMessageMarker(_writerPosition + start, _writerPosition + start + 2, 1);
    }

    /// <summary>
    /// Ends a sub-message begun by this run's <see cref="BeginMessage(short)"/> or <see cref="BeginMessage()"/>: writes
    /// its size in the minimal width, as the writer does. Content of more than 255 bytes is moved up by the one or
    /// three bytes a wider size takes, which the run's room must hold.
    /// </summary>
    /// <exception cref="InvalidOperationException">The sub-message was not begun in this run, or the room cannot take the wider size.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndMessage(FudgeWriter.SubMessageMarker message)
    {
        int sizePosition = message.SizePosition - _writerPosition;
        int size = _length - sizePosition - 1;
        if ((uint)sizePosition < (uint)_length && message.SizeBytes == 1 && (uint)size <= byte.MaxValue)
        {
            // Inside what the run wrote, so inside its room: the compare above is the bounds check.
            Unsafe.Add(ref MemoryMarshal.GetReference(_room), (nint)(uint)sizePosition) = (byte)size;
            return;
        }
        _length = EndMessageWider(_room, _length, message, _writerPosition, _fixedDestination);
    }

    /// <summary>
    /// Ends a sub-message begun by this run, as <see cref="EndMessage(FudgeWriter.SubMessageMarker)"/> does, and stores its
    /// size in <paramref name="sizeHint"/> when the size bytes reserved were not the width it needs (so that the next
    /// message of the kind begun with the hint reserves the right one), as
    /// <see cref="FudgeWriter.EndMessage(FudgeWriter.SubMessageMarker, ref int)"/> does.
    /// </summary>
    /// <exception cref="InvalidOperationException">The sub-message was not begun in this run, or the room cannot take the wider size.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndMessage(FudgeWriter.SubMessageMarker message, ref int sizeHint)
    {
        int sizePosition = message.SizePosition - _writerPosition;
        int reserved = message.SizeBytes;
        int size = _length - sizePosition - reserved;
        // The common cases, one or two reserved size bytes of the right width inside what the run wrote, are one store.
        if ((uint)sizePosition < (uint)_length && (uint)size <= (uint)_length)
        {
            ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetReference(_room), (nint)(uint)sizePosition);
            if (reserved == 1 && size <= byte.MaxValue)
            {
                at = (byte)size;
                return;
            }
            if (reserved == 2 && size > byte.MaxValue && size <= short.MaxValue)
            {
                Unsafe.WriteUnaligned(ref at, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness((ushort)size) : (ushort)size);
                return;
            }
        }
        int length = _length;
        _length = EndMessageWider(_room, length, message, _writerPosition, _fixedDestination);
        if (_length != length) sizeHint = size; // moved: the reserved width was not the one the size needs
    }

    // A sub-message whose reserved size bytes are not the width its size needs (or a marker this run did not make):
    // the content slides up or down to the minimal width, exactly as FudgeWriter.EndMessage writes it. Returns the
    // run's new length.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int EndMessageWider(Span<byte> room, int length, FudgeWriter.SubMessageMarker message, int writerPosition, bool fixedDestination)
    {
        int prefixPosition = message.PrefixPosition - writerPosition;
        int sizePosition = message.SizePosition - writerPosition;
        int reserved = message.SizeBytes;
        if (reserved is not (1 or 2 or 4) || prefixPosition < 0 || sizePosition <= prefixPosition || sizePosition + reserved > length)
            throw new InvalidOperationException("The sub-message was not begun in this field run: end it where it was begun.");
        int contentStart = sizePosition + reserved;
        int size = length - contentStart;
        int needed = size <= byte.MaxValue ? 1 : size <= short.MaxValue ? 2 : 4;
        int shift = needed - reserved;
        if (room.Length - length < shift) throw OutOfRoom(fixedDestination, writerPosition, room.Length, length + shift);
        if (shift != 0)
        {
            room.Slice(contentStart, size).CopyTo(room.Slice(contentStart + shift)); // overlapping copies are safe
            room[prefixPosition] = (byte)((room[prefixPosition] & 0x9F) | (needed == 1 ? 0x20 : needed == 2 ? 0x40 : 0x60));
        }
        if (needed == 1) room[sizePosition] = (byte)size;
        else if (needed == 2) BinaryPrimitives.WriteInt16BigEndian(room.Slice(sizePosition), (short)size);
        else BinaryPrimitives.WriteInt32BigEndian(room.Slice(sizePosition), size);
        return length + shift;
    }

    /// <summary>Copies already-encoded bytes (whole fields, for example a constant block of type names) into the run unchanged.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteEncoded(ReadOnlySpan<byte> encoded) => encoded.CopyTo(Take(encoded.Length));

    // The next count bytes of the room, counted as written; one compare of two registers when the run is a local.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Take(int count)
    {
        int start = _length;
        // One sum, compared and kept: start and count are each below 2^31, so their unsigned sum cannot wrap.
        uint end = (uint)start + (uint)count;
        if (end > (uint)_room.Length) throw OutOfRoom(_fixedDestination, _writerPosition, _room.Length, (int)Math.Min(int.MaxValue, end));
        _length = (int)end;
#if NET5_0_OR_GREATER
        // The compare above is the bounds check (0 <= start <= the room's length, count >= 0): Slice would repeat it.
        return MemoryMarshal.CreateSpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(_room), (nint)(uint)start), count);
#else
        return _room.Slice(start, count);
#endif
    }

    // Static, so that the run's address is never taken and the JIT keeps its fields in registers. A fixed destination
    // says what the writer says when it runs out; over an IBufferWriter the run was begun with less room than its
    // fields take, which is the caller's error.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static InvalidOperationException OutOfRoom(bool fixedDestination, int writerPosition, int room, int needed)
        => fixedDestination
            ? new($"The destination span ({writerPosition + room} bytes) is too small: {writerPosition + needed} bytes needed.")
            : new($"The field run has room for {room} bytes and its fields need {needed}: begin it with the most its fields can take.");

    private static ArgumentException TextTooLong(int length)
        => new($"A field run writes text of up to 255 bytes; this text has {length}: write it through the FudgeWriter.", "utf8");
}
