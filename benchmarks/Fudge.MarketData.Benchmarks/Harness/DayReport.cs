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
public sealed record DayReport(IReadOnlyList<DayReport.Row> Rows, int Batches, int Messages, double TimerFloorNs)
{
    /// <summary>One contender's figures.</summary>
    /// <param name="Contender">Its table name.</param>
    /// <param name="ReadsBytesOf">Whose bytes it reads, when not its own.</param>
    /// <param name="Serialize">Serialize phase; null when it writes nothing.</param>
    /// <param name="Deserialize">Deserialize-and-aggregate phase; null when not measured (a writer of another's bytes).</param>
    /// <param name="Bytes">Encoded bytes of the whole day.</param>
    public sealed record Row(string Contender, string? ReadsBytesOf, PhaseStats? Serialize, PhaseStats? Deserialize, long Bytes);

    private static string F(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

    /// <summary>The percentile table: per batch, both phases.</summary>
    public string PercentileTable()
    {
        var sb = new StringBuilder();
        sb.AppendLine(F($"Per batch (the feed's packet, the study's `MultiMessage`: {Batches:N0} batches, {Messages:N0} messages, {(double)Messages / Batches:0.00} messages per batch). Each batch timed alone with Stopwatch timestamps; every sample includes the timer's own cost (median {TimerFloorNs:0} ns for two back-to-back timestamps). Total = sum of the samples. Allocated = bytes allocated by the timed pass, per batch."));
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

    /// <summary>The issue's goals, each as a ratio of medians and of totals in this run.</summary>
    public string GoalTable()
    {
        var sb = new StringBuilder();
        sb.AppendLine("| Goal | Ratio of medians | Ratio of totals | Met (totals) |");
        sb.AppendLine("|---|---:|---:|---|");
        Goal(sb, "Fudge ordinals serialize at least as fast as FlatBuffers", "Fudge ordinals", "FlatBuffers", r => r.Serialize, 1.0);
        Goal(sb, "Fudge ordinals serialize within 2x the SBE layout", "Fudge ordinals", "SBE layout (hand-written)", r => r.Serialize, 2.0);
        Goal(sb, "Fudge ordinals deserialize + aggregate within 1.5x FlatBuffers", "Fudge ordinals", "FlatBuffers", r => r.Deserialize, 1.5);
        Goal(sb, "Schema-free aggregation within 2x the generated reader", "Fudge schema-free reader", "Fudge ordinals", r => r.Deserialize, 2.0);
        return sb.ToString();
    }

    private void Goal(StringBuilder sb, string goal, string subject, string reference, Func<Row, PhaseStats?> phase, double limit)
    {
        var a = Rows.FirstOrDefault(r => r.Contender == subject);
        var b = Rows.FirstOrDefault(r => r.Contender == reference);
        if (a is null || b is null || phase(a) is not { } x || phase(b) is not { } y) return;
        double medians = x.MedianNs / y.MedianNs, totals = x.TotalMs / y.TotalMs;
        sb.AppendLine(F($"| {goal} | {medians:0.00} | {totals:0.00} | {(totals <= limit ? "yes" : "no")} (limit {limit:0.0}) |"));
    }

    /// <summary>The rows as CSV.</summary>
    public string Csv()
    {
        var sb = new StringBuilder("Contender,Phase,Batches,Messages,MedianNs,P99Ns,P999Ns,MaxNs,TotalMs,AllocatedBytes,Bytes\n");
        foreach (var r in Rows)
        {
            if (r.Serialize is { } s) sb.AppendLine(F($"{r.Contender},Serialize,{Batches},{Messages},{s.MedianNs:0},{s.P99Ns:0},{s.P999Ns:0},{s.MaxNs:0},{s.TotalMs:0.0},{s.AllocatedBytes},{r.Bytes}"));
            if (r.Deserialize is not { } d) continue;
            sb.AppendLine(F($"{r.Contender},DeserializeAndAggregate,{Batches},{Messages},{d.MedianNs:0},{d.P99Ns:0},{d.P999Ns:0},{d.MaxNs:0},{d.TotalMs:0.0},{d.AllocatedBytes},{r.Bytes}"));
        }
        return sb.ToString();
    }
}
