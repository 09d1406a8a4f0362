using System;
using System.Linq;
using System.Runtime.InteropServices;
using Fudge.Json.Benchmarks.Amplification;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Fudge.Json.Benchmarks;

public static class Program
{
    /// <summary>
    /// <c>--quick</c>: every benchmark once, in process, with a dry job (a CI smoke test, well under a minute).
    /// <c>--short</c>: BenchmarkDotNet's ShortRun job. Other arguments go to BenchmarkDotNet (e.g. <c>--filter *Lookup*</c>).
    /// <c>--amplification</c>: the table of bytes allocated per input byte on every read path (tiny-field inputs).
    /// <c>--profile CLASS METHOD[,METHOD...] [PARAMETER=VALUE] [SECONDS]</c>: methods in turns, for A/B checks and perf.
    /// </summary>
    public static void Main(string[] args)
    {
        if (args.Length > 0 && args[0] == "--profile")
        {
            Environment.ExitCode = Harness.ProfileLoop.Run(args[1..]);
            return;
        }
        if (args.Contains("--amplification"))
        {
            Console.WriteLine($"Bytes allocated per input byte, {TinyFieldInputs.TargetBytes / 1024} KiB envelopes of tiny fields ({RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}):");
            Console.WriteLine();
            Console.Write(AmplificationTable.Build());
            return;
        }
        bool quick = args.Contains("--quick");
        bool shortRun = args.Contains("--short");
        var rest = args.Where(a => a is not "--quick" and not "--short").ToArray();
        if (!rest.Contains("--filter")) rest = rest.Concat(new[] { "--filter", "*" }).ToArray();

        IConfig config = DefaultConfig.Instance.AddDiagnoser(MemoryDiagnoser.Default);
        if (quick) config = config.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance)).WithOptions(ConfigOptions.DisableOptimizationsValidator);
        else if (shortRun) config = config.AddJob(Job.ShortRun);

        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config);
        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        Environment.ExitCode = failed ? 1 : 0;
    }
}
