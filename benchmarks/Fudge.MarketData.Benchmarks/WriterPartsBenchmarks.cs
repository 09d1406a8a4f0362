using System;
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

    /// <summary>The SBE layout codec on the same slice, for the ratio.</summary>
    public const string SbeLayout = "SBE layout";

    private static readonly FudgeFieldKey MessagesKey = FudgeFieldKey.FromOrdinal(2);
    private static readonly FudgeFieldKey BodyKey = FudgeFieldKey.FromOrdinal(3);
    private MarketDay _day = null!;
    private SlabWriter _slab = null!;
    private Contenders.ShootoutContender _sbe = null!;
    private int _listSizeHint;

    /// <summary>The variants.</summary>
    public static IEnumerable<string> Variants => new[] { Full, NoTypeNames, Flat, SbeLayout };

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
}
