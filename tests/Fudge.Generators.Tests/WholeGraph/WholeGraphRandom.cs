using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>Seeded random graphs of the types of WholeGraphModels.cs: every member set, null or empty in turn.</summary>
internal sealed class WholeGraphRandom
{
    private readonly Random _random;

    public WholeGraphRandom(int seed) => _random = new Random(seed);

    private bool Chance(int percent) => _random.Next(100) < percent;

    // Integers of every width the writer picks (int8 to int64), so that runs and nested sizes vary.
    private long Long() => _random.Next(4) switch { 0 => _random.Next(-100, 100), 1 => _random.Next(-30000, 30000), 2 => _random.Next(), _ => _random.NextInt64(long.MinValue, long.MaxValue) };

    private int Int() => _random.Next(3) switch { 0 => _random.Next(-100, 100), 1 => _random.Next(-30000, 30000), _ => _random.Next(int.MinValue, int.MaxValue) };

    private string? Text(int nullPercent = 10)
    {
        if (Chance(nullPercent)) return null;
        int length = _random.Next(4) switch { 0 => 0, 1 => _random.Next(1, 8), 2 => _random.Next(8, 90), _ => _random.Next(90, 400) };
        var chars = new char[length];
        for (int i = 0; i < length; i++) chars[i] = _random.Next(10) == 0 ? (char)_random.Next(0x80, 0x3000) : (char)_random.Next(0x20, 0x7F);
        return new string(chars);
    }

    private DateOnly Date() => DateOnly.FromDayNumber(_random.Next(DateOnly.MinValue.DayNumber, DateOnly.MaxValue.DayNumber + 1));

    private DateTime Instant() => new(_random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks + 1), Chance(50) ? DateTimeKind.Utc : DateTimeKind.Unspecified);

    private List<T> ListOf<T>(int max, Func<T> item) => Enumerable.Range(0, _random.Next(max + 1)).Select(_ => item()).ToList();

    public GLot Lot() => new()
    {
        Sequence = Long(), Quantity = Int(), Price = _random.NextDouble() * 1000, Executed = Instant(),
        Venue = Text(), Settled = Chance(50),
    };

    public GPoint Point() => new() { X = Int(), Y = _random.NextDouble(), When = Date(), Kind = (GKind)(_random.Next(3) switch { 0 => 0, 1 => 1, _ => 200 }) };

    public GPosition Position() => new()
    {
        Id = Int(), Instrument = Text(0)!, Book = (short)_random.Next(short.MinValue, short.MaxValue), Strategy = (sbyte)_random.Next(-128, 128),
        Quantity = Long(), Price = _random.NextDouble(), Weight = (float)_random.NextDouble(), Hash = Chance(5) ? null! : Bytes(),
        Maturity = Date(), Lots = ListOf(Chance(10) ? 40 : 6, Lot),
    };

    private byte[] Bytes()
    {
        var bytes = new byte[_random.Next(4) switch { 0 => 0, 1 => 16, 2 => _random.Next(1, 40), _ => 300 }];
        _random.NextBytes(bytes);
        return bytes;
    }

    public GShape? Shape()
    {
        if (Chance(15)) return null;
        if (Chance(50)) return new GCircle { Area = _random.NextDouble(), Radius = _random.NextDouble(), Lot = Chance(50) ? Lot() : null };
        return new GSquare { Area = _random.NextDouble(), Label = Text(0)!, Corner = Point() };
    }

    public GEvent? Event()
    {
        if (Chance(15)) return null;
        if (Chance(50)) return new GEventA { At = Long(), Size = Int() };
        return new GEventB { At = Long(), Flags = (byte)_random.Next(256), Kind = (GKind)(_random.Next(3) switch { 0 => 0, 1 => 1, _ => 200 }), Where = Point() };
    }

    public GFeedItem FeedItem() => new() { Ts = unchecked((ulong)Long()), Symbol = Text(0)!, Event = Event() };

    public GNode Node(int depth)
    {
        var node = new GNode { Value = Int(), At = Point() };
        if (depth > 0 && Chance(60)) node.Children = ListOf(3, () => Node(depth - 1));
        if (depth > 0 && Chance(40)) node.Next = Node(depth - 1);
        return node;
    }

    public GNamed Named(int depth) => new()
    {
        Title = Text(), Lot = Chance(70) ? Lot() : null, Lots = Chance(70) ? ListOf(4, Lot) : null,
        Both = depth > 0 && Chance(60) ? Both(depth - 1) : null,
    };

    public GBoth Both(int depth) => new()
    {
        Count = Int(), Lot = Chance(70) ? Lot() : null, Points = Chance(70) ? ListOf(3, Point).ToArray() : null,
        Back = depth > 0 && Chance(50) ? Named(depth - 1) : null,
    };

    public GTax Tax(int depth) => new()
    {
        Code = Text(), Lot = Chance(70) ? Lot() : null, More = depth > 0 && Chance(50) ? ListOf(3, () => Tax(depth - 1)) : null,
    };

    public GExtra Extra() => new() { Note = Text(), Lot = Chance(70) ? Lot() : null, Points = Chance(60) ? ListOf(3, Point) : null };

    public GFlags Flags() => new(Int(), Chance(60) ? Lot() : null) { Point = Chance(50) ? Point() : null, Text = Text(40) };

    public GJava Java() => new() { Label = Text(), Leaf = Chance(70) ? JavaLeaf() : null, Leaves = Chance(70) ? ListOf(4, JavaLeaf) : null };

    private GJavaLeaf JavaLeaf() => new() { Count = Int(), Price = _random.NextDouble() };

    public GBook Book()
    {
        var book = new GBook
        {
            Id = Long(), Name = Text(0)!, AsOf = Date(), Created = Instant(), Active = Chance(50),
            Factors = Enumerable.Range(0, _random.Next(6)).Select(_ => _random.NextDouble()).ToArray(),
            Positions = ListOf(Chance(5) ? 30 : 4, Position),
            Best = Chance(70) ? Lot() : null, Origin = Point(), Lead = Chance(50) ? Position() : null,
            Spare = Chance(50) ? ListOf(3, () => Chance(15) ? null! : Lot()).ToArray() : null,
            Shape = Shape(), Tree = Chance(60) ? Node(3) : null, Extra = Chance(60) ? Extra() : null,
            MaybePoint = Chance(50) ? Point() : null, Shapes = Chance(50) ? ListOf(4, Shape) : null,
            Named = Chance(50) ? Named(2) : null, Both = Chance(50) ? Both(2) : null, Tax = Chance(50) ? Tax(2) : null,
            Flags = Chance(60) ? Flags() : null,
            Feed = Chance(60) ? ListOf(Chance(10) ? 60 : 5, () => Chance(5) ? null : FeedItem()) : null, Event = Event(),
        };
        if (Chance(50))
        {
            book.ByVenue = new Dictionary<string, GLot>();
            foreach (var lot in ListOf(4, Lot)) book.ByVenue[Text(0)! + book.ByVenue.Count] = lot;
        }
        return book;
    }
}
