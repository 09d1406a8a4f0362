using System;
using System.IO;
using System.Linq;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// A field-only projection's selector is compiled once and shared by queries of the same shape: what differs between
/// two such queries (the paths they read, the values they capture) must still give each its own answers.
/// </summary>
public class ProjectionSelectorTests
{
    private static readonly QTrade[] Trades =
    {
        new() { Symbol = "AAPL", Price = 10, Qty = 1, Main = new QLeg { Venue = "XNAS" } },
        new() { Symbol = "MSFT", Price = 20, Qty = 2, Main = new QLeg { Venue = "BATS" } },
    };

    private static FudgeStreamReader Reader() => new(new MemoryStream(TypedQueryPropertyTests.Stream(Trades.ToList())));

    private static string?[] Project(System.Linq.Expressions.Expression<Func<QTrade, Labelled>> selector)
    {
        using var reader = Reader();
        var projection = reader.Query<QTrade>().Select(selector);
        Assert.True(projection.ReadsFieldsOnly);
        return projection.ToList().Select(p => p.Label).ToArray();
    }

    [Fact]
    public void Two_selectors_of_one_shape_read_their_own_paths()
    {
        Assert.Equal(new[] { "AAPL", "MSFT" }, Project(t => new Labelled(t.Symbol)));
        Assert.Equal(new[] { "XNAS", "BATS" }, Project(t => new Labelled(t.Main!.Venue)));
    }

    [Fact]
    public void A_captured_value_is_the_value_of_each_query()
    {
        foreach (var suffix in new[] { "-1", "-2" })
            Assert.Equal(new[] { "AAPL" + suffix, "MSFT" + suffix }, Project(t => new Labelled(t.Symbol + suffix)));
    }

    [Fact]
    public void Constants_of_one_text_and_two_types_stay_apart()
    {
        using var reader = Reader();
        Assert.Equal(new object[] { 11L, 22L }, reader.Query<QTrade>().Select(t => (object)(t.Qty + 10 * t.Qty)).ToList());
        using var again = Reader();
        Assert.Equal(new object[] { 110.0, 220.0 }, again.Query<QTrade>().Select(t => (object)(t.Price + 10 * t.Price)).ToList());
    }

    [Fact]
    public void A_selector_that_fails_on_a_value_raises_the_translation_exception()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(TypedQueryPropertyTests.Stream(new[] { new QTrade { Price = 1 } })));
        var e = Assert.Throws<FudgeTranslationException>(() => reader.Query<QTrade>().Select(t => t.Symbol!.Length).ToList());
        Assert.IsType<NullReferenceException>(e.InnerException);
    }

    [Fact]
    public async System.Threading.Tasks.Task A_failing_selector_raises_the_translation_exception_naming_its_own_text_read_either_way()
    {
        // The compiled selector raises the projection's exception itself, enumerated or read asynchronously; two
        // selectors that differ in a constant each name their own text.
        byte[] stream = TypedQueryPropertyTests.Stream(new[] { new QTrade { Symbol = "AAPL", Qty = 2 }, new QTrade { Symbol = "MSFT", Qty = 0 } });
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var e = Assert.Throws<FudgeTranslationException>(() => reader.Query<QTrade>().Select(t => new { Ratio = 10 / t.Qty }).ToList());
            Assert.IsType<DivideByZeroException>(e.InnerException);
            Assert.Contains("(10 / t.Qty)", e.Message, StringComparison.Ordinal);
            Assert.Contains("evaluating it raised DivideByZeroException", e.Message, StringComparison.Ordinal);
        }
        using (var reader = new FudgeStreamReader(new MemoryStream(stream)))
        {
            var got = new System.Collections.Generic.List<long>();
            var e = await Assert.ThrowsAsync<FudgeTranslationException>(async () =>
            {
                await foreach (var ratio in reader.Query<QTrade>().Select(x => new { Ratio = 20 / x.Qty })) got.Add(ratio.Ratio);
            });
            Assert.Equal(new long[] { 10 }, got);
            Assert.IsType<DivideByZeroException>(e.InnerException);
            Assert.Contains("(20 / x.Qty)", e.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Top_level_fields_read_in_one_pass_agree_with_linq()
    {
        // Every leaf a field of the top level (one pass over each message), absent values and repeated members included.
        var trades = TypedQueryPropertyTests.Trades(seed: 21, count: 300);
        var back = trades.Select(t => FudgeSerializer.Deserialize<QTrade>(FudgeSerializer.Serialize(t))).ToList();
        using var reader = new FudgeStreamReader(new MemoryStream(TypedQueryPropertyTests.Stream(trades)));
        var projection = reader.Query<QTrade>().Select(t => new { t.Lots, t.Symbol, Twice = t.Price + t.Price, t.Side, t.Day, t.Grade, t.Qty });
        Assert.True(projection.ReadsFieldsOnly);
        Assert.Equal(back.Select(t => new { t.Lots, t.Symbol, Twice = t.Price + t.Price, t.Side, t.Day, t.Grade, t.Qty }), projection.ToList());
    }

    [Fact]
    public void Top_level_ordinals_read_in_one_pass()
    {
        var stream = new MemoryStream();
        FudgeSerializer.Serialize(stream, new OTrade { Symbol = "AAPL", Price = 1.5 });
        FudgeSerializer.Serialize(stream, new OTrade { Price = 2.5 });
        using var reader = new FudgeStreamReader(new MemoryStream(stream.ToArray()));
        Assert.Equal(new[] { (1.5, "AAPL"), (2.5, (string?)null) }, reader.Query<OTrade>().Select(t => ValueTuple.Create(t.Price, t.Symbol)).ToList());
    }

    public sealed record Labelled(string? Label);
}
