extern alias WholeGraph;

using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;
using Fudge.Serialization;
using Whole = WholeGraph::Fudge.MarketData.Benchmarks.Models.Ordinals;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// <c>Fudge ordinals</c> with whole-graph generated code (issue 42): the same model source compiled with
/// FudgeWholeGraph=true in benchmarks/Fudge.Benchmarks.WholeGraph, so each message and body is written and read by its
/// type's generated code directly. It must write the bytes of <c>Fudge ordinals</c> (the day run checks).
/// </summary>
public sealed class FudgeWholeGraphContender : ShootoutContender
{
    /// <summary>The contender's name in the tables.</summary>
    public const string ContenderName = "Fudge ordinals (whole graph)";

    private Whole.MultiMessage[] _batches = Array.Empty<Whole.MultiMessage>();

    /// <inheritdoc />
    public override string Name => ContenderName;

    /// <inheritdoc />
    public override string? WritesBytesOf => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
        _batches = new Whole.MultiMessage[day.BatchCount];
        for (int b = 0; b < _batches.Length; b++)
        {
            var batch = new Whole.MultiMessage { SeqNo = day.SequenceNumbers[b] };
            foreach (var m in day.Batch(b))
            {
                Whole.Body body = m.Kind == BodyKind.Trade
                    ? new Whole.Trade { Price = m.Price, Size = m.Size }
                    : new Whole.LevelUpdate { Price = m.Price, Size = m.Size, Flags = m.Flags, Side = (Whole.Side)m.Side };
                batch.Messages.Add(new Whole.Message { TsNanos = m.TsNanos, Symbol = day.Symbols[m.Symbol], Body = body });
            }
            _batches[b] = batch;
        }
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) => FudgeSerializer.Serialize(output, _batches[batch]);

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = FudgeSerializer.Deserialize<Whole.MultiMessage>(bytes.Span);
        foreach (var message in batch.Messages)
        {
            ulong symbol = SymbolKey.FromString(message.Symbol);
            switch (message.Body)
            {
                case Whole.Trade t: aggregate.Trade(symbol, t.Price, t.Size); break;
                case Whole.LevelUpdate l: aggregate.Level(symbol, l.Price, l.Side == Whole.Side.Buy); break;
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = FudgeSerializer.Deserialize<Whole.MultiMessage>(bytes.Span);
        foreach (var m in batch.Messages)
        {
            int symbol = SymbolIndex.Of(day, SymbolKey.FromString(m.Symbol));
            messages.Add(m.Body switch
            {
                Whole.Trade t => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, t.Price, t.Size, 0, BookSide.Buy),
                Whole.LevelUpdate l => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, l.Price, l.Size, l.Flags, (BookSide)l.Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }
}
