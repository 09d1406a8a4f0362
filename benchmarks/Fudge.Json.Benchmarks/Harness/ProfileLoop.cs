using System;
using System.Collections.Generic;
using System.Globalization;
using Fudge.Benchmarks.Shared;

namespace Fudge.Json.Benchmarks.Harness;

/// <summary>
/// <c>--profile CLASS METHOD[,METHOD...] [PARAMETER=VALUE] [SECONDS]</c>: benchmark methods of this program after
/// their global setup, in turns (<see cref="MethodTurns.Run"/>); with one method, also a plain loop to attach
/// <c>perf record</c> to. The figures guide work on the code; BenchmarkDotNet's are the ones to quote.
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
            var operation = MethodTurns.Find(typeof(ProfileLoop).Assembly, args[0], names[m], parameter);
            if (operation is null) return Usage();
            operations[m] = operation;
        }
        MethodTurns.Run(names, operations, seconds is null ? 10 : double.Parse(seconds, CultureInfo.InvariantCulture));
        return 0;
    }

    private static int Usage()
    {
        Console.Error.WriteLine("usage: --profile CLASS METHOD[,METHOD...] [PARAMETER=VALUE] [SECONDS]");
        return 2;
    }
}
