using System;
using System.Collections.Generic;

namespace Fudge.Samples;

/// <summary>
/// A market-data tick stream: quotes for a few made-up instruments, with an occasional trade sub-message and a
/// "stale" indicator. Prices are kept in whole cents so their decimal text is short and exact enough to read.
/// </summary>
internal static class TickStream
{
    public const int TickCount = 40;

    /// <summary>Taxonomy id carried by the ordinal-only variant of the stream.</summary>
    public const short TaxonomyId = 1;

    private static readonly (string Ticker, long MidCents)[] Instruments =
    {
        ("ACME", 18_250), ("GLBX", 4_210), ("INIT", 9_975), ("UMBR", 131_040),
    };

    /// <summary>The names used by the ticks, with the ordinals the taxonomy gives them.</summary>
    public static FudgeTaxonomy Taxonomy { get; } = new(new Dictionary<short, string>
    {
        [1] = "ticker", [2] = "exchange", [3] = "seq", [4] = "time", [5] = "bid", [6] = "ask",
        [7] = "bidSize", [8] = "askSize", [9] = "trade", [10] = "price", [11] = "size", [12] = "aggressor", [13] = "stale",
    });

    public static IReadOnlyList<FudgeMsg> CreateTicks()
    {
        var random = new SampleRandom(20100304);
        var mids = Array.ConvertAll(Instruments, i => i.MidCents);
        var clock = new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.Zero);
        long nanos = 0;
        var ticks = new List<FudgeMsg>(TickCount);
        for (int seq = 1; seq <= TickCount; seq++)
        {
            int i = random.Next(Instruments.Length);
            mids[i] += random.Next(21) - 10;
            long spread = 1 + random.Next(4);
            nanos += 1_000_000L * (1 + random.Next(250)) + random.Next(1_000_000);
            var tick = new FudgeMsg()
                .Add("ticker", Instruments[i].Ticker)
                .Add("exchange", "XFDG")
                .Add("seq", seq)
                .Add("time", Timestamp(clock, nanos));
            ticks.Add(AddQuote(tick, random, mids[i], spread));
        }
        return ticks;
    }

    /// <summary>
    /// Completes a tick after its ticker, exchange, seq and time: bid and ask around <paramref name="midCents"/>, the
    /// sizes, a trade sub-message on 30% of ticks and the "stale" indicator on 5%, drawing from
    /// <paramref name="random"/> in a fixed order (the store's scale harness makes its tape with it too).
    /// </summary>
    internal static FudgeMsg AddQuote(FudgeMsg tick, SampleRandom random, long midCents, long spread)
    {
        tick.Add("bid", (midCents - spread) / 100.0)
            .Add("ask", (midCents + spread) / 100.0)
            .Add("bidSize", 100 * (1 + random.Next(50)))
            .Add("askSize", 100 * (1 + random.Next(50)));
        if (random.Chance(30))
        {
            bool buy = random.Chance(50);
            tick.Add("trade", new FudgeMsg()
                .Add("price", (buy ? midCents + spread : midCents - spread) / 100.0)
                .Add("size", 100 * (1 + random.Next(20)))
                .Add("aggressor", buy ? "buy" : "sell"));
        }
        if (random.Chance(5)) tick.Add("stale", FudgeIndicator.Instance);
        return tick;
    }

    /// <summary>The timestamp <paramref name="nanos"/> after <paramref name="start"/>, to the nanosecond, in UTC.</summary>
    internal static FudgeDateTime Timestamp(DateTimeOffset start, long nanos)
    {
        var at = start.AddTicks(nanos / 100);
        var date = new FudgeDate(at.Year, at.Month, at.Day);
        var time = new FudgeTime(at.Hour, at.Minute, at.Second, (int)(at.Ticks % TimeSpan.TicksPerSecond * 100 + nanos % 100),
            FudgeDateTimeAccuracy.Nanosecond, timeZoneOffsetQuarterHours: 0);
        return new FudgeDateTime(date, time);
    }
}
