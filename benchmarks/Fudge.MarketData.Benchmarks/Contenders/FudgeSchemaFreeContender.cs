using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// The schema-free path: aggregates straight from the bytes the generated ordinal types write, with a
/// <see cref="FudgeReader"/> walking the fields and no object built (the symbol is compared as UTF-8 bytes). It knows
/// only the field ordinals and the union's type names, as a filter or a router configured by ordinal paths knows them.
/// </summary>
public sealed class FudgeSchemaFreeContender : ShootoutContender
{
    // The wire ordinals of Models/FudgeOrdinalModels.cs.
    private const short SeqNo = 1, Messages = 2;
    private const short TsNanos = 1, Symbol = 2, Body = 3;
    private const short TypeName = 0, Price = 1, Size = 2, Flags = 3, Side = 4;

    /// <inheritdoc />
    public override string Name => "Fudge schema-free reader";

    /// <inheritdoc />
    public override string? ReadsBytesOf => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day)
    {
    }

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output) =>
        throw new NotSupportedException("The schema-free reader reads what the generated ordinal types write.");

    /// <inheritdoc />
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate)
    {
        var batch = new FudgeReader(bytes.Span);
        while (batch.Read())
        {
            if (batch.Ordinal != Messages || batch.TypeId != FudgeTypeId.Message) continue;
            var messages = batch.ReadMessage();
            while (messages.Read())
            {
                var message = messages.ReadMessage();
                ulong symbol = 0;
                Quote quote = default;
                while (message.Read())
                {
                    switch (message.Ordinal)
                    {
                        case Symbol: symbol = SymbolKey.FromUtf8(message.ValueSpan); break;
                        case Body: quote = ReadBody(message.ReadMessage()); break;
                    }
                }
                if (quote.IsTrade) aggregate.Trade(symbol, quote.Price, quote.Size);
                else aggregate.Level(symbol, quote.Price, quote.Side == (byte)BookSide.Buy);
            }
        }
    }

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> into)
    {
        ulong seqNo = 0;
        var batch = new FudgeReader(bytes.Span);
        while (batch.Read())
        {
            if (batch.Ordinal == SeqNo) seqNo = (ulong)batch.GetInt64();
            if (batch.Ordinal != Messages || batch.TypeId != FudgeTypeId.Message) continue;
            var messages = batch.ReadMessage();
            while (messages.Read())
            {
                var message = messages.ReadMessage();
                ulong ts = 0, symbol = 0;
                Quote quote = default;
                while (message.Read())
                {
                    switch (message.Ordinal)
                    {
                        case TsNanos: ts = (ulong)message.GetInt64(); break;
                        case Symbol: symbol = SymbolKey.FromUtf8(message.ValueSpan); break;
                        case Body: quote = ReadBody(message.ReadMessage()); break;
                    }
                }
                into.Add(new FeedMessage(ts, SymbolIndex.Of(day, symbol), quote.IsTrade ? BodyKind.Trade : BodyKind.LevelUpdate,
                    quote.Price, quote.Size, quote.Flags, (BookSide)quote.Side));
            }
        }
        return seqNo;
    }

    // The body's first type name (ordinal 0) is the union case: "T" for a trade, "L" for a level update.
    private static Quote ReadBody(FudgeReader body)
    {
        Quote quote = default;
        bool named = false;
        while (body.Read())
        {
            switch (body.Ordinal)
            {
                case TypeName when !named: quote.IsTrade = body.ValueSpan.SequenceEqual("T"u8); named = true; break;
                case Price: quote.Price = (ulong)body.GetInt64(); break;
                case Size: quote.Size = (uint)body.GetInt64(); break;
                case Flags: quote.Flags = (byte)body.GetInt32(); break;
                case Side: quote.Side = (byte)body.GetInt32(); break;
            }
        }
        return quote;
    }

    private struct Quote
    {
        public bool IsTrade;
        public ulong Price;
        public uint Size;
        public byte Flags;
        public byte Side;
    }
}
