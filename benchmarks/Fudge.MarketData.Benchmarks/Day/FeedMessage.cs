namespace Fudge.MarketData.Benchmarks.Day;

/// <summary>Which of the study's two message bodies a message carries.</summary>
public enum BodyKind : byte
{
    /// <summary>A trade report: price and size.</summary>
    Trade,

    /// <summary>A price-level update of the book: price, size (0 removes the level), flags and side.</summary>
    LevelUpdate,
}

/// <summary>The side of the book a level update belongs to.</summary>
public enum BookSide : byte
{
    /// <summary>The bid side.</summary>
    Buy,

    /// <summary>The offer side.</summary>
    Sell,
}

/// <summary>
/// One message of the day in plain form, the source every contender builds its own model from and the form every
/// round-trip check decodes back to. <see cref="Flags"/> and <see cref="Side"/> are 0 for trades.
/// </summary>
/// <param name="TsNanos">Nanoseconds since the Unix epoch.</param>
/// <param name="Symbol">Index into <see cref="MarketDay.Symbols"/>.</param>
/// <param name="Kind">Trade or level update.</param>
/// <param name="Price">Price in units of 1/10,000 of a dollar, as IEX sends it.</param>
/// <param name="Size">Shares.</param>
/// <param name="Flags">IEX's price-level flags byte.</param>
/// <param name="Side">Bid or offer.</param>
public readonly record struct FeedMessage(ulong TsNanos, int Symbol, BodyKind Kind, ulong Price, uint Size, byte Flags, BookSide Side);
