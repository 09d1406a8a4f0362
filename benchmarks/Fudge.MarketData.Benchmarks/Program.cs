using System;
using System.Globalization;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Fudge.Benchmarks.Reporting;
using Fudge.Benchmarks.Shared;
using Fudge.MarketData.Benchmarks.Contenders;
using Fudge.MarketData.Benchmarks.Day;
using Fudge.MarketData.Benchmarks.Harness;

namespace Fudge.MarketData.Benchmarks;

/// <summary>
/// The market-data shootout (docs/benchmarks.md). Modes:
/// <list type="bullet">
/// <item><c>--quick</c>: the whole-day run on a 20,000-message day in two rounds (round trips checked, tables
/// printed) and every BenchmarkDotNet benchmark once (dry job, in process): the CI smoke test, seconds.</item>
/// <item><c>--day [--messages N] [--rounds R] [--out DIR]</c>: the whole-day run, by default on 3,000,000 messages,
/// timed in 5 rounds that take every contender in turn (figures are medians over the rounds); with <c>--out</c> the
/// tables go to <c>DIR/market-data-day.md</c> and <c>.csv</c> with date, machine, command and load.</item>
/// <item><c>--turns serialize|deserialize|writer-parts "A,B" SECONDS</c>: the BenchmarkDotNet methods of contenders
/// (or, for writer-parts, the <see cref="WriterPartsBenchmarks"/> variants) A, B... taking
/// turns of a quarter second in this process (time per call is for the slice of 4,096 batches): a quick ratio on a
/// busy machine while changing code, or a loop for a profiler; not a figure to quote.</item>
/// <item>anything else: passed to BenchmarkDotNet (<c>--filter '*'</c>; default job, <c>[MemoryDiagnoser]</c>), with
/// <c>--contenders "A,B"</c> to benchmark only those contenders.</item>
/// </list>
/// </summary>
internal static class Program
{
    private const int DefaultDayMessages = 3_000_000;
    private const int DefaultDayRounds = 5;

    private static int Main(string[] args)
    {
        RunInfo.Command = "dotnet run -c Release --project benchmarks/Fudge.MarketData.Benchmarks -- " + string.Join(' ', args);
        if (args.Contains("--quick"))
        {
            var report = DayRun.Run(MarketDay.Generate(20_000), ShootoutContenders.All, Console.Out, rounds: 2);
            Console.Write(report.PercentileTable());
            var quick = DefaultConfig.Instance.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Quick"));
            var summaries = new[] { BenchmarkRunner.Run<ShootoutSerializeBenchmarks>(quick), BenchmarkRunner.Run<ShootoutDeserializeBenchmarks>(quick) };
            bool ok = summaries.All(s => s.Reports.Length > 0 && s.Reports.All(r => r.Success));
            Console.Write(report.SizeTable());
            Console.WriteLine(ok ? "Quick run: every contender round-tripped the day and every benchmark ran." : "Quick run: a benchmark failed.");
            return ok ? 0 : 1;
        }
        if (args.Contains("--day"))
        {
            int messages = Option(args, "--messages") is { } n ? int.Parse(n, CultureInfo.InvariantCulture) : DefaultDayMessages;
            int rounds = Option(args, "--rounds") is { } r ? int.Parse(r, CultureInfo.InvariantCulture) : DefaultDayRounds;
            string loadBefore = Load();
            var day = MarketDay.Generate(messages);
            Console.WriteLine("Day: " + day.Describe());
            var report = DayRun.Run(day, ShootoutContenders.All, Console.Out, rounds);
            string text = RunInfo.MarkdownHeader("Market-data shootout: the whole day, per batch")
                + $"- Load average (1, 5, 15 min) at start: {loadBefore}; at end: {Load()}\n"
                + $"- Day (seed 32): {day.Describe()}\n\n"
                + report.PercentileTable() + "\n" + report.PassTable() + "\n" + report.SizeTable() + "\n" + report.GoalTable();
            Console.Write(text);
            if (Option(args, "--out") is { } dir)
            {
                Directory.CreateDirectory(dir);
                File.WriteAllText(Path.Combine(dir, "market-data-day.md"), text);
                File.WriteAllText(Path.Combine(dir, "market-data-day.csv"), report.Csv());
            }
            return 0;
        }
        if (args.Length == 4 && args[0] == "--turns")
        {
            (string className, string methodName, string parameter) = args[1] switch
            {
                "serialize" => (nameof(ShootoutSerializeBenchmarks), nameof(ShootoutSerializeBenchmarks.Serialize), "Contender"),
                "writer-parts" => (nameof(WriterPartsBenchmarks), nameof(WriterPartsBenchmarks.Serialize), "Variant"),
                _ => (nameof(ShootoutDeserializeBenchmarks), nameof(ShootoutDeserializeBenchmarks.DeserializeAndAggregate), "Contender"),
            };
            var names = args[2].Split(',');
            var operations = Array.ConvertAll(names, n => MethodTurns.Find(typeof(Program).Assembly, className, methodName, parameter + "=" + n)
                ?? throw new ArgumentException($"No benchmark {className}.{methodName} for {n}."));
            MethodTurns.Run(names, operations, double.Parse(args[3], CultureInfo.InvariantCulture));
            return 0;
        }
        if (Option(args, "--contenders") is { } only)
        {
            var names = only.Split(',');
            foreach (var name in names) ShootoutContenders.Create(name); // an unknown name fails here, not after minutes
            ShootoutBenchmarkBase.Only = names;
            int at = Array.IndexOf(args, "--contenders");
            args = args.Take(at).Concat(args.Skip(at + 2)).ToArray();
        }
        var results = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        return results.All(s => s.Reports.All(r => r.Success)) ? 0 : 1;
    }

    private static string? Option(string[] args, string name)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : null;
    }

    // The machine is shared: every committed figure says how busy it was.
    private static string Load() => File.Exists("/proc/loadavg") ? string.Join(", ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "unknown";
}
