using System;
using System.Collections.Generic;
using System.Text;

namespace Fudge.MarketData.Benchmarks.Day;

/// <summary>
/// A seeded synthetic trading day shaped like IEX's market-data feed, in batches as the feed delivers them (the study's
/// <c>MultiMessage</c>). How each shape was chosen is in docs/benchmarks.md ("The synthetic day").
/// </summary>
public sealed class MarketDay
{
    /// <summary>The symbols traded, most popular first (1 to 5 capital letters).</summary>
    public required string[] Symbols { get; init; }

    /// <summary><see cref="Symbols"/> as UTF-8, for the writers that take bytes.</summary>
    public required byte[][] SymbolUtf8 { get; init; }

    /// <summary>Every message of the day in feed order.</summary>
    public required FeedMessage[] Messages { get; init; }

    /// <summary>Batch <c>b</c> holds <c>Messages[BatchStarts[b]..BatchStarts[b + 1]]</c>; one more entry than batches.</summary>
    public required int[] BatchStarts { get; init; }

    /// <summary>The feed's sequence number of each batch.</summary>
    public required ulong[] SequenceNumbers { get; init; }

    /// <summary>Batches in the day.</summary>
    public int BatchCount => SequenceNumbers.Length;

    /// <summary>The messages of batch <paramref name="batch"/>.</summary>
    public ReadOnlySpan<FeedMessage> Batch(int batch) => Messages.AsSpan(BatchStarts[batch], BatchStarts[batch + 1] - BatchStarts[batch]);

    /// <summary>The day's shape in one paragraph: what docs/benchmarks.md quotes.</summary>
    public string Describe()
    {
        var perSymbol = new int[Symbols.Length];
        int trades = 0, single = 0, largest = 0;
        foreach (var m in Messages)
        {
            perSymbol[m.Symbol]++;
            if (m.Kind == BodyKind.Trade) trades++;
        }
        for (int b = 0; b < BatchCount; b++)
        {
            int size = BatchStarts[b + 1] - BatchStarts[b];
            if (size == 1) single++;
            largest = Math.Max(largest, size);
        }
        var sorted = (int[])perSymbol.Clone();
        Array.Sort(sorted, (a, b) => b.CompareTo(a));
        long top10 = 0;
        for (int i = 0; i < 10; i++) top10 += sorted[i];
        int active = Array.FindAll(perSymbol, n => n > 0).Length;
        double n = Messages.Length;
        return string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"{Messages.Length:N0} messages in {BatchCount:N0} batches ({n / BatchCount:0.00} per batch, {100.0 * single / BatchCount:0}% of batches hold one message, the largest {largest}); " +
            $"{100.0 * trades / n:0.0}% trades; {active:N0} of {Symbols.Length:N0} symbols seen, the busiest {100.0 * sorted[0] / n:0.0}% of messages, the ten busiest {100.0 * top10 / n:0.0}%.");
    }

    // Shape of the day; docs/benchmarks.md explains each number.
    private const int SymbolCount = 4_000;
    private const double PopularitySkew = 1.1;            // Zipf exponent of symbol popularity
    private const double TradeShare = 1.0 / 12;            // one trade per eleven level updates
    private const double SingleMessageBatchShare = 0.55;   // most packets carry one message
    private const int MaxBatch = 48;
    private const double SameSymbolInBatch = 0.85;         // a batch is mostly one symbol's book event
    private const ulong SessionOpenNanos = 1_795_703_400_000_000_000UL; // 2026-11-26 14:30 UTC, the 9:30 New York open
    private const double SessionNanos = 6.5 * 3600 * 1e9;

    /// <summary>
    /// Generates a day of about <paramref name="messageCount"/> messages (it stops at the first batch that reaches the
    /// count) from <paramref name="seed"/>; the same arguments always give the same day.
    /// </summary>
    public static MarketDay Generate(int messageCount, int seed = 32)
    {
        var random = new Random(seed);
        var symbols = MakeSymbols(random);
        var popularity = ZipfTable(SymbolCount, PopularitySkew);
        var lastPrice = new ulong[SymbolCount];
        for (int s = 0; s < SymbolCount; s++)
        {
            // Log-uniform from $2 to $600, on a cent grid: most US equities trade between those.
            double dollars = Math.Exp(Math.Log(2) + random.NextDouble() * (Math.Log(600) - Math.Log(2)));
            lastPrice[s] = (ulong)Math.Round(dollars * 100) * 100;
        }

        var messages = new List<FeedMessage>(messageCount + MaxBatch);
        var starts = new List<int>(messageCount / 2) { 0 };
        var sequence = new List<ulong>(messageCount / 2);
        double meanBatch = SingleMessageBatchShare + (1 - SingleMessageBatchShare) * 5.0;   // 2 + a geometric number of mean 3
        double meanGapNanos = SessionNanos / (messageCount / meanBatch);
        double clock = SessionOpenNanos;
        ulong seqNo = 1_000;
        while (messages.Count < messageCount)
        {
            clock += -Math.Log(1 - random.NextDouble()) * meanGapNanos;   // Poisson arrivals
            int size = random.NextDouble() < SingleMessageBatchShare ? 1 : Math.Min(MaxBatch, 2 + Geometric(random, 0.25));
            int batchSymbol = Pick(popularity, random);
            for (int i = 0; i < size; i++)
            {
                int symbol = random.NextDouble() < SameSymbolInBatch ? batchSymbol : Pick(popularity, random);
                ulong ts = (ulong)clock + (ulong)(i * 40);          // the feed stamps a batch's messages nanoseconds apart
                messages.Add(random.NextDouble() < TradeShare
                    ? Trade(random, ts, symbol, lastPrice)
                    : Level(random, ts, symbol, lastPrice));
            }
            starts.Add(messages.Count);
            sequence.Add(seqNo);
            seqNo += (ulong)size;
        }
        var utf8 = Array.ConvertAll(symbols, s => Encoding.UTF8.GetBytes(s));
        return new MarketDay { Symbols = symbols, SymbolUtf8 = utf8, Messages = messages.ToArray(), BatchStarts = starts.ToArray(), SequenceNumbers = sequence.ToArray() };
    }

    private static FeedMessage Trade(Random random, ulong ts, int symbol, ulong[] lastPrice)
    {
        ulong price = Walk(random, ref lastPrice[symbol]);
        // A third of IEX trades are odd lots (1-99 shares); the rest round lots, mostly one to five hundred.
        uint size = random.NextDouble() < 0.33 ? (uint)random.Next(1, 100) : (uint)(100 * (1 + Geometric(random, 0.45)));
        return new FeedMessage(ts, symbol, BodyKind.Trade, price, size, 0, BookSide.Buy);
    }

    private static FeedMessage Level(Random random, ulong ts, int symbol, ulong[] lastPrice)
    {
        var side = random.Next(2) == 0 ? BookSide.Buy : BookSide.Sell;
        ulong mid = Walk(random, ref lastPrice[symbol]);
        // Levels sit within ten cents of the last price on their own side of it.
        ulong offset = (ulong)random.Next(1, 11) * 100;
        ulong price = side == BookSide.Buy ? (mid > offset ? mid - offset : 100) : mid + offset;
        // A fifth of updates remove a level (size 0); the rest show 100 to a few thousand shares.
        uint size = random.NextDouble() < 0.2 ? 0 : (uint)(100 * (1 + Geometric(random, 0.3)));
        // IEX's flag byte: 0x1 marks the last update of an atomic book event.
        byte flags = random.NextDouble() < 0.7 ? (byte)1 : (byte)0;
        return new FeedMessage(ts, symbol, BodyKind.LevelUpdate, price, size, flags, side);
    }

    /// <summary>Moves the symbol's price by -2..+2 cents (never below one cent) and returns it.</summary>
    private static ulong Walk(Random random, ref ulong price)
    {
        long next = (long)price + (random.Next(5) - 2) * 100;
        price = (ulong)Math.Max(100, next);
        return price;
    }

    private static int Geometric(Random random, double p) => (int)Math.Floor(Math.Log(1 - random.NextDouble()) / Math.Log(1 - p));

    private static int Pick(double[] cumulative, Random random)
    {
        int index = Array.BinarySearch(cumulative, random.NextDouble());
        return Math.Min(cumulative.Length - 1, index >= 0 ? index : ~index);
    }

    private static double[] ZipfTable(int count, double exponent)
    {
        var cumulative = new double[count];
        double sum = 0;
        for (int k = 0; k < count; k++) cumulative[k] = sum += 1 / Math.Pow(k + 1, exponent);
        for (int k = 0; k < count; k++) cumulative[k] /= sum;
        return cumulative;
    }

    private static string[] MakeSymbols(Random random)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var symbols = new string[SymbolCount];
        Span<char> letters = stackalloc char[5];
        for (int s = 0; s < SymbolCount;)
        {
            int length = random.Next(1, 6);
            for (int i = 0; i < length; i++) letters[i] = (char)('A' + random.Next(26));
            string symbol = new(letters[..length]);
            if (seen.Add(symbol)) symbols[s++] = symbol;
        }
        return symbols;
    }
}
