using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Shared;
using Fudge.Query;
using Fudge.Store.Sqlite;

namespace Fudge.Store.Benchmarks;

/// <summary>
/// The Fudge authors' query over <see cref="QuerySize.StoredDocuments"/> stored log documents (default 1,000,000), in
/// two collections of one SQLite file holding the same documents: one without an index (SQLite calls fudge_match on
/// every row) and one with an index on $.System.Hostname (SQLite searches the index and fudge_match runs on the
/// candidates only). <see cref="RareValueScan"/> scans for a value one document holds, whose bytes SQLite's
/// <c>instr</c> finds in few rows, so fudge_match runs on those only.
/// </summary>
[MemoryDiagnoser]
public class QueryBenchmarks
{
    private readonly FudgeFilter _example = FudgeFilter.Compile(LogFleet.Example);
    private readonly FudgeFilter _rare = FudgeFilter.Compile("$.Log.Text == 'event 4242'");
    private string _file = null!;
    private SqliteFudgeStore _store = null!;
    private IFudgeCollection _scanned = null!;
    private IFudgeCollection _indexed = null!;

    [GlobalSetup]
    public async Task Setup()
    {
        _file = Path.Combine(Path.GetTempPath(), $"fudge-query-{Guid.NewGuid():N}.db");
        _store = await SqliteFudgeStore.OpenAsync(_file);
        _scanned = await _store.GetCollectionAsync("scanned");
        _indexed = await _store.GetCollectionAsync("indexed");
        var documents = Enumerable.Range(0, QuerySize.StoredDocuments).Select(n => (ReadOnlyMemory<byte>)LogFleet.Document(n));
        await _scanned.InsertManyAsync(documents);
        await _indexed.InsertManyAsync(documents);
        await _indexed.CreateIndexAsync("$.System.Hostname");
        long expected = QuerySize.StoredDocuments / 2500;
        if (await _scanned.CountAsync(_example) != expected || await _indexed.CountAsync(_example) != expected)
            throw new InvalidOperationException("the two collections disagree with the expected count");
    }

    [GlobalCleanup]
    public async Task Cleanup()
    {
        await _store.DisposeAsync();
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        File.Delete(_file);
    }

    [Benchmark(Baseline = true)]
    public Task<long> FullScan() => _scanned.CountAsync(_example).AsTask();

    [Benchmark]
    public Task<long> RareValueScan() => _scanned.CountAsync(_rare).AsTask();

    [Benchmark]
    public Task<long> IndexedEquality() => _indexed.CountAsync(_example).AsTask();

    [Benchmark]
    public async Task<int> IndexedFind()
    {
        int found = 0;
        await foreach (var document in _indexed.FindAsync(new FudgeQuery { Where = _example })) found += document.Envelope.Length > 0 ? 1 : 0;
        return found;
    }
}
