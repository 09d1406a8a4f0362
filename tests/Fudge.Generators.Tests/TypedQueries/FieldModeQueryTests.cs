using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>Typed filters agree with LINQ to Objects in the ordinal field mode and in Fudge-Java's object mapping too.</summary>
public class FieldModeQueryTests
{
    private static readonly string[] Symbols = { "AAPL", "MSFT", "Zürich", "" };

    public static IEnumerable<object[]> OrdinalPredicates() => new List<Expression<Func<OTrade, bool>>>
    {
        t => t.Symbol == "AAPL",
        t => t.Symbol != "MSFT",
        t => t.Price > 50 && t.Main != null && t.Main.Venue == "BATS",
        t => t.Main == null || t.Symbol == "",
    }.Select(p => new object[] { p });

    [Theory]
    [MemberData(nameof(OrdinalPredicates))]
    public void Ordinals(Expression<Func<OTrade, bool>> predicate)
    {
        var filter = FudgeTypedQuery.Filter(predicate);
        Assert.DoesNotContain("Symbol", filter.Text);
        var random = new Random(3);
        var linq = predicate.Compile();
        for (int i = 0; i < 200; i++)
        {
            var trade = new OTrade
            {
                Symbol = random.Next(4) == 0 ? null : Symbols[random.Next(Symbols.Length)],
                Price = random.Next(100),
                Main = random.Next(3) == 0 ? null : new OLeg { Venue = random.Next(2) == 0 ? "BATS" : null },
            };
            var bytes = FudgeSerializer.Serialize(trade);
            Assert.Equal(linq(FudgeSerializer.Deserialize<OTrade>(bytes)), filter.Matches(bytes));
        }
    }

    public static IEnumerable<object[]> JavaPredicates() => new List<Expression<Func<JTrade, bool>>>
    {
        t => t.TradeSymbol == "AAPL",
        t => t.Side == QSide.ShortSell,
        t => t.Side != QSide.Buy && t.Price >= 10,
        t => new[] { QSide.Buy, QSide.Sell }.Contains(t.Side),
    }.Select(p => new object[] { p });

    [Theory]
    [MemberData(nameof(JavaPredicates))]
    public void Java_objects(Expression<Func<JTrade, bool>> predicate)
    {
        var filter = FudgeTypedQuery.Filter(predicate);
        var random = new Random(4);
        var linq = predicate.Compile();
        for (int i = 0; i < 200; i++)
        {
            var trade = new JTrade { TradeSymbol = random.Next(4) == 0 ? null : Symbols[random.Next(Symbols.Length)], Price = random.Next(20), Side = (QSide)random.Next(1, 4) };
            var bytes = FudgeSerializer.Serialize(trade);
            Assert.Equal(linq(FudgeSerializer.Deserialize<JTrade>(bytes)), filter.Matches(bytes));
        }
    }

    [Fact]
    public void Member_paths_for_indexes_and_ordering()
    {
        Assert.Equal("$.Main.Venue", FudgeTypedQuery.Path((QTrade t) => t.Main!.Venue).Text);
        Assert.Equal("$.#3.#1", FudgeTypedQuery.Path((OTrade t) => t.Main!.Venue).Text);
        Assert.Equal("$.tradeSymbol", FudgeTypedQuery.Path((JTrade t) => t.TradeSymbol).Text);
        Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Path((QTrade t) => t.Note));
    }
}
