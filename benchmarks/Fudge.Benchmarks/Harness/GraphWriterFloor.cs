using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Unicode;
using Fudge.Benchmarks.Models.Generated.Ordinals;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// The writer floor of workload 1 (issue 42): exactly the bytes the generated Fudge ordinals writer gives a portfolio,
/// written by straight-line code over one <c>ref byte</c> and a position in a local: no writer, no field run, no
/// formatter, no per-field call. Each object checks its largest size once against the end of the span; integers are
/// reduced to the same widths; a sub-message's size bytes are reserved by the size of the last message of its kind and
/// back-patched in the minimal width (the content slid when the guess was wrong, as the writer does); ASCII text is
/// narrowed eight or four characters at a time; a null member is the indicator the generated writer gives it. Not a serializer: these three types only, to bound what any writer of
/// these bytes can take (GraphBenchmarks.SerializeFloor).
/// </summary>
public static class GraphWriterFloor
{
    private const uint Fixed = 0x90000000u; // fixed width, ordinal, no name
    private const uint Variable1 = 0x30000000u; // one size byte, ordinal, no name

    // The size class (1, 2 or 4 size bytes) of the last message of each kind, as the generated writer keeps its hints.
    private static int _positionsWidth = 1;

    // A lot's recent size in its list, the generated writer's __RunList1ElementSize: a position's size bytes and its
    // lots' are reserved by a guess of their size from it (the generated __SizeGuess), not by the last width taken.
    private static int _lotSize;
    private static int _lastSize = 4096;

    /// <summary>Writes <paramref name="portfolio"/> as one envelope into <paramref name="output"/>.</summary>
    public static void Write(IBufferWriter<byte> output, Portfolio portfolio)
    {
        int written = TryWrite(output.GetSpan(_lastSize + 4096), portfolio);
        if (written < 0) written = TryWrite(output.GetSpan(MaxBytes(portfolio)), portfolio);
        _lastSize = written;
        output.Advance(written);
    }

    /// <summary>
    /// Throws unless the floor writes exactly <paramref name="expected"/> (the generated writer's bytes) for
    /// <paramref name="portfolio"/>: the benchmark's setup calls this before anything is measured.
    /// </summary>
    public static void CheckSameBytes(Portfolio portfolio, ReadOnlySpan<byte> expected)
    {
        // Twice: the first write sets the size hints, the second writes with them (the measured state).
        for (int round = 0; round < 2; round++)
        {
            var output = new ArrayBufferWriter<byte>();
            Write(output, portfolio);
            var actual = output.WrittenSpan;
            if (!actual.SequenceEqual(expected))
            {
                int at = 0;
                while (at < actual.Length && at < expected.Length && actual[at] == expected[at]) at++;
                throw new InvalidOperationException($"The writer floor wrote {actual.Length} bytes, the generated writer {expected.Length}; first difference at byte {at}.");
            }
        }
    }

    // The most bytes a portfolio takes: every string at three bytes a character, every size at four bytes.
    private static int MaxBytes(Portfolio p)
    {
        long total = 8 + 64 + 3L * (p.Name?.Length ?? 0) + 8L * (p.RiskFactors?.Length ?? 0) + 16;
        if (p.Positions is { } positions)
        {
            foreach (var position in positions)
            {
                total += 128 + 3L * (position?.Instrument?.Length ?? 0) + (position?.Hash?.Length ?? 0);
                if (position?.Lots is { } lots)
                    foreach (var lot in lots) total += 96 + 3L * (lot?.Venue?.Length ?? 0);
            }
        }
        return (int)Math.Min(int.MaxValue, total);
    }

    // The envelope, or -1 when the span is too small.
    private static int TryWrite(Span<byte> span, Portfolio p)
    {
        ref byte b = ref MemoryMarshal.GetReference(span);
        int end = span.Length;
        string? name = p.Name;
        double[]? riskFactors = p.RiskFactors;
        // Envelope header, Id, Name, AsOf, Created, Active, RiskFactors' header and the list's header (+ 8 for wide stores).
        if ((long)end < 8 + 12 + 5 + 3L * (name?.Length ?? 0) + 8 + 16 + 5 + 9 + 8L * (riskFactors?.Length ?? 0) + 8 + 8) return -1;
        Unsafe.WriteUnaligned(ref b, 0u); // processing directives, schema version, taxonomy 0
        int pos = 8;
        pos = Int64(ref b, pos, 1, p.Id);
        pos = name is not null ? String(ref b, pos, 2, name) : Indicator(ref b, pos, 2);
        pos = Date(ref b, pos, 3, FudgeDate.FromDateOnly(p.AsOf));
        pos = DateTime(ref b, pos, 4, FudgeDateTime.FromDateTime(p.Created));
        pos = Boolean(ref b, pos, 5, p.Active);
        pos = riskFactors is not null ? Doubles(ref b, pos, 6, riskFactors) : Indicator(ref b, pos, 6);
        var positions = p.Positions;
        if (positions is null) pos = Indicator(ref b, pos, 7);
        else
        {
            int width = _positionsWidth;
            int sizeAt = BeginMessage(ref b, ref pos, 7, width);
            for (int i = 0; i < positions.Count; i++)
            {
                var position = positions[i];
                if (position is null)
                {
                    if (end - pos < 2) return -1;
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos), (ushort)0x0080); // anonymous indicator: 0x80, type 0
                    pos += 2;
                    continue;
                }
                pos = Position(ref b, pos, end, position);
                if (pos < 0) return -1;
            }
            if (EndMessage(ref b, ref pos, end, sizeAt, width, out _positionsWidth)) return -1;
        }
        BinaryPrimitives.WriteInt32BigEndian(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, 4), 4), pos);
        return pos;
    }

    private static int Position(ref byte b, int pos, int end, Position p)
    {
        string? instrument = p.Instrument;
        byte[]? hash = p.Hash;
        var lots = p.Lots;
        // The element's header and size, nine fields, the lots' header (+ 8 for wide stores).
        if ((long)end - pos < 6 + 8 + 5 + 3L * (instrument?.Length ?? 0) + 8 + 8 + 12 + 12 + 8 + 8 + (hash?.Length ?? 0) + 8 + 8 + 8) return -1;
        int guess = 64 + (instrument is not null ? 5 + instrument.Length : 4) + (hash is not null ? 5 + hash.Length : 4) + (lots is not null ? 6 + lots.Count * _lotSize : 4);
        int width = WidthFor(guess);
        int sizeAt = BeginAnonymous(ref b, ref pos, width);
        pos = Int32(ref b, pos, 1, p.Id);
        pos = instrument is not null ? String(ref b, pos, 2, instrument) : Indicator(ref b, pos, 2);
        pos = Int32(ref b, pos, 3, p.Book);
        pos = Int32(ref b, pos, 4, p.Strategy);
        pos = Int64(ref b, pos, 5, p.Quantity);
        pos = Double(ref b, pos, 6, p.Price);
        // Float: header and value in one 8-byte store.
        Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Float << 16) | 7u) << 32) | (uint)BitConverter.SingleToInt32Bits(p.Weight));
        pos += 8;
        pos = hash is not null ? Bytes(ref b, pos, 8, hash) : Indicator(ref b, pos, 8);
        pos = Date(ref b, pos, 9, FudgeDate.FromDateOnly(p.Maturity));
        if (lots is null) pos = Indicator(ref b, pos, 10);
        else
        {
            int lotsWidth = WidthFor(lots.Count * _lotSize);
            int lotsAt = BeginMessage(ref b, ref pos, 10, lotsWidth);
            for (int i = 0; i < lots.Count; i++)
            {
                var lot = lots[i];
                if (lot is null)
                {
                    if (end - pos < 2) return -1;
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos), (ushort)0x0080);
                    pos += 2;
                    continue;
                }
                string? venue = lot.Venue;
                // The element's header and size, six fields (+ 8 for wide stores).
                if ((long)end - pos < 7 + 12 + 8 + 12 + 16 + 5 + 3L * (venue?.Length ?? 0) + 5 + 8) return -1;
                int lotWidth = venue is null || venue.Length <= 60 ? 1 : 4; // 58 bytes and the venue's: one size byte up to 60 characters
                int lotAt = BeginAnonymous(ref b, ref pos, lotWidth);
                pos = Int64(ref b, pos, 1, lot.Sequence);
                pos = Int32(ref b, pos, 2, lot.Quantity);
                pos = Double(ref b, pos, 3, lot.Price);
                pos = DateTime(ref b, pos, 4, FudgeDateTime.FromDateTime(lot.Executed));
                pos = venue is not null ? String(ref b, pos, 5, venue) : Indicator(ref b, pos, 5);
                pos = Boolean(ref b, pos, 6, lot.Settled);
                if (EndMessage(ref b, ref pos, end, lotAt, lotWidth, out _)) return -1;
            }
            int lotsSize = pos - lotsAt - lotsWidth;
            if (EndMessage(ref b, ref pos, end, lotsAt, lotsWidth, out int lotsUsed)) return -1;
            if (lotsUsed != lotsWidth && lots.Count > 0) _lotSize = lotsSize / lots.Count;
        }
        if (EndMessage(ref b, ref pos, end, sizeAt, width, out _)) return -1;
        return pos;
    }

    // ------------------------------------------------------------------ fields (inlined: straight-line code)

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store32(ref byte b, int pos, uint bigEndian)
        => Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, (nint)(uint)pos), BinaryPrimitives.ReverseEndianness(bigEndian));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store64(ref byte b, int pos, ulong bigEndian)
        => Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, (nint)(uint)pos), BinaryPrimitives.ReverseEndianness(bigEndian));

    // A null member: the members with initializers (strings, arrays, lists) write null as an indicator (type 0).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Indicator(ref byte b, int pos, ushort ordinal)
    {
        Store32(ref b, pos, Fixed | ordinal);
        return pos + 4;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Int32(ref byte b, int pos, ushort ordinal, int v)
    {
        // Header and value in one 8-byte store (the bytes past a narrower value are overwritten by the next field).
        if (v == (sbyte)v) { Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Int8 << 16) | ordinal) << 32) | ((ulong)(byte)v << 24)); return pos + 5; }
        if (v == (short)v) { Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Int16 << 16) | ordinal) << 32) | ((ulong)(ushort)v << 16)); return pos + 6; }
        Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Int32 << 16) | ordinal) << 32) | (uint)v);
        return pos + 8;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Int64(ref byte b, int pos, ushort ordinal, long v)
    {
        if (v == (int)v) return Int32(ref b, pos, ordinal, (int)v);
        Store32(ref b, pos, Fixed | (FudgeTypeId.Int64 << 16) | ordinal);
        Store64(ref b, pos + 4, (ulong)v);
        return pos + 12;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Double(ref byte b, int pos, ushort ordinal, double v)
    {
        Store32(ref b, pos, Fixed | (FudgeTypeId.Double << 16) | ordinal);
        Store64(ref b, pos + 4, (ulong)BitConverter.DoubleToInt64Bits(v));
        return pos + 12;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Boolean(ref byte b, int pos, ushort ordinal, bool v)
    {
        Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Boolean << 16) | ordinal) << 32) | (v ? 1UL << 24 : 0));
        return pos + 5;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Date(ref byte b, int pos, ushort ordinal, FudgeDate v)
    {
        Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.Date << 16) | ordinal) << 32) | (uint)v.RawValue);
        return pos + 8;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int DateTime(ref byte b, int pos, ushort ordinal, FudgeDateTime v)
    {
        Store64(ref b, pos, ((ulong)(Fixed | (FudgeTypeId.DateTime << 16) | ordinal) << 32) | (uint)v.Date.RawValue);
        Store64(ref b, pos + 8, (ulong)v.Time.RawValue);
        return pos + 16;
    }

    // Room: 5 + 3 bytes a character for up to 85 characters; a longer text at most 9 + 3 a character.
    private static int String(ref byte b, int pos, ushort ordinal, string v)
    {
        int n = v.Length;
        if (n <= 85)
        {
            if (!NarrowAscii(ref MemoryMarshal.GetReference(v.AsSpan()), n, ref Unsafe.Add(ref b, pos + 5)))
                n = Encode(v, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, pos + 5), 3 * n));
            Store32(ref b, pos, Variable1 | (FudgeTypeId.String << 16) | ordinal);
            Unsafe.Add(ref b, pos + 4) = (byte)n;
            return pos + 5 + n;
        }
        return LongString(ref b, pos, ordinal, v);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int LongString(ref byte b, int pos, ushort ordinal, string v)
    {
        int length = Encoding.UTF8.GetByteCount(v);
        int sizeBytes = length <= byte.MaxValue ? 1 : length <= short.MaxValue ? 2 : 4;
        Store32(ref b, pos, ((sizeBytes == 1 ? 0x30u : sizeBytes == 2 ? 0x50u : 0x70u) << 24) | (FudgeTypeId.String << 16) | ordinal);
        if (sizeBytes == 1) Unsafe.Add(ref b, pos + 4) = (byte)length;
        else if (sizeBytes == 2) Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos + 4), BinaryPrimitives.ReverseEndianness((ushort)length));
        else Store32(ref b, pos + 4, (uint)length);
        Encode(v, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, pos + 4 + sizeBytes), length));
        return pos + 4 + sizeBytes + length;
    }

    private static int Encode(string v, Span<byte> destination)
    {
        if (Utf8.FromUtf16(v, destination, out _, out int written, replaceInvalidSequences: false) != OperationStatus.Done)
            throw new ArgumentException("The string is not valid UTF-16 (it holds an unpaired surrogate).");
        return written;
    }

    // Narrows n ASCII characters to bytes, eight (or four) a step, the last step overlapping the one before; false,
    // with bytes written that the caller overwrites, when a character is not ASCII.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool NarrowAscii(ref char source, int n, ref byte destination)
    {
        ref ushort s = ref Unsafe.As<char, ushort>(ref source);
        if (n >= 8)
        {
            var mask = Vector128.Create((ushort)0xFF80);
            for (int i = 0; i < n - 8; i += 8)
            {
                var v = Vector128.LoadUnsafe(ref s, (nuint)(uint)i);
                if (!Vector128.EqualsAll(v & mask, Vector128<ushort>.Zero)) return false;
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)i), Vector128.Narrow(v, v).AsUInt64().ToScalar());
            }
            var last = Vector128.LoadUnsafe(ref s, (nuint)(uint)(n - 8));
            if (!Vector128.EqualsAll(last & mask, Vector128<ushort>.Zero)) return false;
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)(n - 8)), Vector128.Narrow(last, last).AsUInt64().ToScalar());
            return true;
        }
        if (n >= 4)
        {
            ulong first = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref s));
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref s, (nint)(uint)(n - 4))));
            if (((first | tail) & 0xFF80FF80FF80FF80UL) != 0) return false;
            Unsafe.WriteUnaligned(ref destination, Narrow4(first));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, (nint)(uint)(n - 4)), Narrow4(tail));
            return true;
        }
        for (int i = 0; i < n; i++)
        {
            ushort c = Unsafe.Add(ref s, (nint)(uint)i);
            if (c >= 0x80) return false;
            Unsafe.Add(ref destination, (nint)(uint)i) = (byte)c;
        }
        return true;
    }

    // Four characters below 0x80 in a little-endian word, as their four bytes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Narrow4(ulong chars)
    {
        ulong t = (chars | (chars >> 8)) & 0x0000FFFF0000FFFFUL;
        return (uint)(t | (t >> 16));
    }

    private static int Bytes(ref byte b, int pos, ushort ordinal, byte[] v)
    {
        byte typeId = FudgeTypeId.ForByteArrayLength(v.Length);
        int header;
        if (typeId != FudgeTypeId.ByteArray) { Store32(ref b, pos, Fixed | ((uint)typeId << 16) | ordinal); header = 4; }
        else if (v.Length <= byte.MaxValue) { Store32(ref b, pos, Variable1 | (FudgeTypeId.ByteArray << 16) | ordinal); Unsafe.Add(ref b, pos + 4) = (byte)v.Length; header = 5; }
        else return WideBytes(ref b, pos, ordinal, v);
        v.AsSpan().CopyTo(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, pos + header), v.Length));
        return pos + header + v.Length;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int WideBytes(ref byte b, int pos, ushort ordinal, byte[] v)
    {
        bool two = v.Length <= short.MaxValue;
        Store32(ref b, pos, ((two ? 0x50u : 0x70u) << 24) | (FudgeTypeId.ByteArray << 16) | ordinal);
        if (two) Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos + 4), BinaryPrimitives.ReverseEndianness((ushort)v.Length));
        else Store32(ref b, pos + 4, (uint)v.Length);
        int header = two ? 6 : 8;
        v.AsSpan().CopyTo(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, pos + header), v.Length));
        return pos + header + v.Length;
    }

    private static int Doubles(ref byte b, int pos, ushort ordinal, double[] v)
    {
        int length = v.Length * 8;
        uint flags = length <= byte.MaxValue ? 0x30u : length <= short.MaxValue ? 0x50u : 0x70u;
        Store32(ref b, pos, (flags << 24) | (FudgeTypeId.DoubleArray << 16) | ordinal);
        pos += 4;
        if (flags == 0x30u) { Unsafe.Add(ref b, pos) = (byte)length; pos += 1; }
        else if (flags == 0x50u) { Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos), BinaryPrimitives.ReverseEndianness((ushort)length)); pos += 2; }
        else { Store32(ref b, pos, (uint)length); pos += 4; }
        for (int i = 0; i < v.Length; i++) Store64(ref b, pos + 8 * i, (ulong)BitConverter.DoubleToInt64Bits(v[i]));
        return pos + length;
    }

    // ------------------------------------------------------------------ sub-messages

    private static int WidthFor(int size) => size <= byte.MaxValue ? 1 : size <= short.MaxValue ? 2 : 4;

    private static uint SizeFlags(int width) => width == 1 ? 0x20u : width == 2 ? 0x40u : 0x60u;

    // A sub-message under an ordinal with `width` size bytes reserved; returns where the size goes.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int BeginMessage(ref byte b, ref int pos, ushort ordinal, int width)
    {
        Store32(ref b, pos, ((SizeFlags(width) | 0x10u) << 24) | (FudgeTypeId.Message << 16) | ordinal);
        int sizeAt = pos + 4;
        pos = sizeAt + width;
        return sizeAt;
    }

    // A sub-message with neither name nor ordinal (a list's element).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int BeginAnonymous(ref byte b, ref int pos, int width)
    {
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, pos), BinaryPrimitives.ReverseEndianness((ushort)((SizeFlags(width) << 8) | FudgeTypeId.Message)));
        int sizeAt = pos + 2;
        pos = sizeAt + width;
        return sizeAt;
    }

    // Writes the size in its minimal width, sliding the content when that is not the reserved one; `used` is the width
    // the size took (the next message's guess). True when the span cannot take a wider size.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool EndMessage(ref byte b, ref int pos, int end, int sizeAt, int width, out int used)
    {
        int size = pos - sizeAt - width;
        if (width == 1 && size <= byte.MaxValue) { Unsafe.Add(ref b, sizeAt) = (byte)size; used = 1; return false; }
        if (width == 2 && size > byte.MaxValue && size <= short.MaxValue)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, sizeAt), BinaryPrimitives.ReverseEndianness((ushort)size));
            used = 2;
            return false;
        }
        return EndMessageSlid(ref b, ref pos, end, sizeAt, width, size, out used);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool EndMessageSlid(ref byte b, ref int pos, int end, int sizeAt, int width, int size, out int used)
    {
        used = size <= byte.MaxValue ? 1 : size <= short.MaxValue ? 2 : 4;
        int shift = used - width;
        if (shift != 0)
        {
            if (end - pos < shift) return true;
            var content = MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, sizeAt + width), size);
            content.CopyTo(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref b, sizeAt + used), size)); // overlapping copies are safe
            // The prefix: 2 bytes before the size for an anonymous element (its second byte is the message type, and
            // no ordinal flag), else 4 (this floor's messages under ordinals have ordinals below 256, never 15).
            int prefixAt = Unsafe.Add(ref b, sizeAt - 1) == FudgeTypeId.Message && (Unsafe.Add(ref b, sizeAt - 2) & 0x10) == 0 ? sizeAt - 2 : sizeAt - 4;
            ref byte prefix = ref Unsafe.Add(ref b, prefixAt);
            prefix = (byte)((uint)(prefix & 0x9F) | SizeFlags(used));
            pos += shift;
        }
        if (used == 1) Unsafe.Add(ref b, sizeAt) = (byte)size;
        else if (used == 2) Unsafe.WriteUnaligned(ref Unsafe.Add(ref b, sizeAt), BinaryPrimitives.ReverseEndianness((ushort)size));
        else Store32(ref b, sizeAt, (uint)size);
        return false;
    }
}
