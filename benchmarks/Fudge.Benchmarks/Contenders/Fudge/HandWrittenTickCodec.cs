using System;
using System.Buffers;
using Fudge.Benchmarks.Models;
using O = Fudge.Benchmarks.Contenders.Fudge.FieldOrdinals.Tick;

namespace Fudge.Benchmarks.Contenders.Fudge;

/// <summary>
/// Workload 2 written by hand straight on <see cref="FudgeWriter"/> and <see cref="FudgeReader"/>, ordinals only:
/// what a developer gets from the core alone, and the yardstick for the generated serializers.
/// </summary>
public sealed class HandWrittenTickCodec : ObjectCodec<MarketTick>
{
    public override void Write(MarketTick value, IBufferWriter<byte> output)
    {
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt32(O.Kind, (int)value.Kind);
        writer.WriteString(O.Symbol, value.Symbol);
        writer.WriteInt32(O.Side, (int)value.Side);
        writer.WriteDouble(O.Price, value.Price);
        writer.WriteInt64(O.Size, value.Size);
        writer.WriteInt64(O.TimestampNs, value.TimestampNs);
        writer.WriteInt32(O.Flags, value.Flags);
        writer.WriteInt64(O.Sequence, value.Sequence);
        writer.WriteInt32(O.Level, value.Level);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    public override MarketTick Read(ReadOnlyMemory<byte> data)
    {
        var reader = new FudgeReader(data.Span);
        var tick = new MarketTick();
        while (reader.Read())
        {
            switch (reader.Ordinal)
            {
                case O.Kind: tick.Kind = (TickKind)reader.GetInt32(); break;
                case O.Symbol: tick.Symbol = reader.GetString(); break;
                case O.Side: tick.Side = (Side)reader.GetInt32(); break;
                case O.Price: tick.Price = reader.GetDouble(); break;
                case O.Size: tick.Size = reader.GetInt64(); break;
                case O.TimestampNs: tick.TimestampNs = reader.GetInt64(); break;
                case O.Flags: tick.Flags = reader.GetInt32(); break;
                case O.Sequence: tick.Sequence = reader.GetInt64(); break;
                case O.Level: tick.Level = reader.GetInt32(); break;
            }
        }
        return tick;
    }
}
