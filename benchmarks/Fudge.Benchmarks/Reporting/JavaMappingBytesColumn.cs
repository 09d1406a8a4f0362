using System;
using System.Collections.Concurrent;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Fudge.Benchmarks.Benchmarks;

namespace Fudge.Benchmarks.Reporting;

/// <summary>Adds the encoded bytes per message of each mode of the Java-mapping benchmarks beside its times.</summary>
[AttributeUsage(AttributeTargets.Class)]
internal sealed class JavaMappingBytesColumnAttribute : ColumnConfigBaseAttribute
{
    public JavaMappingBytesColumnAttribute() : base(new JavaMappingBytesColumn()) { }
}

/// <summary>Encoded bytes per message of a Java-mapping benchmark's mode (the graph of its size, or the mean tick).</summary>
internal sealed class JavaMappingBytesColumn : IColumn
{
    private static readonly ConcurrentDictionary<(string Workload, string Mode, string? Size), double> Sizes = new();

    public string Id => nameof(JavaMappingBytesColumn);
    public string ColumnName => "Bytes";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Size;
    public string Legend => "Encoded bytes per message";

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        string method = benchmarkCase.Descriptor.WorkloadMethod.Name;
        string? mode = JavaMappingModes.All.OrderByDescending(m => m.Length).FirstOrDefault(m => method.EndsWith(m, StringComparison.Ordinal));
        if (mode is null) return "-";
        bool graph = benchmarkCase.Descriptor.Type == typeof(JavaMappingGraphBenchmarks);
        string? size = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value?.ToString();
        double bytes = Sizes.GetOrAdd((graph ? "Graph" : "Ticks", mode, size), key => Measure(key.Workload, key.Mode, key.Size));
        return bytes.ToString("0.#", CultureInfo.InvariantCulture);
    }

    private static double Measure(string workload, string mode, string? size)
    {
        if (workload == "Graph") return JavaMappingModes.LoadGraph(mode, size ?? "1KB").Encoded.Length;
        var encoded = JavaMappingModes.LoadTicks(mode, TickBenchmarksBatch).Encoded;
        return encoded.Average(e => (double)e.Length);
    }

    private const int TickBenchmarksBatch = TickBenchmarks.BatchSize;
}
