extern alias WholeGraph;

using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Harness;
using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Reporting;
using JavaModels = Fudge.Benchmarks.Models.Generated.Java;
using JavaOpenModels = Fudge.Benchmarks.Models.Generated.JavaOpen;
using Names = Fudge.Benchmarks.Models.Generated.Names;
using WholeGraphNames = WholeGraph::Fudge.Benchmarks.Models.Generated.Names;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// The three ways of writing the same Fudge (names) model that <see cref="JavaMappingGraphBenchmarks"/> and
/// <see cref="JavaMappingTickBenchmarks"/> compare in one run: this library's own mapping (the <c>Fudge.Names</c>
/// contender of the main benchmarks), and Fudge-Java 0.3's object mapping on sealed and on unsealed twins.
/// </summary>
public static class JavaMappingModes
{
    /// <summary>The default mapping (<c>[FudgeMessage]</c>, names on the wire): the baseline.</summary>
    public const string Default = "Default";

    /// <summary><c>FudgeObjectMapping.Java</c> (through <c>[assembly: FudgeJavaPackage]</c>) on sealed twins.</summary>
    public const string Java = "Java";

    /// <summary>The same on unsealed twins: reading also looks for a registered derived type among the class names.</summary>
    public const string JavaOpen = "JavaOpen";

    /// <summary>
    /// The default mapping's models compiled with whole-graph generated code (FudgeWholeGraph=true, issue 42): the same
    /// bytes. Fudge-Java objects keep the per-object path (docs/generator.md), so the Java modes have no such twin.
    /// </summary>
    public const string DefaultWholeGraph = "DefaultWholeGraph";

    /// <summary>Every mode, baseline first.</summary>
    public static IReadOnlyList<string> All { get; } = new[] { Default, Java, JavaOpen, DefaultWholeGraph };

    /// <summary>The Java package each Java mode's twins are mapped to (see Models/Generated/Java*Models.cs).</summary>
    public static string? Package(string mode) => mode switch
    {
        Java => "org.fudgemsg.bench.sealed",
        JavaOpen => "org.fudgemsg.bench.opened",
        _ => null,
    };

    public static GraphContender Graph(string mode) => mode switch
    {
        Default => new GeneratedGraphContender<Names.Portfolio>("Fudge.Names"),
        Java => new GeneratedGraphContender<JavaModels.Portfolio>("Fudge.Java"),
        JavaOpen => new GeneratedGraphContender<JavaOpenModels.Portfolio>("Fudge.JavaOpen"),
        DefaultWholeGraph => new GeneratedGraphContender<WholeGraphNames.Portfolio>("Fudge.Names.WholeGraph"),
        _ => throw new ArgumentOutOfRangeException(nameof(mode), mode, null),
    };

    public static TickContender Tick(string mode) => mode switch
    {
        Default => new GeneratedTickContender<Names.MarketTick>("Fudge.Names"),
        Java => new GeneratedTickContender<JavaModels.MarketTick>("Fudge.Java"),
        JavaOpen => new GeneratedTickContender<JavaOpenModels.MarketTick>("Fudge.JavaOpen"),
        _ => throw new ArgumentOutOfRangeException(nameof(mode), mode, null),
    };

    /// <summary>The graph of <paramref name="size"/> loaded into a mode's contender, its bytes checked to round-trip.</summary>
    public static (GraphContender Contender, byte[] Encoded) LoadGraph(string mode, string size)
    {
        var portfolio = PortfolioGenerator.Create(size);
        var contender = Graph(mode);
        contender.Load(portfolio);
        var output = new ArrayBufferWriter<byte>(1024 * 1024);
        contender.Serialize(output);
        byte[] encoded = output.WrittenSpan.ToArray();
        RoundTripCheck.Graph(contender, portfolio, encoded);
        CheckMapping(mode, contender.Name, encoded);
        return (contender, encoded);
    }

    /// <summary>The ticks loaded into a mode's contender, each message checked to round-trip field by field.</summary>
    public static (TickContender Contender, ReadOnlyMemory<byte>[] Encoded) LoadTicks(string mode, int count)
    {
        var ticks = TickGenerator.Create(count);
        var contender = Tick(mode);
        contender.Load(ticks);
        var output = new ArrayBufferWriter<byte>(64 * 1024);
        var encoded = new ReadOnlyMemory<byte>[count];
        for (int i = 0; i < count; i++)
        {
            output.ResetWrittenCount();
            contender.Serialize(i, output);
            encoded[i] = output.WrittenMemory.ToArray();
        }
        RoundTripCheck.Ticks(contender, ticks, encoded);
        for (int i = 0; i < count; i++)
        {
            var decoded = ModelCopy.To<MarketTick>(DeserializeTick(mode, encoded[i].Span));
            var t = ticks[i];
            if (decoded.Kind != t.Kind || decoded.Symbol != t.Symbol || decoded.Side != t.Side || decoded.Price != t.Price
                || decoded.Size != t.Size || decoded.TimestampNs != t.TimestampNs || decoded.Flags != t.Flags
                || decoded.Sequence != t.Sequence || decoded.Level != t.Level)
                throw new InvalidOperationException($"{contender.Name} does not round-trip tick {i}.");
        }
        CheckMapping(mode, contender.Name, encoded[0].Span);
        return (contender, encoded);
    }

    private static object DeserializeTick(string mode, ReadOnlySpan<byte> data) => mode switch
    {
        Default => Serialization.FudgeSerializer.Deserialize<Names.MarketTick>(data),
        Java => Serialization.FudgeSerializer.Deserialize<JavaModels.MarketTick>(data),
        _ => Serialization.FudgeSerializer.Deserialize<JavaOpenModels.MarketTick>(data),
    };

    /// <summary>Proves the Java modes really write Fudge-Java's form (their class names are on the wire) and the default does not.</summary>
    private static void CheckMapping(string mode, string name, ReadOnlySpan<byte> encoded)
    {
        bool hasClassNames = encoded.IndexOf(Encoding.UTF8.GetBytes("org.fudgemsg.bench.")) >= 0;
        if (hasClassNames != (Package(mode) is not null))
            throw new InvalidOperationException($"{name}: Java class names {(hasClassNames ? "written" : "missing")} in mode {mode}.");
    }
}

/// <summary>
/// Workload 1 (the portfolio graph) in the default mapping and in Fudge-Java's, in the same run: serialize into a
/// reused buffer and deserialize, the default mode the baseline of each operation.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
[JavaMappingBytesColumn]
public class JavaMappingGraphBenchmarks
{
    private readonly ArrayBufferWriter<byte> _output = new(16 * 1024 * 1024);
    private GraphContender _default = null!, _java = null!, _javaOpen = null!, _wholeGraph = null!;
    private ReadOnlyMemory<byte> _defaultBytes, _javaBytes, _javaOpenBytes, _wholeGraphBytes;

    /// <summary>The sizes of <see cref="GraphBenchmarks"/> up to 64 KB (1 MB and 4 MB would not fit the run's time budget).</summary>
    public static IEnumerable<string> Sizes => new[] { "1KB", "64KB" };

    [ParamsSource(nameof(Sizes))]
    public string Size { get; set; } = "1KB";

    [GlobalSetup]
    public void Setup()
    {
        (_default, var d) = JavaMappingModes.LoadGraph(JavaMappingModes.Default, Size);
        (_java, var j) = JavaMappingModes.LoadGraph(JavaMappingModes.Java, Size);
        (_javaOpen, var o) = JavaMappingModes.LoadGraph(JavaMappingModes.JavaOpen, Size);
        (_wholeGraph, var w) = JavaMappingModes.LoadGraph(JavaMappingModes.DefaultWholeGraph, Size);
        if (!w.AsSpan().SequenceEqual(d)) throw new InvalidOperationException("The whole-graph code does not write the default mapping's bytes.");
        (_defaultBytes, _javaBytes, _javaOpenBytes, _wholeGraphBytes) = (d, j, o, w);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Serialize")]
    public int SerializeDefault() => Serialize(_default);

    [Benchmark, BenchmarkCategory("Serialize")]
    public int SerializeJava() => Serialize(_java);

    [Benchmark, BenchmarkCategory("Serialize")]
    public int SerializeJavaOpen() => Serialize(_javaOpen);

    [Benchmark, BenchmarkCategory("Serialize")]
    public int SerializeDefaultWholeGraph() => Serialize(_wholeGraph);

    [Benchmark(Baseline = true), BenchmarkCategory("Deserialize")]
    public object DeserializeDefault() => _default.Deserialize(_defaultBytes);

    [Benchmark, BenchmarkCategory("Deserialize")]
    public object DeserializeJava() => _java.Deserialize(_javaBytes);

    [Benchmark, BenchmarkCategory("Deserialize")]
    public object DeserializeJavaOpen() => _javaOpen.Deserialize(_javaOpenBytes);

    [Benchmark, BenchmarkCategory("Deserialize")]
    public object DeserializeDefaultWholeGraph() => _wholeGraph.Deserialize(_wholeGraphBytes);

    private int Serialize(GraphContender contender)
    {
        _output.ResetWrittenCount();
        contender.Serialize(_output);
        return _output.WrittenCount;
    }
}

/// <summary>
/// Workload 2 (market-data ticks) in the default mapping and in Fudge-Java's, in the same run, per message as in
/// <see cref="TickBenchmarks"/>: each of a batch of ticks serialized into a reused buffer, or decoded and aggregated.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
[JavaMappingBytesColumn]
public class JavaMappingTickBenchmarks
{
    private const int BatchSize = TickBenchmarks.BatchSize;

    private readonly ArrayBufferWriter<byte> _output = new(64 * 1024);
    private TickContender _default = null!, _java = null!, _javaOpen = null!;
    private ReadOnlyMemory<byte>[] _defaultBytes = [], _javaBytes = [], _javaOpenBytes = [];

    [GlobalSetup]
    public void Setup()
    {
        (_default, _defaultBytes) = JavaMappingModes.LoadTicks(JavaMappingModes.Default, BatchSize);
        (_java, _javaBytes) = JavaMappingModes.LoadTicks(JavaMappingModes.Java, BatchSize);
        (_javaOpen, _javaOpenBytes) = JavaMappingModes.LoadTicks(JavaMappingModes.JavaOpen, BatchSize);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = BatchSize), BenchmarkCategory("Serialize")]
    public int SerializeDefault() => Serialize(_default);

    [Benchmark(OperationsPerInvoke = BatchSize), BenchmarkCategory("Serialize")]
    public int SerializeJava() => Serialize(_java);

    [Benchmark(OperationsPerInvoke = BatchSize), BenchmarkCategory("Serialize")]
    public int SerializeJavaOpen() => Serialize(_javaOpen);

    [Benchmark(Baseline = true, OperationsPerInvoke = BatchSize), BenchmarkCategory("DeserializeAndAggregate")]
    public long DeserializeAndAggregateDefault() => DeserializeAndAggregate(_default, _defaultBytes);

    [Benchmark(OperationsPerInvoke = BatchSize), BenchmarkCategory("DeserializeAndAggregate")]
    public long DeserializeAndAggregateJava() => DeserializeAndAggregate(_java, _javaBytes);

    [Benchmark(OperationsPerInvoke = BatchSize), BenchmarkCategory("DeserializeAndAggregate")]
    public long DeserializeAndAggregateJavaOpen() => DeserializeAndAggregate(_javaOpen, _javaOpenBytes);

    private int Serialize(TickContender contender)
    {
        int total = 0;
        for (int i = 0; i < BatchSize; i++)
        {
            _output.ResetWrittenCount();
            contender.Serialize(i, _output);
            total += _output.WrittenCount;
        }
        return total;
    }

    private static long DeserializeAndAggregate(TickContender contender, ReadOnlyMemory<byte>[] encoded)
    {
        var totals = TickTotals.Empty;
        for (int i = 0; i < encoded.Length; i++) contender.DeserializeAndAggregate(encoded[i], ref totals);
        return totals.TradedVolume;
    }
}
