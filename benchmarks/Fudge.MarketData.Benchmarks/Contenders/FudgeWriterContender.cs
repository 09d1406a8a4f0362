using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// Fudge written by hand with <see cref="FudgeWriter"/>'s ordinal overloads straight from the day's plain messages,
/// as the SBE layout and FlatBuffers write: the same bytes as the generated ordinal types (checked by the round trip,
/// which reads them with the generated reader). It separates what the wire format costs from what walking the
/// objects costs.
/// </summary>
public sealed class FudgeWriterContender : ShootoutContender
{
    private static readonly FudgeFieldKey MessagesKey = FudgeFieldKey.FromOrdinal(2);
    private static readonly FudgeFieldKey BodyKey = FudgeFieldKey.FromOrdinal(3);
    private readonly FudgeOrdinalsContender _reader = new();
    private MarketDay? _day;
    private int _listSizeHint;

    /// <inheritdoc />
    public override string Name => "Fudge writer (hand-written)";

    /// <inheritdoc />
    public override bool MeasuresReading => false;

    /// <inheritdoc />
    public override string? WritesBytesOf => "Fudge ordinals";

    /// <inheritdoc />
    public override void Load(MarketDay day) => _day = day;

    /// <inheritdoc />
    public override void Serialize(int batch, IBufferWriter<byte> output)
    {
        var day = _day!;
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt64((short)1, unchecked((long)day.SequenceNumbers[batch]));
        var list = writer.BeginMessage(MessagesKey, _listSizeHint);
        foreach (ref readonly var m in day.Batch(batch))
        {
            var message = writer.BeginMessage(FudgeFieldKey.Anonymous, 0);
            writer.WriteInt64((short)1, unchecked((long)m.TsNanos));
            writer.WriteStringUtf8((short)2, day.SymbolUtf8[m.Symbol]);
            var body = writer.BeginMessage(BodyKey, 0);
            if (m.Kind == BodyKind.Trade)
            {
                writer.WriteStringUtf8((short)0, "T"u8);
                writer.WriteStringUtf8((short)0, "B"u8);
                writer.WriteInt64((short)1, unchecked((long)m.Price));
                writer.WriteInt64((short)2, m.Size);
            }
            else
            {
                writer.WriteStringUtf8((short)0, "L"u8);
                writer.WriteStringUtf8((short)0, "B"u8);
                writer.WriteInt64((short)1, unchecked((long)m.Price));
                writer.WriteInt64((short)2, m.Size);
                writer.WriteInt32((short)3, m.Flags);
                writer.WriteInt32((short)4, (byte)m.Side);
            }
            writer.EndMessage(body);
            writer.EndMessage(message);
        }
        writer.EndMessage(list, ref _listSizeHint);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    /// <summary>Reads as the generated ordinal types do (the bytes are theirs); not measured again.</summary>
    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate) => _reader.DeserializeAndAggregate(bytes, aggregate);

    /// <inheritdoc />
    public override ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages) => _reader.Decode(bytes, day, messages);
}
