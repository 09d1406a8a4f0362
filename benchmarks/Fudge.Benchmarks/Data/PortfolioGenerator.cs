using System;
using System.Collections.Generic;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Data;

/// <summary>Builds workload 1's graphs from a seeded generator, so every run and every contender sees the same data.</summary>
public static class PortfolioGenerator
{
    /// <summary>
    /// Graph sizes of workload 1 by label: the number of positions giving roughly that many bytes of Fudge
    /// (ordinals) per message. Each position with its lots takes about 420 bytes.
    /// </summary>
    public static IReadOnlyDictionary<string, int> PositionsBySize { get; } = new Dictionary<string, int>
    {
        ["1KB"] = 2,
        ["64KB"] = 150,
        ["1MB"] = 2_450,
        ["4MB"] = 9_800,
    };

    /// <summary>The size labels, smallest first.</summary>
    public static IReadOnlyList<string> SizeLabels { get; } = new[] { "1KB", "64KB", "1MB", "4MB" };

    /// <summary>Creates the graph for a size label.</summary>
    public static Portfolio Create(string sizeLabel, int seed = 42) => Create(PositionsBySize[sizeLabel], seed);

    /// <summary>Creates a portfolio with <paramref name="positionCount"/> positions of 2 to 6 lots each.</summary>
    public static Portfolio Create(int positionCount, int seed = 42)
    {
        var random = new Random(seed);
        var created = new DateTime(2026, 11, 20, 7, 30, 0, DateTimeKind.Utc).AddTicks(random.Next(0, 1_000_000_000));
        var portfolio = new Portfolio
        {
            Id = 1_000_000_000_000L + random.Next(),
            Name = RandomText(random, 12, 24),
            AsOf = new DateOnly(2026, 11, 20),
            Created = created,
            Active = true,
            RiskFactors = new double[16],
            Positions = new List<Position>(positionCount),
        };
        for (int i = 0; i < portfolio.RiskFactors.Length; i++) portfolio.RiskFactors[i] = random.NextDouble() * 2 - 1;
        for (int i = 0; i < positionCount; i++) portfolio.Positions.Add(CreatePosition(random, i, created));
        return portfolio;
    }

    private static Position CreatePosition(Random random, int id, DateTime created)
    {
        var hash = new byte[16];
        random.NextBytes(hash);
        var position = new Position
        {
            Id = 100_000 + id,
            Instrument = RandomText(random, 8, 16),
            Book = (short)random.Next(1, 2_000),
            Strategy = (sbyte)random.Next(0, 100),
            Quantity = random.Next(-5_000_000, 5_000_000),
            Price = Math.Round(random.NextDouble() * 500, 4),
            Weight = (float)random.NextDouble(),
            Hash = hash,
            Maturity = new DateOnly(2027, 1, 1).AddDays(random.Next(0, 3_650)),
        };
        int lots = random.Next(2, 7);
        position.Lots = new List<Lot>(lots);
        for (int i = 0; i < lots; i++)
        {
            position.Lots.Add(new Lot
            {
                Sequence = 5_000_000_000L + random.Next(),
                Quantity = random.Next(1, 100_000),
                Price = Math.Round(random.NextDouble() * 500, 4),
                Executed = created.AddSeconds(-random.Next(0, 30_000_000)),
                Venue = RandomText(random, 4, 4),
                Settled = random.Next(2) == 0,
            });
        }
        return position;
    }

    private static string RandomText(Random random, int minLength, int maxLength)
    {
        const string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ";
        var chars = new char[random.Next(minLength, maxLength + 1)];
        for (int i = 0; i < chars.Length; i++) chars[i] = alphabet[random.Next(alphabet.Length)];
        return new string(chars);
    }
}
