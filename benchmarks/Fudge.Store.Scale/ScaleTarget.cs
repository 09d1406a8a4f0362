using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Fudge.Store.Scale;

/// <summary>Space a collection takes: what the documents need, and what the indexes add (0 when there are none).</summary>
internal sealed record StorageSize(long DocumentBytes, long IndexBytes, long OnDiskBytes);

/// <summary>A step the run timed besides the import: an index built, statistics gathered.</summary>
internal sealed record TimedStep(string What, double Seconds, double? ServerCpuSeconds = null);

/// <summary>
/// A store the harness fills: opened through the public API like a user's, with the few things only the database
/// can tell (sizes, server-side statistics) read beside it through the store's documented layout
/// (docs/store.md, "Layout": one table <c>fudge_docs_ID</c> per collection).
/// </summary>
internal abstract class ScaleTarget : IAsyncDisposable
{
    public abstract string Name { get; }

    /// <summary>The database engine's and its driver's versions, for the report.</summary>
    public abstract string Versions { get; }

    public abstract IFudgeStore Store { get; }

    /// <summary>
    /// True when the store indexes while it imports (PostgreSQL's GIN index exists from the collection's creation),
    /// false when indexes are built after the import with <c>CreateIndexAsync</c> (SQLite's expression indexes).
    /// </summary>
    public abstract bool IndexedWhileImporting { get; }

    /// <summary>What a database does after a bulk import before it is queried (a WAL checkpoint; VACUUM ANALYZE).</summary>
    public abstract Task<TimedStep> SettleAsync(IFudgeCollection collection);

    public abstract Task<StorageSize> MeasureAsync(IFudgeCollection collection);

    /// <summary>Declares the kind's indexes through <c>CreateIndexAsync</c> (typed or by path), each timed.</summary>
    public async Task<IReadOnlyList<TimedStep>> CreateIndexesAsync(IFudgeCollection collection, DocumentKind kind)
    {
        var steps = new List<TimedStep>();
        foreach (var index in kind.Indexes)
        {
            var clock = System.Diagnostics.Stopwatch.StartNew();
            await index.Create(collection);
            steps.Add(new TimedStep($"CreateIndexAsync(\"{index.Path}\")", clock.Elapsed.TotalSeconds));
        }
        return steps;
    }

    /// <summary>Removes every index the queries could use, so that they scan.</summary>
    public abstract Task DropIndexesAsync(IFudgeCollection collection, IReadOnlyList<string> paths);

    /// <summary>Puts back what <see cref="DropIndexesAsync"/> removed when the store maintains it while importing, timed.</summary>
    public abstract Task<IReadOnlyList<TimedStep>> RestoreIndexesAsync(IFudgeCollection collection);

    /// <summary>
    /// The server's cumulative counters for the collection (<see cref="ServerCounters"/>), or null when the store has
    /// none (SQLite runs in the harness's own process: its time is the whole story).
    /// </summary>
    public virtual Task<ServerCounters?> ReadCountersAsync(IFudgeCollection collection) => Task.FromResult<ServerCounters?>(null);

    /// <summary>Starts sampling what the store's server backend waits on while it imports, or null when there is no server.</summary>
    public virtual Task<WaitEventSampler?> StartWaitSamplingAsync() => Task.FromResult<WaitEventSampler?>(null);

    /// <summary>The database server's CPU seconds spent for this run so far, or null when the store has no server.</summary>
    public virtual double? ServerCpuSeconds() => null;

    /// <summary>
    /// Applies the run's storage settings to a new collection before the import (PostgreSQL's GIN parameters, or its
    /// GIN index dropped when <paramref name="noGin"/>).
    /// </summary>
    public virtual Task ConfigureAsync(IFudgeCollection collection, string? ginStorage, bool noGin) => Task.CompletedTask;

    /// <summary>Deletes what the run created (the file, the schema) unless asked to keep it.</summary>
    public abstract ValueTask DisposeAsync();
}
