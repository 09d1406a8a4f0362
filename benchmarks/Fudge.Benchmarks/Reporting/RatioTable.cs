using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Benchmarks.Reporting;

/// <summary>
/// The headline table: each contender's mean time divided by each reference contender's in the same group (below 1 is
/// faster than the reference), with allocations beside it. Ratios travel across noisy shared machines; raw times do not.
/// </summary>
internal static class RatioTable
{
    public static string Render(IReadOnlyList<BenchmarkCsv.Row> rows, IReadOnlyList<string> references)
    {
        var sb = new StringBuilder();
        sb.AppendLine("| Benchmark | Contender | Mean | " + string.Concat(references.Select(r => $"Ratio to {r} | ")) + "Allocated |");
        sb.AppendLine("|---|---|---:|" + string.Concat(references.Select(_ => "---:|")) + "---:|");
        foreach (var group in rows.GroupBy(r => r.Group))
        {
            var referenceMeans = references.Select(reference => group.FirstOrDefault(r => r.Contender == reference)?.MeanNs ?? double.NaN).ToList();
            foreach (var row in group)
            {
                string ratios = string.Concat(referenceMeans.Select(mean => Ratio(row.MeanNs, mean) + " | "));
                sb.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {group.Key} | {row.Contender} | {FormatTime(row.MeanNs)} | {ratios}{FormatBytes(row.AllocatedBytes)} |"));
            }
        }
        return sb.ToString();
    }

    private static string Ratio(double mean, double referenceMean)
        => double.IsNaN(referenceMean) ? "-" : (mean / referenceMean).ToString("0.00", CultureInfo.InvariantCulture) + "x";

    private static string FormatTime(double ns) => ns switch
    {
        >= 1e6 => string.Create(CultureInfo.InvariantCulture, $"{ns / 1e6:0.00} ms"),
        >= 1e3 => string.Create(CultureInfo.InvariantCulture, $"{ns / 1e3:0.00} µs"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{ns:0.0} ns"),
    };

    private static string FormatBytes(double bytes) => double.IsNaN(bytes) ? "-" : bytes switch
    {
        >= 1 << 20 => string.Create(CultureInfo.InvariantCulture, $"{bytes / (1 << 20):0.00} MB"),
        >= 1 << 10 => string.Create(CultureInfo.InvariantCulture, $"{bytes / (1 << 10):0.0} KB"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bytes:0} B"),
    };
}
