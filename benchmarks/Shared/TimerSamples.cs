using System;
using System.Diagnostics;

namespace Fudge.Benchmarks.Shared;

/// <summary>
/// Per-item latency samples taken with <see cref="Stopwatch.GetTimestamp"/> pairs, summarized as the percentile
/// harnesses report them; compiled into each benchmark project that times items one by one.
/// </summary>
internal sealed class TimerSamples
{
    private static readonly double NanosecondsPerTick = 1e9 / Stopwatch.Frequency;
    private readonly long[] _sorted;

    /// <summary>Sorts a copy of <paramref name="samples"/> (timestamp differences) and sums them.</summary>
    public TimerSamples(long[] samples)
    {
        _sorted = (long[])samples.Clone();
        Array.Sort(_sorted);
        foreach (long sample in samples) TotalTicks += sample;
    }

    /// <summary>The sum of all samples, in timestamp ticks.</summary>
    public long TotalTicks { get; }

    /// <summary>The sum of all samples in milliseconds.</summary>
    public double TotalMs => TotalTicks * NanosecondsPerTick / 1e6;

    /// <summary>The slowest sample in nanoseconds.</summary>
    public double MaxNs => _sorted[^1] * NanosecondsPerTick;

    /// <summary>The nearest-rank <paramref name="quantile"/> (0.5 for the median) in nanoseconds.</summary>
    public double AtNs(double quantile)
        => _sorted[Math.Min(_sorted.Length - 1, Math.Max(0, (int)Math.Ceiling(quantile * _sorted.Length) - 1))] * NanosecondsPerTick;

    /// <summary>
    /// The median cost of two back-to-back timestamps: what every sample includes besides the work it times, so that
    /// reports can say how much of a small median is the clock.
    /// </summary>
    public static double TimerFloorNs()
    {
        var samples = new long[100_000];
        for (int i = 0; i < samples.Length; i++)
        {
            long start = Stopwatch.GetTimestamp();
            samples[i] = Stopwatch.GetTimestamp() - start;
        }
        return new TimerSamples(samples).AtNs(0.5);
    }
}
