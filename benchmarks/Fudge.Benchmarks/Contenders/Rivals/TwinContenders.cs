using System;
using System.Buffers;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Contenders.Rivals;

/// <summary>
/// Workload 1 for a serializer that works on its own annotated twin of the shared model (MessagePack, MemoryPack,
/// protobuf-net): the graph is copied into the twin once at load, and decoding stops at the twin, as it does for
/// users of those libraries.
/// </summary>
public sealed class TwinGraphContender<TPortfolio> : GraphContender where TPortfolio : class
{
    private readonly ObjectCodec<TPortfolio> _codec;
    private TPortfolio? _portfolio;

    public TwinGraphContender(string name, ObjectCodec<TPortfolio> codec)
    {
        Name = name;
        _codec = codec;
    }

    public override string Name { get; }

    public override void Load(Portfolio portfolio) => _portfolio = ModelCopy.To<TPortfolio>(portfolio);

    public override void Serialize(IBufferWriter<byte> output) => _codec.Write(_portfolio!, output);

    public override object Deserialize(ReadOnlyMemory<byte> data) => _codec.Read(data);
}

/// <summary>Workload 2 for a serializer that works on its own annotated twin of <see cref="MarketTick"/>.</summary>
public sealed class TwinTickContender<TTick> : TickContender where TTick : class, ITickFields
{
    private readonly ObjectCodec<TTick> _codec;
    private TTick[] _ticks = Array.Empty<TTick>();

    public TwinTickContender(string name, ObjectCodec<TTick> codec)
    {
        Name = name;
        _codec = codec;
    }

    public override string Name { get; }

    public override void Load(MarketTick[] ticks) => _ticks = Array.ConvertAll(ticks, ModelCopy.To<TTick>);

    public override void Serialize(int index, IBufferWriter<byte> output) => _codec.Write(_ticks[index], output);

    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals)
    {
        var tick = _codec.Read(data);
        totals.Add(tick.Kind, tick.Price, tick.Size);
    }
}
