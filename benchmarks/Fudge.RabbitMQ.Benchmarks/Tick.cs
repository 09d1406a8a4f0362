using System;
using System.Text.Json.Serialization;
using Fudge.Serialization;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>
/// The tick workload (workload 2 of benchmarks/Fudge.Benchmarks): a trade or price-level update, nine fields, sent
/// with Fudge ordinals or as JSON property names.
/// </summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class Tick
{
    /// <summary>1 = trade, 2 = price-level update: what the content selector routes on.</summary>
    [FudgeField(1)] public int Kind { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public int Side { get; set; }
    [FudgeField(4)] public double Price { get; set; }
    [FudgeField(5)] public long Size { get; set; }
    [FudgeField(6)] public long TimestampNs { get; set; }
    [FudgeField(7)] public int Flags { get; set; }
    [FudgeField(8)] public long Sequence { get; set; }
    [FudgeField(9)] public int Level { get; set; }

    /// <summary>A seeded day-like stream: about one trade per four level updates, prices random-walking per symbol.</summary>
    public static Tick[] Create(int count, int seed = 7)
    {
        var random = new Random(seed);
        var symbols = new string[200];
        var prices = new double[symbols.Length];
        for (int i = 0; i < symbols.Length; i++)
        {
            symbols[i] = string.Concat("ABCDEFGHIJKLMNOPQRSTUVWXYZ".AsSpan(random.Next(26), 1), "X", i.ToString("000"));
            prices[i] = 10 + random.NextDouble() * 490;
        }
        long timestamp = (9L * 3600 + 30 * 60) * 1_000_000_000L;
        var ticks = new Tick[count];
        for (int i = 0; i < count; i++)
        {
            int s = random.Next(symbols.Length);
            bool trade = random.Next(5) == 0;
            prices[s] = Math.Max(0.01, prices[s] + (random.NextDouble() - 0.5) * 0.02);
            timestamp += random.Next(1_000, 40_000_000);
            ticks[i] = new Tick
            {
                Kind = trade ? 1 : 2,
                Symbol = symbols[s],
                Side = random.Next(1, 3),
                Price = Math.Round(prices[s], 2),
                Size = trade ? 100L * random.Next(1, 50) : random.Next(0, 250_000),
                TimestampNs = timestamp,
                Flags = random.Next(16) == 0 ? random.Next(1, 256) : 0,
                Sequence = 1_000_000 + i,
                Level = trade ? 0 : random.Next(0, 10),
            };
        }
        return ticks;
    }
}

/// <summary>System.Text.Json's generated (reflection-free) serializer for the JSON contender.</summary>
[JsonSerializable(typeof(Tick))]
internal sealed partial class TickJsonContext : JsonSerializerContext
{
}
