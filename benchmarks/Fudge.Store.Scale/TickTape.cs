using System;
using System.Collections.Generic;
using System.Globalization;
using Fudge.Samples;

namespace Fudge.Store.Scale;

/// <summary>
/// An endless, seeded market-data tape of the shape of <c>samples/ticks.fudge</c> (ticker, exchange, seq, time, bid,
/// ask, sizes, a trade sub-message on 30% of ticks, a "stale" indicator on 5%), over <see cref="Instruments"/>
/// tickers X000 .. X999 chosen uniformly, so one ticker selects 1 tick in 1,000. Ticks are made one at a time: only
/// the instruments' current prices are held, whatever the length of the tape.
/// </summary>
internal static class TickTape
{
    public const int Instruments = 1000;
    private const ulong Seed = 20261127;

    /// <summary>The ticks in order; <c>seq</c> counts from 1, so the n-th tick (from 0) has seq n + 1.</summary>
    public static IEnumerable<byte[]> Ticks()
    {
        var random = new SampleRandom(Seed);
        var tickers = new string[Instruments];
        var mids = new long[Instruments];
        for (int i = 0; i < Instruments; i++)
        {
            tickers[i] = "X" + i.ToString("D3", CultureInfo.InvariantCulture);
            mids[i] = 1_000 + random.Next(200_000);
        }
        var open = new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.Zero);
        long nanos = 0;
        for (long seq = 1; ; seq++)
        {
            int i = random.Next(Instruments);
            mids[i] = Math.Max(100, mids[i] + random.Next(21) - 10);
            long spread = 1 + random.Next(4);
            nanos += 1_000 * (1 + random.Next(5_000));
            var tick = new FudgeMsg()
                .Add("ticker", tickers[i])
                .Add("exchange", "XFDG")
                .Add("seq", seq)
                .Add("time", TickStream.Timestamp(open, nanos));
            TickStream.AddQuote(tick, random, mids[i], spread);
            yield return new FudgeEnvelope(tick).ToByteArray();
        }
    }
}
