using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;
using Perfolizer.Metrology;

namespace Fudge.Benchmarks.Reporting;

/// <summary>The three ways the benchmarks run: full (BenchmarkDotNet's default job), short, and quick (CI smoke test).</summary>
internal static class BenchmarkConfigs
{
    /// <summary>Every benchmark once, in this process, without warm-up: proves they work, measures nothing.</summary>
    public static IConfig Quick() => Base().AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Quick"));

    /// <summary>
    /// BenchmarkDotNet's ShortRun (1 launch, 3 warm-ups, 3 iterations): for busy shared machines. In process it skips
    /// building and launching a process per benchmark (quicker, slightly less isolated).
    /// </summary>
    public static IConfig Short(bool inProcess)
        => Base().AddJob(inProcess ? Job.ShortRun.WithToolchain(InProcessEmitToolchain.Instance).WithId("ShortRunInProcess") : Job.ShortRun.WithId("ShortRun"));

    /// <summary>BenchmarkDotNet's default job: the most precise and by far the slowest.</summary>
    public static IConfig Full() => Base().AddJob(Job.Default);

    private static ManualConfig Base()
    {
        // Plain numbers in fixed units, so that --chart and --ratios can read the CSV back.
        var csvStyle = new SummaryStyle(CultureInfo.InvariantCulture, printUnitsInHeader: true, sizeUnit: SizeUnit.B, timeUnit: TimeUnit.Nanosecond, printUnitsInContent: false);
        var config = ManualConfig.CreateEmpty()
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(new EncodedSizeColumn())
            .AddLogger(BenchmarkDotNet.Loggers.ConsoleLogger.Default)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .AddExporter(new CsvExporter(CsvSeparator.Comma, csvStyle))
            .WithOptions(ConfigOptions.DisableLogFile);
        config.SummaryStyle = SummaryStyle.Default.WithCultureInfo(CultureInfo.InvariantCulture);
        return config;
    }
}
