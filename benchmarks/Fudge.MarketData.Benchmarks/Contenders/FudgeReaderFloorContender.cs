using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Fudge.MarketData.Benchmarks.Day;
using Fudge.Serialization;
using Ord = Fudge.MarketData.Benchmarks.Models.Ordinals;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// The floor under <c>Fudge ordinals</c>' reading: the bytes the generated ordinal types write, read back into the
/// same objects (a presized list, string symbols, the union's case) and aggregated the same way, by the least code
/// that still checks everything the generated reader must: the envelope's size, every header byte (flags, type,
/// ordinal), every size against the message that encloses it, the integers' ranges and the symbol's UTF-8. One
/// position in a local, no reader state, no sub-reader per message: whatever is not exactly the shape the writer
/// makes goes to the generated reader (which then reports its errors), so only well-formed batches of the usual
/// shape take this path. It is used only by <c>--turns</c> (not a row of the tables); <see cref="Load"/> checks that
/// it builds exactly what <c>Fudge ordinals</c> builds and aggregates the same.
/// </summary>
public sealed class FudgeReaderFloorContender : ShootoutContender
{
    /// <summary>The name <c>--turns</c> knows it by.</summary>
    public const string ContenderName = "Fudge reader floor";

    private const int MaxDepthUsed = 3; // MultiMessage > list > Message > body: three sub-messages deep
    private const int ShortAsciiLimit = 32;

    /// <inheritdoc />
    public override string Name => ContenderName;

    /// <inheritdoc />
    public override string? ReadsBytesOf => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day) => CheckSameAsGenerated(day, TryRead);

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) =>
        throw new NotSupportedException("The reader floor reads what the generated ordinal types write.");

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate) => Aggregate(Read(bytes.Span), aggregate);

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages) => FudgeOrdinalsContender.DecodeBatch(Read(bytes.Span), day, messages);

    /// <summary>The aggregation of <c>Fudge ordinals</c>, over a batch read any way.</summary>
    internal static void Aggregate(Ord.MultiMessage batch, DayAggregate aggregate)
    {
        foreach (var message in batch.Messages)
        {
            ulong symbol = SymbolKey.FromString(message.Symbol);
            switch (message.Body)
            {
                case Ord.Trade t: aggregate.Trade(symbol, t.Price, t.Size); break;
                case Ord.LevelUpdate l: aggregate.Level(symbol, l.Price, l.Side == Ord.Side.Buy); break;
            }
        }
    }

    /// <summary>One batch read as the generated reader reads it; anything of another shape is left to that reader.</summary>
    public static Ord.MultiMessage Read(ReadOnlySpan<byte> d) => TryRead(d) ?? FudgeSerializer.Deserialize<Ord.MultiMessage>(d);

    // The batch, or null when any byte is not what the writer of this schema puts there.
    private static Ord.MultiMessage? TryRead(ReadOnlySpan<byte> d)
    {
        var options = FudgeReaderOptions.Default;
        if (d.Length < 8 || BinaryPrimitives.ReadInt32BigEndian(d.Slice(4)) != d.Length || d.Length > options.MaxMessageSize || options.MaxDepth < MaxDepthUsed)
            return null;
        int p = 8;
        if (!TryInteger(d, ref p, d.Length, 1, out long seqNo)) return null;
        // The list: ordinal 2, a sub-message with a 1- or 2-byte size, the last field of the envelope.
        if (d.Length - p < 5) return null;
        uint listHeader = BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p));
        int listEnd;
        if (listHeader == 0x300F0002u) { listEnd = p + 5 + d[p + 4]; p += 5; }
        else if (listHeader == 0x500F0002u && d.Length - p >= 6) { listEnd = p + 6 + BinaryPrimitives.ReadUInt16BigEndian(d.Slice(p + 4)); p += 6; }
        else return null;
        if (listEnd != d.Length) return null;
        // Counted first, as the generated reader counts, so the list is allocated at its size: anonymous sub-messages
        // with a 1-byte size, each within the list.
        int count = 0;
        for (int q = p; q < listEnd; count++)
        {
            if (listEnd - q < 3 || d[q] != 0x20 || d[q + 1] != FudgeTypeId.Message) return null;
            q += 3 + d[q + 2];
            if (q > listEnd) return null;
        }
        var messages = new List<Ord.Message>(count);
        while (p < listEnd)
        {
            int messageEnd = p + 3 + d[p + 2];
            p += 3;
            var message = new Ord.Message();
            if (!TryInteger(d, ref p, messageEnd, 1, out long ts)) return null;
            message.TsNanos = unchecked((ulong)ts);
            // The symbol: ordinal 2, a string with a 1-byte size, short ASCII widened in place.
            if (messageEnd - p < 5 || BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p)) != 0x300E0002u) return null;
            int symbolLength = d[p + 4];
            p += 5;
            if (messageEnd - p < symbolLength || symbolLength > ShortAsciiLimit) return null;
            var symbol = d.Slice(p, symbolLength);
            int any = 0;
            foreach (byte b in symbol) any |= b;
            if (any >= 0x80) return null;
            message.Symbol = symbolLength == 0 ? string.Empty : WidenAscii(symbol);
            p += symbolLength;
            // The body: ordinal 3, a sub-message with a 1-byte size, the message's last field.
            if (messageEnd - p < 5 || BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p)) != 0x300F0003u) return null;
            int bodyEnd = p + 5 + d[p + 4];
            p += 5;
            if (bodyEnd != messageEnd) return null;
            // The two type names: the case's ("T" or "L"), then the base's ("B").
            if (bodyEnd - p < 12 || BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p)) != 0x300E0000u || d[p + 4] != 1
                || BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p + 6)) != 0x300E0000u || d[p + 10] != 1 || d[p + 11] != (byte)'B')
                return null;
            byte kind = d[p + 5];
            p += 12;
            if (!TryInteger(d, ref p, bodyEnd, 1, out long price) || !TryInteger(d, ref p, bodyEnd, 2, out long size) || size < 0 || size > uint.MaxValue)
                return null;
            if (kind == (byte)'T')
            {
                message.Body = new Ord.Trade { Price = unchecked((ulong)price), Size = (uint)size };
            }
            else if (kind == (byte)'L')
            {
                if (!TryInteger(d, ref p, bodyEnd, 3, out long flags) || !TryInteger(d, ref p, bodyEnd, 4, out long side)
                    || flags < 0 || flags > byte.MaxValue || side < 0 || side > byte.MaxValue)
                    return null;
                message.Body = new Ord.LevelUpdate { Price = unchecked((ulong)price), Size = (uint)size, Flags = (byte)flags, Side = (Ord.Side)side };
            }
            else return null;
            if (p != bodyEnd) return null;
            messages.Add(message);
        }
        return new Ord.MultiMessage { SeqNo = unchecked((ulong)seqNo), Messages = messages };
    }

    // An ordinal-only fixed-width integer field (int8 to int64) with `ordinal` at p, within `end`: its value, p moved
    // past it. Eight bytes after the header (all but the batch's last field or two) are read as one load.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryInteger(ReadOnlySpan<byte> d, ref int p, int end, ushort ordinal, out long value)
    {
        value = 0;
        if (end - p < 4) return false;
        uint header = BinaryPrimitives.ReadUInt32BigEndian(d.Slice(p));
        uint widthLog2 = ((header >> 16) & 0xFF) - FudgeTypeId.Int8;
        if ((header & 0xFF00FFFFu) != (0x90000000u | ordinal) || widthLog2 > 3) return false;
        int width = 1 << (int)widthLog2;
        if (end - p - 4 < width) return false;
        if (d.Length - p >= 12) value = (long)BinaryPrimitives.ReadUInt64BigEndian(d.Slice(p + 4)) >> (64 - 8 * width);
        else
        {
            var v = d.Slice(p + 4);
            value = width switch
            {
                1 => (sbyte)v[0],
                2 => BinaryPrimitives.ReadInt16BigEndian(v),
                4 => BinaryPrimitives.ReadInt32BigEndian(v),
                _ => BinaryPrimitives.ReadInt64BigEndian(v),
            };
        }
        p += 4 + width;
        return true;
    }

    // As the library widens short ASCII: one pass, a char per byte.
    private static string WidenAscii(ReadOnlySpan<byte> ascii) =>
        string.Create(ascii.Length, ascii, static (chars, bytes) =>
        {
            for (int i = 0; i < chars.Length; i++) chars[i] = (char)bytes[i];
        });

    // The floor is only a floor if it builds what the generated reader builds: every batch of the day, read both ways,
    // must give equal objects (the list presized alike), and the two aggregates must agree.
    internal delegate Ord.MultiMessage? BatchReader(ReadOnlySpan<byte> bytes);

    internal static void CheckSameAsGenerated(MarketDay day, BatchReader tryRead)
    {
        var writer = new FudgeOrdinalsContender();
        writer.Load(day);
        var buffer = new ArrayBufferWriter<byte>(4096);
        var generated = new DayAggregate(day.Symbols);
        var floor = new DayAggregate(day.Symbols);
        var generatedReader = new FudgeOrdinalsContender();
        for (int b = 0; b < day.BatchCount; b++)
        {
            buffer.ResetWrittenCount();
            writer.Serialize(b, buffer);
            var bytes = buffer.WrittenMemory;
            if (tryRead(bytes.Span) is not { } mine)
                throw new InvalidOperationException($"The reader floor does not take batch {b}: it would measure the generated reader.");
            var theirs = FudgeSerializer.Deserialize<Ord.MultiMessage>(bytes.Span);
            if (!SameObjects(mine, theirs))
                throw new InvalidOperationException($"The reader floor builds other objects than the generated reader at batch {b}.");
            generatedReader.DeserializeAndAggregate(bytes, generated);
            Aggregate(mine, floor);
        }
        if (!floor.SameAs(generated)) throw new InvalidOperationException("The reader floor aggregates differently from the generated reader.");
    }

    private static bool SameObjects(Ord.MultiMessage a, Ord.MultiMessage b)
    {
        if (a.SeqNo != b.SeqNo || a.Messages.Count != b.Messages.Count || a.Messages.Capacity != b.Messages.Capacity) return false;
        for (int i = 0; i < a.Messages.Count; i++)
        {
            Ord.Message x = a.Messages[i], y = b.Messages[i];
            if (x.TsNanos != y.TsNanos || x.Symbol != y.Symbol) return false;
            bool same = (x.Body, y.Body) switch
            {
                (Ord.Trade s, Ord.Trade t) => s.Price == t.Price && s.Size == t.Size,
                (Ord.LevelUpdate s, Ord.LevelUpdate t) => s.Price == t.Price && s.Size == t.Size && s.Flags == t.Flags && s.Side == t.Side,
                _ => false,
            };
            if (!same) return false;
        }
        return true;
    }
}

/// <summary>
/// Between the generated reader and its floor: the same objects built in one method, like the floor, but every field
/// taken through <see cref="FudgeReader"/>'s public expected-field reads (a reader per sub-message, its state and
/// checks), as the generated formatters take them, without their calls from object to object. Tells apart what the
/// reader costs from what the generated code's structure costs. Only in <c>--turns</c>, checked as the floor is.
/// </summary>
public sealed class FudgeReaderApiFloorContender : ShootoutContender
{
    /// <summary>The name <c>--turns</c> knows it by.</summary>
    public const string ContenderName = "Fudge reader floor (FudgeReader)";

    /// <inheritdoc />
    public override string Name => ContenderName;

    /// <inheritdoc />
    public override string? ReadsBytesOf => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day) => FudgeReaderFloorContender.CheckSameAsGenerated(day, TryRead);

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) =>
        throw new NotSupportedException("This floor reads what the generated ordinal types write.");

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = TryRead(bytes.Span) ?? FudgeSerializer.Deserialize<Ord.MultiMessage>(bytes.Span);
        FudgeReaderFloorContender.Aggregate(batch, aggregate);
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages) =>
        FudgeOrdinalsContender.DecodeBatch(TryRead(bytes.Span) ?? FudgeSerializer.Deserialize<Ord.MultiMessage>(bytes.Span), day, messages);

    private static Ord.MultiMessage? TryRead(ReadOnlySpan<byte> d)
    {
        var reader = new FudgeReader(d);
        if (reader.EnvelopeHeader.MessageSize != d.Length) return null;
        if (!reader.TryTakeInt64(1, out long seqNo) || !reader.TryTakeMessage(2, out var list)) return null;
        var messages = new List<Ord.Message>(list.CountCollectionElements());
        while (list.TryTakeAnonymousMessage(out var m))
        {
            var message = new Ord.Message();
            if (!m.TryTakeInt64(1, out long ts) || !m.TryTakeString(2, out string symbol) || !m.TryTakeMessage(3, out var body)) return null;
            message.TsNanos = unchecked((ulong)ts);
            message.Symbol = symbol;
            if (!body.TryPeekStringField(0, out var caseName) || caseName.Length != 1) return null;
            byte kind = caseName[0];
            body.SkipFields(0);
            if (!body.TryTakeInt64(1, out long price) || !body.TryTakeInt64(2, out long size)) return null;
            uint shares = FudgeFormatterHelpers.ToUInt32(ref body, size);
            if (kind == (byte)'T') message.Body = new Ord.Trade { Price = unchecked((ulong)price), Size = shares };
            else if (kind == (byte)'L' && body.TryTakeInt64(3, out long flags) && body.TryTakeInt64(4, out long side))
                message.Body = new Ord.LevelUpdate { Price = unchecked((ulong)price), Size = shares, Flags = FudgeFormatterHelpers.ToByte(ref body, flags), Side = (Ord.Side)FudgeFormatterHelpers.ToByte(ref body, side) };
            else return null;
            if (body.Read() || m.Read()) return null;
            messages.Add(message);
        }
        if (list.Read() || reader.Read()) return null;
        return new Ord.MultiMessage { SeqNo = unchecked((ulong)seqNo), Messages = messages };
    }
}
