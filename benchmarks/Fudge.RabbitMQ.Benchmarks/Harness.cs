using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>What the broker harnesses (<c>broker</c>, <c>scale</c>, <c>versus</c>) share: arguments, statistics and the head of a results file.</summary>
internal static class Harness
{
    /// <summary>The value after <paramref name="name"/> in <paramref name="args"/>, or <paramref name="fallback"/>.</summary>
    public static string Option(string[] args, string name, string fallback)
    {
        int i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : fallback;
    }

    public static double Median(double[] values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    /// <summary>The nearest-rank percentile (<paramref name="p"/> from 0 to 1); NaN for no values.</summary>
    public static double Percentile(double[] values, double p)
    {
        if (values.Length == 0) return double.NaN;
        var sorted = values.Order().ToArray();
        return sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1)];
    }

    /// <summary>
    /// The first lines of a results file: title, date, machine and <paramref name="servers"/>, the load average at the
    /// end and the command that made it (this project's verb and <paramref name="args"/>).
    /// </summary>
    public static List<string> Header(string title, string servers, string[] args, string loadNote = "")
    {
        string load = File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "unknown";
        return new List<string>
        {
            title,
            "",
            $"- Date: {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC",
            $"- Machine: {Environment.ProcessorCount} logical cores, {System.Runtime.InteropServices.RuntimeInformation.OSDescription}, .NET {Environment.Version}; {servers}",
            $"- Load average at the end (1, 5, 15 min{loadNote}): {load}",
            $"- Command: `dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- {string.Join(' ', args)}`",
        };
    }
}
