using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Fudge.MarketData.Benchmarks.Day;
using Google.FlatBuffers;
using Fb = Fudge.MarketData.Benchmarks.FlatBuffers;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// FlatBuffers (Google.FlatBuffers 25.2.10 with code from flatc 25.2.10, FlatBuffers/marketdata.fbs) through its
/// documented fast path: one <see cref="FlatBufferBuilder"/> reused (<see cref="FlatBufferBuilder.Clear"/>) for every
/// batch, children before parents, and zero-copy accessor structs over one <see cref="ByteBuffer"/> to read. The
/// builder writes back to front in its own array, so the finished bytes are copied into the output (a memcpy of the
/// batch, part of the time). Reading needs the bytes in an array (the package is built without its Span option).
/// </summary>
public sealed class FlatBuffersContender : ShootoutContender
{
    private readonly FlatBufferBuilder _builder = new(1024);
    private readonly Offset<Fb.Message>[] _offsets = new Offset<Fb.Message>[256];
    private MarketDay? _day;
    private ByteBuffer? _readBuffer;
    private byte[]? _readArray;

    /// <inheritdoc />
    public override string Name => "FlatBuffers";

    /// <inheritdoc />
    public override void Load(MarketDay day) => _day = day;

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output)
    {
        var day = _day!;
        var builder = _builder;
        builder.Clear();
        var messages = day.Batch(batch);
        for (int i = 0; i < messages.Length; i++)
        {
            ref readonly var m = ref messages[i];
            var symbol = builder.CreateString(day.Symbols[m.Symbol]);
            int body;
            Fb.Body kind;
            if (m.Kind == BodyKind.Trade)
            {
                body = Fb.Trade.CreateTrade(builder, m.Price, m.Size).Value;
                kind = Fb.Body.Trade;
            }
            else
            {
                body = Fb.LevelUpdate.CreateLevelUpdate(builder, m.Price, m.Size, m.Flags, (Fb.Side)m.Side).Value;
                kind = Fb.Body.LevelUpdate;
            }
            _offsets[i] = Fb.Message.CreateMessage(builder, m.TsNanos, symbol, kind, body);
        }
        Fb.MultiMessage.StartMessagesVector(builder, messages.Length);
        for (int i = messages.Length - 1; i >= 0; i--) builder.AddOffset(_offsets[i].Value);
        var vector = builder.EndVector();
        var root = Fb.MultiMessage.CreateMultiMessage(builder, day.SequenceNumbers[batch], vector);
        builder.Finish(root.Value);

        var finished = builder.DataBuffer.ToArraySegment(builder.DataBuffer.Position, builder.Offset);
        finished.AsSpan().CopyTo(output.GetSpan(finished.Count));
        output.Advance(finished.Count);
    }

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = Fb.MultiMessage.GetRootAsMultiMessage(Over(bytes), default);
        int count = batch.MessagesLength;
        for (int i = 0; i < count; i++)
        {
            var message = batch.Messages(i)!.Value;
            ulong symbol = SymbolKey.FromUtf8(message.GetSymbolBytes()!.Value);
            switch (message.BodyType)
            {
                case Fb.Body.Trade:
                    var trade = message.BodyAsTrade();
                    aggregate.Trade(symbol, trade.Price, trade.Size);
                    break;
                case Fb.Body.LevelUpdate:
                    var level = message.BodyAsLevelUpdate();
                    aggregate.Level(symbol, level.Price, level.Side == Fb.Side.Buy);
                    break;
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages)
    {
        var batch = Fb.MultiMessage.GetRootAsMultiMessage(Over(bytes), default);
        for (int i = 0; i < batch.MessagesLength; i++)
        {
            var m = batch.Messages(i)!.Value;
            int symbol = SymbolIndex.Of(day, SymbolKey.FromUtf8(m.GetSymbolBytes()!.Value));
            messages.Add(m.BodyType switch
            {
                Fb.Body.Trade => new FeedMessage(m.TsNanos, symbol, BodyKind.Trade, m.BodyAsTrade().Price, m.BodyAsTrade().Size, 0, BookSide.Buy),
                Fb.Body.LevelUpdate => new FeedMessage(m.TsNanos, symbol, BodyKind.LevelUpdate, m.BodyAsLevelUpdate().Price,
                    m.BodyAsLevelUpdate().Size, m.BodyAsLevelUpdate().Flags, (BookSide)m.BodyAsLevelUpdate().Side),
                _ => throw new InvalidOperationException("A message without a body."),
            });
        }
        return batch.SeqNo;
    }

    // One ByteBuffer over the array holding the batches, moved to each batch: none is allocated per batch.
    private ByteBuffer Over(ReadOnlyMemory<byte> bytes)
    {
        if (!MemoryMarshal.TryGetArray(bytes, out var segment)) throw new ArgumentException("FlatBuffers reads from an array.", nameof(bytes));
        if (_readBuffer is null || !ReferenceEquals(_readArray, segment.Array))
        {
            _readArray = segment.Array;
            _readBuffer = new ByteBuffer(segment.Array!);
        }
        _readBuffer.Position = segment.Offset;
        return _readBuffer;
    }

}
