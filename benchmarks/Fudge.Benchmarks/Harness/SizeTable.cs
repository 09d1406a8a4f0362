using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// Workload 3: bytes per message for every contender on workloads 1 and 2, each contender's output first checked
/// to round-trip. Written as Markdown and CSV.
/// </summary>
internal static class SizeTable
{
    public const int TickSample = 10_000;

    /// <summary>One row: a contender's encoded size for one workload case, and a digest of the bytes themselves.</summary>
    public sealed record Row(string Workload, string Case, string Contender, double Bytes, string Digest);

    public static IReadOnlyList<Row> Measure()
    {
        var rows = new List<Row>();
        var output = new ArrayBufferWriter<byte>(16 * 1024 * 1024);
        foreach (var size in PortfolioGenerator.SizeLabels)
        {
            var portfolio = PortfolioGenerator.Create(size);
            foreach (var name in ContenderRegistry.GraphNames)
            {
                var contender = ContenderRegistry.CreateGraph(name);
                contender.Load(portfolio);
                output.ResetWrittenCount();
                contender.Serialize(output);
                RoundTripCheck.Graph(contender, portfolio, output.WrittenMemory.ToArray());
                rows.Add(new Row("Graph", size, name, output.WrittenCount, Convert.ToHexString(SHA256.HashData(output.WrittenSpan))));
            }
        }

        var ticks = TickGenerator.Create(TickSample);
        foreach (var name in ContenderRegistry.TickNames)
        {
            var contender = ContenderRegistry.CreateTick(name);
            contender.Load(ticks);
            var encoded = new ReadOnlyMemory<byte>[ticks.Length];
            long total = 0;
            using var digest = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
            for (int i = 0; i < ticks.Length; i++)
            {
                output.ResetWrittenCount();
                contender.Serialize(i, output);
                encoded[i] = output.WrittenMemory.ToArray();
                digest.AppendData(output.WrittenSpan);
                total += output.WrittenCount;
            }
            RoundTripCheck.Ticks(contender, ticks, encoded);
            rows.Add(new Row("Ticks", "mean per message", name, (double)total / ticks.Length, Convert.ToHexString(digest.GetHashAndReset())));
        }
        return rows;
    }

    public static string ToMarkdown(IReadOnlyList<Row> rows)
    {
        var sb = new StringBuilder();
        foreach (var workload in rows.GroupBy(r => r.Workload))
        {
            var cases = workload.Select(r => r.Case).Distinct().ToList();
            sb.AppendLine($"### {(workload.Key == "Graph" ? "Workload 1: object graph (bytes per message)" : $"Workload 2: market-data ticks (bytes per message, mean of {TickSample:N0})")}");
            sb.AppendLine();
            sb.AppendLine("| Contender | " + string.Join(" | ", cases.Select(c => $"{c} | vs {ContenderRegistry.Reference}")) + " |");
            sb.AppendLine("|---|" + string.Concat(cases.Select(_ => "---:|---:|")));
            foreach (var contender in workload.GroupBy(r => r.Contender))
            {
                sb.Append("| ").Append(contender.Key).Append(" |");
                foreach (var c in cases)
                {
                    double bytes = contender.Single(r => r.Case == c).Bytes;
                    double reference = workload.Single(r => r.Case == c && r.Contender == ContenderRegistry.Reference).Bytes;
                    sb.Append(CultureInfo.InvariantCulture, $" {bytes:N1} | {bytes / reference:0.00}x |");
                }
                sb.AppendLine();
            }
            sb.AppendLine();
            sb.AppendLine(HeaderNote(workload.Key)).AppendLine();
            var twins = IdenticalTo(workload.ToList(), IdentityReference);
            if (twins.Count > 0)
                sb.AppendLine($"Byte for byte the same as {IdentityReference} in every case: {string.Join(", ", twins)}.").AppendLine();
        }
        return sb.ToString();
    }

    // Where Fudge's bytes go, for the largest graph and for the tick sample, through the hand-written (ordinals) codec.
    private static string HeaderNote(string workload)
    {
        var output = new ArrayBufferWriter<byte>(16 * 1024 * 1024);
        var breakdown = default(HeaderShare.Breakdown);
        string what;
        if (workload == "Graph")
        {
            string size = PortfolioGenerator.SizeLabels[^1];
            new Contenders.Fudge.HandWrittenPortfolioCodec().Write(PortfolioGenerator.Create(size), output);
            breakdown = HeaderShare.Measure(output.WrittenSpan);
            what = $"the {size} graph";
        }
        else
        {
            var codec = new Contenders.Fudge.HandWrittenTickCodec();
            foreach (var tick in TickGenerator.Create(TickSample))
            {
                output.ResetWrittenCount();
                codec.Write(tick, output);
                breakdown += HeaderShare.Measure(output.WrittenSpan);
            }
            what = $"the {TickSample:N0} ticks";
        }
        double total = breakdown.HeaderBytes + breakdown.ValueBytes;
        return string.Create(CultureInfo.InvariantCulture,
            $"Where {IdentityReference}'s bytes go ({what}, envelope headers aside): {breakdown.Fields:N0} fields; field headers (prefix, type, ordinal, size) {breakdown.HeaderBytes:N0} bytes ({breakdown.HeaderBytes / total:P0}), values {breakdown.ValueBytes:N0} bytes ({breakdown.ValueBytes / total:P0}).");
    }

    /// <summary>The contender whose bytes the others are compared with: the direct writer code.</summary>
    public const string IdentityReference = "Fudge.HandWritten";

    private static List<string> IdenticalTo(List<Row> rows, string reference)
        => rows.Where(r => r.Contender != reference).GroupBy(r => r.Contender)
            .Where(g => g.All(r => rows.Any(x => x.Contender == reference && x.Case == r.Case && x.Digest == r.Digest)))
            .Select(g => g.Key).ToList();

    public static void WriteCsv(IReadOnlyList<Row> rows, string path)
    {
        using var writer = new StreamWriter(path);
        writer.WriteLine("Workload,Case,Contender,Bytes");
        foreach (var r in rows) writer.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{r.Workload},{r.Case},{r.Contender},{r.Bytes:0.##}"));
    }
}
