using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Benchmarks.Shared;
using Fudge.Store;

namespace Fudge.Store.Scale;

/// <summary>One query's latency in one state of the collection (with or without the index).</summary>
internal sealed record QueryTiming(ScaleQuery Query, bool Indexed, int Runs, long Found, double P50Ms, double P99Ms);

/// <summary>Everything measured when the import reached a checkpoint.</summary>
internal sealed record CheckpointResult(
    long Documents, double ImportSeconds, double FirstTenthSecondsPerMillion, double LastTenthSecondsPerMillion,
    StorageSize Without, StorageSize With, IReadOnlyList<TimedStep> Steps, IReadOnlyList<QueryTiming> Queries, double? ImportServerCpuSeconds = null);

/// <summary>One store and one kind: every checkpoint, and the server's counters for each tenth of the import (none for SQLite).</summary>
internal sealed record StoreKindResult(string Store, string Versions, DocumentKind Kind, IReadOnlyList<CheckpointResult> Checkpoints, long PeakOnDiskBytes,
    IReadOnlyList<ImportStretch> Stretches);

/// <summary>
/// Imports a kind's stream into a target in batches of <c>InsertManyAsync</c> (each its own transaction, as
/// <c>fudge store import</c> calls it), timing only the inserts: each batch is generated first, so the generator's
/// cost is not the store's. At each checkpoint: the database settles, sizes are read, the indexes are built (timed),
/// and every query is timed with and without them.
/// </summary>
internal sealed class ScaleRun
{
    private readonly ScaleOptions _options;
    private readonly TextWriter _progress;

    public ScaleRun(ScaleOptions options, TextWriter progress)
    {
        _options = options;
        _progress = progress;
    }

    public async Task<StoreKindResult> RunAsync(ScaleTarget target, DocumentKind kind)
    {
        var collection = await target.Store.GetCollectionAsync(kind.Name);
        var queries = kind.Queries(_options.Checkpoints[0]);
        var checkpoints = new List<CheckpointResult>();
        // Cumulative insert time at the end of every batch, to see the rate in any stretch of the import.
        var marks = new List<(long Documents, double Seconds)> { (0, 0) };
        long peak = 0;
        using var documents = kind.Documents().GetEnumerator();
        var batch = new List<byte[]>(_options.Batch);
        await target.ConfigureAsync(collection, _options.GinStorage, _options.NoGin);
        if (_options.IndexMode != IndexMode.None) await target.CreateIndexesAsync(collection, kind);
        var counters = await ServerStretches.StartAsync(target, collection, Math.Max(1, _options.Documents / 10));
        double importCpu = 0;
        foreach (long checkpoint in _options.Checkpoints)
        {
            var loadSteps = new List<TimedStep>();
            if (_options.IndexMode == IndexMode.After)
            {
                var (seconds, cpu, tail) = await LoadWithIndexesAfterAsync(target, collection, kind, documents, batch, marks, counters, checkpoint);
                importCpu += cpu;
                loadSteps.Add(tail);
            }
            while (marks[^1].Documents < checkpoint)
            {
                batch.Clear();
                long wanted = Math.Min(_options.Batch, checkpoint - marks[^1].Documents);
                while (batch.Count < wanted && documents.MoveNext()) batch.Add(documents.Current);
                double? cpuBefore = target.ServerCpuSeconds();
                var clock = Stopwatch.StartNew();
                long inserted = await collection.InsertManyAsync(batch);
                double seconds = marks[^1].Seconds + clock.Elapsed.TotalSeconds;
                importCpu += (target.ServerCpuSeconds() - cpuBefore) ?? 0;
                marks.Add((marks[^1].Documents + inserted, seconds));
                if (marks.Count % 10 == 0 || marks[^1].Documents == checkpoint)
                    _progress.WriteLine($"  {target.Name} {kind.Name}: {marks[^1].Documents:N0} documents imported in {seconds:F1} s");
                if (counters is not null && await counters.AfterBatchAsync(marks[^2], marks[^1], checkpoint) is ImportStretch stretch)
                    _progress.WriteLine($"  {target.Name} {kind.Name}: up to {stretch.ToDocuments:N0}: {stretch.Counters.WalFullPageImages:N0} full-page images, {stretch.Counters.GinBlocksRead:N0} GIN blocks read; {stretch.WaitShares()}");
            }
            if (counters is not null) await counters.PauseAsync();
            var result = await CheckpointAsync(target, collection, kind, queries, marks);
            result = result with { Steps = loadSteps.Concat(result.Steps).ToArray(), ImportServerCpuSeconds = target.ServerCpuSeconds() is null ? null : importCpu };
            if (counters is not null) await counters.ResumeAsync();
            checkpoints.Add(result);
            peak = Math.Max(peak, Math.Max(result.With.OnDiskBytes, result.Without.OnDiskBytes));
        }
        if (counters is not null) await counters.DisposeAsync();
        return new StoreKindResult(target.Name, target.Versions, kind, checkpoints, peak, counters?.Stretches ?? Array.Empty<ImportStretch>());
    }

    /// <summary>
    /// The import up to a checkpoint as one <c>InsertManyAsync</c> with <see cref="FudgeBulkInsertOptions.BuildIndexesAfterLoad"/>,
    /// as <c>fudge store import --build-indexes-after</c> makes it: the documents streamed a batch at a time (each
    /// generated with the clock stopped), a mark and the server's counters taken as each batch has been handed over.
    /// Returns the call's seconds and server CPU, and the step from the last document handed over to the call's return
    /// (the end of the copy, the commit and the index builds).
    /// </summary>
    private async Task<(double Seconds, double ServerCpu, TimedStep Tail)> LoadWithIndexesAfterAsync(ScaleTarget target, IFudgeCollection collection, DocumentKind kind,
        IEnumerator<byte[]> documents, List<byte[]> batch, List<(long Documents, double Seconds)> marks, ServerStretches? counters, long checkpoint)
    {
        double offset = marks[^1].Seconds;
        var clock = new Stopwatch();
        var tail = new Stopwatch();
        double? cpuAtTail = null;
        async IAsyncEnumerable<ReadOnlyMemory<byte>> Stream()
        {
            while (marks[^1].Documents < checkpoint)
            {
                clock.Stop();
                batch.Clear();
                long wanted = Math.Min(_options.Batch, checkpoint - marks[^1].Documents);
                while (batch.Count < wanted && documents.MoveNext()) batch.Add(documents.Current);
                clock.Start();
                foreach (var document in batch) yield return document;
                marks.Add((marks[^1].Documents + batch.Count, offset + clock.Elapsed.TotalSeconds));
                if (marks.Count % 10 == 0 || marks[^1].Documents == checkpoint)
                    _progress.WriteLine($"  {target.Name} {kind.Name}: {marks[^1].Documents:N0} documents handed over in {marks[^1].Seconds:F1} s");
                if (counters is not null && marks[^1].Documents < checkpoint && await counters.AfterBatchAsync(marks[^2], marks[^1], checkpoint) is ImportStretch stretch)
                    _progress.WriteLine($"  {target.Name} {kind.Name}: up to {stretch.ToDocuments:N0}: {stretch.Counters.WalFullPageImages:N0} full-page images; {stretch.WaitShares()}");
            }
            cpuAtTail = target.ServerCpuSeconds();
            tail.Start();
        }
        double? cpuBefore = target.ServerCpuSeconds();
        clock.Start();
        await collection.InsertManyAsync(Stream(), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true, IndexBuildMemoryMegabytes = _options.IndexBuildMemoryMegabytes });
        clock.Stop();
        tail.Stop();
        double? cpuAfter = target.ServerCpuSeconds();
        // The import's time includes the end of the copy and the builds: what a user waits for.
        marks[^1] = (marks[^1].Documents, offset + clock.Elapsed.TotalSeconds);
        if (counters is not null && await counters.AfterBatchAsync(marks[^2], marks[^1], checkpoint) is ImportStretch last)
            _progress.WriteLine($"  {target.Name} {kind.Name}: up to {last.ToDocuments:N0} with the index build: {last.Counters.BackendCpuSeconds:F1} s of server CPU");
        _progress.WriteLine($"  {target.Name} {kind.Name}: {marks[^1].Documents:N0} documents imported, indexes built after, in {marks[^1].Seconds - offset:F1} s (the last {tail.Elapsed.TotalSeconds:F1} s after the last document)");
        var step = new TimedStep("InsertManyAsync after its last document: copy completed, committed, indexes built", tail.Elapsed.TotalSeconds, cpuAfter - cpuAtTail);
        return (clock.Elapsed.TotalSeconds, (cpuAfter - cpuBefore) ?? 0, step);
    }

    private async Task<CheckpointResult> CheckpointAsync(ScaleTarget target, IFudgeCollection collection, DocumentKind kind,
        IReadOnlyList<ScaleQuery> queries, List<(long Documents, double Seconds)> marks)
    {
        long documents = marks[^1].Documents;
        var steps = new List<TimedStep> { await target.SettleAsync(collection) };
        var timings = new List<QueryTiming>();
        StorageSize without, with;
        if (_options.ImportOnly || _options.IndexMode != IndexMode.None)
        {
            without = with = await target.MeasureAsync(collection);
            return new CheckpointResult(documents, marks[^1].Seconds, SecondsPerMillion(marks, 0, documents / 10),
                SecondsPerMillion(marks, documents - documents / 10, documents), without, with, steps, timings);
        }
        if (target.IndexedWhileImporting)
        {
            steps.AddRange(await target.CreateIndexesAsync(collection, kind));
            with = await target.MeasureAsync(collection);
            timings.AddRange(await TimeQueriesAsync(target, collection, kind, queries, indexed: true));
            await target.DropIndexesAsync(collection, kind.IndexedPaths);
            without = await target.MeasureAsync(collection);
            timings.AddRange(await TimeQueriesAsync(target, collection, kind, queries, indexed: false));
            steps.AddRange(await target.RestoreIndexesAsync(collection));
        }
        else
        {
            without = await target.MeasureAsync(collection);
            timings.AddRange(await TimeQueriesAsync(target, collection, kind, queries, indexed: false));
            steps.AddRange(await target.CreateIndexesAsync(collection, kind));
            with = await target.MeasureAsync(collection);
            timings.AddRange(await TimeQueriesAsync(target, collection, kind, queries, indexed: true));
            await target.DropIndexesAsync(collection, kind.IndexedPaths);
        }
        // Without SQLite's dbstat table the index's share is what the used pages grew by when it was built.
        if (with.IndexBytes < 0) with = with with { IndexBytes = with.DocumentBytes - without.DocumentBytes, DocumentBytes = without.DocumentBytes };
        foreach (var query in queries)
        {
            var pair = timings.Where(t => t.Query == query).Select(t => t.Found).Distinct().ToArray();
            if (pair.Length != 1) throw new InvalidOperationException($"{target.Name} {kind.Name}: the index changed the answer of '{query.Text}' ({string.Join(" vs ", pair)} documents)");
        }
        return new CheckpointResult(documents, marks[^1].Seconds, SecondsPerMillion(marks, 0, documents / 10),
            SecondsPerMillion(marks, documents - documents / 10, documents), without, with, steps, timings);
    }

    private async Task<IReadOnlyList<QueryTiming>> TimeQueriesAsync(ScaleTarget target, IFudgeCollection collection, DocumentKind kind,
        IReadOnlyList<ScaleQuery> queries, bool indexed)
    {
        var timings = new List<QueryTiming>();
        foreach (var query in queries)
        {
            // A scan of millions of rows takes seconds, and its first run is as representative as any: no warm-up.
            int runs = indexed ? _options.Repetitions : _options.ScanRepetitions;
            long found = indexed ? await RunAsync(collection, query) : 0;
            var samples = new long[runs];
            for (int i = 0; i < runs; i++)
            {
                long start = Stopwatch.GetTimestamp();
                found = await RunAsync(collection, query);
                samples[i] = Stopwatch.GetTimestamp() - start;
            }
            var summary = new TimerSamples(samples);
            var timing = new QueryTiming(query, indexed, runs, found, summary.AtNs(0.5) / 1e6, summary.AtNs(0.99) / 1e6);
            timings.Add(timing);
            _progress.WriteLine($"  {target.Name} {kind.Name} {(indexed ? "indexed" : "no index")}: {query.Name}: {found:N0} found, p50 {timing.P50Ms:F2} ms, p99 {timing.P99Ms:F2} ms ({runs} runs)");
        }
        return timings;
    }

    private static async Task<long> RunAsync(IFudgeCollection collection, ScaleQuery query)
    {
        if (query.Count) return await collection.CountAsync(query.ToQuery().Where);
        long found = 0;
        await foreach (var document in collection.FindAsync(query.ToQuery())) found += document.Envelope.Length > 0 ? 1 : 0;
        return found;
    }

    /// <summary>Insert seconds per million documents between two counts, from the batch marks around them.</summary>
    private static double SecondsPerMillion(List<(long Documents, double Seconds)> marks, long from, long to)
    {
        var start = marks.Last(m => m.Documents <= from);
        var end = marks.First(m => m.Documents >= to);
        return end.Documents == start.Documents ? 0 : (end.Seconds - start.Seconds) / (end.Documents - start.Documents) * 1e6;
    }
}
