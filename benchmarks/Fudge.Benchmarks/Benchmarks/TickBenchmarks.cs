using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Workload 2: market-data ticks, each serialized into a pre-allocated buffer, then each deserialized and added to
/// the running totals. Times and allocations are per message (a batch of seeded ticks per invocation).
/// </summary>
[MemoryDiagnoser]
public class TickBenchmarks
{
    public const int BatchSize = 10_000;

    private readonly ArrayBufferWriter<byte> _output = new(64 * 1024);
    private TickContender _contender = null!;
    private ReadOnlyMemory<byte>[] _encoded = Array.Empty<ReadOnlyMemory<byte>>();

    public static IEnumerable<string> Contenders => ContenderRegistry.TickNames;

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = ContenderRegistry.Reference;

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderRegistry.CreateTick(Contender);
        _contender.Load(TickGenerator.Create(BatchSize));
        _encoded = new ReadOnlyMemory<byte>[BatchSize];
        for (int i = 0; i < BatchSize; i++)
        {
            _output.ResetWrittenCount();
            _contender.Serialize(i, _output);
            _encoded[i] = _output.WrittenMemory.ToArray();
        }
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public int Serialize()
    {
        int total = 0;
        for (int i = 0; i < BatchSize; i++)
        {
            _output.ResetWrittenCount();
            _contender.Serialize(i, _output);
            total += _output.WrittenCount;
        }
        return total;
    }

    [Benchmark(OperationsPerInvoke = BatchSize)]
    public long DeserializeAndAggregate()
    {
        var totals = TickTotals.Empty;
        for (int i = 0; i < BatchSize; i++) _contender.DeserializeAndAggregate(_encoded[i], ref totals);
        return totals.TradedVolume;
    }
}
