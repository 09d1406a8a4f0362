using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Filters;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Harness;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Workload 1: a portfolio graph (positions holding lots) at sizes from about 1 KB to about 4 MB, serialized into
/// a reused buffer and deserialized back, by every contender.
/// </summary>
/// <remarks>
/// <see cref="SerializeFloor"/> and <see cref="SerializeCopyFloor"/> bound the Fudge writer and
/// <see cref="DeserializeFloor"/> and <see cref="DeserializeReadFloor"/> every reader (issue 42): they run under <see cref="FloorContender"/> alone, at every
/// size (<see cref="FloorRows"/>).
/// </remarks>
[MemoryDiagnoser]
[Config(typeof(FloorRows))]
public class GraphBenchmarks
{
    /// <summary>The contender whose bytes the floor rows write: the generated ordinals writer (the default whole-graph writer).</summary>
    public const string FloorContender = "Fudge.Ordinals";


    private readonly ArrayBufferWriter<byte> _output = new(16 * 1024 * 1024);
    private GraphContender _contender = null!;
    private ReadOnlyMemory<byte> _encoded;
    private Models.Generated.Ordinals.Portfolio? _floorPortfolio;

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
        if (Contender == FloorContender)
        {
            // The floor writes the generated writer's bytes exactly, or nothing is measured.
            _floorPortfolio = ModelCopy.To<Models.Generated.Ordinals.Portfolio>(PortfolioGenerator.Create(Size));
            GraphWriterFloor.CheckSameBytes(_floorPortfolio, _encoded.Span);
            GraphBuildFloor.CheckSameGraph(_floorPortfolio, _encoded.Span);
            GraphReaderFloor.CheckSameGraph(_encoded.Span);
        }
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

    /// <summary>
    /// The writer floor: the same bytes as <see cref="Serialize"/> for <see cref="FloorContender"/>, written by
    /// <see cref="GraphWriterFloor"/>'s straight-line code (no writer, no field run, one room check per object).
    /// </summary>
    [Benchmark]
    public int SerializeFloor()
    {
        _output.ResetWrittenCount();
        GraphWriterFloor.Write(_output, _floorPortfolio!);
        return _output.WrittenCount;
    }

    /// <summary>The memory traffic's floor: the final bytes of <see cref="Serialize"/> copied into the output.</summary>
    [Benchmark]
    public int SerializeCopyFloor()
    {
        _output.ResetWrittenCount();
        var bytes = _encoded.Span;
        bytes.CopyTo(_output.GetSpan(bytes.Length));
        _output.Advance(bytes.Length);
        return _output.WrittenCount;
    }

    /// <summary>
    /// The reader floor: the objects <see cref="Deserialize"/> returns for <see cref="FloorContender"/>, built by
    /// <see cref="GraphBuildFloor"/> from a finished portfolio (every object, list, array and string allocated and every
    /// member stored; no bytes read): what allocation and the collector cost any reader of this graph.
    /// </summary>
    [Benchmark]
    public object DeserializeFloor() => GraphBuildFloor.Build(_floorPortfolio!);

    /// <summary>
    /// The decoder floor: the same objects read from the bytes <see cref="Deserialize"/> reads for
    /// <see cref="FloorContender"/>, by <see cref="GraphReaderFloor"/>'s straight-line code (each header checked with one
    /// comparison, each value against its message's end, each list counted first; fields in the writer's order only):
    /// what the format's decoding costs above <see cref="DeserializeFloor"/>.
    /// </summary>
    [Benchmark]
    public object DeserializeReadFloor() => GraphReaderFloor.Read(_encoded.Span);

    /// <summary>Keeps the floor rows to <see cref="FloorContender"/>; every other row runs as before.</summary>
    private sealed class FloorRows : ManualConfig
    {
        public FloorRows()
            => AddFilter(new SimpleFilter(c => c.Descriptor.WorkloadMethod.Name is not (nameof(SerializeFloor) or nameof(SerializeCopyFloor) or nameof(DeserializeFloor) or nameof(DeserializeReadFloor))
                || c.Parameters["Contender"] as string == FloorContender));
    }
}
