using System;
using System.Collections.Generic;

namespace Fudge.MarketData.Benchmarks.Day;

/// <summary>Finds a symbol's index in a day from its <see cref="SymbolKey"/>; used only by the round-trip check.</summary>
public static class SymbolIndex
{
    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<MarketDay, Dictionary<ulong, int>> Indexes = new();

    /// <summary>The index in <paramref name="day"/>'s symbols of the symbol with <paramref name="key"/>.</summary>
    public static int Of(MarketDay day, ulong key)
    {
        var index = Indexes.GetValue(day, d =>
        {
            var map = new Dictionary<ulong, int>(d.Symbols.Length);
            for (int i = 0; i < d.Symbols.Length; i++) map.Add(SymbolKey.FromString(d.Symbols[i]), i);
            return map;
        });
        return index.TryGetValue(key, out int i) ? i : throw new InvalidOperationException($"Symbol key {key:X} is not one of the day's.");
    }
}
