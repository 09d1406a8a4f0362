namespace Fudge.Benchmarks.Contenders.Fudge;

/// <summary>The ordinals the hand-written and DOM Fudge contenders give each member (the generated ones use the same).</summary>
internal static class FieldOrdinals
{
    public static class Tick
    {
        public const short Kind = 1, Symbol = 2, Side = 3, Price = 4, Size = 5, TimestampNs = 6, Flags = 7, Sequence = 8, Level = 9;
    }

    public static class Portfolio
    {
        public const short Id = 1, Name = 2, AsOf = 3, Created = 4, Active = 5, RiskFactors = 6, Positions = 7;
    }

    public static class Position
    {
        public const short Id = 1, Instrument = 2, Book = 3, Strategy = 4, Quantity = 5, Price = 6, Weight = 7, Hash = 8, Maturity = 9, Lots = 10;
    }

    public static class Lot
    {
        public const short Sequence = 1, Quantity = 2, Price = 3, Executed = 4, Venue = 5, Settled = 6;
    }
}
