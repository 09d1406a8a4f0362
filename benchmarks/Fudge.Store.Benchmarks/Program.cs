using System;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Fudge.Store.Benchmarks;

public static class Program
{
    /// <summary>
    /// Persistence figures of docs/store.md. <c>--quick</c>: every benchmark once, in process, over 10,000 stored
    /// documents (a CI smoke test). Otherwise a job of 1 warm-up and 5 iterations (a full scan of 1,000,000 documents
    /// takes seconds). Other arguments go to BenchmarkDotNet (e.g. <c>--filter *Query*</c>).
    /// </summary>
    public static void Main(string[] args)
    {
        bool quick = args.Contains("--quick");
        var rest = args.Where(a => a is not "--quick").ToArray();
        if (!rest.Contains("--filter")) rest = rest.Concat(new[] { "--filter", "*" }).ToArray();
        if (quick) Environment.SetEnvironmentVariable("FUDGE_STORE_DOCUMENTS", "10000");

        IConfig config = DefaultConfig.Instance.AddDiagnoser(MemoryDiagnoser.Default);
        config = quick
            ? config.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance)).WithOptions(ConfigOptions.DisableOptimizationsValidator)
            : config.AddJob(Job.Default.WithWarmupCount(1).WithIterationCount(5).WithLaunchCount(1).WithToolchain(InProcessEmitToolchain.Instance));

        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config);
        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        Environment.ExitCode = failed ? 1 : 0;
    }
}
