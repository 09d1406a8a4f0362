using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Harness;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks;

/// <summary>
/// What Fudge's bytes cost to write, part by part: the hand-written <see cref="FudgeWriter"/> of the shootout
/// (<c>Fudge writer (hand-written)</c>) with parts of the format taken away one at a time, on the shootout's slice.
/// The bytes of every variant but <see cref="Full"/> are not the schema's (nothing reads them back): they only tell
/// apart what the type names, the sub-messages and the fields themselves cost against the SBE layout's fixed stores.
/// Run with <c>--turns writer-parts "Full,NoTypeNames,Flat,SBE layout" SECONDS</c> or BenchmarkDotNet's
/// <c>--filter '*WriterParts*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(ShootoutConfig))]
public class WriterPartsBenchmarks
{
    /// <summary>Everything: exactly the bytes of <c>Fudge ordinals</c>.</summary>
    public const string Full = "Full";

    /// <summary>As <see cref="Full"/> without the union's two type names per body.</summary>
    public const string NoTypeNames = "NoTypeNames";

    /// <summary>No type names and no sub-message per message or body: every field written straight into the batch's list.</summary>
    public const string Flat = "Flat";

    /// <summary>
    /// Exactly <see cref="Full"/>'s bytes (checked at setup) written by the least code that can write them: one room
    /// check per batch, every header a constant or one computed store, the write position a local. The floor of
    /// Fudge's format for this schema on this machine, below which no writer of these bytes can go.
    /// </summary>
    public const string Floor = "Floor";

    /// <summary>
    /// Exactly <see cref="Full"/>'s bytes (checked at setup) through <see cref="FudgeWriter"/> with one
    /// <see cref="FudgeFieldRun"/> per message (its sub-messages, fields and type names): what a hand-written
    /// writer gets from the public API.
    /// </summary>
    public const string Runs = "Runs";

    /// <summary>The SBE layout codec on the same slice, for the ratio.</summary>
    public const string SbeLayout = "SBE layout";

    private static readonly FudgeFieldKey MessagesKey = FudgeFieldKey.FromOrdinal(2);
    private static readonly FudgeFieldKey BodyKey = FudgeFieldKey.FromOrdinal(3);
    private MarketDay _day = null!;
    private SlabWriter _slab = null!;
    private Contenders.ShootoutContender _sbe = null!;
    private int _listSizeHint;

    /// <summary>The variants.</summary>
    public static IEnumerable<string> Variants => new[] { Full, NoTypeNames, Flat, Floor, Runs, SbeLayout };

    /// <summary>The variant measured.</summary>
    [ParamsSource(nameof(Variants))]
    public string Variant { get; set; } = Full;

    /// <summary>Generates the shootout's slice.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _day = MarketDay.Generate(ShootoutBenchmarkBase.SliceMessages);
        _slab = new SlabWriter(ShootoutBenchmarkBase.SliceBatches * 4096);
        _sbe = Contenders.ShootoutContenders.Create("SBE layout (hand-written)");
        _sbe.Load(_day);
        CheckFloorWritesFullsBytes();
    }

    /// <summary>Writes every batch of the slice with the variant, as the shootout's serialize benchmark does.</summary>
    [Benchmark(OperationsPerInvoke = ShootoutBenchmarkBase.SliceBatches)]
    public int Serialize()
    {
        _slab.Reset();
        for (int b = 0; b < ShootoutBenchmarkBase.SliceBatches; b++)
        {
            switch (Variant)
            {
                case SbeLayout: _sbe.Serialize(b, _slab); break;
                case Flat: WriteFlat(b); break;
                case Floor: WriteFloor(b); break;
                case Runs: WriteRuns(b); break;
                default: WriteNested(b, Variant == Full); break;
            }
        }
        return _slab.Position;
    }

    private void WriteNested(int batch, bool typeNames)
    {
        var writer = new FudgeWriter(_slab);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt64((short)1, unchecked((long)_day.SequenceNumbers[batch]));
        var list = writer.BeginMessage(MessagesKey, _listSizeHint);
        foreach (ref readonly var m in _day.Batch(batch))
        {
            var message = writer.BeginMessage(FudgeFieldKey.Anonymous, 0);
            writer.WriteInt64((short)1, unchecked((long)m.TsNanos));
            writer.WriteStringUtf8((short)2, _day.SymbolUtf8[m.Symbol]);
            var body = writer.BeginMessage(BodyKey, 0);
            if (typeNames)
            {
                writer.WriteStringUtf8((short)0, m.Kind == BodyKind.Trade ? "T"u8 : "L"u8);
                writer.WriteStringUtf8((short)0, "B"u8);
            }
            WriteBody(ref writer, m);
            writer.EndMessage(body);
            writer.EndMessage(message);
        }
        writer.EndMessage(list, ref _listSizeHint);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    // The most a message takes: its header (3), ts (12), the symbol (5 + its bytes), the body's header (5), two type
    // names (12) and four integers (40).
    private const int MaxMessageBytes = 3 + 12 + 5 + 5 + 12 + 40;

    private void WriteRuns(int batch)
    {
        var writer = new FudgeWriter(_slab);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt64((short)1, unchecked((long)_day.SequenceNumbers[batch]));
        var messages = _day.Batch(batch);
        var list = writer.BeginMessage(MessagesKey, messages.Length * 70);
        foreach (ref readonly var m in messages)
        {
            var symbol = _day.SymbolUtf8[m.Symbol];
            var run = writer.BeginFieldRun(MaxMessageBytes + symbol.Length);
            var message = run.BeginMessage();
            run.WriteInt64((short)1, unchecked((long)m.TsNanos));
            run.WriteStringUtf8((short)2, symbol);
            var body = run.BeginMessage((short)3);
            run.WriteEncoded(m.Kind == BodyKind.Trade ? TradeTypeNames : LevelTypeNames);
            run.WriteInt64((short)1, unchecked((long)m.Price));
            run.WriteInt64((short)2, m.Size);
            if (m.Kind != BodyKind.Trade)
            {
                run.WriteInt32((short)3, m.Flags);
                run.WriteInt32((short)4, (byte)m.Side);
            }
            run.EndMessage(body);
            run.EndMessage(message);
            writer.EndFieldRun(in run);
        }
        int sizeHint = 0;
        writer.EndMessage(list, ref sizeHint);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    // The union's two type names at ordinal 0, as encoded fields.
    private static ReadOnlySpan<byte> TradeTypeNames => new byte[] { 0x30, 14, 0, 0, 1, (byte)'T', 0x30, 14, 0, 0, 1, (byte)'B' };

    private static ReadOnlySpan<byte> LevelTypeNames => new byte[] { 0x30, 14, 0, 0, 1, (byte)'L', 0x30, 14, 0, 0, 1, (byte)'B' };

    private void WriteFlat(int batch)
    {
        var writer = new FudgeWriter(_slab);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt64((short)1, unchecked((long)_day.SequenceNumbers[batch]));
        var list = writer.BeginMessage(MessagesKey, _listSizeHint);
        foreach (ref readonly var m in _day.Batch(batch))
        {
            writer.WriteInt64((short)1, unchecked((long)m.TsNanos));
            writer.WriteStringUtf8((short)2, _day.SymbolUtf8[m.Symbol]);
            WriteBody(ref writer, m);
        }
        writer.EndMessage(list, ref _listSizeHint);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    private static void WriteBody(ref FudgeWriter writer, in FeedMessage m)
    {
        writer.WriteInt64((short)1, unchecked((long)m.Price));
        writer.WriteInt64((short)2, m.Size);
        if (m.Kind == BodyKind.Trade) return;
        writer.WriteInt32((short)3, m.Flags);
        writer.WriteInt32((short)4, (byte)m.Side);
    }

    // Fudge's bytes for the batch with nothing but stores: envelope, sequence number, the list, and per message its
    // own sub-message and the body's, every size minimal (the list's width guessed from the count and the content
    // moved when the guess was wrong, as FudgeWriter does with a size hint).
    private void WriteFloor(int batch)
    {
        var messages = _day.Batch(batch);
        var span = _slab.GetSpan(40 + messages.Length * 96);
        BinaryPrimitives.WriteUInt64BigEndian(span, 0); // directives, schema version, taxonomy, size patched below
        int p = 8 + WriteInteger(span.Slice(8), 1, unchecked((long)_day.SequenceNumbers[batch]));
        int listSizeBytes = messages.Length > 3 ? 2 : 1;
        int listHeader = p;
        p += 4 + listSizeBytes;
        int listContent = p;
        foreach (ref readonly var m in messages)
        {
            int message = p;
            span[p] = 0x20; // one size byte, no name, no ordinal
            span[p + 1] = FudgeTypeId.Message;
            p += 3;
            p += WriteInteger(span.Slice(p), 1, unchecked((long)m.TsNanos));
            var symbol = _day.SymbolUtf8[m.Symbol];
            BinaryPrimitives.WriteUInt32BigEndian(span.Slice(p), 0x300E0002u);
            span[p + 4] = (byte)symbol.Length;
            symbol.CopyTo(span.Slice(p + 5));
            p += 5 + symbol.Length;
            int body = p;
            BinaryPrimitives.WriteUInt32BigEndian(span.Slice(p), 0x300F0003u);
            p += 5;
            // The two type names, "T"/"L" then "B", as two 6-byte fields.
            BinaryPrimitives.WriteUInt32BigEndian(span.Slice(p), 0x300E0000u);
            span[p + 4] = 1;
            span[p + 5] = m.Kind == BodyKind.Trade ? (byte)'T' : (byte)'L';
            BinaryPrimitives.WriteUInt32BigEndian(span.Slice(p + 6), 0x300E0000u);
            span[p + 10] = 1;
            span[p + 11] = (byte)'B';
            p += 12;
            p += WriteInteger(span.Slice(p), 1, unchecked((long)m.Price));
            p += WriteInteger(span.Slice(p), 2, m.Size);
            if (m.Kind != BodyKind.Trade)
            {
                p += WriteInteger(span.Slice(p), 3, m.Flags);
                p += WriteInteger(span.Slice(p), 4, (byte)m.Side);
            }
            span[body + 4] = (byte)(p - body - 5);
            span[message + 2] = (byte)(p - message - 3);
        }
        int listSize = p - listContent;
        int needed = listSize <= byte.MaxValue ? 1 : listSize <= short.MaxValue ? 2 : 4;
        if (needed != listSizeBytes)
        {
            span.Slice(listContent, listSize).CopyTo(span.Slice(listContent + needed - listSizeBytes));
            p += needed - listSizeBytes;
            listSizeBytes = needed;
        }
        BinaryPrimitives.WriteUInt32BigEndian(span.Slice(listHeader), ((uint)(listSizeBytes == 1 ? 0x30 : listSizeBytes == 2 ? 0x50 : 0x70) << 24) | 0x000F0002u);
        if (listSizeBytes == 1) span[listHeader + 4] = (byte)listSize;
        else if (listSizeBytes == 2) BinaryPrimitives.WriteInt16BigEndian(span.Slice(listHeader + 4), (short)listSize);
        else BinaryPrimitives.WriteInt32BigEndian(span.Slice(listHeader + 4), listSize);
        BinaryPrimitives.WriteInt32BigEndian(span.Slice(4), p);
        _slab.Advance(p);
    }

    // One integer field under an ordinal in the narrowest width: its 4-byte header and value as one or two stores.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WriteInteger(Span<byte> span, short ordinal, long value)
    {
        const uint Header = 0x90000000u; // fixed width, ordinal
        if (value == (sbyte)value)
        {
            BinaryPrimitives.WriteUInt32BigEndian(span, Header | ((uint)FudgeTypeId.Int8 << 16) | (ushort)ordinal);
            span[4] = (byte)value;
            return 5;
        }
        if (value == (short)value)
        {
            BinaryPrimitives.WriteUInt32BigEndian(span, Header | ((uint)FudgeTypeId.Int16 << 16) | (ushort)ordinal);
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(4), (short)value);
            return 6;
        }
        if (value == (int)value)
        {
            BinaryPrimitives.WriteUInt64BigEndian(span, ((ulong)(Header | ((uint)FudgeTypeId.Int32 << 16) | (ushort)ordinal) << 32) | (uint)value);
            return 8;
        }
        BinaryPrimitives.WriteUInt32BigEndian(span, Header | ((uint)FudgeTypeId.Int64 << 16) | (ushort)ordinal);
        BinaryPrimitives.WriteInt64BigEndian(span.Slice(4), value);
        return 12;
    }

    // The floor is only a floor if it writes the schema's bytes: every batch of the slice must equal Full's.
    private void CheckFloorWritesFullsBytes()
    {
        for (int b = 0; b < ShootoutBenchmarkBase.SliceBatches; b++)
        {
            _slab.Reset();
            WriteNested(b, typeNames: true);
            var full = _slab.Slice(0, _slab.Position).ToArray();
            _slab.Reset();
            WriteFloor(b);
            if (!_slab.Slice(0, _slab.Position).Span.SequenceEqual(full))
                throw new InvalidOperationException($"The floor writer's bytes differ from Full's at batch {b}.");
            _slab.Reset();
            WriteRuns(b);
            if (!_slab.Slice(0, _slab.Position).Span.SequenceEqual(full))
                throw new InvalidOperationException($"The field-run writer's bytes differ from Full's at batch {b}.");
        }
        _slab.Reset();
    }
}
