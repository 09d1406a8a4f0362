using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;

namespace Fudge.Generators.Benchmarks;

public static class Program
{
    /// <summary>
    /// The generator's benchmarks (<see cref="GeneratorBenchmarks"/>). <c>--quick</c>: every benchmark once, in process,
    /// with a dry job (a smoke test). Other arguments go to BenchmarkDotNet (e.g. <c>--filter *OneEdit*</c>).
    /// </summary>
    public static void Main(string[] args)
    {
        bool quick = args.Contains("--quick");
        var rest = args.Where(a => a != "--quick").ToArray();
        if (!rest.Contains("--filter")) rest = rest.Concat(new[] { "--filter", "*" }).ToArray();
        IConfig config = DefaultConfig.Instance.AddDiagnoser(MemoryDiagnoser.Default);
        if (quick) config = config.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance));
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest, config);
    }
}
