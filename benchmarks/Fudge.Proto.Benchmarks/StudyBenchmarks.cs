using System.Buffers;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Fudge.Serialization;
using Google.Protobuf;
using N = study.names;
using O = study.ordinals;
using P = Study.Pb;

namespace Fudge.Proto.Benchmarks;

/// <summary>Serialize into a reused buffer and deserialize from bytes: Fudge-Proto names, ordinals, and Google.Protobuf.</summary>
[MemoryDiagnoser]
[CategoriesColumn]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
public class StudyBenchmarks
{
    private N.Portfolio _names = null!;
    private O.Portfolio _ordinals = null!;
    private P.Portfolio _protobuf = null!;
    private byte[] _namesBytes = null!, _ordinalsBytes = null!, _protobufBytes = null!;
    private readonly ArrayBufferWriter<byte> _buffer = new(1 << 16);

    /// <summary>Small: 4 positions of 5 trades (a few KB); Large: 2,000 positions of 20 trades (the study's MB range).</summary>
    [Params("Small", "Large")]
    public string Size { get; set; } = "Small";

    [GlobalSetup]
    public void Setup()
    {
        _names = StudyData.Names(Size);
        _ordinals = StudyData.Ordinals(Size);
        _protobuf = StudyData.Protobuf(Size);
        _namesBytes = FudgeSerializer.Serialize(_names);
        _ordinalsBytes = FudgeSerializer.Serialize(_ordinals);
        _protobufBytes = _protobuf.ToByteArray();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Serialize")]
    public int Serialize_Protobuf()
    {
        _buffer.Clear();
        _protobuf.WriteTo(_buffer);
        return _buffer.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("Serialize")]
    public int Serialize_FudgeOrdinals()
    {
        _buffer.Clear();
        FudgeSerializer.Serialize(_buffer, _ordinals);
        return _buffer.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("Serialize")]
    public int Serialize_FudgeNames()
    {
        _buffer.Clear();
        FudgeSerializer.Serialize(_buffer, _names);
        return _buffer.WrittenCount;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Deserialize")]
    public object Deserialize_Protobuf() => P.Portfolio.Parser.ParseFrom(_protobufBytes);

    [Benchmark, BenchmarkCategory("Deserialize")]
    public object Deserialize_FudgeOrdinals() => FudgeSerializer.Deserialize<O.Portfolio>(_ordinalsBytes);

    [Benchmark, BenchmarkCategory("Deserialize")]
    public object Deserialize_FudgeNames() => FudgeSerializer.Deserialize<N.Portfolio>(_namesBytes);
}
