using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.Collections.Generic;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// Runs one benchmark operation in a plain loop for a fixed time, with nothing else in the process's profile: the
/// target for <c>perf record</c> when a BenchmarkDotNet row needs explaining. It prints the operations per second it
/// saw, which is only a rough figure (no warm-up discipline, no statistics): quote BenchmarkDotNet, not this.
/// </summary>
internal static class ProfileLoop
{
    /// <summary>
    /// Arguments: <c>graph|tick serialize|deserialize [SIZE] CONTENDER [SECONDS]</c> (SIZE for the graph only).
    /// Returns the exit code.
    /// </summary>
    public static int Run(List<string> args)
    {
        if (args.Count < 3) return Usage();
        string workload = args[0].ToLowerInvariant();
        bool serialize = args[1].Equals("serialize", StringComparison.OrdinalIgnoreCase);
        if (!serialize && !args[1].Equals("deserialize", StringComparison.OrdinalIgnoreCase)) return Usage();
        int next = 2;
        string size = workload == "graph" ? args[next++] : "";
        if (next >= args.Count || !ContenderRegistry.IsKnown(args[next])) return Usage();
        string contender = args[next++];
        double seconds = next < args.Count ? double.Parse(args[next], CultureInfo.InvariantCulture) : 10;

        Action operation = workload switch
        {
            "graph" => GraphOperation(contender, size, serialize),
            "tick" => TickOperation(contender, serialize),
            _ => null!,
        };
        if (operation is null) return Usage();

        for (int i = 0; i < 3; i++) operation(); // let the JIT reach its optimized code before timing starts
        long operations = 0;
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed.TotalSeconds < seconds)
        {
            operation();
            operations++;
        }
        Console.WriteLine($"{workload} {args[1]} {size} {contender}: {operations / clock.Elapsed.TotalSeconds:N0} operations/s (rough; quote BenchmarkDotNet)");
        return 0;
    }

    private static Action GraphOperation(string name, string size, bool serialize)
    {
        var contender = ContenderRegistry.CreateGraph(name);
        contender.Load(PortfolioGenerator.Create(size));
        var output = new ArrayBufferWriter<byte>(16 * 1024 * 1024);
        contender.Serialize(output);
        ReadOnlyMemory<byte> encoded = output.WrittenMemory.ToArray();
        if (serialize) return () => { output.ResetWrittenCount(); contender.Serialize(output); };
        return () => contender.Deserialize(encoded);
    }

    private static Action TickOperation(string name, bool serialize)
    {
        const int count = 10_000;
        var contender = ContenderRegistry.CreateTick(name);
        contender.Load(TickGenerator.Create(count));
        var output = new ArrayBufferWriter<byte>(64 * 1024);
        var encoded = new ReadOnlyMemory<byte>[count];
        for (int i = 0; i < count; i++)
        {
            output.ResetWrittenCount();
            contender.Serialize(i, output);
            encoded[i] = output.WrittenMemory.ToArray();
        }
        if (serialize)
        {
            return () =>
            {
                for (int i = 0; i < count; i++)
                {
                    output.ResetWrittenCount();
                    contender.Serialize(i, output);
                }
            };
        }
        return () =>
        {
            var totals = TickTotals.Empty;
            for (int i = 0; i < count; i++) contender.DeserializeAndAggregate(encoded[i], ref totals);
        };
    }

    private static int Usage()
    {
        Console.Error.WriteLine("usage: --profile graph|tick serialize|deserialize [SIZE] CONTENDER [SECONDS]  (SIZE: " +
                                string.Join(", ", PortfolioGenerator.SizeLabels) + "; a tick operation is 10,000 ticks)");
        return 2;
    }
}
