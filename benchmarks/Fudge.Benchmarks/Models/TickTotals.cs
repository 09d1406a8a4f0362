using System;

namespace Fudge.Benchmarks.Models;

/// <summary>What workload 2 computes from the decoded stream: volume traded and the range of quoted prices.</summary>
public struct TickTotals
{
    public long TradedVolume;
    public double MinQuotedPrice;
    public double MaxQuotedPrice;
    public long Count;

    /// <summary>Empty totals (min and max start at the opposite infinities).</summary>
    public static TickTotals Empty => new() { MinQuotedPrice = double.PositiveInfinity, MaxQuotedPrice = double.NegativeInfinity };

    /// <summary>Adds one decoded message.</summary>
    public void Add(TickKind kind, double price, long size)
    {
        Count++;
        if (kind == TickKind.Trade)
        {
            TradedVolume += size;
        }
        else
        {
            MinQuotedPrice = Math.Min(MinQuotedPrice, price);
            MaxQuotedPrice = Math.Max(MaxQuotedPrice, price);
        }
    }

    /// <inheritdoc/>
    public override readonly string ToString() => $"{Count} messages, volume {TradedVolume}, quoted {MinQuotedPrice}..{MaxQuotedPrice}";
}
