using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Store.LoadWorker;
using Fudge.Store.PostgreSql;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.Store.Tests;

/// <summary>
/// Several writer processes inserting and updating, several reader processes querying, all at once on one store,
/// and one writer killed with SIGKILL inside a transaction (docs/store.md, "Concurrency and durability").
/// </summary>
public abstract class MultiProcessLoadTests
{
    private const int Writers = 3;
    private const int Readers = 2;
    private const double Seconds = 3;
    private readonly ITestOutputHelper _output;

    protected MultiProcessLoadTests(ITestOutputHelper output) => _output = output;

    /// <summary>The worker's store kind ("sqlite" or "postgres") and where a new, empty store is.</summary>
    protected abstract Task<(string Kind, string Db)> CreateEmptyStoreAsync();

    protected abstract ValueTask<IFudgeStore> OpenAsync(string db);

    protected virtual Task DeleteStoreAsync(string db) => Task.CompletedTask;

    [StoreFact]
    public async Task Writers_and_readers_in_separate_processes_see_whole_batches_and_a_killed_writer_loses_only_its_open_batch()
    {
        var (kind, db) = await CreateEmptyStoreAsync();
        try
        {
            await using (var setup = await OpenAsync(db)) await setup.GetCollectionAsync("load");

            var clock = System.Diagnostics.Stopwatch.StartNew();
            var run = await LoadProcesses.RunAsync(kind, db, "load", Writers, Readers, Seconds);
            _output.WriteLine($"{kind}: {run.Committed.Count} batches ({run.Committed.Values.Sum()} documents) committed, "
                + $"{run.Versions.Values.Sum()} batch updates, reader scans {string.Join(", ", run.ReaderScans)}, {clock.Elapsed.TotalSeconds:F1} s");

            // No reader saw part of a batch or a batch at two versions, and nothing failed, "database is locked" included.
            Assert.True(run.Errors.Count == 0, string.Join(Environment.NewLine, run.Errors));
            Assert.All(run.ReaderScans, scans => Assert.True(scans > 0, "a reader completed no scan"));
            Assert.True(run.Committed.Keys.Count(batch => batch.StartsWith("killed-", StringComparison.Ordinal)) == 12);
            await using var store = await OpenAsync(db);
            var stored = new Dictionary<string, List<(int Size, int Index, int Version)>>(StringComparer.Ordinal);
            await foreach (var document in (await store.GetCollectionAsync("load")).FindAsync())
            {
                var read = LoadDocuments.Read(document.Envelope);
                if (!stored.TryGetValue(read.Batch, out var members)) stored[read.Batch] = members = new();
                members.Add((read.Size, read.Index, read.Version));
            }
            // Every committed batch, the killed writer's included, is there exactly once at its last committed version;
            // nothing of the batch the killed writer had open is.
            Assert.Equal(run.Committed.Keys.OrderBy(b => b, StringComparer.Ordinal), stored.Keys.OrderBy(b => b, StringComparer.Ordinal));
            Assert.DoesNotContain(run.KilledInFlight, stored.Keys);
            foreach (var (batch, members) in stored)
            {
                Assert.Equal(Enumerable.Range(0, run.Committed[batch]), members.Select(m => m.Index).OrderBy(i => i));
                Assert.All(members, m => Assert.Equal(run.Versions[batch], m.Version));
            }
            Assert.Contains(run.Versions.Values, version => version > 0);
        }
        finally
        {
            await DeleteStoreAsync(db);
        }
    }
}

/// <summary>The load on one SQLite file: WAL lets readers run beside the writer; writers queue on the write lock.</summary>
public sealed class SqliteMultiProcessLoadTests : MultiProcessLoadTests
{
    public SqliteMultiProcessLoadTests(ITestOutputHelper output) : base(output) { }

    protected override Task<(string Kind, string Db)> CreateEmptyStoreAsync()
        => Task.FromResult(("sqlite", Path.Combine(Path.GetTempPath(), $"fudge-load-{Guid.NewGuid():N}.db")));

    protected override async ValueTask<IFudgeStore> OpenAsync(string db) => await SqliteFudgeStore.OpenAsync(db);

    protected override Task DeleteStoreAsync(string db)
    {
        TemporarySqliteFiles.Delete(db);
        return Task.CompletedTask;
    }
}

/// <summary>The load on one PostgreSQL schema of the real server.</summary>
[NeedsPostgres]
public sealed class PostgresMultiProcessLoadTests : MultiProcessLoadTests
{
    public PostgresMultiProcessLoadTests(ITestOutputHelper output) : base(output) { }

    protected override async Task<(string Kind, string Db)> CreateEmptyStoreAsync() => ("postgres", await Postgres.FreshSchemaAsync());

    protected override async ValueTask<IFudgeStore> OpenAsync(string db) => await PostgresFudgeStore.OpenAsync(db);
}
