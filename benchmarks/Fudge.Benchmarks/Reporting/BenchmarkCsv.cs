using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Fudge.Benchmarks.Contenders;

namespace Fudge.Benchmarks.Reporting;

/// <summary>
/// Reads the CSV reports this program's BenchmarkDotNet configuration exports (times in ns, sizes in bytes, no units
/// in the cells) into rows keyed by the benchmark group they belong to.
/// </summary>
internal static class BenchmarkCsv
{
    /// <summary>One measured case: <see cref="Group"/> is what is compared (report, method and size), <see cref="Contender"/> who.</summary>
    public sealed record Row(string Report, string Method, string Size, string Contender, double MeanNs, double AllocatedBytes)
    {
        /// <summary>What is compared: the report, the method and (for the graph) the size.</summary>
        public string Group => (Report + " " + Method + " " + Size).TrimEnd();
    }

    public static IReadOnlyList<Row> Read(IEnumerable<string> paths)
    {
        var rows = new List<Row>();
        foreach (var path in paths)
        {
            var lines = File.ReadAllLines(path).Where(l => l.Length > 0).ToList();
            var header = Split(lines[0]);
            int method = Column(header, "Method"), contender = Column(header, "Contender"), size = Column(header, "Size");
            int mean = Column(header, "Mean"), allocated = Column(header, "Allocated");
            if (method < 0 || contender < 0 || mean < 0)
                throw new InvalidDataException($"{path} has no Method, Contender and Mean columns.");
            string report = ReportName(path);
            foreach (var line in lines.Skip(1))
            {
                var cells = Split(line);
                rows.Add(new Row(report, cells[method], size >= 0 ? cells[size] : "", cells[contender], Number(cells[mean]),
                    allocated >= 0 ? Number(cells[allocated]) : double.NaN));
            }
        }
        // BenchmarkDotNet sorts string parameters alphabetically ("1MB" before "64KB"); tables read better by size.
        return rows.OrderBy(r => r.Report).ThenBy(r => r.Method).ThenBy(r => SizeOrder(r.Size))
            .ThenBy(r => ContenderRegistry.Order(r.Contender)).ToList();
    }

    private static int SizeOrder(string size)
    {
        int i = Data.PortfolioGenerator.SizeLabels.ToList().IndexOf(size);
        return i < 0 ? int.MaxValue : i;
    }

    // Headers carry their unit: "Mean [ns]".
    private static int Column(List<string> header, string name)
        => header.FindIndex(h => h == name || h.StartsWith(name + " [", StringComparison.Ordinal));

    // "...Benchmarks.GraphBenchmarks-report.csv" -> "Graph"
    private static string ReportName(string path)
    {
        string name = Path.GetFileNameWithoutExtension(path);
        if (name.EndsWith("-report", StringComparison.Ordinal)) name = name[..^"-report".Length];
        name = name[(name.LastIndexOf('.') + 1)..];
        return name.EndsWith("Benchmarks", StringComparison.Ordinal) ? name[..^"Benchmarks".Length] : name;
    }

    private static double Number(string cell)
    {
        string text = cell.Replace(",", "").Trim();
        if (text is "-" or "NA" or "") return double.NaN;
        return double.Parse(text.Split(' ')[0], NumberStyles.Float, CultureInfo.InvariantCulture);
    }

    private static List<string> Split(string line)
    {
        var cells = new List<string>();
        var current = new System.Text.StringBuilder();
        bool quoted = false;
        foreach (char c in line)
        {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) { cells.Add(current.ToString()); current.Clear(); }
            else current.Append(c);
        }
        cells.Add(current.ToString());
        return cells;
    }
}
