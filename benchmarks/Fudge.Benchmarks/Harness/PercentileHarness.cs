using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Shared;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// Workload 2's latency view, next to BenchmarkDotNet's means: every message of a long seeded stream is timed on its
/// own with <see cref="Stopwatch.GetTimestamp"/>, serialize and deserialize-and-aggregate separately, and the
/// samples give median, 99th and 99.9th percentiles. Each contender first makes one untimed pass over the whole
/// stream so that tiered JIT compilation has settled; the timed pass that follows includes any GC pauses it causes.
/// </summary>
internal static class PercentileHarness
{
    /// <summary>One contender's distribution for one phase.</summary>
    public sealed record Row(string Contender, string Phase, int Messages, double MedianNs, double P99Ns, double P999Ns, double MaxNs, double TotalMs, double MeanBytes);

    /// <summary>All rows of one run, and the cost of the timing itself (every sample includes it once).</summary>
    public sealed record Report(IReadOnlyList<Row> Rows, double TimerFloorNs);

    public static Report Run(int count, IEnumerable<string> contenders, TextWriter log)
    {
        var ticks = TickGenerator.Create(count);
        var slab = new SlabWriter(checked(count * 256 + 64 * 1024));
        var ends = new int[count];
        var samples = new long[count];
        var rows = new List<Row>();
        double timerFloor = TimerSamples.TimerFloorNs();
        log.WriteLine($"Timer: Stopwatch frequency {Stopwatch.Frequency:N0}/s; back-to-back timestamp median {timerFloor:0} ns (included in every sample).");
        foreach (var name in contenders)
        {
            var contender = ContenderRegistry.CreateTick(name);
            contender.Load(ticks);

            SerializeAll(contender, slab, ends, samples); // untimed warm-up pass
            SerializeAll(contender, slab, ends, samples);
            double meanBytes = (double)slab.Position / count;
            rows.Add(Summarize(name, "Serialize", samples, meanBytes));

            var totals = DeserializeAll(contender, slab, ends, samples); // untimed warm-up pass
            var again = DeserializeAll(contender, slab, ends, samples);
            if (totals.ToString() != again.ToString()) throw new InvalidOperationException($"{name} aggregates differently on a second pass.");
            rows.Add(Summarize(name, "DeserializeAndAggregate", samples, meanBytes));
            log.WriteLine($"{name}: {again}");
            contender = null;
            GC.Collect();
        }
        return new Report(rows, timerFloor);
    }

    private static void SerializeAll(TickContender contender, SlabWriter slab, int[] ends, long[] samples)
    {
        slab.Reset();
        for (int i = 0; i < ends.Length; i++)
        {
            long start = Stopwatch.GetTimestamp();
            contender.Serialize(i, slab);
            samples[i] = Stopwatch.GetTimestamp() - start;
            ends[i] = slab.Position;
        }
    }

    private static TickTotals DeserializeAll(TickContender contender, SlabWriter slab, int[] ends, long[] samples)
    {
        var totals = TickTotals.Empty;
        int begin = 0;
        for (int i = 0; i < ends.Length; i++)
        {
            var message = slab.Slice(begin, ends[i]);
            long start = Stopwatch.GetTimestamp();
            contender.DeserializeAndAggregate(message, ref totals);
            samples[i] = Stopwatch.GetTimestamp() - start;
            begin = ends[i];
        }
        return totals;
    }

    private static Row Summarize(string contender, string phase, long[] samples, double meanBytes)
    {
        var times = new TimerSamples(samples);
        return new Row(contender, phase, samples.Length, times.AtNs(0.5), times.AtNs(0.99), times.AtNs(0.999), times.MaxNs, times.TotalMs, meanBytes);
    }


    public static string ToMarkdown(Report report)
    {
        var rows = report.Rows;
        var sb = new StringBuilder();
        sb.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"Each message timed alone with Stopwatch timestamps; every sample includes the timer's own cost (median {report.TimerFloorNs:0} ns for two back-to-back timestamps). One untimed pass over the stream precedes the timed pass. Total = sum of the samples."));
        sb.AppendLine();
        sb.AppendLine("| Contender | Phase | Messages | Median ns | p99 ns | p99.9 ns | Max ns | Total ms | Bytes/msg |");
        sb.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in rows)
            sb.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {r.Contender} | {r.Phase} | {r.Messages:N0} | {r.MedianNs:N0} | {r.P99Ns:N0} | {r.P999Ns:N0} | {r.MaxNs:N0} | {r.TotalMs:N1} | {r.MeanBytes:N1} |"));
        return sb.ToString();
    }

    public static void WriteCsv(IReadOnlyList<Row> rows, string path)
    {
        using var writer = new StreamWriter(path);
        writer.WriteLine("Contender,Phase,Messages,MedianNs,P99Ns,P999Ns,MaxNs,TotalMs,MeanBytes");
        foreach (var r in rows)
            writer.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"{r.Contender},{r.Phase},{r.Messages},{r.MedianNs:0},{r.P99Ns:0},{r.P999Ns:0},{r.MaxNs:0},{r.TotalMs:0.0},{r.MeanBytes:0.0}"));
    }
}
