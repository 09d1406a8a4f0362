using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.MarketData.Benchmarks.Harness;

/// <summary>The whole-day run's figures, and the tables and goal checks the docs quote.</summary>
/// <param name="Rows">One row per contender.</param>
/// <param name="Batches">Batches in the day (the timed unit).</param>
/// <param name="Messages">Messages in the day.</param>
/// <param name="TimerFloorNs">Median cost of two back-to-back timestamps, included in every sample.</param>
/// <param name="Rounds">Timed passes over the day per contender, taken in rounds of every contender.</param>
public sealed record DayReport(IReadOnlyList<DayReport.Row> Rows, int Batches, int Messages, double TimerFloorNs, int Rounds)
{
    /// <summary>One contender's figures.</summary>
    /// <param name="Contender">Its table name.</param>
    /// <param name="ReadsBytesOf">Whose bytes it reads, when not its own.</param>
    /// <param name="SerializePasses">Serialize phase, one per round; empty when it writes nothing.</param>
    /// <param name="DeserializePasses">Deserialize-and-aggregate phase, one per round; empty when not measured (a writer of another's bytes).</param>
    /// <param name="Bytes">Encoded bytes of the whole day.</param>
    public sealed record Row(string Contender, string? ReadsBytesOf, IReadOnlyList<PhaseStats> SerializePasses, IReadOnlyList<PhaseStats> DeserializePasses, long Bytes)
    {
        /// <summary>Serialize phase: each figure's median over the rounds; null when it writes nothing.</summary>
        public PhaseStats? Serialize => PhaseStats.MedianOf(SerializePasses);

        /// <summary>Deserialize-and-aggregate phase: each figure's median over the rounds; null when not measured.</summary>
        public PhaseStats? Deserialize => PhaseStats.MedianOf(DeserializePasses);
    }

    private static string F(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

    /// <summary>The percentile table: per batch, both phases.</summary>
    public string PercentileTable()
    {
        var sb = new StringBuilder();
        sb.AppendLine(F($"Per batch (the feed's packet, the study's `MultiMessage`: {Batches:N0} batches, {Messages:N0} messages, {(double)Messages / Batches:0.00} messages per batch). Each batch timed alone with Stopwatch timestamps; every sample includes the timer's own cost (median {TimerFloorNs:0} ns for two back-to-back timestamps). Total = sum of the samples. Allocated = bytes allocated by the timed pass, per batch. The whole day was timed {Rounds} times per contender, in rounds that take every contender in turn; every figure is its median over the {Rounds} passes."));
        sb.AppendLine();
        sb.AppendLine("| Contender | Serialize median ns | p99 | p99.9 | total ms | allocated B/batch | Deserialize + aggregate median ns | p99 | p99.9 | total ms | allocated B/batch |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in Rows)
        {
            string write = r.Serialize is { } s
                ? F($"{s.MedianNs:N0} | {s.P99Ns:N0} | {s.P999Ns:N0} | {s.TotalMs:N0} | {(double)s.AllocatedBytes / Batches:0.#}")
                : $"(reads the bytes of {r.ReadsBytesOf}) | | | | ";
            string read = r.Deserialize is { } d
                ? F($"{d.MedianNs:N0} | {d.P99Ns:N0} | {d.P999Ns:N0} | {d.TotalMs:N0} | {(double)d.AllocatedBytes / Batches:0.#}")
                : "(the bytes of Fudge ordinals, read as they are) | | | | ";
            sb.AppendLine(F($"| {r.Contender} | {write} | {read} |"));
        }
        return sb.ToString();
    }

    /// <summary>The size table: bytes per batch and per message, and the ratio to the SBE layout.</summary>
    public string SizeTable()
    {
        var floor = Rows.FirstOrDefault(r => r.Contender == "SBE layout (hand-written)");
        var sb = new StringBuilder();
        sb.AppendLine("| Contender | Bytes per batch | Bytes per message | vs SBE layout |");
        sb.AppendLine("|---|---:|---:|---:|");
        foreach (var r in Rows.Where(r => r.ReadsBytesOf is null && r.Contender != "Fudge writer (hand-written)"))
        {
            string ratio = floor is null ? "" : F($"{(double)r.Bytes / floor.Bytes:0.00}x");
            sb.AppendLine(F($"| {r.Contender} | {(double)r.Bytes / Batches:0.0} | {(double)r.Bytes / Messages:0.0} | {ratio} |"));
        }
        return sb.ToString();
    }

    /// <summary>Every pass's total (ms) per contender and phase, round by round: how far one pass strays from the others.</summary>
    public string PassTable()
    {
        var sb = new StringBuilder();
        sb.AppendLine("| Contender | Phase | " + string.Join(" | ", Enumerable.Range(1, Rounds).Select(r => F($"round {r} total ms"))) + " | median |");
        sb.AppendLine("|---|---|" + string.Concat(Enumerable.Repeat("---:|", Rounds + 1)));
        foreach (var r in Rows)
        {
            if (r.SerializePasses.Count > 0) sb.AppendLine(PassRow(r.Contender, "serialize", r.SerializePasses));
            if (r.DeserializePasses.Count > 0) sb.AppendLine(PassRow(r.Contender, "deserialize + aggregate", r.DeserializePasses));
        }
        return sb.ToString();
    }

    private static string PassRow(string contender, string phase, IReadOnlyList<PhaseStats> passes)
        => F($"| {contender} | {phase} | ") + string.Join(" | ", passes.Select(p => F($"{p.TotalMs:N0}"))) + F($" | {PhaseStats.MedianOf(passes)!.TotalMs:N0} |");

    /// <summary>
    /// The issue's goals, each as a ratio of the median medians and of the median totals over the rounds, and as the
    /// median and range of the ratio of totals taken round by round (both contenders of a round ran minutes apart at most).
    /// </summary>
    public string GoalTable()
    {
        var sb = new StringBuilder();
        sb.AppendLine("| Goal | Ratio of medians | Ratio of totals | Ratio of totals, per round: median (min-max) | Met (totals) |");
        sb.AppendLine("|---|---:|---:|---:|---|");
        Goal(sb, "Fudge ordinals serialize at least as fast as FlatBuffers", "Fudge ordinals", "FlatBuffers", r => r.SerializePasses, 1.0);
        Goal(sb, "Fudge ordinals serialize within 2x the SBE layout", "Fudge ordinals", "SBE layout (hand-written)", r => r.SerializePasses, 2.0);
        Goal(sb, "Fudge ordinals deserialize + aggregate within 1.5x FlatBuffers", "Fudge ordinals", "FlatBuffers", r => r.DeserializePasses, 1.5);
        Goal(sb, "Schema-free aggregation within 2x the generated reader", "Fudge schema-free reader", "Fudge ordinals", r => r.DeserializePasses, 2.0);
        return sb.ToString();
    }

    private void Goal(StringBuilder sb, string goal, string subject, string reference, Func<Row, IReadOnlyList<PhaseStats>> phase, double limit)
    {
        var a = Rows.FirstOrDefault(r => r.Contender == subject);
        var b = Rows.FirstOrDefault(r => r.Contender == reference);
        if (a is null || b is null || PhaseStats.MedianOf(phase(a)) is not { } x || PhaseStats.MedianOf(phase(b)) is not { } y) return;
        double medians = x.MedianNs / y.MedianNs, totals = x.TotalMs / y.TotalMs;
        var perRound = phase(a).Zip(phase(b), (p, q) => p.TotalMs / q.TotalMs).ToArray();
        string rounds = F($"{PhaseStats.Median(perRound):0.00} ({perRound.Min():0.00}-{perRound.Max():0.00})");
        sb.AppendLine(F($"| {goal} | {medians:0.00} | {totals:0.00} | {rounds} | {(totals <= limit ? "yes" : "no")} (limit {limit:0.0}) |"));
    }

    /// <summary>The rows as CSV: each round's pass (Pass 1..N) and the median over them (Pass "median").</summary>
    public string Csv()
    {
        var sb = new StringBuilder("Contender,Phase,Pass,Batches,Messages,MedianNs,P99Ns,P999Ns,MaxNs,TotalMs,AllocatedBytes,Bytes\n");
        foreach (var r in Rows)
        {
            CsvRows(sb, r, "Serialize", r.SerializePasses);
            CsvRows(sb, r, "DeserializeAndAggregate", r.DeserializePasses);
        }
        return sb.ToString();
    }

    private void CsvRows(StringBuilder sb, Row r, string phase, IReadOnlyList<PhaseStats> passes)
    {
        if (PhaseStats.MedianOf(passes) is not { } median) return;
        for (int i = 0; i < passes.Count; i++) CsvRow(sb, r, phase, (i + 1).ToString(CultureInfo.InvariantCulture), passes[i]);
        CsvRow(sb, r, phase, "median", median);
    }

    private void CsvRow(StringBuilder sb, Row r, string phase, string pass, PhaseStats s)
        => sb.AppendLine(F($"{r.Contender},{phase},{pass},{Batches},{Messages},{s.MedianNs:0},{s.P99Ns:0},{s.P999Ns:0},{s.MaxNs:0},{s.TotalMs:0.0},{s.AllocatedBytes},{r.Bytes}"));
}
