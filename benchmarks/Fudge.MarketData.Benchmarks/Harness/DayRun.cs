using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using Fudge.Benchmarks.Harness;
using Fudge.Benchmarks.Shared;
using Fudge.MarketData.Benchmarks.Contenders;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Harness;

/// <summary>
/// The study's measurement over the whole day: every batch serialized into one pre-allocated slab, then every batch
/// read back and aggregated, each batch timed on its own with <see cref="Stopwatch.GetTimestamp"/>. Before anything
/// is timed, each contender's bytes are decoded and compared with the day, batch by batch, and its aggregate with
/// the one computed from the plain messages. One untimed pass precedes each timed pass so that tiered compilation
/// has settled; allocations are <see cref="GC.GetAllocatedBytesForCurrentThread"/> around the timed pass.
/// </summary>
public static class DayRun
{
    /// <summary>Runs <paramref name="contenders"/> over <paramref name="day"/>; progress goes to <paramref name="log"/>.</summary>
    public static DayReport Run(MarketDay day, IReadOnlyList<string> contenders, TextWriter log)
    {
        var expected = new DayAggregate(day.Symbols);
        foreach (var m in day.Messages) expected.Add(m, day.Symbols);

        int batches = day.BatchCount;
        var slab = new SlabWriter(checked(day.Messages.Length * 160 + batches * 32 + 64 * 1024));
        var samples = new long[batches];
        var written = new Dictionary<string, (byte[] Bytes, int[] Ends)>();
        var rows = new List<DayReport.Row>();
        double timerFloor = TimerSamples.TimerFloorNs();
        foreach (var name in contenders)
        {
            var contender = ShootoutContenders.Create(name);
            contender.Load(day);
            PhaseStats? serialize = null;
            byte[] bytes;
            int[] ends;
            if (contender.ReadsBytesOf is null)
            {
                ends = new int[batches];
                SerializeAll(contender, slab, ends, samples);             // untimed pass
                long before = GC.GetAllocatedBytesForCurrentThread();
                SerializeAll(contender, slab, ends, samples);
                long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                serialize = PhaseStats.From(samples, allocated);
                bytes = slab.Slice(0, slab.Position).ToArray();
                written[name] = (bytes, ends);
                if (contender.WritesBytesOf is { } twin && written.TryGetValue(twin, out var theirs) && !theirs.Bytes.AsSpan().SequenceEqual(bytes))
                    throw new InvalidOperationException($"{name} does not write the bytes {twin} writes.");
            }
            else if (!written.TryGetValue(contender.ReadsBytesOf, out var source))
                throw new InvalidOperationException($"{name} reads what {contender.ReadsBytesOf} writes: run that contender first.");
            else (bytes, ends) = source;

            CheckRoundTrip(contender, day, bytes, ends);
            PhaseStats? read = contender.MeasuresReading ? MeasureReading(contender, bytes, ends, samples, expected) : null;
            rows.Add(new DayReport.Row(name, contender.ReadsBytesOf, serialize, read, ends[^1]));
            log.WriteLine($"{name}: round trip of {batches:N0} batches checked.");
            if (contender.ReadsBytesOf is null && name != "Fudge ordinals") written.Remove(name);
            GC.Collect();
        }
        return new DayReport(rows, batches, day.Messages.Length, timerFloor);
    }

    // One untimed pass, checked against the plain messages' aggregate, then the timed pass, checked again.
    private static PhaseStats MeasureReading(ShootoutContender contender, byte[] bytes, int[] ends, long[] samples, DayAggregate expected)
    {
        var aggregate = new DayAggregate(expected.Symbols);
        DeserializeAll(contender, bytes, ends, samples, aggregate);
        if (!aggregate.SameAs(expected)) throw new InvalidOperationException($"{contender.Name} aggregates the day differently from its plain messages.");
        aggregate.Clear();
        long start = GC.GetAllocatedBytesForCurrentThread();
        DeserializeAll(contender, bytes, ends, samples, aggregate);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - start;
        if (!aggregate.SameAs(expected)) throw new InvalidOperationException($"{contender.Name} aggregates differently on a second pass.");
        return PhaseStats.From(samples, allocated);
    }

    private static void SerializeAll(ShootoutContender contender, SlabWriter slab, int[] ends, long[] samples)
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

    private static void DeserializeAll(ShootoutContender contender, byte[] bytes, int[] ends, long[] samples, DayAggregate aggregate)
    {
        int begin = 0;
        for (int i = 0; i < ends.Length; i++)
        {
            var batch = new ReadOnlyMemory<byte>(bytes, begin, ends[i] - begin);
            long start = Stopwatch.GetTimestamp();
            contender.DeserializeAndAggregate(batch, aggregate);
            samples[i] = Stopwatch.GetTimestamp() - start;
            begin = ends[i];
        }
    }

    /// <summary>Decodes every batch into plain form and compares it with the day; throws at the first difference.</summary>
    public static void CheckRoundTrip(ShootoutContender contender, MarketDay day, byte[] bytes, int[] ends)
    {
        var decoded = new List<FeedMessage>(64);
        int begin = 0;
        for (int b = 0; b < ends.Length; b++)
        {
            decoded.Clear();
            ulong seqNo = contender.Decode(new ReadOnlyMemory<byte>(bytes, begin, ends[b] - begin), day, decoded);
            var batch = day.Batch(b);
            if (seqNo != day.SequenceNumbers[b] || decoded.Count != batch.Length)
                throw new InvalidOperationException($"{contender.Name}: batch {b} reads back as sequence {seqNo} with {decoded.Count} messages, not {day.SequenceNumbers[b]} with {batch.Length}.");
            for (int i = 0; i < batch.Length; i++)
                if (decoded[i] != batch[i])
                    throw new InvalidOperationException($"{contender.Name}: batch {b} message {i} reads back as {decoded[i]}, not {batch[i]}.");
            begin = ends[b];
        }
    }

}

/// <summary>One phase's distribution over the day's batches.</summary>
/// <param name="MedianNs">Median time per batch.</param>
/// <param name="P99Ns">99th percentile.</param>
/// <param name="P999Ns">99.9th percentile.</param>
/// <param name="MaxNs">Slowest batch.</param>
/// <param name="TotalMs">Sum of all batches' times.</param>
/// <param name="AllocatedBytes">Bytes allocated by the whole timed pass.</param>
public sealed record PhaseStats(double MedianNs, double P99Ns, double P999Ns, double MaxNs, double TotalMs, long AllocatedBytes)
{
    /// <summary>Summarizes timestamps differences and the pass's allocations.</summary>
    public static PhaseStats From(long[] samples, long allocatedBytes)
    {
        var times = new TimerSamples(samples);
        return new PhaseStats(times.AtNs(0.5), times.AtNs(0.99), times.AtNs(0.999), times.MaxNs, times.TotalMs, allocatedBytes);
    }
}
