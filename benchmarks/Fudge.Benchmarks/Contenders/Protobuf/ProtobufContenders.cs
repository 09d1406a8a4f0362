using System;
using System.Buffers;
using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Proto;
using Google.Protobuf;

namespace Fudge.Benchmarks.Contenders.Protobuf;

/// <summary>
/// Google.Protobuf on workload 1 with protoc-generated classes. Protobuf users work on the generated classes
/// directly, so the graph is converted once at load and decoding stops at the generated classes.
/// </summary>
public sealed class ProtobufGraphContender : GraphContender
{
    private PbPortfolio _message = new();

    public override string Name => "Protobuf";

    public override void Load(Portfolio portfolio) => _message = ProtobufMapping.ToProto(portfolio);

    public override void Serialize(IBufferWriter<byte> output) => _message.WriteTo(output);

    public override object Deserialize(ReadOnlyMemory<byte> data) => PbPortfolio.Parser.ParseFrom(data.Span);
}

/// <summary>Google.Protobuf on workload 2.</summary>
public sealed class ProtobufTickContender : TickContender
{
    private PbMarketTick[] _ticks = Array.Empty<PbMarketTick>();

    public override string Name => "Protobuf";

    public override void Load(MarketTick[] ticks)
    {
        _ticks = new PbMarketTick[ticks.Length];
        for (int i = 0; i < ticks.Length; i++) _ticks[i] = ProtobufMapping.ToProto(ticks[i]);
    }

    public override void Serialize(int index, IBufferWriter<byte> output) => _ticks[index].WriteTo(output);

    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals)
    {
        var tick = PbMarketTick.Parser.ParseFrom(data.Span);
        totals.Add((TickKind)tick.Kind, tick.Price, tick.Size);
    }
}
