using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;

namespace Fudge.Benchmarks.Reporting;

/// <summary>The heading every committed result carries: when, on what machine and runtime, and the exact command.</summary>
internal static class RunInfo
{
    /// <summary>The command line that produced this run, as a user would type it from the repository root.</summary>
    public static string Command { get; set; } = "dotnet run -c Release --project benchmarks/Fudge.Benchmarks --";

    public static string MarkdownHeader(string title)
        => $"## {title}\n\n" +
           $"- Date: {DateTime.UtcNow.ToString("yyyy-MM-dd HH:mm", CultureInfo.InvariantCulture)} UTC\n" +
           $"- CPU: {CpuModel()}, {Environment.ProcessorCount} logical cores\n" +
           $"- Runtime: {RuntimeInformation.FrameworkDescription} on {RuntimeInformation.OSDescription} ({RuntimeInformation.ProcessArchitecture})\n" +
           $"- Command: `{Command}`\n\n";

    private static string CpuModel()
    {
        const string cpuInfo = "/proc/cpuinfo";
        if (File.Exists(cpuInfo))
        {
            var line = File.ReadLines(cpuInfo).FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (line is not null) return line[(line.IndexOf(':') + 1)..].Trim();
        }
        return RuntimeInformation.ProcessArchitecture.ToString();
    }
}
