using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text;

namespace Fudge.MarketData.Benchmarks.Day;

/// <summary>
/// The study's aggregation, per symbol: trade volume, highest and lowest trade price, best (highest) bid and best
/// (lowest) ask seen. Symbols are found by <see cref="SymbolKey"/>, the same look-up for every contender whether it
/// reads the symbol as a string or as UTF-8 bytes, so no contender pays for a different hash table.
/// </summary>
public sealed class DayAggregate
{
    private readonly Dictionary<ulong, int> _index;
    private readonly ulong[] _volume;
    private readonly ulong[] _high;
    private readonly ulong[] _low;
    private readonly ulong[] _bestBid;
    private readonly ulong[] _bestAsk;

    /// <summary>An empty aggregate over <paramref name="symbols"/> (the day's, known before the feed opens).</summary>
    public DayAggregate(IReadOnlyList<string> symbols)
    {
        Symbols = symbols;
        _index = new Dictionary<ulong, int>(symbols.Count);
        for (int i = 0; i < symbols.Count; i++) _index.Add(SymbolKey.FromString(symbols[i]), i);
        _volume = new ulong[symbols.Count];
        _high = new ulong[symbols.Count];
        _low = new ulong[symbols.Count];
        _bestBid = new ulong[symbols.Count];
        _bestAsk = new ulong[symbols.Count];
        Clear();
    }

    /// <summary>The symbols aggregated over.</summary>
    public IReadOnlyList<string> Symbols { get; }

    /// <summary>Forgets everything aggregated so far.</summary>
    public void Clear()
    {
        Array.Clear(_volume);
        Array.Clear(_high);
        Array.Fill(_low, ulong.MaxValue);
        Array.Clear(_bestBid);
        Array.Fill(_bestAsk, ulong.MaxValue);
    }

    /// <summary>Adds a trade of the symbol with key <paramref name="symbol"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Trade(ulong symbol, ulong price, uint size)
    {
        int i = IndexOf(symbol);
        _volume[i] += size;
        if (price > _high[i]) _high[i] = price;
        if (price < _low[i]) _low[i] = price;
    }

    /// <summary>Adds a level update of the symbol with key <paramref name="symbol"/> (<paramref name="buy"/>: the bid side).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Level(ulong symbol, ulong price, bool buy)
    {
        int i = IndexOf(symbol);
        if (buy) { if (price > _bestBid[i]) _bestBid[i] = price; }
        else if (price < _bestAsk[i]) _bestAsk[i] = price;
    }

    /// <summary>A message read back into plain form, aggregated as any contender aggregates it.</summary>
    public void Add(in FeedMessage message, IReadOnlyList<string> symbols)
    {
        ulong key = SymbolKey.FromString(symbols[message.Symbol]);
        if (message.Kind == BodyKind.Trade) Trade(key, message.Price, message.Size);
        else Level(key, message.Price, message.Side == BookSide.Buy);
    }

    private int IndexOf(ulong symbol) =>
        _index.TryGetValue(symbol, out int i) ? i : throw new InvalidOperationException($"Symbol key {symbol:X} is not one of the day's.");

    /// <summary>True when both aggregates hold the same figures.</summary>
    public bool SameAs(DayAggregate other) =>
        _volume.AsSpan().SequenceEqual(other._volume) && _high.AsSpan().SequenceEqual(other._high) && _low.AsSpan().SequenceEqual(other._low)
        && _bestBid.AsSpan().SequenceEqual(other._bestBid) && _bestAsk.AsSpan().SequenceEqual(other._bestAsk);

    /// <summary>Totals over every symbol, to print beside a run.</summary>
    public override string ToString()
    {
        ulong volume = 0, traded = 0;
        for (int i = 0; i < _volume.Length; i++) { volume += _volume[i]; if (_volume[i] > 0) traded++; }
        return new StringBuilder().Append("volume ").Append(volume).Append(" shares in ").Append(traded).Append(" symbols").ToString();
    }
}

/// <summary>
/// A symbol of up to 8 ASCII characters packed into a <see cref="ulong"/> (IEX pads symbols to 8 bytes), so a string
/// and its UTF-8 bytes give the same key without allocating.
/// </summary>
public static class SymbolKey
{
    /// <summary>The key of a symbol read as UTF-8 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong FromUtf8(ReadOnlySpan<byte> symbol)
    {
        if (symbol.Length > 8) throw new ArgumentException("A symbol has at most 8 bytes.", nameof(symbol));
        ulong key = 0;
        for (int i = 0; i < symbol.Length; i++) key |= (ulong)symbol[i] << (8 * i);
        return key;
    }

    /// <summary>The key of a symbol read as a string.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong FromString(string symbol)
    {
        if (symbol.Length > 8) throw new ArgumentException("A symbol has at most 8 characters.", nameof(symbol));
        ulong key = 0;
        for (int i = 0; i < symbol.Length; i++) key |= (ulong)(byte)symbol[i] << (8 * i);
        return key;
    }
}
