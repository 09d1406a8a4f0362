using System;
using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.Collections.Generic;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Shared;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// Runs one benchmark operation in a plain loop for a fixed time, with nothing else in the process's profile: the
/// target for <c>perf record</c> when a BenchmarkDotNet row needs explaining. It prints the operations per second it
/// saw, which is only a rough figure (no warm-up discipline, no statistics): quote BenchmarkDotNet, not this.
/// </summary>
internal static class ProfileLoop
{
    /// <summary>
    /// Arguments: <c>graph|tick serialize|deserialize [SIZE] CONTENDER[,CONTENDER...] [SECONDS]</c> (SIZE for the graph
    /// only; several contenders take turns in one process), or
    /// <c>method CLASS METHOD[,METHOD...] [NAME=VALUE] [SECONDS]</c> for any benchmark method of this program (NAME=VALUE
    /// sets a <c>[Params]</c> property). Returns the exit code.
    /// </summary>
    public static int Run(List<string> args)
    {
        if (args.Count >= 3 && args[0].Equals("method", StringComparison.OrdinalIgnoreCase))
        {
            // An optional NAME=VALUE after the methods sets a [Params] property (e.g. Size=64KB), or several joined by ";", before the global setup.
            string? parameter = args.Count > 3 && args[3].Contains('=') ? args[3] : null;
            if (parameter is not null) args.RemoveAt(3);
            if (args[2].Contains(',')) return Alternate(args[1], args[2].Split(','), args.Count > 3 ? args[3] : null, parameter);
            return Loop($"{args[1]}.{args[2]}", BenchmarkMethod(args[1], args[2], parameter), args.Count > 3 ? args[3] : null);
        }
        if (args.Count < 3) return Usage();
        string workload = args[0].ToLowerInvariant();
        bool serialize = args[1].Equals("serialize", StringComparison.OrdinalIgnoreCase);
        if (!serialize && !args[1].Equals("deserialize", StringComparison.OrdinalIgnoreCase)) return Usage();
        int next = 2;
        string size = workload == "graph" ? args[next++] : "";
        if (next >= args.Count) return Usage();
        string[] contenders = args[next++].Split(',');
        if (!Array.TrueForAll(contenders, ContenderRegistry.IsKnown)) return Usage();
        double seconds = next < args.Count ? double.Parse(args[next], CultureInfo.InvariantCulture) : 10;
        if (contenders.Length > 1)
        {
            // Several contenders take turns in one process (MethodTurns.Run): a quick ratio while changing code.
            if (workload != "graph" && workload != "tick") return Usage();
            var turns = Array.ConvertAll(contenders, name => workload == "graph" ? GraphOperation(name, size, serialize) : TickOperation(name, serialize));
            MethodTurns.Run(contenders, turns, seconds);
            return 0;
        }
        string contender = contenders[0];

        Action operation = workload switch
        {
            "graph" => GraphOperation(contender, size, serialize),
            "tick" => TickOperation(contender, serialize),
            _ => null!,
        };
        if (operation is null) return Usage();
        return Loop($"{workload} {args[1]} {size} {contender}", operation, seconds.ToString(CultureInfo.InvariantCulture));
    }

    private static int Loop(string label, Action? operation, string? seconds)
    {
        if (operation is null) return Usage();
        double limit = seconds is null ? 10 : double.Parse(seconds, CultureInfo.InvariantCulture);
        for (int i = 0; i < 3; i++) operation(); // let the JIT reach its optimized code before timing starts
        long operations = 0;
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed.TotalSeconds < limit)
        {
            operation();
            operations++;
        }
        Console.WriteLine($"{label}: {operations / clock.Elapsed.TotalSeconds:N0} operations/s (rough; quote BenchmarkDotNet)");
        return 0;
    }

    // Several methods of one class in turns (MethodTurns.Run): a quick A/B check while changing code, not a figure to quote.
    private static int Alternate(string className, string[] methodNames, string? seconds, string? parameter = null)
    {
        var operations = Array.ConvertAll(methodNames, name => BenchmarkMethod(className, name, parameter));
        if (Array.Exists(operations, operation => operation is null)) return Usage();
        MethodTurns.Run(methodNames, operations!, seconds is null ? 10 : double.Parse(seconds, CultureInfo.InvariantCulture));
        return 0;
    }

    // A [Benchmark] method of one of this program's classes, after its [GlobalSetup]; null when there is none.
    private static Action? BenchmarkMethod(string className, string methodName, string? parameter = null)
        => MethodTurns.Find(typeof(ProfileLoop).Assembly, className, methodName, parameter);

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
        Console.Error.WriteLine("usage: --profile graph|tick serialize|deserialize [SIZE] CONTENDER[,CONTENDER...] [SECONDS]  (SIZE: " +
                                string.Join(", ", PortfolioGenerator.SizeLabels) + "; a tick operation is 10,000 ticks)");
        Console.Error.WriteLine("       --profile method CLASS METHOD[,METHOD...] [NAME=VALUE[;NAME=VALUE]] [SECONDS]  (any benchmark methods, after their global setup; several take turns)");
        return 2;
    }
}
