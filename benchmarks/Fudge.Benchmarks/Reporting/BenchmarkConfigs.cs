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

/// <summary>The ways the benchmarks run: full (BenchmarkDotNet's default job), headline (10 iterations, in process), short, and quick (CI smoke test).</summary>
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

    /// <summary>
    /// The committed headline run on a shared machine: 3 warm-ups and 10 measured iterations of 250 ms each, in this
    /// process. Ten iterations give a usable error bar; in process and shorter iterations keep the whole run of every
    /// contender near a quarter of an hour.
    /// </summary>
    public static IConfig Headline()
        => Base().AddJob(Job.Default.WithWarmupCount(3).WithIterationCount(10).WithIterationTime(TimeInterval.FromMilliseconds(250))
            .WithToolchain(InProcessEmitToolchain.Instance).WithId("Headline"));

    /// <summary>
    /// The committed headline run: each benchmark in <paramref name="launches"/> fresh processes of 3 warm-ups and 10
    /// iterations of 250 ms. A process per benchmark matters here: in one shared process the JIT's dynamic profile of
    /// the core reader is trained by whichever contender ran first, and the same code measured up to 1.5x apart
    /// depending on the order; several launches expose what remains of launch-to-launch variance.
    /// </summary>
    public static IConfig Launches(int launches)
        => Base().AddJob(Job.Default.WithLaunchCount(launches).WithWarmupCount(3).WithIterationCount(10)
            .WithIterationTime(TimeInterval.FromMilliseconds(250)).WithId("Launches" + launches.ToString(CultureInfo.InvariantCulture)));

    /// <summary>BenchmarkDotNet's default job: the most precise and by far the slowest.</summary>
    public static IConfig Full() => Base().AddJob(Job.Default);

    private static ManualConfig Base()
    {
        // Plain numbers in fixed units, so that --chart and --ratios can read the CSV back.
        // Contender names are longer than BenchmarkDotNet's default parameter width (20): "MessagePack.StringKeys" would be cut.
        var csvStyle = new SummaryStyle(CultureInfo.InvariantCulture, printUnitsInHeader: true, sizeUnit: SizeUnit.B, timeUnit: TimeUnit.Nanosecond, printUnitsInContent: false, maxParameterColumnWidth: 40);
        var config = ManualConfig.CreateEmpty()
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(new EncodedSizeColumn())
            .AddLogger(BenchmarkDotNet.Loggers.ConsoleLogger.Default)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .AddExporter(new CsvExporter(CsvSeparator.Comma, csvStyle))
            .WithOptions(ConfigOptions.DisableLogFile);
        config.SummaryStyle = SummaryStyle.Default.WithCultureInfo(CultureInfo.InvariantCulture).WithMaxParameterColumnWidth(40);
        return config;
    }
}
