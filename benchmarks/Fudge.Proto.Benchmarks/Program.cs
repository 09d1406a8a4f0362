using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Fudge.Serialization;
using Google.Protobuf;

namespace Fudge.Proto.Benchmarks;

/// <summary>
/// The 2011 Fudge-Proto study redone (docs/proto.md). Modes:
/// <list type="bullet">
/// <item><c>--quick</c>: every benchmark once (dry job, in process) and the size table: the CI smoke test.</item>
/// <item><c>--sizes</c>: encoded bytes per message size for each contender.</item>
/// <item>anything else: passed to BenchmarkDotNet (<c>--filter '*'</c>, <c>--job short</c>, ...).</item>
/// </list>
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Contains("--sizes"))
        {
            Console.Write(Sizes());
            return 0;
        }
        if (args.Contains("--quick"))
        {
            var quick = DefaultConfig.Instance.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Quick"));
            var summary = BenchmarkRunner.Run<StudyBenchmarks>(quick);
            Console.Write(Sizes());
            bool ok = summary.Reports.Length > 0 && summary.Reports.All(r => r.Success);
            Console.WriteLine(ok ? "Quick run: every benchmark ran." : "Quick run: a benchmark failed.");
            return ok ? 0 : 1;
        }
        // Grouping by category (one baseline per direction) is declared on StudyBenchmarks, so every mode shares it.
        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, DefaultConfig.Instance.WithOptions(ConfigOptions.JoinSummary));
        return summaries.All(s => s.Reports.All(r => r.Success)) ? 0 : 1;
    }

    /// <summary>A Markdown table of encoded sizes (envelope included for Fudge).</summary>
    private static string Sizes()
    {
        var w = new StringWriter();
        w.WriteLine("| Size | Fudge names | Fudge ordinals | Google.Protobuf | ordinals / protobuf |");
        w.WriteLine("| --- | ---: | ---: | ---: | ---: |");
        foreach (var size in new[] { "Small", "Large" })
        {
            int names = FudgeSerializer.Serialize(StudyData.Names(size)).Length;
            int ordinals = FudgeSerializer.Serialize(StudyData.Ordinals(size)).Length;
            int protobuf = StudyData.Protobuf(size).ToByteArray().Length;
            w.WriteLine($"| {size} | {names:N0} | {ordinals:N0} | {protobuf:N0} | {(double)ordinals / protobuf:0.00}x |");
        }
        return w.ToString();
    }
}
