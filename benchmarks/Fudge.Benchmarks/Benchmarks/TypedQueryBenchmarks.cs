using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Fudge.Benchmarks.Data;
using Fudge.Query;
using Fudge.Serialization;
using Names = Fudge.Benchmarks.Models.Generated.Names;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Issue 43: typed queries over a stream of ticks. A typed stream query (<c>reader.Query&lt;MarketTick&gt;().Where(...)</c>)
/// against the same string filter over the same stream (goal: within 1.1x); a projection of two fields read from the
/// bytes against deserializing every tick and selecting the two (goal: at least 3x faster); and a compiled query's
/// per-call cost on one tick (goal: no allocation beyond its results). <see cref="DeserializeInALoop"/> is the same
/// baseline as a user's plain loop. Each stream benchmark reads the whole batch
/// from memory, so the per-tick figure is the result divided by <see cref="BatchSize"/>.
/// </summary>
[MemoryDiagnoser]
public class TypedQueryBenchmarks
{
    public const int BatchSize = 10_000;

    private byte[] _stream = Array.Empty<byte>();
    private byte[] _tick = Array.Empty<byte>();
    private string _symbol = "";
    private FudgeFilter _stringFilter = null!;
    private FudgeCompiledFilter<Names.MarketTick, string> _compiled = null!;

    [GlobalSetup]
    public void Setup()
    {
        var ticks = TickGenerator.Create(BatchSize);
        var output = new MemoryStream();
        foreach (var t in ticks)
        {
            FudgeSerializer.Serialize(output, new Names.MarketTick
            {
                Kind = t.Kind, Symbol = t.Symbol, Side = t.Side, Price = t.Price, Size = t.Size,
                TimestampNs = t.TimestampNs, Flags = t.Flags, Sequence = t.Sequence, Level = t.Level,
            });
        }
        _stream = output.ToArray();
        _symbol = ticks[0].Symbol;
        _tick = FudgeSerializer.Serialize(new Names.MarketTick { Symbol = _symbol, Price = 100 });
        _stringFilter = FudgeFilter.Compile($"$.Symbol == '{_symbol}' && $.Price > 10");
        _compiled = FudgeTypedQuery.Compile((Names.MarketTick t, string symbol) => t.Symbol == symbol && t.Price > 10);
        if (StringFilterCount() != TypedQueryCount())
            throw new InvalidOperationException("the typed query and the string filter must count the same ticks");
        if (ProjectTwoFields() != DeserializeAndSelect() || DeserializeInALoop() != DeserializeAndSelect())
            throw new InvalidOperationException("the projection and both baselines must select the same values");
    }

    /// <summary>The string filter over the stream: the baseline of the typed query.</summary>
    [Benchmark(Baseline = true)]
    public int StringFilterCount()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(_stream, writable: false));
        int count = 0;
        while (reader.TryReadEnvelope(out var envelope))
            if (_stringFilter.Matches(envelope.Span)) count++;
        return count;
    }

    /// <summary>The same test written in C#, translated once per call (the translation is part of the cost).</summary>
    [Benchmark]
    public int TypedQueryCount()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(_stream, writable: false));
        string symbol = _symbol;
        return reader.Query<Names.MarketTick>().Where(t => t.Symbol == symbol && t.Price > 10).Count();
    }

    /// <summary>Two fields of every tick, read from the bytes.</summary>
    [Benchmark]
    public double ProjectTwoFields()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(_stream, writable: false));
        double sum = 0;
        foreach (var tick in reader.Query<Names.MarketTick>().Select(t => new { t.Symbol, t.Price })) sum += tick.Price + tick.Symbol.Length;
        return sum;
    }

    /// <summary>Every tick deserialized whole, then the same two fields selected.</summary>
    [Benchmark]
    public double DeserializeAndSelect()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(_stream, writable: false));
        double sum = 0;
        foreach (var tick in reader.Query<Names.MarketTick>().AsEnumerableOfObjects().Select(t => new { t.Symbol, t.Price })) sum += tick.Price + tick.Symbol.Length;
        return sum;
    }

    /// <summary>
    /// The same as <see cref="DeserializeAndSelect"/> written as a plain loop, as a user without the typed query would
    /// write it: each envelope deserialized by the generated deserializer of the exact type, then the two fields
    /// selected. The fairest baseline for the projection (the query's enumeration of whole objects goes through shared
    /// generic code and an iterator, and costs more); both ratios are reported.
    /// </summary>
    [Benchmark]
    public double DeserializeInALoop()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(_stream, writable: false));
        double sum = 0;
        while (reader.TryReadEnvelope(out var envelope))
        {
            var t = FudgeSerializer.Deserialize<Names.MarketTick>(envelope.Span);
            var tick = new { t.Symbol, t.Price };
            sum += tick.Price + tick.Symbol.Length;
        }
        return sum;
    }

    /// <summary>A compiled query on one tick, its argument recurring: the cached filter's test alone.</summary>
    [Benchmark]
    public bool CompiledQueryOneTick() => _compiled.Matches(_tick, _symbol);
}

internal static class TypedQueryBenchmarkExtensions
{
    /// <summary>The query as a plain sequence, so that LINQ to Objects' Select (not the typed projection) applies.</summary>
    public static System.Collections.Generic.IEnumerable<T> AsEnumerableOfObjects<T>(this FudgeStreamQuery<T> query) => query;
}
