using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;
using MemoryPack;
using MessagePack;
using Mp = Fudge.MarketData.Benchmarks.Models.MemoryPack;
using Msg = Fudge.MarketData.Benchmarks.Models.MessagePack;
using Side = Fudge.MarketData.Benchmarks.Models.Ordinals.Side;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// MemoryPack 1.21.4 with its source generator: <c>MemoryPackSerializer.Serialize(IBufferWriter&lt;byte&gt;, in T)</c>
/// and <c>Deserialize&lt;T&gt;(ReadOnlySpan&lt;byte&gt;)</c>; the fastest .NET object serializer, a reference point.
/// </summary>
public sealed class MemoryPackContender : ShootoutContender
{
    private Mp.MultiMessage[] _batches = Array.Empty<Mp.MultiMessage>();

    /// <inheritdoc />
    public override string Name => "MemoryPack";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
        _batches = new Mp.MultiMessage[day.BatchCount];
        for (int b = 0; b < _batches.Length; b++)
        {
            var batch = new Mp.MultiMessage { SeqNo = day.SequenceNumbers[b] };
            foreach (var m in day.Batch(b))
            {
                Mp.Body body = m.Kind == BodyKind.Trade
                    ? new Mp.Trade { Price = m.Price, Size = m.Size }
                    : new Mp.LevelUpdate { Price = m.Price, Size = m.Size, Flags = m.Flags, Side = (Side)m.Side };
                batch.Messages.Add(new Mp.Message { TsNanos = m.TsNanos, Symbol = day.Symbols[m.Symbol], Body = body });
            }
            _batches[b] = batch;
        }
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) => MemoryPackSerializer.Serialize(output, _batches[batch]);

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = MemoryPackSerializer.Deserialize<Mp.MultiMessage>(bytes.Span)!;
        foreach (var message in batch.Messages)
        {
            ulong symbol = SymbolKey.FromString(message.Symbol);
            switch (message.Body)
            {
                case Mp.Trade t: aggregate.Trade(symbol, t.Price, t.Size); break;
                case Mp.LevelUpdate l: aggregate.Level(symbol, l.Price, l.Side == Side.Buy); break;
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = MemoryPackSerializer.Deserialize<Mp.MultiMessage>(bytes.Span)!;
        foreach (var m in batch.Messages)
        {
            int symbol = SymbolIndex.Of(day, SymbolKey.FromString(m.Symbol));
            messages.Add(m.Body switch
            {
                Mp.Trade t => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, t.Price, t.Size, 0, BookSide.Buy),
                Mp.LevelUpdate l => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, l.Price, l.Size, l.Flags, (BookSide)l.Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }
}

/// <summary>
/// MessagePack-CSharp 2.5.307 with integer keys through <see cref="MessagePackSerializer"/> straight into the buffer
/// writer and from the memory, standard resolver (its formatters are emitted at run time; 2.x has no source
/// generator): the usual fast binary choice on .NET, a reference point.
/// </summary>
public sealed class MessagePackContender : ShootoutContender
{
    private static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard;
    private Msg.MultiMessage[] _batches = Array.Empty<Msg.MultiMessage>();

    /// <inheritdoc />
    public override string Name => "MessagePack";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
        _batches = new Msg.MultiMessage[day.BatchCount];
        for (int b = 0; b < _batches.Length; b++)
        {
            var batch = new Msg.MultiMessage { SeqNo = day.SequenceNumbers[b] };
            foreach (var m in day.Batch(b))
            {
                Msg.Body body = m.Kind == BodyKind.Trade
                    ? new Msg.Trade { Price = m.Price, Size = m.Size }
                    : new Msg.LevelUpdate { Price = m.Price, Size = m.Size, Flags = m.Flags, Side = (Side)m.Side };
                batch.Messages.Add(new Msg.Message { TsNanos = m.TsNanos, Symbol = day.Symbols[m.Symbol], Body = body });
            }
            _batches[b] = batch;
        }
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) => MessagePackSerializer.Serialize(output, _batches[batch], Options);

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = MessagePackSerializer.Deserialize<Msg.MultiMessage>(bytes, Options);
        foreach (var message in batch.Messages)
        {
            ulong symbol = SymbolKey.FromString(message.Symbol);
            switch (message.Body)
            {
                case Msg.Trade t: aggregate.Trade(symbol, t.Price, t.Size); break;
                case Msg.LevelUpdate l: aggregate.Level(symbol, l.Price, l.Side == Side.Buy); break;
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = MessagePackSerializer.Deserialize<Msg.MultiMessage>(bytes, Options);
        foreach (var m in batch.Messages)
        {
            int symbol = SymbolIndex.Of(day, SymbolKey.FromString(m.Symbol));
            messages.Add(m.Body switch
            {
                Msg.Trade t => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, t.Price, t.Size, 0, BookSide.Buy),
                Msg.LevelUpdate l => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, l.Price, l.Size, l.Flags, (BookSide)l.Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }
}
