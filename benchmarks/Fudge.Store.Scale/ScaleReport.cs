using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Fudge.Benchmarks.Reporting;

namespace Fudge.Store.Scale;

/// <summary>The Markdown of benchmarks/results/store-scale.md: how the run was made, then one table per measure.</summary>
internal static class ScaleReport
{
    /// <summary>The goal of issue 34: the selective indexed query under this many milliseconds at ten million.</summary>
    public const double GoalMs = 10;

    public static string Markdown(ScaleOptions options, IReadOnlyList<StoreKindResult> results, IReadOnlyList<string> notFinished, string loadBefore, string loadAfter, TimeSpan duration)
    {
        var text = new StringBuilder(RunInfo.MarkdownHeader($"Stores at scale: {options.Documents:N0} documents of each kind"));
        foreach (string part in notFinished) text.Append($"- **Not finished:** {part}\n");
        text.Append(Invariant($"- Load average (1, 5, 15 min) at start: {loadBefore}; at end: {loadAfter}\n"));
        foreach (string versions in results.Select(r => r.Versions).Distinct()) text.Append($"- {versions}\n");
        text.Append(Invariant($"- Whole run: {duration.TotalMinutes:F1} min; largest store on disk: {results.Max(r => r.PeakOnDiskBytes) / 1e6:N0} MB\n"));
        foreach (var kind in results.Select(r => r.Kind).Distinct()) text.Append($"- {kind.Name}: {kind.Description}\n");
        text.Append(Invariant($"""

            Method: each store and kind starts empty; documents are imported with `InsertManyAsync` in batches of {options.Batch:N0}
            (each its own transaction), timing only the inserts (each batch is generated before its insert starts). At each
            checkpoint ({string.Join(" and ", options.Checkpoints.Select(c => c.ToString("N0", CultureInfo.InvariantCulture)))} documents) the database settles (SQLite: a WAL checkpoint; PostgreSQL:
            `VACUUM ANALYZE`, what autovacuum does after a bulk insert), sizes are read, and every query is timed with and
            without the indexes. SQLite imports into an unindexed table; its indexes are built with `CreateIndexAsync` on
            the existing rows at each checkpoint and dropped before the import goes on. PostgreSQL's GIN index is maintained
            by every insert (`CreateIndexAsync` only registers the path); "without" is that index dropped, and it is then
            rebuilt from its own definition on the existing rows (timed). Latency: {options.Repetitions} timed runs of each query with its
            index (after one untimed), {options.ScanRepetitions} without (no warm-up: a scan's first run is as representative as any); p99
            of so few runs is their slowest.


            """));

        text.Append("### Import\n\n");
        text.Append(Invariant($"Index mode: {options.IndexMode}{(options.NoGin ? "; PostgreSQL's GIN index dropped before the import" : "")}{(options.GinStorage is null ? "" : $"; GIN storage parameters: {options.GinStorage}")}{(options.IndexBuildMemoryMegabytes is int mb ? $"; index build memory {mb} MB" : "")}{(options.IndexMode == IndexMode.None ? "" : "; declared indexes (PostgreSQL: B-tree indexes, on typed key columns for typed members; SQLite: indexes on the path function): " + string.Join("; ", results.Select(r => r.Kind).Distinct().Select(k => $"{k.Name} {string.Join(", ", k.IndexedPaths)}")))}. Server CPU: the user + system time of the server's backends for this run (PostgreSQL on this machine), which the machine's load inflates far less than wall time.\n\n"));
        text.Append("| store | kind | documents | import (s) | documents/s | s per million, first tenth | s per million, last tenth | server CPU (s) | server CPU per document (µs) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        foreach (var (result, checkpoint) in Rows(results))
            text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | {checkpoint.Documents:N0} | {checkpoint.ImportSeconds:F1} | {checkpoint.Documents / checkpoint.ImportSeconds:N0} | {checkpoint.FirstTenthSecondsPerMillion:F2} | {checkpoint.LastTenthSecondsPerMillion:F2} | {(checkpoint.ImportServerCpuSeconds is double cpu ? cpu.ToString("F1", CultureInfo.InvariantCulture) : "")} | {(checkpoint.ImportServerCpuSeconds is double c ? (c / checkpoint.Documents * 1e6).ToString("F1", CultureInfo.InvariantCulture) : "")} |\n"));

        text.Append("\n### Bytes on disk\n\n");
        text.Append("| store | kind | documents | bytes/document without index | with index | of which index | store on disk, with index (MB) |\n|---|---|---:|---:|---:|---:|---:|\n");
        foreach (var (result, checkpoint) in Rows(results))
        {
            double n = checkpoint.Documents;
            text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | {checkpoint.Documents:N0} | {checkpoint.Without.DocumentBytes / n:F1} | {(checkpoint.With.DocumentBytes + checkpoint.With.IndexBytes) / n:F1} | {checkpoint.With.IndexBytes / n:F1} | {checkpoint.With.OnDiskBytes / 1e6:N1} |\n"));
        }

        text.Append("\n### Index builds and settling\n\n| store | kind | documents | step | seconds | server CPU (s) |\n|---|---|---:|---|---:|---:|\n");
        foreach (var (result, checkpoint) in Rows(results))
            foreach (var step in checkpoint.Steps)
                text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | {checkpoint.Documents:N0} | {step.What} | {step.Seconds:F2} | {(step.ServerCpuSeconds is double cpu ? cpu.ToString("F1", CultureInfo.InvariantCulture) : "")} |\n"));

        text.Append("\n### Query latency\n\n| store | kind | query | documents | found | index | runs | p50 (ms) | p99 (ms) |\n|---|---|---|---:|---:|---|---:|---:|---:|\n");
        foreach (var (result, checkpoint) in Rows(results))
            foreach (var timing in checkpoint.Queries.OrderBy(t => result.Kind.Queries(options.Checkpoints[0]).ToList().IndexOf(t.Query)).ThenByDescending(t => t.Indexed))
                text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | {timing.Query.Name}: `{timing.Query.Text.Replace("|", "\\|", StringComparison.Ordinal)}` | {checkpoint.Documents:N0} | {timing.Found:N0} | {(timing.Indexed ? "yes" : "no")} | {timing.Runs} | {timing.P50Ms:F2} | {timing.P99Ms:F2} |\n"));

        if (results.Any(r => r.Stretches.Count > 0)) AppendServerCounters(text, results);

        text.Append(Invariant($"\n### Goal: a selective indexed query under {GoalMs:F0} ms at {options.Documents:N0} documents\n\n| store | kind | query | found | p50 (ms) | p99 (ms) | p50 under the goal | p99 under the goal |\n|---|---|---|---:|---:|---:|---|---|\n"));
        foreach (var result in results)
        {
            var last = result.Checkpoints[^1];
            foreach (var timing in last.Queries.Where(t => t.Indexed && t.Query.Selective))
                text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | `{timing.Query.Text}` | {timing.Found:N0} | {timing.P50Ms:F2} | {timing.P99Ms:F2} | {(timing.P50Ms < GoalMs ? "yes" : "no")} | {(timing.P99Ms < GoalMs ? "yes" : "no")} |\n"));
        }
        return text.ToString();
    }

    /// <summary>
    /// The server's counters for each tenth of the import, per 1,000 documents so that tenths of different runs compare:
    /// what grows with the table shows here whatever the machine's load did to the times.
    /// </summary>
    private static void AppendServerCounters(StringBuilder text, IReadOnlyList<StoreKindResult> results)
    {
        text.Append("""

            ### Server counters per tenth of the import

            Read from PostgreSQL between batches (settling, index builds and queries at a checkpoint left out), per 1,000
            documents unless said. WAL: `pg_stat_wal`; checkpoints and buffers written: `pg_stat_bgwriter` (both for the whole
            server, so another database's work counts too); blocks: the collection's heap and GIN index in `pg_statio_user_tables`
            and `_indexes` ("read": not in `shared_buffers`, asked of the operating system, whose cache may still hold it);
            waits: the `COPY` backend's `pg_stat_activity` wait event sampled every 50 ms ("CPU": no wait). A backend
            publishes its counters when idle, at most once a second: with batches shorter than that (small runs), some
            counts land in a later stretch.

            | store | kind | documents | s per million | WAL KB | full-page images | checkpoints (timed + requested) | MB written by checkpoints / by the backend | heap blocks read / hit | GIN blocks read / hit | server CPU per document (µs) | sampled waits |
            |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|

            """);
        const double BlockMegabytes = 8192 / 1e6;
        foreach (var result in results)
        {
            foreach (var stretch in result.Stretches)
            {
                var c = stretch.Counters;
                double thousands = Math.Max(1, stretch.ToDocuments - stretch.FromDocuments) / 1000.0;
                text.Append(Invariant($"| {result.Store} | {result.Kind.Name} | {stretch.FromDocuments:N0}–{stretch.ToDocuments:N0} | {stretch.Seconds / thousands * 1000:F1} | {c.WalBytes / 1024.0 / thousands:F0} | {c.WalFullPageImages / thousands:F1} | {c.CheckpointsTimed} + {c.CheckpointsRequested} | {c.BuffersWrittenByCheckpoints * BlockMegabytes:F0} / {c.BuffersWrittenByBackends * BlockMegabytes:F0} | {c.HeapBlocksRead / thousands:F1} / {c.HeapBlocksHit / thousands:F0} | {c.GinBlocksRead / thousands:F1} / {c.GinBlocksHit / thousands:F0} | {c.BackendCpuSeconds / thousands * 1000:F1} | {stretch.WaitShares()} |\n"));
            }
        }
    }

    private static IEnumerable<(StoreKindResult Result, CheckpointResult Checkpoint)> Rows(IReadOnlyList<StoreKindResult> results)
        => results.SelectMany(r => r.Checkpoints.Select(c => (r, c)));

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
