using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Fudge.Benchmarks.Models.Generated.Ordinals;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// The decoder floor of workload 1 (issue 42): the generated Fudge ordinals writer's bytes for a portfolio read back
/// into the objects by straight-line code over one <c>ref byte</c> and a position in a local: no reader, no formatter,
/// no per-field call. What every safe reader of these bytes must still do is kept: each field's header checked with one
/// comparison (integers by their prefix and ordinal, then a switch on the width the writer chose), each value's bytes
/// checked against the end of the message that holds them, a sub-message's end taken from its size and met exactly,
/// each list counted before it is made at its final capacity (Fudge carries no element count), text decoded (ASCII up to
/// sixteen bytes from two 8-byte loads). What a generated reader adds above this is the cost of being general (fields in any
/// order, unknown and missing fields, every mapping); what this costs above <see cref="GraphBuildFloor"/> is the
/// format's own decoding. Not a deserializer: these three types and these bytes only, anything else is refused
/// (GraphBenchmarks.DeserializeReadFloor).
/// </summary>
public static class GraphReaderFloor
{
    private const uint Fixed = 0x90000000u; // fixed width, ordinal, no name
    private const uint FixedMask = 0xFF00FFFFu; // prefix and ordinal: an integer's type is the width its writer chose
    private const uint VariableMask = 0x9FFFFFFFu; // all but the size's width

    /// <summary>Reads the portfolio <paramref name="envelope"/> holds.</summary>
    /// <exception cref="FormatException">The bytes are not a portfolio as the generated ordinals writer writes one.</exception>
    public static Portfolio Read(ReadOnlySpan<byte> envelope)
    {
        if (envelope.Length < 8 || BinaryPrimitives.ReadInt32BigEndian(envelope.Slice(4)) != envelope.Length) throw Refused(0);
        ref byte b = ref MemoryMarshal.GetReference(envelope);
        int end = envelope.Length;
        int pos = 8;
        var portfolio = new Portfolio
        {
            Id = IntegerField(ref b, ref pos, end, 1),
            Name = StringField(ref b, ref pos, end, 2),
            AsOf = DateField(ref b, ref pos, end, 3).ToDateOnly(),
            Created = DateTimeField(ref b, ref pos, end, 4),
            Active = BooleanField(ref b, ref pos, end, 5),
            RiskFactors = DoublesField(ref b, ref pos, end, 6),
        };
        int positionsEnd = Message(ref b, ref pos, end, 7);
        var positions = new List<Position>(Count(ref b, pos, positionsEnd));
        while (pos < positionsEnd) positions.Add(ReadPosition(ref b, ref pos, Element(ref b, ref pos, positionsEnd)));
        portfolio.Positions = positions;
        if (pos != end) throw Refused(pos);
        return portfolio;
    }

    /// <summary>
    /// Throws unless the floor reads <paramref name="encoded"/> back into a portfolio that serializes to exactly those
    /// bytes: the benchmark's setup calls this before anything is measured.
    /// </summary>
    public static void CheckSameGraph(ReadOnlySpan<byte> encoded)
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        Fudge.Serialization.FudgeSerializer.Serialize(output, Read(encoded));
        if (!output.WrittenSpan.SequenceEqual(encoded))
            throw new InvalidOperationException("The reader floor's portfolio does not serialize to the bytes it read.");
    }

    private static Position ReadPosition(ref byte b, ref int pos, int end)
    {
        var position = new Position
        {
            Id = (int)IntegerField(ref b, ref pos, end, 1),
            Instrument = StringField(ref b, ref pos, end, 2),
            Book = (short)IntegerField(ref b, ref pos, end, 3),
            Strategy = (sbyte)IntegerField(ref b, ref pos, end, 4),
            Quantity = IntegerField(ref b, ref pos, end, 5),
            Price = DoubleField(ref b, ref pos, end, 6),
            Weight = FloatField(ref b, ref pos, end, 7),
            Hash = Bytes16Field(ref b, ref pos, end, 8),
            Maturity = DateField(ref b, ref pos, end, 9).ToDateOnly(),
        };
        int lotsEnd = Message(ref b, ref pos, end, 10);
        var lots = new List<Lot>(Count(ref b, pos, lotsEnd));
        while (pos < lotsEnd)
        {
            int lotEnd = Element(ref b, ref pos, lotsEnd);
            lots.Add(new Lot
            {
                Sequence = IntegerField(ref b, ref pos, lotEnd, 1),
                Quantity = (int)IntegerField(ref b, ref pos, lotEnd, 2),
                Price = DoubleField(ref b, ref pos, lotEnd, 3),
                Executed = DateTimeField(ref b, ref pos, lotEnd, 4),
                Venue = StringField(ref b, ref pos, lotEnd, 5),
                Settled = BooleanField(ref b, ref pos, lotEnd, 6),
            });
            if (pos != lotEnd) throw Refused(pos);
        }
        position.Lots = lots;
        if (pos != end) throw Refused(pos);
        return position;
    }

    // ------------------------------------------------------------------ fields (inlined: straight-line code)

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Load32(ref byte b, int pos) => BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref b, (nint)(uint)pos)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Load64(ref byte b, int pos) => BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, (nint)(uint)pos)));

    // A fixed-width field of `width` value bytes whose header must be exactly `header`: one room check, one compare.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int FixedField(ref byte b, ref int pos, int end, uint header, int width)
    {
        int at = pos;
        if (end - at < 4 + width || Load32(ref b, at) != header) throw Refused(at);
        pos = at + 4 + width;
        return at + 4;
    }

    // Any integer field: the header's prefix and ordinal compared, then the value in the width its type gives.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long IntegerField(ref byte b, ref int pos, int end, ushort ordinal)
    {
        int at = pos;
        if (end - at < 5) throw Refused(at);
        uint header = Load32(ref b, at);
        if ((header & FixedMask) != (Fixed | ordinal)) throw Refused(at);
        switch ((byte)(header >> 16))
        {
            case FudgeTypeId.Int8:
                pos = at + 5;
                return (sbyte)Unsafe.Add(ref b, at + 4);
            case FudgeTypeId.Int16:
                if (end - at < 6) throw Refused(at);
                pos = at + 6;
                return (short)BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref b, at + 4)));
            case FudgeTypeId.Int32:
                if (end - at < 8) throw Refused(at);
                pos = at + 8;
                return (int)Load32(ref b, at + 4);
            case FudgeTypeId.Int64:
                if (end - at < 12) throw Refused(at);
                pos = at + 12;
                return (long)Load64(ref b, at + 4);
            default:
                throw Refused(at);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static double DoubleField(ref byte b, ref int pos, int end, ushort ordinal)
        => BitConverter.Int64BitsToDouble((long)Load64(ref b, FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.Double << 16) | ordinal, 8)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static float FloatField(ref byte b, ref int pos, int end, ushort ordinal)
        => BitConverter.Int32BitsToSingle((int)Load32(ref b, FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.Float << 16) | ordinal, 4)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool BooleanField(ref byte b, ref int pos, int end, ushort ordinal)
        => Unsafe.Add(ref b, FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.Boolean << 16) | ordinal, 1)) != 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static FudgeDate DateField(ref byte b, ref int pos, int end, ushort ordinal)
        => FudgeDate.FromRawValue((int)Load32(ref b, FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.Date << 16) | ordinal, 4)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static System.DateTime DateTimeField(ref byte b, ref int pos, int end, ushort ordinal)
    {
        int at = FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.DateTime << 16) | ordinal, 12);
        return new FudgeDateTime(FudgeDate.FromRawValue((int)Load32(ref b, at)), FudgeTime.FromRawValue((long)Load64(ref b, at + 4))).ToDateTime();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static byte[] Bytes16Field(ref byte b, ref int pos, int end, ushort ordinal)
        => MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref b, FixedField(ref b, ref pos, end, Fixed | (FudgeTypeId.ByteArray16 << 16) | ordinal, 16)), 16).ToArray();

    // A variable-width field: header compared but for its size's width (0, 1, 2 or 4 bytes); returns where the value starts.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Variable(ref byte b, ref int pos, int end, uint header, out int length)
    {
        int at = pos;
        if (end - at < 5) throw Refused(at);
        uint actual = Load32(ref b, at);
        if ((actual & VariableMask) != header) throw Refused(at);
        int value;
        switch (actual >> 29)
        {
            case 1: length = Unsafe.Add(ref b, at + 4); value = at + 5; break;
            case 0: length = 0; value = at + 4; break;
            case 2:
                if (end - at < 6) throw Refused(at);
                length = BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref b, at + 4)));
                value = at + 6;
                break;
            default:
                if (end - at < 8) throw Refused(at);
                length = (int)Load32(ref b, at + 4);
                value = at + 8;
                break;
        }
        if ((uint)length > (uint)(end - value)) throw Refused(at);
        pos = value + length;
        return value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static string StringField(ref byte b, ref int pos, int end, ushort ordinal)
    {
        int at = Variable(ref b, ref pos, end, 0x10000000u | (FudgeTypeId.String << 16) | ordinal, out int n);
        // Eight bytes ending at the text's last byte: every text here has an envelope header before it.
        if ((uint)(n - 1) < 8u)
        {
            ulong text = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, at + n - 8)) >> (8 * (8 - n));
            if ((text & 0x8080808080808080UL) == 0) return string.Create(n, text, static (chars, bytes) => Widen(bytes, chars));
        }
        else if ((uint)(n - 9) < 8u)
        {
            // Nine to sixteen bytes: the first eight and the last eight, overlapping.
            ulong head = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, at));
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref b, at + n - 8));
            if (((head | tail) & 0x8080808080808080UL) == 0) return string.Create(n, (head, tail), static (chars, text) => Widen(text.head, text.tail, chars));
        }
        return n == 0 ? "" : Encoding.UTF8.GetString(MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref b, at), n));
    }

    // Nine to sixteen ASCII bytes given as their first eight and their last eight.
    private static void Widen(ulong head, ulong tail, Span<char> chars)
    {
        ref byte c = ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(chars));
        int last = 2 * (chars.Length - 8);
        Unsafe.WriteUnaligned(ref c, Spread((uint)head));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, 8), Spread((uint)(head >> 32)));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, last), Spread((uint)tail));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref c, last + 8), Spread((uint)(tail >> 32)));
    }

    // Up to eight ASCII bytes (the first in the low byte) as characters, four a store.
    private static void Widen(ulong bytes, Span<char> chars)
    {
        ref ulong c = ref Unsafe.As<char, ulong>(ref MemoryMarshal.GetReference(chars));
        int n = chars.Length;
        if (n >= 4)
        {
            Unsafe.WriteUnaligned(ref Unsafe.As<ulong, byte>(ref c), Spread((uint)bytes));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref Unsafe.As<ulong, byte>(ref c), 2 * (n - 4)), Spread((uint)(bytes >> (8 * (n - 4)))));
            return;
        }
        for (int i = 0; i < n; i++) chars[i] = (char)(byte)(bytes >> (8 * i));
    }

    // Four bytes of a little-endian word as four little-endian 16-bit characters.
    private static ulong Spread(uint x)
    {
        ulong t = ((ulong)(x & 0xFFFF0000u) << 16) | (x & 0xFFFFu);
        return (t | (t << 8)) & 0x00FF00FF00FF00FFUL;
    }

    private static double[] DoublesField(ref byte b, ref int pos, int end, ushort ordinal)
    {
        int at = Variable(ref b, ref pos, end, 0x10000000u | (FudgeTypeId.DoubleArray << 16) | ordinal, out int length);
        if ((length & 7) != 0) throw Refused(at);
        var values = new double[length / 8];
        for (int i = 0; i < values.Length; i++) values[i] = BitConverter.Int64BitsToDouble((long)Load64(ref b, at + 8 * i));
        return values;
    }

    // ------------------------------------------------------------------ sub-messages

    // A sub-message under `ordinal`: returns its end, the position left at its first field.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Message(ref byte b, ref int pos, int end, ushort ordinal)
    {
        int at = Variable(ref b, ref pos, end, 0x10000000u | (FudgeTypeId.Message << 16) | ordinal, out int size);
        pos = at;
        return at + size;
    }

    // A list's element (a sub-message with neither name nor ordinal): returns its end, the position left at its first field.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Element(ref byte b, ref int pos, int end)
    {
        int at = pos;
        if (end - at < 3 || Unsafe.Add(ref b, at + 1) != FudgeTypeId.Message) throw Refused(at);
        int prefix = Unsafe.Add(ref b, at);
        int size, content;
        switch (prefix)
        {
            case 0x20: size = Unsafe.Add(ref b, at + 2); content = at + 3; break;
            case 0x40:
                if (end - at < 4) throw Refused(at);
                size = BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref b, at + 2)));
                content = at + 4;
                break;
            case 0x60:
                if (end - at < 6) throw Refused(at);
                size = (int)Load32(ref b, at + 2);
                content = at + 6;
                break;
            default: throw Refused(at);
        }
        if ((uint)size > (uint)(end - content)) throw Refused(at);
        pos = content;
        return content + size;
    }

    // How many elements lie between pos and end: each one's size read and skipped.
    private static int Count(ref byte b, int pos, int end)
    {
        int count = 0;
        while (pos < end)
        {
            int at = pos;
            pos = Element(ref b, ref at, end);
            count++;
        }
        return count;
    }

    private static FormatException Refused(int offset) => new($"Not the reader floor's bytes at offset {offset}.");
}
