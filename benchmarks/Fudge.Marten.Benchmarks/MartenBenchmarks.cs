using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Fudge.Marten.Benchmarks;

/// <summary>
/// Ingest and the typed queries of <see cref="MartenComparison"/>, Marten and Fudge side by side over the same ticks
/// with the same declared indexes (Symbol, Price). The insert benchmarks load <see cref="Count"/> ticks into emptied
/// tables; the query benchmarks run on tables loaded once.
/// </summary>
[MemoryDiagnoser]
public class MartenBenchmarks
{
    internal static string ConnectionString => Environment.GetEnvironmentVariable("FUDGE_POSTGRES")
        ?? "Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test;Timeout=30;Command Timeout=600";

    private MartenComparison _loaded = null!;
    private MartenComparison _empty = null!;
    private List<MTick> _ticks = null!;

    [Params(100_000)]
    public int Count { get; set; }

    [GlobalSetup]
    public async Task SetUpAsync()
    {
        _ticks = MartenComparison.Ticks(Count);
        _loaded = await MartenComparison.CreateAsync(ConnectionString, "marten_bench");
        await _loaded.MartenInsertAsync(_ticks);
        await _loaded.FudgeInsertAsync(_ticks);
    }

    [IterationSetup(Targets = new[] { nameof(MartenInsert), nameof(FudgeInsert) })]
    public void EmptyTables() => _empty = MartenComparison.CreateAsync(ConnectionString, "marten_bench_insert").GetAwaiter().GetResult();

    [IterationCleanup(Targets = new[] { nameof(MartenInsert), nameof(FudgeInsert) })]
    public void DisposeEmpty() => _empty.DisposeAsync().AsTask().GetAwaiter().GetResult();

    [GlobalCleanup]
    public async Task CleanUpAsync() => await _loaded.DisposeAsync();

    [Benchmark, BenchmarkCategory("Insert")]
    public Task MartenInsert() => _empty.MartenInsertAsync(_ticks);

    [Benchmark, BenchmarkCategory("Insert")]
    public Task FudgeInsert() => _empty.FudgeInsertAsync(_ticks);

    [Benchmark, BenchmarkCategory("Equality")]
    public Task<List<long>> MartenEquality() => _loaded.MartenEqualityAsync();

    [Benchmark, BenchmarkCategory("Equality")]
    public Task<List<long>> FudgeEquality() => _loaded.FudgeEqualityAsync();

    [Benchmark, BenchmarkCategory("Range")]
    public Task<List<long>> MartenRange() => _loaded.MartenRangeAsync();

    [Benchmark, BenchmarkCategory("Range")]
    public Task<List<long>> FudgeRange() => _loaded.FudgeRangeAsync();

    [Benchmark, BenchmarkCategory("Nested")]
    public Task<List<long>> MartenNested() => _loaded.MartenNestedAsync();

    [Benchmark, BenchmarkCategory("Nested")]
    public Task<List<long>> FudgeNested() => _loaded.FudgeNestedAsync();

    [Benchmark, BenchmarkCategory("Any")]
    public Task<List<long>> MartenAny() => _loaded.MartenAnyAsync();

    [Benchmark, BenchmarkCategory("Any")]
    public Task<List<long>> FudgeAny() => _loaded.FudgeAnyAsync();

    [Benchmark, BenchmarkCategory("Projection")]
    public Task<List<(long Id, string Symbol, double Price)>> MartenProjection() => _loaded.MartenProjectionAsync();

    [Benchmark, BenchmarkCategory("Projection")]
    public Task<List<(long Id, string Symbol, double Price)>> FudgeProjection() => _loaded.FudgeProjectionAsync();

    [Benchmark, BenchmarkCategory("Count")]
    public Task<int> MartenCount() => _loaded.MartenCountAsync();

    [Benchmark, BenchmarkCategory("Count")]
    public Task<int> FudgeCount() => _loaded.FudgeCountAsync();
}
