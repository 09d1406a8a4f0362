using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;

namespace Fudge.Benchmarks.Shared;

/// <summary>
/// Benchmark methods run outside BenchmarkDotNet, for profilers and quick A/B checks while changing code; compiled into
/// each benchmark program (a linked source file), which passes its own assembly.
/// </summary>
internal static class MethodTurns
{
    /// <summary>
    /// A <c>[Benchmark]</c> method of a class in <paramref name="assembly"/>, after its <c>[GlobalSetup]</c>, with a
    /// <c>[Params]</c> property set from <paramref name="parameter"/> (<c>NAME=VALUE</c>) when given; null when there is
    /// no such method or property.
    /// </summary>
    public static Action? Find(Assembly assembly, string className, string methodName, string? parameter = null)
    {
        var type = Array.Find(assembly.GetTypes(), t => t.Name == className && !t.IsAbstract);
        var method = type?.GetMethod(methodName, BindingFlags.Public | BindingFlags.Instance);
        if (type is null || method is null || method.GetParameters().Length != 0) return null;
        object instance = Activator.CreateInstance(type)!;
        // NAME=VALUE, or several joined by ';' (e.g. "Size=1MB;Contender=Fudge.Ordinals").
        foreach (string assignment in parameter?.Split(';', StringSplitOptions.RemoveEmptyEntries) ?? Array.Empty<string>())
        {
            int equals = assignment.IndexOf('=');
            var property = equals > 0 ? type.GetProperty(assignment[..equals]) : null;
            if (property is null) return null;
            property.SetValue(instance, Convert.ChangeType(assignment[(equals + 1)..], property.PropertyType, CultureInfo.InvariantCulture));
        }
        foreach (var setup in type.GetMethods())
            if (setup.GetCustomAttributes(typeof(GlobalSetupAttribute), true).Length > 0) setup.Invoke(instance, null);
        // A compiled call, not MethodInfo.Invoke: reflection adds tens of nanoseconds to every call of a small method.
        return Expression.Lambda<Action>(Expression.Call(Expression.Constant(instance), method)).Compile();
    }

    /// <summary>
    /// Runs the operations in turns of a quarter second each for <paramref name="seconds"/>, so that a machine whose
    /// speed drifts slows them alike, and prints each one's median time per call and its ratio to the first: by the
    /// wall clock, and (on Linux) by the CPU time of this thread, which time spent waiting for a core while other
    /// processes run does not inflate. Not a figure to quote: methods sharing code also share the JIT's profile of it
    /// here, unlike in BenchmarkDotNet's separate processes.
    /// </summary>
    public static void Run(string[] names, Action[] operations, double seconds)
    {
        var samples = Array.ConvertAll(names, _ => new List<double>());
        var cpuSamples = Array.ConvertAll(names, _ => new List<double>());
        foreach (var operation in operations) for (int i = 0; i < 3; i++) operation();
        // What a call allocates (this thread's bytes over 100 calls): two builds of a reader should allocate alike.
        var allocated = Array.ConvertAll(operations, operation =>
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++) operation();
            return (GC.GetAllocatedBytesForCurrentThread() - before) / 100.0;
        });
        // The collector's share: its pause time (GC.GetTotalPauseDuration, the time threads were stopped for it) against
        // each method's wall time, and its collections per 1,000 calls, so a row bound by the collector says so.
        var pauses = new TimeSpan[operations.Length];
        var walls = new TimeSpan[operations.Length];
        var callCounts = new long[operations.Length];
        var collections = new long[operations.Length, 3];
        var total = Stopwatch.StartNew();
        while (total.Elapsed.TotalSeconds < seconds)
        {
            for (int m = 0; m < operations.Length; m++)
            {
                long calls = 0;
                var pauseStart = GC.GetTotalPauseDuration();
                int gen0 = GC.CollectionCount(0), gen1 = GC.CollectionCount(1), gen2 = GC.CollectionCount(2);
                long cpuStart = ThreadCpuNanoseconds();
                var turn = Stopwatch.StartNew();
                // The clock is read once per 16 calls: reading it costs ~20 ns, enough to flatten the ratios of small methods.
                while (turn.Elapsed.TotalMilliseconds < 250)
                {
                    for (int i = 0; i < 16; i++) operations[m]();
                    calls += 16;
                }
                samples[m].Add(turn.Elapsed.TotalMilliseconds * 1e6 / calls);
                long cpuEnd = ThreadCpuNanoseconds();
                walls[m] += turn.Elapsed;
                pauses[m] += GC.GetTotalPauseDuration() - pauseStart;
                callCounts[m] += calls;
                collections[m, 0] += GC.CollectionCount(0) - gen0;
                collections[m, 1] += GC.CollectionCount(1) - gen1;
                collections[m, 2] += GC.CollectionCount(2) - gen2;
                if (cpuStart >= 0 && cpuEnd >= 0) cpuSamples[m].Add((double)(cpuEnd - cpuStart) / calls);
            }
        }
        double first = Median(samples[0]);
        for (int m = 0; m < operations.Length; m++)
            Console.WriteLine($"{names[m],-32} {Median(samples[m]),14:N1} ns per call (median of {samples[m].Count}), {Median(samples[m]) / first:F2}x the first");
        for (int m = 0; m < operations.Length; m++)
            Console.WriteLine($"{names[m],-32} {allocated[m],14:N1} bytes allocated per call");
        for (int m = 0; m < operations.Length; m++)
        {
            double perThousand(int generation) => collections[m, generation] * 1000.0 / Math.Max(1, callCounts[m]);
            Console.WriteLine($"{names[m],-32} {pauses[m] / walls[m],14:P1} of wall time in GC pauses; collections per 1,000 calls: gen0 {perThousand(0):N1}, gen1 {perThousand(1):N1}, gen2 {perThousand(2):N1}");
        }
        if (cpuSamples[0].Count == 0) return;
        double firstCpu = Median(cpuSamples[0]);
        for (int m = 0; m < operations.Length; m++)
            Console.WriteLine($"{names[m],-32} {Median(cpuSamples[m]),14:N1} CPU ns per call (this thread's), {Median(cpuSamples[m]) / firstCpu:F2}x the first");
        // On a loaded machine the other processes slow some turns more than others (caches, a shared core): the fastest
        // tenth of each one's turns is the steadier figure for an A/B of two builds there.
        double firstBest = FastestTenth(cpuSamples[0]);
        for (int m = 0; m < operations.Length; m++)
            Console.WriteLine($"{names[m],-32} {FastestTenth(cpuSamples[m]),14:N1} CPU ns per call (fastest tenth of turns), {FastestTenth(cpuSamples[m]) / firstBest:F2}x the first");
    }

    private static double FastestTenth(List<double> values)
    {
        values.Sort();
        int n = Math.Max(1, values.Count / 10);
        double sum = 0;
        for (int i = 0; i < n; i++) sum += values[i];
        return sum / n;
    }

    // CLOCK_THREAD_CPUTIME_ID: the CPU time of the calling thread; -1 where it cannot be read (not Linux).
    private static long ThreadCpuNanoseconds()
    {
        if (!OperatingSystem.IsLinux()) return -1;
        return clock_gettime(3, out var now) == 0 ? now.Seconds * 1_000_000_000L + now.Nanoseconds : -1;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [DllImport("libc", SetLastError = false)]
    private static extern int clock_gettime(int clock, out TimeSpec time);

    private static double Median(List<double> values)
    {
        values.Sort();
        return values[values.Count / 2];
    }
}
