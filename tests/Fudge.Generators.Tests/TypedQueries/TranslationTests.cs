using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using Fudge.Query;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// What each supported C# shape translates into: the filter text, which the string language then compiles to the
/// same plan. Every field mode names the wire key the generated serializer writes.
/// </summary>
public class TranslationTests
{
    private static string Text<T>(Expression<Func<T, bool>> predicate) => FudgeTypedQuery.Filter(predicate).Text;

    [Fact]
    public void Comparisons_of_scalars_become_path_tests()
    {
        Assert.Equal("$.Symbol == 'AAPL'", Text<QTrade>(t => t.Symbol == "AAPL"));
        Assert.Equal("$.Price > 100", Text<QTrade>(t => t.Price > 100));
        Assert.Equal("$.Price <= 1.5", Text<QTrade>(t => t.Price <= 1.5));
        Assert.Equal("$.Qty >= 7", Text<QTrade>(t => 7 <= t.Qty));            // turned around: the path comes first
        Assert.Equal("$.Lots < 3", Text<QTrade>(t => t.Lots < 3));
        Assert.Equal("$.Active == true", Text<QTrade>(t => t.Active));
        Assert.Equal("$.Active == false", Text<QTrade>(t => !t.Active));
        Assert.Equal("$.Side == 2", Text<QTrade>(t => t.Side == QSide.Sell));  // enums by value in the Fudge mapping
        Assert.Equal("$.Age > 10000000", Text<QTrade>(t => t.Age > TimeSpan.FromSeconds(1)));
        Assert.Equal("$.Grade == 'B'", Text<QTrade>(t => t.Grade == 'B'));
        Assert.Equal("$.Ratio > 0.5", Text<QTrade>(t => t.Ratio > 0.5f));
        Assert.Equal("$.Main.Venue == 'XNAS'", Text<QTrade>(t => t.Main!.Venue == "XNAS"));
    }

    [Fact]
    public void Dates_become_instants_and_dates()
    {
        Assert.Equal("$.Time >= 2024-01-05T10:30:00.0000000Z", Text<QTrade>(t => t.Time >= new DateTime(2024, 1, 5, 10, 30, 0, DateTimeKind.Utc)));
        Assert.Equal("$.At < 2024-01-05T10:30:00.0000000+02:00", Text<QTrade>(t => t.At < new DateTimeOffset(2024, 1, 5, 10, 30, 0, TimeSpan.FromHours(2))));
        Assert.Equal("$.Day == 2024-01-05", Text<QTrade>(t => t.Day == new DateOnly(2024, 1, 5)));
    }

    [Fact]
    public void Nulls_and_not_equal_follow_linq()
    {
        Assert.Equal("(!$.Symbol || type($.Symbol) == 'indicator')", Text<QTrade>(t => t.Symbol == null));
        Assert.Equal("type($.Symbol) != 'indicator'", Text<QTrade>(t => t.Symbol != null));
        Assert.Equal("type($.Lots) != 'indicator'", Text<QTrade>(t => t.Lots.HasValue));
        // null != "AAPL" holds in C#: an absent field passes too.
        Assert.Equal("(!$.Symbol || type($.Symbol) == 'indicator' || $.Symbol != 'AAPL')", Text<QTrade>(t => t.Symbol != "AAPL"));
        Assert.Equal("$.Qty != 5", Text<QTrade>(t => t.Qty != 5));          // a long is always written
    }

    [Fact]
    public void Logic_and_captured_values()
    {
        string symbol = "MSFT";
        var limit = new { Price = 10.25 };
        Assert.Equal("($.Symbol == 'MSFT' && $.Price > 10.25)", Text<QTrade>(t => t.Symbol == symbol && t.Price > limit.Price));
        Assert.Equal("($.Qty < 1 || !($.Symbol == 'A'))", Text<QTrade>(t => t.Qty < 1 || !(t.Symbol == "A")));
        bool everything = true;
        Assert.Equal("$.Qty > 1", Text<QTrade>(t => everything && t.Qty > 1));   // constants fold away
    }

    [Fact]
    public void Strings()
    {
        Assert.Equal("starts_with($.Symbol, 'AA')", Text<QTrade>(t => t.Symbol!.StartsWith("AA")));
        Assert.Equal("ends_with($.Symbol, 'L')", Text<QTrade>(t => t.Symbol!.EndsWith("L", StringComparison.Ordinal)));
        Assert.Equal("contains($.Symbol, 'it\\'s')", Text<QTrade>(t => t.Symbol!.Contains("it's")));
        Assert.Equal("match($.Symbol, '(?i)aapl')", Text<QTrade>(t => string.Equals(t.Symbol, "aapl", StringComparison.OrdinalIgnoreCase)));
        Assert.Equal("(!$.Symbol || type($.Symbol) == 'indicator' || $.Symbol == '')", Text<QTrade>(t => string.IsNullOrEmpty(t.Symbol)));
        Assert.Equal("$.Symbol > 'M'", Text<QTrade>(t => string.CompareOrdinal(t.Symbol, "M") > 0));
        Assert.Equal("$.Symbol == 'Zürich 東京'", Text<QTrade>(t => t.Symbol == "Zürich 東京"));
    }

    [Fact]
    public void Collections()
    {
        Assert.Equal("$.Legs.#", Text<QTrade>(t => t.Legs!.Any()));
        Assert.Equal("$.Legs.#.Venue == 'BATS'", Text<QTrade>(t => t.Legs!.Any(l => l.Venue == "BATS")));
        Assert.Equal("($.Legs.#.Qty > 5 || $.Legs.#.Venue == 'X')", Text<QTrade>(t => t.Legs!.Any(l => l.Qty > 5 || l.Venue == "X")));
        Assert.Equal("!($.Legs.#.Qty <= 0)", Text<QTrade>(t => t.Legs!.All(l => l.Qty > 0)));
        Assert.Equal("$.Tags.# == 'x'", Text<QTrade>(t => t.Tags!.Contains("x")));
        Assert.Equal("$.Codes.#1 == 7", Text<QTrade>(t => t.Codes!.Contains(7)));
        Assert.Equal("count($.Legs.#) >= 2", Text<QTrade>(t => t.Legs!.Count >= 2));
        Assert.Equal("count($.Legs.#) == 0", Text<QTrade>(t => t.Legs!.Count() == 0));
        Assert.Equal("$.Legs.#[0].Venue == 'XNAS'", Text<QTrade>(t => t.Legs![0].Venue == "XNAS"));
        var wanted = new[] { "AAPL", "MSFT" };
        Assert.Equal("$.Symbol in ['AAPL', 'MSFT']", Text<QTrade>(t => wanted.Contains(t.Symbol)));
        var list = new List<QSide> { QSide.Buy, QSide.ShortSell };
        Assert.Equal("$.Side in [1, 3]", Text<QTrade>(t => list.Contains(t.Side)));
    }

    [Fact]
    public void Derived_types_by_the_class_name_at_ordinal_0()
    {
        Assert.Equal("$.Instrument.#0 == 'stock'", Text<QTrade>(t => t.Instrument is QStock));
        Assert.Equal("($.Instrument.#0 == 'bond' && $.Instrument.Coupon > 2)",
            Text<QTrade>(t => t.Instrument is QBond && ((QBond)t.Instrument).Coupon > 2));
    }

    [Fact]
    public void Ordinal_mode_uses_ordinals()
    {
        Assert.Equal("($.#1 == 'AAPL' && $.#3.#1 == 'BATS')", Text<OTrade>(t => t.Symbol == "AAPL" && t.Main!.Venue == "BATS"));
    }

    [Fact]
    public void Java_mapping_uses_bean_names_and_enum_constants()
    {
        Assert.Equal("($.tradeSymbol == 'AAPL' && $.side.#1 == 'SHORT_SELL')", Text<JTrade>(t => t.TradeSymbol == "AAPL" && t.Side == QSide.ShortSell));
        Assert.Equal("$.price > 1", Text<JTrade>(t => t.Price > 1));
    }

    [Fact]
    public void Compiled_queries_translate_once_and_cache_each_argument()
    {
        var bySymbol = FudgeTypedQuery.Compile((QTrade t, string s) => t.Symbol == s && t.Qty > 0);
        var aapl = bySymbol.For("AAPL");
        Assert.Equal("($.Symbol == 'AAPL' && $.Qty > 0)", aapl!.Text);
        Assert.Same(aapl, bySymbol.For("AAPL"));
        Assert.Equal("((!$.Symbol || type($.Symbol) == 'indicator') && $.Qty > 0)", bySymbol.For(null!)!.Text);

        var bytes = Fudge.Serialization.FudgeSerializer.Serialize(new QTrade { Symbol = "AAPL", Qty = 3 });
        Assert.True(bySymbol.Matches(bytes, "AAPL"));
        Assert.False(bySymbol.Matches(bytes, "MSFT"));
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++) bySymbol.Matches(bytes, "AAPL");
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Compiled_query_arguments_may_decide_the_whole_test()
    {
        var minimum = FudgeTypedQuery.Compile((QTrade t, long? min) => min == null || t.Qty >= min);
        Assert.Null(minimum.For(null));                      // always true: no filter
        Assert.Equal("$.Qty >= 5", minimum.For(5)!.Text);
        var bytes = Fudge.Serialization.FudgeSerializer.Serialize(new QTrade { Qty = 3 });
        Assert.True(minimum.Matches(bytes, null));
        Assert.False(minimum.Matches(bytes, 5));
    }
}
