using System;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Data;

/// <summary>
/// A day-like stream of workload 2's messages from a seeded generator: about four price-level updates per trade,
/// prices random-walking per symbol, timestamps in nanoseconds rising through the trading day, sequence numbers
/// strictly increasing.
/// </summary>
public static class TickGenerator
{
    private const int SymbolCount = 200;

    /// <summary>Creates <paramref name="count"/> ticks.</summary>
    public static MarketTick[] Create(int count, int seed = 7)
    {
        var random = new Random(seed);
        var symbols = new string[SymbolCount];
        var prices = new double[SymbolCount];
        for (int i = 0; i < SymbolCount; i++)
        {
            symbols[i] = MakeSymbol(random);
            prices[i] = 10 + random.NextDouble() * 490;
        }

        long timestamp = (9L * 3600 + 30 * 60) * 1_000_000_000L; // 09:30:00, as ns since midnight
        long sequence = 1_000_000;
        var ticks = new MarketTick[count];
        for (int i = 0; i < count; i++)
        {
            int s = SkewedIndex(random, SymbolCount);
            bool trade = random.Next(5) == 0;
            prices[s] = Math.Max(0.01, prices[s] + (random.NextDouble() - 0.5) * 0.02);
            timestamp += random.Next(1_000, 40_000_000);
            ticks[i] = new MarketTick
            {
                Kind = trade ? TickKind.Trade : TickKind.PriceLevel,
                Symbol = symbols[s],
                Side = random.Next(2) == 0 ? Side.Buy : Side.Sell,
                Price = Math.Round(prices[s], 2),
                Size = trade ? 100L * random.Next(1, 50) : random.Next(0, 250_000),
                TimestampNs = timestamp,
                Flags = random.Next(16) == 0 ? random.Next(1, 256) : 0,
                Sequence = sequence++,
                Level = trade ? 0 : random.Next(0, 10),
            };
        }
        return ticks;
    }

    // A few symbols carry most of the traffic, as on a real feed.
    private static int SkewedIndex(Random random, int count)
    {
        double u = random.NextDouble();
        return (int)(u * u * u * count);
    }

    private static string MakeSymbol(Random random)
    {
        var chars = new char[random.Next(2, 6)];
        for (int i = 0; i < chars.Length; i++) chars[i] = (char)('A' + random.Next(26));
        return new string(chars);
    }
}
