using System;
using System.Buffers;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Models;
using Fudge.Serialization;
using Names = Fudge.Benchmarks.Models.Generated.Names;
using Ordinals = Fudge.Benchmarks.Models.Generated.Ordinals;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// The generator's promise (issue 3): serializing a market-data trade into a reused buffer allocates nothing, and
/// deserializing allocates only the result (the trade object and its symbol string).
/// </summary>
[MemoryDiagnoser]
public class GeneratedTradeBenchmarks
{
    private readonly ArrayBufferWriter<byte> _buffer = new(1024);
    private Ordinals.MarketTick _ordinalTrade = null!;
    private Names.MarketTick _namedTrade = null!;
    private byte[] _ordinalBytes = Array.Empty<byte>();
    private byte[] _namedBytes = Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        var trade = TickGenerator.Create(100).First(t => t.Kind == TickKind.Trade);
        _ordinalTrade = ModelCopy.To<Ordinals.MarketTick>(trade);
        _namedTrade = ModelCopy.To<Names.MarketTick>(trade);
        _ordinalBytes = FudgeSerializer.Serialize(_ordinalTrade);
        _namedBytes = FudgeSerializer.Serialize(_namedTrade);
    }

    [Benchmark]
    public int SerializeOrdinals()
    {
        _buffer.ResetWrittenCount();
        FudgeSerializer.Serialize(_buffer, _ordinalTrade);
        return _buffer.WrittenCount;
    }

    [Benchmark]
    public int SerializeNames()
    {
        _buffer.ResetWrittenCount();
        FudgeSerializer.Serialize(_buffer, _namedTrade);
        return _buffer.WrittenCount;
    }

    [Benchmark]
    public Ordinals.MarketTick DeserializeOrdinals() => FudgeSerializer.Deserialize<Ordinals.MarketTick>(_ordinalBytes);

    [Benchmark]
    public Names.MarketTick DeserializeNames() => FudgeSerializer.Deserialize<Names.MarketTick>(_namedBytes);
}
