using System;
using System.Buffers.Binary;

namespace Fudge;

/// <summary>
/// A value of at most three bytes that a decode keeps in its field's <see cref="FieldSlot"/> instead of as an object:
/// the slot's value is <see cref="Instance"/> and the upper half of its packed key holds the value's bytes and their
/// count (<see cref="Pack"/>). <see cref="FudgeMsg"/> makes the object when the field is first read and keeps it from
/// then on, as it does for a pending sub-message. Without this, the smallest fields whose value is an object cost more
/// than 8 bytes per byte on the wire (issue 34): an anonymous int16 outside <see cref="BoxCache"/>'s range is 4 bytes
/// and 40 of objects (slot and box), a one-character string 4 and 40, a one-byte array 4 and 48.
/// </summary>
/// <remarks>
/// Only values whose object would be new and whose bytes say everything about it are kept so: int16s outside the
/// shared boxes; strings of one to three ASCII bytes (valid under every decoding the reader applies, and read back the
/// same way whatever the writer's options; longer or non-ASCII strings already cost at most 8 per byte); type-6 byte
/// arrays and unknown types of up to three bytes; int16 arrays of one element. Equal values have equal bits, so two
/// inline fields compare without their objects.
/// </remarks>
internal sealed class InlineValue
{
    /// <summary>The value of every inline slot: the type id and the packed bits say which value it is.</summary>
    public static readonly InlineValue Instance = new();

    private InlineValue() { }

    /// <summary>Most value bytes a slot can hold: three bytes and their count fill the key's upper 32 bits.</summary>
    public const int MaxBytes = 3;

    private const int CountShift = 32 + 24;

    /// <summary>
    /// The bits to add to a slot's packed key when the value of a field of <paramref name="typeId"/> with these bytes
    /// is kept inline, or 0 when it is not (the reader has checked the bytes' length against the type).
    /// </summary>
    public static long Pack(byte typeId, ReadOnlySpan<byte> value)
    {
        switch (typeId)
        {
            case FudgeTypeId.Int16:
                // Values the shared boxes hold cost nothing already, and reading them needs no allocation.
                short number = BinaryPrimitives.ReadInt16BigEndian(value);
                return BoxCache.IsShared(number) ? 0 : Bits(value);
            case FudgeTypeId.String:
                if (value.IsEmpty || value.Length > MaxBytes) return 0;
                foreach (byte b in value) if (b >= 0x80) return 0;
                return Bits(value);
            case FudgeTypeId.ByteArray:
                return value.IsEmpty || value.Length > MaxBytes ? 0 : Bits(value);
            case FudgeTypeId.Int16Array:
                return value.Length == sizeof(short) ? Bits(value) : 0; // the reader refuses a partial element
            default:
                return IsUnknown(typeId) && value.Length <= MaxBytes ? Bits(value) : 0;
        }
    }

    /// <summary>True for the type ids <see cref="FudgeMsgCodec.ReadValue"/> keeps as a <see cref="FudgeUnknownValue"/>.</summary>
    private static bool IsUnknown(byte typeId) => typeId == 16 || typeId > FudgeTypeId.DateTime;

    /// <summary>The bytes in bits 32-55 (first byte lowest) and their count in bits 56-57; never 0 (the count or a flag).</summary>
    private static long Bits(ReadOnlySpan<byte> value)
    {
        long bits = (long)value.Length << CountShift | 1L << (CountShift + 2);
        for (int i = 0; i < value.Length; i++) bits |= (long)value[i] << (32 + 8 * i);
        return bits;
    }

    /// <summary>Copies the value bytes a slot's packed key holds into <paramref name="destination"/>; returns their count.</summary>
    private static int Unpack(long storedKey, Span<byte> destination)
    {
        int count = (int)(storedKey >> CountShift) & 3;
        for (int i = 0; i < count; i++) destination[i] = (byte)(storedKey >> (32 + 8 * i));
        return count;
    }

    /// <summary>The object the inline value stands for: what <see cref="FudgeMsgCodec.ReadValue"/> would have returned.</summary>
    public static object Build(long storedKey)
    {
        byte typeId = (byte)(storedKey >> 24);
        Span<byte> value = stackalloc byte[MaxBytes];
        value = value.Slice(0, Unpack(storedKey, value));
        switch (typeId)
        {
            case FudgeTypeId.Int16: return BinaryPrimitives.ReadInt16BigEndian(value);
            case FudgeTypeId.String: return Ascii(value, stackalloc char[MaxBytes]).ToString();
            case FudgeTypeId.ByteArray: return value.ToArray();
            case FudgeTypeId.Int16Array: return new[] { BinaryPrimitives.ReadInt16BigEndian(value) };
            default: return new FudgeUnknownValue(typeId, value);
        }
    }

    /// <summary>The int16 an inline slot holds, if it holds one.</summary>
    public static bool TryGetInt16(long storedKey, out short value)
    {
        if ((byte)(storedKey >> 24) != FudgeTypeId.Int16)
        {
            value = 0;
            return false;
        }
        value = (short)((byte)(storedKey >> 32) << 8 | (byte)(storedKey >> 40));
        return true;
    }

    /// <summary>Writes an inline value as <see cref="FudgeMsgCodec"/> writes its object: the same bytes, no allocation.</summary>
    public static unsafe void Write(ref FudgeWriter writer, in FudgeFieldKey key, long storedKey)
    {
        byte typeId = (byte)(storedKey >> 24);
        // Pointers, not stackalloc'd spans: the writer is a ref struct the compiler cannot prove keeps no span it is given.
        byte* bytes = stackalloc byte[MaxBytes];
        var value = new Span<byte>(bytes, MaxBytes);
        value = value.Slice(0, Unpack(storedKey, value));
        if (typeId == FudgeTypeId.String)
        {
            // Through the writer's text path, as the string would be: its options decide how a NUL is encoded.
            char* chars = stackalloc char[MaxBytes];
            writer.WriteString(key, Ascii(value, new Span<char>(chars, MaxBytes)));
            return;
        }
        // An int16, a type-6 byte array, a one-element int16 array or an unknown type: the raw payload is the encoding.
        writer.WriteRawField(key, typeId, value);
    }

    private static ReadOnlySpan<char> Ascii(ReadOnlySpan<byte> value, Span<char> chars)
    {
        for (int i = 0; i < value.Length; i++) chars[i] = (char)value[i];
        return chars.Slice(0, value.Length);
    }
}
