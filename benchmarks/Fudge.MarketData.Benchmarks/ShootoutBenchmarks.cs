using System;
using System.Collections.Generic;
using System.Linq;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using Fudge.Benchmarks.Harness;
using Fudge.MarketData.Benchmarks.Contenders;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks;

/// <summary>
/// BenchmarkDotNet's view of the shootout: the same two operations as the whole-day run, on a fixed slice of
/// <see cref="SliceBatches"/> batches of a seeded day; times and allocations are per batch.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(ShootoutConfig))]
public abstract class ShootoutBenchmarkBase
{
    /// <summary>Batches in the slice; every invocation handles all of them.</summary>
    public const int SliceBatches = 4_096;

    /// <summary>Messages generated for the slice's day (enough for <see cref="SliceBatches"/> batches).</summary>
    public const int SliceMessages = 20_000;

    /// <summary>The contender measured.</summary>
    public abstract string Contender { get; set; }

    /// <summary>
    /// When set (<c>--contenders A,B</c> on the command line), only these contenders are benchmarked: the goals' rows
    /// alone take half the time of the whole table. Each benchmark still runs in its own process with the same job.
    /// </summary>
    public static IReadOnlyCollection<string>? Only { get; set; }

    /// <summary>The contenders to benchmark: every one, or those <see cref="Only"/> names.</summary>
    private protected static IEnumerable<string> Chosen => ShootoutContenders.All.Where(n => Only is null || Only.Contains(n));

    private protected MarketDay Day { get; private set; } = null!;
    private protected ShootoutContender Subject { get; private set; } = null!;

    /// <summary>Generates the slice and loads the contender.</summary>
    [GlobalSetup]
    public virtual void Setup()
    {
        Day = MarketDay.Generate(SliceMessages);
        if (Day.BatchCount < SliceBatches) throw new InvalidOperationException("The slice's day has too few batches.");
        Subject = ShootoutContenders.Create(Contender);
        Subject.Load(Day);
    }
}

/// <summary>Serialize each batch of the slice into a pre-allocated buffer.</summary>
public class ShootoutSerializeBenchmarks : ShootoutBenchmarkBase
{
    private SlabWriter _slab = null!;

    /// <summary>Contenders that write bytes of their own.</summary>
    public static IEnumerable<string> Writers => Chosen.Where(n => ShootoutContenders.Create(n).ReadsBytesOf is null);

    /// <inheritdoc />
    [ParamsSource(nameof(Writers))]
    public override string Contender { get; set; } = "";

    /// <inheritdoc />
    public override void Setup()
    {
        base.Setup();
        _slab = new SlabWriter(SliceBatches * 4096);
    }

    /// <summary>Writes every batch of the slice, one after another, into the reused slab.</summary>
    [Benchmark(OperationsPerInvoke = SliceBatches)]
    public int Serialize()
    {
        _slab.Reset();
        for (int b = 0; b < SliceBatches; b++) Subject.Serialize(b, _slab);
        return _slab.Position;
    }
}

/// <summary>Read each batch of the slice back and aggregate it.</summary>
public class ShootoutDeserializeBenchmarks : ShootoutBenchmarkBase
{
    private byte[] _bytes = Array.Empty<byte>();
    private int[] _ends = Array.Empty<int>();
    private DayAggregate _aggregate = null!;

    /// <summary>Every contender measured as a reader.</summary>
    public static IEnumerable<string> Readers => Chosen.Where(n => ShootoutContenders.Create(n).MeasuresReading);

    /// <inheritdoc />
    [ParamsSource(nameof(Readers))]
    public override string Contender { get; set; } = "";

    /// <summary>Serializes the slice with the contender (or the one whose bytes it reads) and checks the round trip.</summary>
    public override void Setup()
    {
        base.Setup();
        var writer = Subject.ReadsBytesOf is { } source ? ShootoutContenders.Create(source) : Subject;
        writer.Load(Day);
        var slab = new SlabWriter(SliceBatches * 4096);
        _ends = new int[SliceBatches];
        for (int b = 0; b < SliceBatches; b++)
        {
            writer.Serialize(b, slab);
            _ends[b] = slab.Position;
        }
        _bytes = slab.Slice(0, slab.Position).ToArray();
        _aggregate = new DayAggregate(Day.Symbols);
    }

    /// <summary>Reads every batch of the slice and adds it to the aggregate.</summary>
    [Benchmark(OperationsPerInvoke = SliceBatches)]
    public DayAggregate DeserializeAndAggregate()
    {
        int begin = 0;
        for (int b = 0; b < SliceBatches; b++)
        {
            Subject.DeserializeAndAggregate(new ReadOnlyMemory<byte>(_bytes, begin, _ends[b] - begin), _aggregate);
            begin = _ends[b];
        }
        return _aggregate;
    }
}

/// <summary>Room for the longest contender name ("SBE layout (hand-written)") in the parameter column.</summary>
public sealed class ShootoutConfig : ManualConfig
{
    /// <summary>BenchmarkDotNet's defaults with a wider parameter column.</summary>
    public ShootoutConfig() => SummaryStyle = SummaryStyle.Default.WithCultureInfo(CultureInfo.InvariantCulture).WithMaxParameterColumnWidth(40);
}
