using System;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Shared;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Npgsql;

namespace Fudge.Store.Benchmarks;

/// <summary>The local PostgreSQL server of <c>bash .ci/postgres.sh start</c> (FUDGE_POSTGRES overrides), one fresh schema per run.</summary>
internal static class PostgresServer
{
    public static string ConnectionString { get; } = Environment.GetEnvironmentVariable("FUDGE_POSTGRES")
        ?? "Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test";

    public static async Task<(string Schema, string ConnectionString)> FreshSchemaAsync()
    {
        string schema = "fudge_bench_" + Guid.NewGuid().ToString("N");
        await ExecuteAsync($"CREATE SCHEMA {schema}");
        return (schema, new NpgsqlConnectionStringBuilder(ConnectionString) { SearchPath = schema }.ConnectionString);
    }

    public static async Task ExecuteAsync(string sql, string? connectionString = null)
    {
        await using var connection = new NpgsqlConnection(connectionString ?? ConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand(sql, connection) { CommandTimeout = 600 };
        await command.ExecuteNonQueryAsync();
    }
}

/// <summary>Inserting log documents into the PostgreSQL store: one statement per document, and a batch as one binary COPY in one transaction.</summary>
[MemoryDiagnoser]
public class PostgresInsertBenchmarks
{
    private const int Batch = 1000;
    private byte[][] _documents = null!;
    private string _schema = null!;
    private PostgresFudgeStore _store = null!;
    private IFudgeCollection _logs = null!;

    [GlobalSetup]
    public async Task Setup()
    {
        _documents = Enumerable.Range(0, Batch).Select(LogFleet.Document).ToArray();
        (_schema, string connection) = await PostgresServer.FreshSchemaAsync();
        _store = await PostgresFudgeStore.OpenAsync(connection);
        _logs = await _store.GetCollectionAsync("logs");
    }

    [GlobalCleanup]
    public async Task Cleanup()
    {
        await _store.DisposeAsync();
        await PostgresServer.ExecuteAsync($"DROP SCHEMA {_schema} CASCADE");
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

/// <summary>
/// The example query over <see cref="QuerySize.StoredDocuments"/> documents on the server: a collection whose GIN index
/// was dropped (the server evaluates the SQL/JSON path on every row) against one with it.
/// </summary>
[MemoryDiagnoser]
public class PostgresQueryBenchmarks
{
    private readonly FudgeFilter _example = FudgeFilter.Compile(LogFleet.Example);
    private string _schema = null!;
    private PostgresFudgeStore _store = null!;
    private IFudgeCollection _scanned = null!;
    private IFudgeCollection _indexed = null!;

    [GlobalSetup]
    public async Task Setup()
    {
        (_schema, string connection) = await PostgresServer.FreshSchemaAsync();
        _store = await PostgresFudgeStore.OpenAsync(connection);
        _scanned = await _store.GetCollectionAsync("scanned");
        _indexed = await _store.GetCollectionAsync("indexed");
        var documents = Enumerable.Range(0, QuerySize.StoredDocuments).Select(n => (ReadOnlyMemory<byte>)LogFleet.Document(n));
        await _scanned.InsertManyAsync(documents);
        await _indexed.InsertManyAsync(documents);
        await PostgresServer.ExecuteAsync("DROP INDEX fudge_docs_1_gin; ANALYZE fudge_docs_1; ANALYZE fudge_docs_2", connection);
        long expected = QuerySize.StoredDocuments / 2500;
        if (await _scanned.CountAsync(_example) != expected || await _indexed.CountAsync(_example) != expected)
            throw new InvalidOperationException("the two collections disagree with the expected count");
    }

    [GlobalCleanup]
    public async Task Cleanup()
    {
        await _store.DisposeAsync();
        await PostgresServer.ExecuteAsync($"DROP SCHEMA {_schema} CASCADE");
    }

    [Benchmark(Baseline = true)]
    public Task<long> FullScan() => _scanned.CountAsync(_example).AsTask();

    [Benchmark]
    public Task<long> GinIndex() => _indexed.CountAsync(_example).AsTask();
}
