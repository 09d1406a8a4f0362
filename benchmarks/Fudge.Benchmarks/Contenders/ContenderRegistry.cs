extern alias WholeGraph;

using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Benchmarks.Contenders.Baseline;
using Fudge.Benchmarks.Contenders.Fudge;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Contenders.Json;
using Fudge.Benchmarks.Contenders.Protobuf;
using Fudge.Benchmarks.Contenders.Rivals;

namespace Fudge.Benchmarks.Contenders;

/// <summary>Every contender of both workloads by name, in the order tables and charts list them.</summary>
public static class ContenderRegistry
{
    /// <summary>The contender the ratios are taken against first: MessagePack-CSharp with integer keys, the usual fast binary choice.</summary>
    public const string Reference = "MessagePack.IntKeys";

    /// <summary>The second reference of the ratio table and chart: MemoryPack, the fastest serializer on .NET (no field headers at all).</summary>
    public const string SecondReference = "MemoryPack";

    /// <summary>Both references, in the order the ratio columns show them.</summary>
    public static IReadOnlyList<string> References { get; } = new[] { Reference, SecondReference };

    private static readonly (string Name, Func<GraphContender> Create)[] Graph =
    {
        ("Fudge.Ordinals", () => new GeneratedGraphContender<Models.Generated.Ordinals.Portfolio>("Fudge.Ordinals")),
        ("Fudge.Names", () => new GeneratedGraphContender<Models.Generated.Names.Portfolio>("Fudge.Names")),
        ("Fudge.Taxonomy", () => new GeneratedGraphContender<Models.Generated.Taxonomy.Portfolio>("Fudge.Taxonomy")),
        // The same models compiled with whole-graph generated code (issue 42; benchmarks/Fudge.Benchmarks.WholeGraph): the same bytes.
        ("Fudge.Ordinals.WholeGraph", () => new GeneratedGraphContender<WholeGraph::Fudge.Benchmarks.Models.Generated.Ordinals.Portfolio>("Fudge.Ordinals.WholeGraph")),
        ("Fudge.Names.WholeGraph", () => new GeneratedGraphContender<WholeGraph::Fudge.Benchmarks.Models.Generated.Names.Portfolio>("Fudge.Names.WholeGraph")),
        ("Fudge.HandWritten", () => new CodecGraphContender("Fudge.HandWritten", new HandWrittenPortfolioCodec())),
        ("Fudge.Dom", () => new CodecGraphContender("Fudge.Dom", new FudgeDomCodec<Models.Portfolio>(DomMapping.ToMessage, DomMapping.ToPortfolio))),
        ("MessagePack.IntKeys", () => new TwinGraphContender<Models.Rivals.MessagePackIntKeys.Portfolio>("MessagePack.IntKeys", new MessagePackCodec<Models.Rivals.MessagePackIntKeys.Portfolio>())),
        ("MessagePack.StringKeys", () => new TwinGraphContender<Models.Rivals.MessagePackStringKeys.Portfolio>("MessagePack.StringKeys", new MessagePackCodec<Models.Rivals.MessagePackStringKeys.Portfolio>())),
        ("MemoryPack", () => new TwinGraphContender<Models.Rivals.MemoryPack.Portfolio>("MemoryPack", new MemoryPackCodec<Models.Rivals.MemoryPack.Portfolio>())),
        ("protobuf-net", () => new TwinGraphContender<Models.Rivals.ProtobufNet.Portfolio>("protobuf-net", new ProtobufNetCodec<Models.Rivals.ProtobufNet.Portfolio>())),
        ("Protobuf", () => new ProtobufGraphContender()),
        ("STJ.SourceGen", () => new CodecGraphContender("STJ.SourceGen", new SystemTextJsonCodec<Models.Portfolio>(BenchmarkJsonContext.Default.Portfolio))),
        ("Newtonsoft", () => new CodecGraphContender("Newtonsoft", new NewtonsoftJsonCodec<Models.Portfolio>())),
        ("Copy", () => new CopyGraphContender()),
    };

    private static readonly (string Name, Func<TickContender> Create)[] Tick =
    {
        ("Fudge.Ordinals", () => new GeneratedTickContender<Models.Generated.Ordinals.MarketTick>("Fudge.Ordinals")),
        ("Fudge.Names", () => new GeneratedTickContender<Models.Generated.Names.MarketTick>("Fudge.Names")),
        ("Fudge.Taxonomy", () => new GeneratedTickContender<Models.Generated.Taxonomy.MarketTick>("Fudge.Taxonomy")),
        ("Fudge.HandWritten", () => new CodecTickContender("Fudge.HandWritten", new HandWrittenTickCodec())),
        ("Fudge.Dom", () => new CodecTickContender("Fudge.Dom", new FudgeDomCodec<Models.MarketTick>(DomMapping.ToMessage, DomMapping.ToTick))),
        ("MessagePack.IntKeys", () => new TwinTickContender<Models.Rivals.MessagePackIntKeys.MarketTick>("MessagePack.IntKeys", new MessagePackCodec<Models.Rivals.MessagePackIntKeys.MarketTick>())),
        ("MessagePack.StringKeys", () => new TwinTickContender<Models.Rivals.MessagePackStringKeys.MarketTick>("MessagePack.StringKeys", new MessagePackCodec<Models.Rivals.MessagePackStringKeys.MarketTick>())),
        ("MemoryPack", () => new TwinTickContender<Models.Rivals.MemoryPack.MarketTick>("MemoryPack", new MemoryPackCodec<Models.Rivals.MemoryPack.MarketTick>())),
        ("protobuf-net", () => new TwinTickContender<Models.Rivals.ProtobufNet.MarketTick>("protobuf-net", new ProtobufNetCodec<Models.Rivals.ProtobufNet.MarketTick>())),
        ("Protobuf", () => new ProtobufTickContender()),
        ("STJ.SourceGen", () => new CodecTickContender("STJ.SourceGen", new SystemTextJsonCodec<Models.MarketTick>(BenchmarkJsonContext.Default.MarketTick))),
        ("Newtonsoft", () => new CodecTickContender("Newtonsoft", new NewtonsoftJsonCodec<Models.MarketTick>())),
        ("Copy", () => new CopyTickContender()),
    };

    /// <summary>
    /// The environment variable naming the contenders to run (comma-separated); unset runs them all. An environment
    /// variable rather than a field, because BenchmarkDotNet reads the parameter values again in each child process.
    /// </summary>
    public const string SelectionVariable = "FUDGE_BENCH_CONTENDERS";

    /// <summary>Names of workload 1's contenders (those selected by <see cref="SelectionVariable"/>).</summary>
    public static IReadOnlyList<string> GraphNames => Selected(Graph.Select(c => c.Name));

    /// <summary>Names of workload 2's contenders (those selected by <see cref="SelectionVariable"/>).</summary>
    public static IReadOnlyList<string> TickNames => Selected(Tick.Select(c => c.Name));

    /// <summary>True when <paramref name="name"/> is a contender of either workload.</summary>
    public static bool IsKnown(string name) => Graph.Any(c => c.Name == name) || Tick.Any(c => c.Name == name);

    private static string[] Selected(IEnumerable<string> names)
    {
        string? selection = Environment.GetEnvironmentVariable(SelectionVariable);
        if (string.IsNullOrWhiteSpace(selection)) return names.ToArray();
        var wanted = selection.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return names.Where(n => wanted.Contains(n, StringComparer.OrdinalIgnoreCase)).ToArray();
    }

    /// <summary>Position of a contender in the tables (registry order; unknown names last).</summary>
    public static int Order(string name)
    {
        int i = Array.FindIndex(Graph, c => c.Name == name);
        if (i < 0) i = Array.FindIndex(Tick, c => c.Name == name);
        return i < 0 ? int.MaxValue : i;
    }

    /// <summary>Creates a fresh workload 1 contender.</summary>
    public static GraphContender CreateGraph(string name) => Graph.First(c => c.Name == name).Create();

    /// <summary>Creates a fresh workload 2 contender.</summary>
    public static TickContender CreateTick(string name) => Tick.First(c => c.Name == name).Create();
}
