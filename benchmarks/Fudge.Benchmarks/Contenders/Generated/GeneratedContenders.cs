using System;
using System.Buffers;
using Fudge.Benchmarks.Models;
using Fudge.Serialization;

namespace Fudge.Benchmarks.Contenders.Generated;

/// <summary>
/// Workload 1 through a serializer the Fudge source generator wrote for <typeparamref name="TPortfolio"/>, via the
/// public entry point <see cref="FudgeSerializer"/>. The shared graph is copied into the annotated model at load.
/// </summary>
public sealed class GeneratedGraphContender<TPortfolio> : GraphContender where TPortfolio : class
{
    private TPortfolio? _portfolio;

    public GeneratedGraphContender(string name) => Name = name;

    public override string Name { get; }

    public override void Load(Portfolio portfolio) => _portfolio = ModelCopy.To<TPortfolio>(portfolio);

    public override void Serialize(IBufferWriter<byte> output) => FudgeSerializer.Serialize(output, _portfolio!);

    public override object Deserialize(ReadOnlyMemory<byte> data) => FudgeSerializer.Deserialize<TPortfolio>(data.Span);
}

/// <summary>Workload 2 through a generated serializer for <typeparamref name="TTick"/>.</summary>
public sealed class GeneratedTickContender<TTick> : TickContender where TTick : class, ITickFields
{
    private TTick[] _ticks = Array.Empty<TTick>();

    public GeneratedTickContender(string name) => Name = name;

    public override string Name { get; }

    public override void Load(MarketTick[] ticks) => _ticks = Array.ConvertAll(ticks, ModelCopy.To<TTick>);

    public override void Serialize(int index, IBufferWriter<byte> output) => FudgeSerializer.Serialize(output, _ticks[index]);

    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals)
    {
        var tick = FudgeSerializer.Deserialize<TTick>(data.Span);
        totals.Add(tick.Kind, tick.Price, tick.Size);
    }
}
