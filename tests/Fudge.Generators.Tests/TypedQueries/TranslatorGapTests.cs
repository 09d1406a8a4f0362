using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// Guid and decimal members as the generator writes them (byte[16]; text with its scale), tests of one element inside
/// Any(...) over sub-messages, and compiled queries with two to four parameters: each against LINQ to Objects over the
/// deserialized values and against the same filter text compiled by the string language.
/// </summary>
public class TranslatorGapTests
{
    private static readonly Guid[] Ids =
    {
        Guid.Empty,
        new("00112233-4455-6677-8899-aabbccddeeff"),
        new("f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f"),
    };

    // The same numbers with several scales, zero of several scales, and values below 1E-6 (Java's scientific form).
    private static readonly decimal[] Fees = { 1.5m, 1.50m, 1.500m, 0m, 0.000m, -2m, -2.0m, 100m, 0.00000012m, 0.000000120m, 1.2345m, -0.5m, 79228162514264337593543950335m };

    private static List<QTrade> Trades(int seed, int count)
    {
        var random = new Random(seed);
        var trades = TypedQueryPropertyTests.Trades(seed, count);
        foreach (var trade in trades)
        {
            trade.Id = Ids[random.Next(Ids.Length)];
            trade.Fee = Fees[random.Next(Fees.Length)];
            if (random.Next(3) == 0) trade.Legs = Enumerable.Range(0, random.Next(1, 5)).Select(_ => new QLeg { Venue = random.Next(5) == 0 ? null : new[] { "BATS", "XNAS", "ß" }[random.Next(3)], Qty = random.Next(-2, 8) }).ToList();
        }
        return trades;
    }

    private static readonly Guid Wanted = Ids[1];
    private static readonly Guid[] WantedIds = { Ids[1], Ids[2] };
    private static readonly decimal[] WantedFees = { 1.5m, 0m };

    public static IEnumerable<object[]> Predicates()
    {
        var list = new List<Expression<Func<QTrade, bool>>>
        {
            t => t.Id == Wanted,
            t => t.Id != Wanted,
            t => t.Id == Guid.Empty,
            t => WantedIds.Contains(t.Id),
            t => t.Id.Equals(Wanted) && t.Qty > 0,
            t => t.Fee == 1.5m,
            t => t.Fee == 1.50m,
            t => t.Fee != 1.5m,
            t => t.Fee == 0m,
            t => t.Fee == -2m,
            t => t.Fee == 100,
            t => t.Fee == 0.00000012m,
            t => t.Fee == 79228162514264337593543950335m,
            t => WantedFees.Contains(t.Fee),
            t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" && l.Qty > 5),
            t => t.Legs != null && t.Legs.Any(l => l.Venue == "ß" && (l.Qty < 0 || l.Qty == 7)),
            t => t.Legs != null && t.Legs.Any(l => !(l.Qty > 3)),
            t => t.Legs != null && t.Legs.Any(l => l.Venue == null),
            t => t.Legs != null && t.Legs.Any(l => l.Venue != "XNAS"),
            t => t.Legs != null && t.Legs.Any(l => l.Venue != null && l.Venue.StartsWith("X") && l.Qty >= 2),
            t => t.Legs != null && t.Legs.All(l => l.Venue == "BATS" || l.Qty < 0),
            t => t.Legs != null && t.Legs.All(l => l.Venue != null),
            t => t.Legs != null && !t.Legs.Any(l => l.Venue == "XNAS" && l.Qty == 1) && t.Price > 10,
        };
        return list.Select(p => new object[] { p });
    }

    [Theory]
    [MemberData(nameof(Predicates))]
    public void The_filter_agrees_with_linq_to_objects_and_the_string_filter(Expression<Func<QTrade, bool>> predicate)
    {
        var filter = FudgeTypedQuery.Filter(predicate);
        var linq = predicate.Compile();
        var again = FudgeFilter.Compile(filter.Text);
        int passed = 0;
        foreach (var trade in Trades(seed: 4301, count: 400))
        {
            var bytes = FudgeSerializer.Serialize(trade);
            var back = FudgeSerializer.Deserialize<QTrade>(bytes);
            bool expected = linq(back);
            Assert.True(expected == filter.Matches(bytes), $"{predicate} / {filter.Text} on Id={back.Id} Fee={back.Fee} Legs={string.Join(",", back.Legs?.Select(l => l.Venue + ":" + l.Qty) ?? Array.Empty<string>())}");
            Assert.Equal(expected, again.Matches(bytes));
            Assert.Equal(expected, again.Matches(FudgeMsg.Parse(bytes)));
            if (expected) passed++;
        }
        Assert.InRange(passed, 1, 399); // the predicate separates the documents: it can fail
    }

    [Fact]
    public void What_Guid_decimal_and_element_tests_translate_into()
    {
        Assert.Equal("hex($.Id) == '00112233445566778899aabbccddeeff'", FudgeTypedQuery.Filter<QTrade>(t => t.Id == Wanted).Text);
        Assert.Equal("!match($.Fee, '1\\\\.50*')", FudgeTypedQuery.Filter<QTrade>(t => t.Fee != 1.50m).Text);
        Assert.Equal("match($.Fee, '-?0(\\\\.0+)?|0E-[0-9]+')", FudgeTypedQuery.Filter<QTrade>(t => t.Fee == 0m).Text);
        Assert.Equal("match($.Fee, '0\\\\.000000120*|1\\\\.20*E-7')", FudgeTypedQuery.Filter<QTrade>(t => t.Fee == 0.00000012m).Text);
        Assert.Equal("any($.Legs.#, (@.Venue == 'BATS' && @.Qty > 5))", FudgeTypedQuery.Filter<QTrade>(t => t.Legs!.Any(l => l.Venue == "BATS" && l.Qty > 5)).Text);
        Assert.Equal("!(any($.Legs.#, !((@.Qty > 0 || @.Venue == 'X'))))", FudgeTypedQuery.Filter<QTrade>(t => t.Legs!.All(l => l.Qty > 0 || l.Venue == "X")).Text);
        // A single test keeps the flat form, which plans and indexes serve.
        Assert.Equal("$.Legs.#.Venue == 'BATS'", FudgeTypedQuery.Filter<QTrade>(t => t.Legs!.Any(l => l.Venue == "BATS")).Text);
    }

    [Fact]
    public void Java_decimals_below_one_millionth_are_scientific_and_still_equal()
    {
        foreach (var fee in new[] { 0.00000012m, 0.000000120m, 0.00000000m, 12.5m, -0.0000001m })
        {
            var bytes = FudgeSerializer.Serialize(new JFee { Fee = fee });
            foreach (var other in new[] { 0.00000012m, 0m, 12.50m, -0.0000001m, 0.0000012m })
            {
                var filter = FudgeTypedQuery.Filter<JFee>(t => t.Fee == other);
                Assert.True((fee == other) == filter.Matches(bytes), $"{fee} == {other}: {filter.Text}");
            }
        }
    }

    [Fact]
    public void Compiled_queries_with_two_to_four_parameters_agree_with_the_filter()
    {
        var two = FudgeTypedQuery.Compile((QTrade t, string s, long q) => t.Symbol == s && t.Qty > q);
        var three = FudgeTypedQuery.Compile((QTrade t, string s, long q, Guid id) => t.Symbol == s && t.Qty > q || t.Id == id);
        var four = FudgeTypedQuery.Compile((QTrade t, string v, long q, decimal fee, bool any) => (any || t.Fee == fee) && t.Legs!.Any(l => l.Venue == v && l.Qty >= q));
        Assert.Equal("($.Symbol == 'AAPL' && $.Qty > 3)", two.For("AAPL", 3)!.Text);
        Assert.Same(two.For("AAPL", 3), two.For("AAPL", 3));
        Assert.Equal("any($.Legs.#, (@.Venue == 'BATS' && @.Qty >= 2))", four.For("BATS", 2, 1m, true)!.Text);
        foreach (var trade in Trades(seed: 4302, count: 200))
        {
            var bytes = FudgeSerializer.Serialize(trade);
            var back = FudgeSerializer.Deserialize<QTrade>(bytes);
            foreach (var (symbol, qty) in new[] { ("AAPL", 0L), ("MSFT", 100L), ("東京", -5L) })
            {
                Assert.Equal(back.Symbol == symbol && back.Qty > qty, two.Matches(bytes, symbol, qty));
                Assert.Equal(back.Symbol == symbol && back.Qty > qty || back.Id == Wanted, three.Matches(bytes, symbol, qty, Wanted));
                foreach (bool any in new[] { true, false })
                    Assert.Equal((any || back.Fee == 1.5m) && back.Legs != null && back.Legs.Any(l => l.Venue == "BATS" && l.Qty >= qty),
                        four.Matches(bytes, "BATS", qty, 1.5m, any));
            }
        }
        var one = FudgeSerializer.Serialize(new QTrade { Symbol = "AAPL", Qty = 5 });
        two.Matches(one, "AAPL", 3);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++) two.Matches(one, "AAPL", 3);
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void What_still_cannot_translate_is_refused_with_the_reason()
    {
        static FudgeTranslationException Refused(Expression<Func<QTrade, bool>> p) => Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter(p));
        Assert.Contains("only == and != compare it", Refused(t => t.Id < Wanted).Reason);
        Assert.Contains("compares text, not numbers", Refused(t => t.Fee > 1m).Reason);
        var outer = Refused(t => t.Legs!.Any(l => l.Qty > t.Qty));
        Assert.Contains("reads only that element", outer.Reason);
        Assert.Contains("over values", Refused(t => t.Tags!.Any(s => s.StartsWith("A") && s.EndsWith("B"))).Reason);
        Assert.Contains("over values", Refused(t => t.Codes!.Any(c => !(c > 5))).Reason);
        Assert.Contains("one comparison", Refused(t => t.Tags!.All(s => s.StartsWith("X"))).Reason);
    }

    [Fact]
    public void The_filter_language_any_and_hex()
    {
        var bytes = FudgeSerializer.Serialize(new QTrade { Id = Wanted, Legs = [new QLeg { Venue = "BATS", Qty = 1 }, new QLeg { Venue = "XNAS", Qty = 9 }] });
        Assert.True(FudgeFilter.Compile("any($.Legs.#, @.Venue == 'XNAS' && @.Qty > 5)").Matches(bytes));
        Assert.False(FudgeFilter.Compile("any($.Legs.#, @.Venue == 'BATS' && @.Qty > 5)").Matches(bytes));
        Assert.True(FudgeFilter.Compile("$.Legs.#.Venue == 'BATS' && $.Legs.#.Qty > 5").Matches(bytes)); // what any() is for
        Assert.True(FudgeFilter.Compile("hex($.Id) == '00112233445566778899AABBCCDDEEFF'").Matches(bytes));
        Assert.True(FudgeFilter.Compile("hex($.Id) != '00'").Matches(bytes));
        Assert.Contains("start with '@'", Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile("any($.Legs.#, $.Qty > 1)")).Message);
        Assert.Contains("even number of hex digits", Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile("hex($.Id) == 'abc'")).Message);
        Assert.Contains("starting with '$'", Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile("@.Qty > 1")).Message);
    }
}

/// <summary>A Fudge-Java object with a decimal: BigDecimal's text.</summary>
[FudgeMessage(Mapping = FudgeObjectMapping.Java)]
public partial class JFee
{
    public decimal Fee { get; set; }
}
