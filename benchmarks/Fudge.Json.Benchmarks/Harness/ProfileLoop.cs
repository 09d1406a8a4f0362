using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace Fudge.Json.Benchmarks.Harness;

/// <summary>
/// <c>--profile CLASS METHOD[,METHOD...] [PARAMETER=VALUE] [SECONDS]</c>: benchmark methods of this program after
/// their global setup, in turns of a quarter second each, printing each one's median time per call and its ratio to
/// the first. With one method it is also a plain loop to attach <c>perf record</c> to. Turns make a machine whose
/// speed drifts slow every method alike; the figures guide work on the code and are not for quoting
/// (BenchmarkDotNet's are).
/// </summary>
public static class ProfileLoop
{
    public static int Run(IReadOnlyList<string> args)
    {
        if (args.Count < 2) return Usage();
        string? parameter = null, seconds = null;
        for (int i = 2; i < args.Count; i++)
        {
            if (args[i].Contains('=')) parameter = args[i];
            else seconds = args[i];
        }
        string[] names = args[1].Split(',');
        var operations = new Action[names.Length];
        for (int m = 0; m < names.Length; m++)
        {
            var operation = BenchmarkMethod(args[0], names[m], parameter);
            if (operation is null) return Usage();
            operations[m] = operation;
        }
        double limit = seconds is null ? 10 : double.Parse(seconds, CultureInfo.InvariantCulture);
        var samples = Array.ConvertAll(names, _ => new List<double>());
        foreach (var operation in operations) for (int i = 0; i < 3; i++) operation();
        var total = Stopwatch.StartNew();
        while (total.Elapsed.TotalSeconds < limit)
        {
            for (int m = 0; m < operations.Length; m++)
            {
                long calls = 0;
                var turn = Stopwatch.StartNew();
                // The clock is read once per 16 calls: reading it costs ~20 ns, enough to flatten the ratios of small methods.
                while (turn.Elapsed.TotalMilliseconds < 250)
                {
                    for (int i = 0; i < 16; i++) operations[m]();
                    calls += 16;
                }
                samples[m].Add(turn.Elapsed.TotalMilliseconds * 1e6 / calls);
            }
        }
        double first = Median(samples[0]);
        for (int m = 0; m < operations.Length; m++)
            Console.WriteLine($"{names[m],-32} {Median(samples[m]),14:N1} ns per call (median of {samples[m].Count}), {Median(samples[m]) / first:F2}x the first");
        return 0;
    }

    private static double Median(List<double> values)
    {
        values.Sort();
        return values[values.Count / 2];
    }

    // A [Benchmark] method of one of this program's classes, with a [Params] property set from NAME=VALUE, after its
    // [GlobalSetup]; null when there is no such method or property.
    private static Action? BenchmarkMethod(string className, string methodName, string? parameter)
    {
        var type = Array.Find(typeof(ProfileLoop).Assembly.GetTypes(), t => t.Name == className && !t.IsAbstract);
        var method = type?.GetMethod(methodName, BindingFlags.Public | BindingFlags.Instance);
        if (type is null || method is null || method.GetParameters().Length != 0) return null;
        object instance = Activator.CreateInstance(type)!;
        if (parameter is not null)
        {
            var (name, value) = (parameter[..parameter.IndexOf('=')], parameter[(parameter.IndexOf('=') + 1)..]);
            var property = type.GetProperty(name);
            if (property is null) return null;
            property.SetValue(instance, Convert.ChangeType(value, property.PropertyType, CultureInfo.InvariantCulture));
        }
        foreach (var setup in type.GetMethods())
            if (setup.GetCustomAttributes(typeof(GlobalSetupAttribute), true).Length > 0) setup.Invoke(instance, null);
        // A compiled call, not MethodInfo.Invoke: reflection would add tens of nanoseconds to every call of a small method.
        var call = System.Linq.Expressions.Expression.Call(System.Linq.Expressions.Expression.Constant(instance), method);
        return System.Linq.Expressions.Expression.Lambda<Action>(call).Compile();
    }

    private static int Usage()
    {
        Console.Error.WriteLine("usage: --profile CLASS METHOD[,METHOD...] [PARAMETER=VALUE] [SECONDS]");
        return 2;
    }
}
