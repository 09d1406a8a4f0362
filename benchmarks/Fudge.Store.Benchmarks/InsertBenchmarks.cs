using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Shared;
using Fudge.Store.Sqlite;

namespace Fudge.Store.Benchmarks;

/// <summary>
/// Inserting log documents into an SQLite store file: one statement (and one implicit transaction, so one journal
/// sync) per document, against a batch in one transaction. Per-document time and allocation (OperationsPerInvoke).
/// </summary>
[MemoryDiagnoser]
public class InsertBenchmarks
{
    private const int Batch = 1000;
    private byte[][] _documents = null!;
    private string _file = null!;
    private SqliteFudgeStore _store = null!;
    private IFudgeCollection _logs = null!;

    [GlobalSetup]
    public void Setup() => _documents = Enumerable.Range(0, Batch).Select(LogFleet.Document).ToArray();

    [IterationSetup]
    public void OpenFreshStore()
    {
        _file = Path.Combine(Path.GetTempPath(), $"fudge-insert-{Guid.NewGuid():N}.db");
        _store = SqliteFudgeStore.OpenAsync(_file).AsTask().GetAwaiter().GetResult();
        _logs = _store.GetCollectionAsync("logs").AsTask().GetAwaiter().GetResult();
    }

    [IterationCleanup]
    public void DeleteStore()
    {
        _store.DisposeAsync().AsTask().GetAwaiter().GetResult();
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        File.Delete(_file);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Batch)]
    public async Task<long> Single()
    {
        long last = 0;
        foreach (byte[] document in _documents) last = await _logs.InsertAsync(document);
        return last;
    }

    [Benchmark(OperationsPerInvoke = Batch)]
    public Task<long> BatchInOneTransaction() => _logs.InsertManyAsync(_documents.Select(d => (ReadOnlyMemory<byte>)d)).AsTask();
}
