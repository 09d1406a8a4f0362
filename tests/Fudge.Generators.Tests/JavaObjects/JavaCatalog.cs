using System;
using System.Collections.Generic;

namespace Fudge.Generators.Tests.JavaObjects;

/// <summary>
/// The objects of tests/interop/java-objects/README.md, built in .NET with the values the Java program gives its
/// beans (Catalog.java): each case's name, its object, and its type.
/// </summary>
public static class JavaCatalog
{
    public static Quote Quote(double bid, double ask, string venue) => new() { Bid = bid, Ask = ask, Venue = venue };

    public static Bond Bond() => new() { Id = "B1", Coupon = 4.25, Maturity = new DateOnly(2030, 6, 15) };

    public static IReadOnlyList<(string Name, object Value)> Cases { get; } = new (string, object)[]
    {
        ("primitives", new Primitives { Flag = true, Tiny = -7, Small = 300, Count = 70000, Big = 5000000000L, Ratio = 1.5f, Price = 189.25, Initial = 'Q' }),
        ("primitives-extremes", new Primitives { Flag = false, Tiny = sbyte.MinValue, Small = short.MaxValue, Count = int.MinValue, Big = long.MaxValue, Ratio = float.NaN, Price = double.NegativeInfinity, Initial = '\u00e9' }),
        ("boxed-nulls", new Boxed()),
        ("boxed", new Boxed { Flag = false, Tiny = 1, Small = -2, Count = 3, Big = -4L, Ratio = -0.0f, Price = 0.1, Text = "ok" }),
        ("text", new Text { Plain = "Kirk", NonBmp = "\U0001F600", Empty = "", Mixed = "a\u00e9\u20ac\U0001D518z" }),
        ("baskets", new Baskets
        {
            Names = new List<string?> { "a", null, "c" },
            Numbers = new HashSet<int> { 1, 200, 70000 },
            Weights = new Dictionary<string, double> { ["x"] = 0.25, ["y"] = 0.75 },
            Quotes = new List<Quote?> { Quote(1.0, 1.5, "XNAS"), null, Quote(2.0, 2.5, "BATS") },
            QuoteByVenue = new Dictionary<string, Quote?> { ["XNAS"] = Quote(1.0, 1.5, "XNAS"), ["NONE"] = null },
            Tags = new HashSet<string> { "t1" },
            Longs = new List<long> { 1L, -1L, 10000000000L },
            Labels = new Dictionary<int, string> { [1] = "one", [2] = "two" },
        }),
        ("baskets-empty", new Baskets
        {
            Names = new List<string?>(), Numbers = new HashSet<int>(), Weights = new Dictionary<string, double>(), Quotes = new List<Quote?>(),
            QuoteByVenue = new Dictionary<string, Quote?>(), Tags = new HashSet<string>(), Longs = new List<long>(), Labels = new Dictionary<int, string>(),
        }),
        ("enums", new Enums { Side = Side.ShortSell, Sides = new List<Side> { Side.Buy, Side.Sell }, SideByName = new Dictionary<string, Side> { ["b"] = Side.Buy, ["s"] = Side.Sell } }),
        ("vectors", new Vectors
        {
            Ints = new[] { 1, -2, 70000 }, Longs = new[] { 1L, 5000000000L }, Doubles = new[] { 0.5, -1.25 }, Shorts = new short[] { 1, -300 },
            Floats = new[] { 2.5f }, Bytes = new byte[] { 1, 2, 3, 4, 5 }, Digest = new byte[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
            Words = new[] { "x", "y" },
        }),
        ("vectors-empty", new Vectors
        {
            Ints = Array.Empty<int>(), Longs = Array.Empty<long>(), Doubles = Array.Empty<double>(), Shorts = Array.Empty<short>(),
            Floats = Array.Empty<float>(), Bytes = Array.Empty<byte>(), Digest = Array.Empty<byte>(), Words = Array.Empty<string>(),
        }),
        ("quote-array", new QuoteArray { Quotes = new[] { Quote(1.0, 1.5, "XNAS"), Quote(2.0, 2.5, "BATS") } }),
        ("portfolio", new Portfolio
        {
            Owner = "kirk",
            Main = new Equity { Id = "E1", Ticker = "ACME" },
            Exact = new Equity { Id = "E2", Ticker = "FDG" },
            Holdings = new List<Instrument> { new Equity { Id = "E1", Ticker = "ACME" }, Bond(), new Instrument { Id = "I1" } },
            ById = new Dictionary<string, Instrument> { ["B1"] = Bond(), ["I1"] = new Instrument { Id = "I1" } },
        }),
        ("equity-top-level", new Equity { Id = "E9", Ticker = "TOP" }),
        ("instrument-top-level", new Instrument { Id = "I9" }),
        ("temporal", new Temporal
        {
            Amount = 1234.50m,
            Tiny = 0.00000012m,
            Large = 79228162514264337593543950335m,
            When = DateTime.UnixEpoch.AddMilliseconds(1700000000123L),
            Calendar = new DateTimeOffset(2026, 3, 2, 14, 30, 0, 250, TimeSpan.FromHours(2)),
            Uuid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
            Date = new DateOnly(2026, 3, 2),
            Time = new TimeOnly(14, 30, 0).Add(TimeSpan.FromTicks(1234567)),                                            // .NET keeps 100 ns: 123456789 ns -> 1234567 ticks
            Local = new DateTime(2026, 3, 2, 14, 30, 0, DateTimeKind.Unspecified).AddTicks(1234567),
            Offset = new DateTimeOffset(2026, 3, 2, 14, 30, 0, 500, TimeSpan.FromHours(1)),
            Instant = DateTime.UnixEpoch.AddSeconds(1700000000L).AddTicks(1234567),
            Zone = "Europe/London",
        }),
        ("naming", new Naming { TradeDate = "2026-03-02", URL = "http://x", Active = true, X = 1 }),
    };
}
