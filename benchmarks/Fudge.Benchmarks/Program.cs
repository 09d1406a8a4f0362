using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Harness;
using Fudge.Benchmarks.Reporting;

namespace Fudge.Benchmarks;

/// <summary>
/// Entry point. Without a mode switch the arguments go to BenchmarkDotNet (e.g. <c>--filter '*Tick*'</c>).
/// <list type="bullet">
/// <item><c>--quick</c>: every benchmark once (dry job, in process), then the size table and a small percentile run: the CI smoke test.</item>
/// <item><c>--short [--inprocess]</c>: BenchmarkDotNet's ShortRun job instead of the default job, optionally in this process.</item>
/// <item><c>--headline</c>: 3 warm-ups and 10 iterations of 250 ms, in this process: quick, but order-dependent (see <see cref="BenchmarkConfigs.Launches"/>).</item>
/// <item><c>--launches N</c>: the committed headline job: 3 warm-ups and 10 iterations of 250 ms in each of N fresh processes per benchmark.</item>
/// <item><c>--percentiles [--count N]</c>: per-message latency percentiles of workload 2 (default 1,000,000 messages).</item>
/// <item><c>--sizes</c>: encoded bytes per message of every contender (workload 3).</item>
/// <item><c>--chart out.svg report.csv...</c> and <c>--ratios out.md report.csv...</c>: the chart and headline table from BenchmarkDotNet CSV reports.</item>
/// <item><c>--out DIR</c>: where the harness modes also write their Markdown and CSV.</item>
/// <item><c>--results DIR [--short] [--filter ...]</c>: the benchmarks, then every table, the ratios and the chart written to DIR.</item>
/// <item><c>--contenders A,B</c>: only these contenders, in every mode (e.g. <c>Fudge.Ordinals,MessagePack.IntKeys</c>).</item>
/// <item><c>--profile graph|tick serialize|deserialize [SIZE] CONTENDER [SECONDS]</c>: one operation in a loop with no
/// harness around it, for a sampling profiler such as <c>perf</c> (see docs/benchmarks.md); <c>--profile method CLASS METHOD [SECONDS]</c>
/// does the same for any benchmark method.</item>
/// </list>
/// </summary>
internal static class Program
{
    private const int QuickPercentileCount = 20_000;

    private static int Main(string[] args)
    {
        RunInfo.Command += " " + string.Join(" ", args.Select(a => a.Contains('*') || a.Contains(' ') ? $"'{a}'" : a));
        var options = new List<string>(args);
        string? outDir = TakeValue(options, "--out");
        string? contenders = TakeValue(options, "--contenders");
        if (contenders is not null) Environment.SetEnvironmentVariable(ContenderRegistry.SelectionVariable, contenders);
        if (Take(options, "--profile")) return ProfileLoop.Run(options);
        if (Take(options, "--chart")) return Chart(options);
        if (Take(options, "--ratios")) return Ratios(options);
        if (Take(options, "--sizes")) return Sizes(outDir);
        if (Take(options, "--percentiles"))
        {
            int count = int.Parse(TakeValue(options, "--count") ?? "1000000", System.Globalization.CultureInfo.InvariantCulture);
            return Percentiles(count, outDir);
        }
        if (Take(options, "--quick"))
        {
            int failures = RunBenchmarks(options, BenchmarkConfigs.Quick());
            Sizes(outDir);
            Percentiles(QuickPercentileCount, outDir);
            Console.WriteLine(failures == 0 ? "Quick run: every benchmark ran." : $"Quick run: {failures} benchmark(s) failed.");
            return failures == 0 ? 0 : 1;
        }
        bool inProcess = Take(options, "--inprocess");
        string? launches = TakeValue(options, "--launches");
        var config = launches is not null ? BenchmarkConfigs.Launches(int.Parse(launches, System.Globalization.CultureInfo.InvariantCulture))
            : Take(options, "--short") ? BenchmarkConfigs.Short(inProcess)
            : Take(options, "--headline") ? BenchmarkConfigs.Headline()
            : BenchmarkConfigs.Full();
        string? resultsDir = TakeValue(options, "--results");
        if (resultsDir is not null) return Results(options, config, resultsDir);
        return RunBenchmarks(options, config) == 0 ? 0 : 1;
    }

    private static int RunBenchmarks(List<string> args, IConfig config) => Failures(RunSummaries(args, config));

    private static List<Summary> RunSummaries(List<string> args, IConfig config)
    {
        if (!args.Contains("--filter") && !args.Contains("-f") && !args.Contains("--list")) args.AddRange(new[] { "--filter", "*" });
        return BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args.ToArray(), config).ToList();
    }

    private static int Failures(IEnumerable<Summary> summaries)
        => summaries.Sum(s => s.Reports.Count(r => !r.Success) + (s.HasCriticalValidationErrors ? 1 : 0));

    /// <summary>
    /// Everything the results folder holds, in one command: the BenchmarkDotNet runs (each report as Markdown with a
    /// heading, plus its CSV), the size table, the latency percentiles, the ratio table and the chart.
    /// </summary>
    private static int Results(List<string> args, IConfig config, string dir)
    {
        Directory.CreateDirectory(dir);
        var summaries = RunSummaries(args, config);
        var csvFiles = new List<string>();
        foreach (var summary in summaries)
        {
            foreach (var type in summary.BenchmarksCases.Select(c => c.Descriptor.Type).Distinct())
            {
                string source = Path.Combine(summary.ResultsDirectoryPath, type.FullName + "-report");
                if (!File.Exists(source + ".csv")) continue;
                File.WriteAllText(Path.Combine(dir, type.Name + ".md"),
                    RunInfo.MarkdownHeader($"{type.Name} (BenchmarkDotNet)") + File.ReadAllText(source + "-github.md"));
                string csv = Path.Combine(dir, type.Name + ".csv");
                File.Copy(source + ".csv", csv, overwrite: true);
                if (type.Name is "GraphBenchmarks" or "TickBenchmarks") csvFiles.Add(csv);
            }
        }
        Sizes(dir);
        Percentiles(1_000_000, dir);
        if (csvFiles.Count > 0)
        {
            Ratios(new List<string> { Path.Combine(dir, "ratios.md") }.Concat(csvFiles).ToList());
            Chart(new List<string> { Path.Combine(dir, "chart.svg") }.Concat(csvFiles).ToList());
        }
        return Failures(summaries) == 0 ? 0 : 1;
    }

    private static int Sizes(string? outDir)
    {
        var rows = SizeTable.Measure();
        string markdown = SizeTable.ToMarkdown(rows);
        Console.WriteLine(markdown);
        if (outDir is not null)
        {
            Directory.CreateDirectory(outDir);
            File.WriteAllText(Path.Combine(outDir, "sizes.md"), RunInfo.MarkdownHeader("Encoded size per message (workload 3)") + markdown);
            SizeTable.WriteCsv(rows, Path.Combine(outDir, "sizes.csv"));
        }
        return 0;
    }

    private static int Percentiles(int count, string? outDir)
    {
        var report = PercentileHarness.Run(count, ContenderRegistry.TickNames, Console.Out);
        string markdown = PercentileHarness.ToMarkdown(report);
        Console.WriteLine(markdown);
        if (outDir is not null)
        {
            Directory.CreateDirectory(outDir);
            File.WriteAllText(Path.Combine(outDir, "tick-percentiles.md"),
                RunInfo.MarkdownHeader($"Market-data latency percentiles (workload 2, {count:N0} messages)") + markdown);
            PercentileHarness.WriteCsv(report.Rows, Path.Combine(outDir, "tick-percentiles.csv"));
        }
        return 0;
    }

    private static int Chart(List<string> args)
    {
        if (args.Count < 2) return Usage("--chart out.svg report.csv [report.csv...]");
        var rows = BenchmarkCsv.Read(args.Skip(1));
        File.WriteAllText(args[0], SvgBarChart.Render(rows, ContenderRegistry.References, "Fudge for .NET vs other serializers (BenchmarkDotNet means)"));
        Console.WriteLine($"Wrote {args[0]} ({rows.Count} bars).");
        return 0;
    }

    private static int Ratios(List<string> args)
    {
        if (args.Count < 2) return Usage("--ratios out.md report.csv [report.csv...]");
        File.WriteAllText(args[0], RunInfo.MarkdownHeader($"Ratios to {string.Join(" and ", ContenderRegistry.References)} (from {string.Join(", ", args.Skip(1).Select(Path.GetFileName))})")
            + RatioTable.Render(BenchmarkCsv.Read(args.Skip(1)), ContenderRegistry.References));
        Console.WriteLine($"Wrote {args[0]}.");
        return 0;
    }

    private static int Usage(string text)
    {
        Console.Error.WriteLine("Usage: " + text);
        return 2;
    }

    private static bool Take(List<string> args, string name) => args.Remove(name);

    private static string? TakeValue(List<string> args, string name)
    {
        int i = args.IndexOf(name);
        if (i < 0 || i + 1 >= args.Count) return null;
        string value = args[i + 1];
        args.RemoveRange(i, 2);
        return value;
    }
}
