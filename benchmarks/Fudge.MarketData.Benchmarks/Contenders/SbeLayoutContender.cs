using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// The fixed-layout floor: <see cref="SbeLayoutCodec"/>, a flyweight written by hand to SBE's layout rules, writing
/// straight from the day's plain messages and reading without building anything. Not the SBE library.
/// </summary>
public sealed class SbeLayoutContender : ShootoutContender
{
    private MarketDay? _day;

    /// <inheritdoc />
    public override string Name => "SBE layout (hand-written)";

    /// <inheritdoc />
    public override void Load(MarketDay day) => _day = day;

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output)
    {
        var day = _day!;
        var messages = day.Batch(batch);
        var buffer = output.GetSpan(SbeLayoutCodec.MaxSize(messages.Length));
        int offset = SbeLayoutCodec.WriteBatchStart(buffer, day.SequenceNumbers[batch], messages.Length);
        foreach (ref readonly var m in messages)
            offset = SbeLayoutCodec.WriteEntry(buffer, offset, m.TsNanos, m.Price, m.Size, (byte)m.Kind, m.Flags, (byte)m.Side, day.SymbolUtf8[m.Symbol]);
        output.Advance(offset);
    }

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var entries = new SbeLayoutCodec.BatchDecoder(bytes.Span).Messages;
        while (entries.MoveNext())
        {
            ulong symbol = SymbolKey.FromUtf8(entries.Symbol);
            if (entries.Kind == (byte)BodyKind.Trade) aggregate.Trade(symbol, entries.Price, entries.Size);
            else aggregate.Level(symbol, entries.Price, entries.Side == (byte)BookSide.Buy);
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = new SbeLayoutCodec.BatchDecoder(bytes.Span);
        var entries = batch.Messages;
        while (entries.MoveNext())
            messages.Add(new FeedMessage(entries.TsNanos, SymbolIndex.Of(day, SymbolKey.FromUtf8(entries.Symbol)), (BodyKind)entries.Kind,
                entries.Price, entries.Size, entries.Flags, (BookSide)entries.Side));
        return batch.SeqNo;
    }
}
