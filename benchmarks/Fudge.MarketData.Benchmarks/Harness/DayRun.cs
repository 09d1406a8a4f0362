using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Fudge.Benchmarks.Harness;
using Fudge.Benchmarks.Shared;
using Fudge.MarketData.Benchmarks.Contenders;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Harness;

/// <summary>
/// The study's measurement over the whole day: every batch serialized into one pre-allocated slab, then every batch
/// read back and aggregated, each batch timed on its own with <see cref="Stopwatch.GetTimestamp"/>. Before anything
/// is timed, each contender's bytes are decoded and compared with the day, batch by batch, and its aggregate with
/// the one computed from the plain messages. One untimed pass precedes the first timed pass so that tiered
/// compilation has settled; allocations are <see cref="GC.GetAllocatedBytesForCurrentThread"/> around each timed pass.
/// </summary>
/// <remarks>
/// The whole day is timed several times, in rounds: each round takes every contender in turn (serialize, then read),
/// so that a machine whose speed drifts for a minute slows one round of every contender rather than every pass of
/// one. The report gives the median over the rounds of each figure, and each round's ratios: one slow pass cannot
/// flip a ratio. A contender is loaded afresh each round, so only one holds its day in memory at a time.
/// </remarks>
public static class DayRun
{
    /// <summary>
    /// Runs <paramref name="contenders"/> over <paramref name="day"/> in <paramref name="rounds"/> rounds; progress goes
    /// to <paramref name="log"/>.
    /// </summary>
    public static DayReport Run(MarketDay day, IReadOnlyList<string> contenders, TextWriter log, int rounds)
    {
        if (rounds < 1) throw new ArgumentOutOfRangeException(nameof(rounds), "At least one round.");
        var expected = new DayAggregate(day.Symbols);
        foreach (var m in day.Messages) expected.Add(m, day.Symbols);

        int batches = day.BatchCount;
        var slab = new SlabWriter(checked(day.Messages.Length * 160 + batches * 32 + 64 * 1024));
        var samples = new long[batches];
        var serializePasses = new Dictionary<string, List<PhaseStats>>();
        var readPasses = new Dictionary<string, List<PhaseStats>>();
        var sizes = new Dictionary<string, long>();
        double timerFloor = TimerSamples.TimerFloorNs();
        for (int round = 0; round < rounds; round++)
        {
            bool first = round == 0;
            var written = new Dictionary<string, (byte[] Bytes, int[] Ends)>();
            foreach (var name in contenders)
            {
                var contender = ShootoutContenders.Create(name);
                contender.Load(day);
                byte[] bytes;
                int[] ends;
                if (contender.ReadsBytesOf is null)
                {
                    ends = new int[batches];
                    if (first) SerializeAll(contender, slab, ends, samples);   // untimed pass: tiered compilation settles
                    long before = GC.GetAllocatedBytesForCurrentThread();
                    SerializeAll(contender, slab, ends, samples);
                    long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
                    Passes(serializePasses, name).Add(PhaseStats.From(samples, allocated));
                    bytes = slab.Slice(0, slab.Position).ToArray();
                    written[name] = (bytes, ends);
                    if (contender.WritesBytesOf is { } twin && written.TryGetValue(twin, out var theirs) && !theirs.Bytes.AsSpan().SequenceEqual(bytes))
                        throw new InvalidOperationException($"{name} does not write the bytes {twin} writes.");
                }
                else if (!written.TryGetValue(contender.ReadsBytesOf, out var source))
                    throw new InvalidOperationException($"{name} reads what {contender.ReadsBytesOf} writes: run that contender first.");
                else (bytes, ends) = source;

                if (first)
                {
                    CheckRoundTrip(contender, day, bytes, ends);
                    log.WriteLine($"{name}: round trip of {batches:N0} batches checked.");
                }
                if (contender.MeasuresReading) Passes(readPasses, name).Add(MeasureReading(contender, bytes, ends, samples, expected, warm: first));
                sizes[name] = ends[^1];
                if (contender.ReadsBytesOf is null && name != "Fudge ordinals") written.Remove(name);
                GC.Collect();
            }
            log.WriteLine($"Round {round + 1} of {rounds} done.");
        }
        var rows = new List<DayReport.Row>();
        foreach (var name in contenders)
        {
            var contender = ShootoutContenders.Create(name);
            rows.Add(new DayReport.Row(name, contender.ReadsBytesOf,
                serializePasses.TryGetValue(name, out var s) ? s : new List<PhaseStats>(),
                readPasses.TryGetValue(name, out var r) ? r : new List<PhaseStats>(), sizes[name]));
        }
        return new DayReport(rows, batches, day.Messages.Length, timerFloor, rounds);
    }

    private static List<PhaseStats> Passes(Dictionary<string, List<PhaseStats>> passes, string name)
    {
        if (!passes.TryGetValue(name, out var list)) passes[name] = list = new List<PhaseStats>();
        return list;
    }

    // When warming, one untimed pass checked against the plain messages' aggregate; then the timed pass, checked.
    private static PhaseStats MeasureReading(ShootoutContender contender, byte[] bytes, int[] ends, long[] samples, DayAggregate expected, bool warm)
    {
        var aggregate = new DayAggregate(expected.Symbols);
        if (warm)
        {
            DeserializeAll(contender, bytes, ends, samples, aggregate);
            if (!aggregate.SameAs(expected)) throw new InvalidOperationException($"{contender.Name} aggregates the day differently from its plain messages.");
            aggregate.Clear();
        }
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

    /// <summary>Each figure's median over <paramref name="passes"/> (taken figure by figure); null when there are none.</summary>
    public static PhaseStats? MedianOf(IReadOnlyList<PhaseStats> passes)
    {
        if (passes.Count == 0) return null;
        return new PhaseStats(Median(passes, p => p.MedianNs), Median(passes, p => p.P99Ns), Median(passes, p => p.P999Ns),
            Median(passes, p => p.MaxNs), Median(passes, p => p.TotalMs), (long)Median(passes, p => p.AllocatedBytes));
    }

    /// <summary>The median of <paramref name="values"/> (the mean of the middle two for an even count).</summary>
    public static double Median(IEnumerable<double> values)
    {
        var sorted = values.OrderBy(v => v).ToArray();
        if (sorted.Length == 0) throw new ArgumentException("No values.", nameof(values));
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    private static double Median(IReadOnlyList<PhaseStats> passes, Func<PhaseStats, double> figure) => Median(passes.Select(figure));
}
