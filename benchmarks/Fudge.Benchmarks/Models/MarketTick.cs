namespace Fudge.Benchmarks.Models;

/// <summary>What a market-data message reports.</summary>
public enum TickKind
{
    /// <summary>A trade printed at <see cref="MarketTick.Price"/> for <see cref="MarketTick.Size"/>.</summary>
    Trade = 1,

    /// <summary>The quantity resting at one price level of the book changed to <see cref="MarketTick.Size"/>.</summary>
    PriceLevel = 2,
}

/// <summary>Side of the book (or the aggressor side of a trade).</summary>
public enum Side
{
    /// <summary>Bid side.</summary>
    Buy = 1,

    /// <summary>Ask side.</summary>
    Sell = 2,
}

/// <summary>
/// One market-data message of workload 2: a trade or a price-level update. Both kinds share one shape (a
/// level update also carries its depth <see cref="Level"/>), so every contender decodes one type per message.
/// </summary>
public sealed class MarketTick : ITickFields
{
    public TickKind Kind { get; set; }
    public string Symbol { get; set; } = "";
    public Side Side { get; set; }
    public double Price { get; set; }
    public long Size { get; set; }
    public long TimestampNs { get; set; }
    public int Flags { get; set; }
    public long Sequence { get; set; }
    public int Level { get; set; }
}
