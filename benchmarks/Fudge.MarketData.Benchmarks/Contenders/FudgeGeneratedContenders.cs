using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;
using Fudge.Serialization;
using Ord = Fudge.MarketData.Benchmarks.Models.Ordinals;
using Named = Fudge.MarketData.Benchmarks.Models.Names;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// Fudge through the types the source generator serializes, field ordinals on the wire:
/// <see cref="FudgeSerializer.Serialize{T}(IBufferWriter{byte}, T, FudgeWriterOptions?)"/> and
/// <see cref="FudgeSerializer.Deserialize{T}(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>.
/// </summary>
public sealed class FudgeOrdinalsContender : ShootoutContender
{
    private Ord.MultiMessage[] _batches = Array.Empty<Ord.MultiMessage>();

    /// <inheritdoc />
    public override string Name => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
        _batches = new Ord.MultiMessage[day.BatchCount];
        for (int b = 0; b < _batches.Length; b++)
        {
            var batch = new Ord.MultiMessage { SeqNo = day.SequenceNumbers[b] };
            foreach (var m in day.Batch(b))
            {
                Ord.Body body = m.Kind == BodyKind.Trade
                    ? new Ord.Trade { Price = m.Price, Size = m.Size }
                    : new Ord.LevelUpdate { Price = m.Price, Size = m.Size, Flags = m.Flags, Side = (Ord.Side)m.Side };
                batch.Messages.Add(new Ord.Message { TsNanos = m.TsNanos, Symbol = day.Symbols[m.Symbol], Body = body });
            }
            _batches[b] = batch;
        }
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) => FudgeSerializer.Serialize(output, _batches[batch]);

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = FudgeSerializer.Deserialize<Ord.MultiMessage>(bytes.Span);
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

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
        => DecodeBatch(FudgeSerializer.Deserialize<Ord.MultiMessage>(bytes.Span), day, messages);

    /// <summary>A batch of the generated ordinal types, however it was read, in plain form for the round-trip check.</summary>
    internal static ulong DecodeBatch(Ord.MultiMessage batch, MarketDay day, List<FeedMessage> messages)
    {
        foreach (var m in batch.Messages)
        {
            int symbol = SymbolIndex.Of(day, SymbolKey.FromString(m.Symbol));
            messages.Add(m.Body switch
            {
                Ord.Trade t => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, t.Price, t.Size, 0, BookSide.Buy),
                Ord.LevelUpdate l => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, l.Price, l.Size, l.Flags, (BookSide)l.Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }
}

/// <summary>Fudge through the generated types with field names on the wire (the default <c>[FudgeMessage]</c>).</summary>
public sealed class FudgeNamesContender : ShootoutContender
{
    private Named.MultiMessage[] _batches = Array.Empty<Named.MultiMessage>();

    /// <inheritdoc />
    public override string Name => "Fudge names";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
        _batches = new Named.MultiMessage[day.BatchCount];
        for (int b = 0; b < _batches.Length; b++)
        {
            var batch = new Named.MultiMessage { SeqNo = day.SequenceNumbers[b] };
            foreach (var m in day.Batch(b))
            {
                Named.Body body = m.Kind == BodyKind.Trade
                    ? new Named.Trade { Price = m.Price, Size = m.Size }
                    : new Named.LevelUpdate { Price = m.Price, Size = m.Size, Flags = m.Flags, Side = (Named.Side)m.Side };
                batch.Messages.Add(new Named.Message { TsNanos = m.TsNanos, Symbol = day.Symbols[m.Symbol], Body = body });
            }
            _batches[b] = batch;
        }
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) => FudgeSerializer.Serialize(output, _batches[batch]);

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = FudgeSerializer.Deserialize<Named.MultiMessage>(bytes.Span);
        foreach (var message in batch.Messages)
        {
            ulong symbol = SymbolKey.FromString(message.Symbol);
            switch (message.Body)
            {
                case Named.Trade t: aggregate.Trade(symbol, t.Price, t.Size); break;
                case Named.LevelUpdate l: aggregate.Level(symbol, l.Price, l.Side == Named.Side.Buy); break;
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = FudgeSerializer.Deserialize<Named.MultiMessage>(bytes.Span);
        foreach (var m in batch.Messages)
        {
            int symbol = SymbolIndex.Of(day, SymbolKey.FromString(m.Symbol));
            messages.Add(m.Body switch
            {
                Named.Trade t => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, t.Price, t.Size, 0, BookSide.Buy),
                Named.LevelUpdate l => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, l.Price, l.Size, l.Flags, (BookSide)l.Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }
}
