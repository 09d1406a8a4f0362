using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Workload 1: a portfolio graph (positions holding lots) at sizes from about 1 KB to about 4 MB, serialized into
/// a reused buffer and deserialized back, by every contender.
/// </summary>
[MemoryDiagnoser]
public class GraphBenchmarks
{
    private readonly ArrayBufferWriter<byte> _output = new(16 * 1024 * 1024);
    private GraphContender _contender = null!;
    private ReadOnlyMemory<byte> _encoded;

    public static IEnumerable<string> Sizes => PortfolioGenerator.SizeLabels;

    public static IEnumerable<string> Contenders => ContenderRegistry.GraphNames;

    [ParamsSource(nameof(Sizes))]
    public string Size { get; set; } = "1KB";

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = ContenderRegistry.Reference;

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderRegistry.CreateGraph(Contender);
        _contender.Load(PortfolioGenerator.Create(Size));
        Serialize();
        _encoded = _output.WrittenMemory.ToArray();
    }

    [Benchmark]
    public int Serialize()
    {
        _output.ResetWrittenCount();
        _contender.Serialize(_output);
        return _output.WrittenCount;
    }

    [Benchmark]
    public object Deserialize() => _contender.Deserialize(_encoded);
}
