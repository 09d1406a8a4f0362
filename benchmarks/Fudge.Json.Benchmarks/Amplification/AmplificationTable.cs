using System;
using System.Globalization;
using System.Text;

namespace Fudge.Json.Benchmarks.Amplification;

/// <summary>
/// <c>--amplification</c>: bytes allocated per input byte on each read path for each tiny-field input, measured with
/// <see cref="GC.GetAllocatedBytesForCurrentThread"/> (allocation is deterministic, so one warmed-up run per cell is
/// exact; the BenchmarkDotNet class gives the same figures with timings). Prints a Markdown table.
/// </summary>
public static class AmplificationTable
{
    public static string Build()
    {
        var sb = new StringBuilder();
        sb.Append("| Path |");
        foreach (string kind in TinyFieldInputs.Kinds) sb.Append(' ').Append(kind).Append(" |");
        sb.AppendLine().Append("|---|");
        foreach (string _ in TinyFieldInputs.Kinds) sb.Append("---:|");
        sb.AppendLine();
        foreach (string path in ReadPaths.Names)
        {
            sb.Append("| ").Append(path).Append(" |");
            foreach (string kind in TinyFieldInputs.Kinds)
            {
                byte[]? input = ReadPaths.Input(path, kind);
                if (input is null) { sb.Append(" - |"); continue; }
                ReadPaths.Run(path, input, TinyFieldInputs.Unlimited); // warm up: type loading and caches are not per-input costs
                long before = GC.GetAllocatedBytesForCurrentThread();
                ReadPaths.Run(path, input, TinyFieldInputs.Unlimited);
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                sb.Append(' ').Append(((double)allocated / input.Length).ToString("0.0", CultureInfo.InvariantCulture)).Append(" |");
            }
            sb.AppendLine();
        }
        return sb.ToString();
    }
}
