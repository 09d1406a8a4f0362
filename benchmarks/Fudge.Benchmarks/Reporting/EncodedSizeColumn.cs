using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Fudge.Benchmarks.Harness;

namespace Fudge.Benchmarks.Reporting;

/// <summary>Adds each contender's encoded bytes per message (from <see cref="SizeTable"/>) beside its times.</summary>
internal sealed class EncodedSizeColumn : IColumn
{
    private readonly Lazy<IReadOnlyList<SizeTable.Row>> _sizes = new(SizeTable.Measure);

    public string Id => nameof(EncodedSizeColumn);
    public string ColumnName => "Bytes";
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public int PriorityInCategory => 0;
    public bool IsNumeric => true;
    public UnitType UnitType => UnitType.Size;
    public string Legend => "Encoded bytes per message";

    public bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(c => Contender(c) is not null);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        if (Contender(benchmarkCase) is not string contender) return "-";
        string workload = benchmarkCase.Descriptor.Type.Name.StartsWith("Graph", StringComparison.Ordinal) ? "Graph" : "Ticks";
        string? size = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value?.ToString();
        var row = _sizes.Value.FirstOrDefault(r => r.Workload == workload && r.Contender == contender && (size is null || r.Case == size));
        return row is null ? "-" : row.Bytes.ToString("0.#", CultureInfo.InvariantCulture);
    }

    private static string? Contender(BenchmarkCase benchmarkCase)
        => benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Contender")?.Value?.ToString();
}
