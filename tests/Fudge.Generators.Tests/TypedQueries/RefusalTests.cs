using System;
using System.Linq;
using System.Linq.Expressions;
using Fudge.Query;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>Every shape that has no equivalent in the filter language is refused before anything runs, naming the sub-expression and why.</summary>
public class RefusalTests
{
    private static FudgeTranslationException Refused(Expression<Func<QTrade, bool>> predicate)
        => Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter(predicate));

    [Fact]
    public void A_member_the_serializer_does_not_write()
    {
        var e = Refused(t => t.Note == "x");
        Assert.Equal("t.Note", e.Expression);
        Assert.Contains("not written by QTrade's serializer", e.Reason);
        Assert.Contains("not written", Refused(t => t.Upper == "X").Reason);
    }

    [Fact]
    public void Values_the_language_cannot_compare()
    {
        Assert.Contains("only == and != compare it", Refused(t => t.Id > Guid.Empty).Reason);
        Assert.Contains("compares text, not numbers", Refused(t => t.Fee > 1m).Reason);
        Assert.Contains("NaN", Refused(t => t.Price > double.NaN).Reason);
        Assert.Contains("sub-message", Refused(t => t.Main == new QLeg()).Reason);
    }

    [Fact]
    public void Methods_and_computations_on_the_message()
    {
        var e = Refused(t => t.Symbol!.ToUpper() == "AAPL");
        Assert.Equal("t.Symbol.ToUpper()", e.Expression);
        Assert.Contains("no field", Refused(t => t.Price * 2 > 10).Reason);
        Assert.Contains("depends on a culture", Refused(t => t.Symbol!.StartsWith("a", StringComparison.CurrentCulture)).Reason);
        Assert.Contains("conditional", Refused(t => (t.Active ? t.Qty : 0) > 1).Reason + Refused(t => t.Active ? t.Qty > 1 : t.Qty > 2).Reason);
    }

    [Fact]
    public void Correlated_tests_inside_Any_over_values()
    {
        // Over sub-messages these translate as the filter of one element (TranslatorGapTests); over values they cannot.
        var e = Refused(t => t.Tags!.Any(s => s.StartsWith("A") && s.EndsWith("B")));
        Assert.Contains("&&", e.Reason);
        Assert.Equal("(s.StartsWith(\"A\") AndAlso s.EndsWith(\"B\"))", e.Expression);
        Assert.Contains("negation", Refused(t => t.Codes!.Any(c => !(c > 5))).Reason);
        Assert.Contains("may be null", Refused(t => t.Tags!.Any(s => s != "X")).Reason);
        Assert.Contains("one comparison", Refused(t => t.Tags!.All(s => s.StartsWith("X"))).Reason);
    }

    [Fact]
    public void Constant_predicates_and_types_without_a_model()
    {
        Assert.Contains("always true", Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter<QTrade>(t => true)).Reason);
        var e = Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter<string>(s => s.Length > 1));
        Assert.Contains("no query model", e.Reason);
    }

    [Fact]
    public void Ordering_where_the_wire_form_has_none()
    {
        Assert.Contains("only == and !=", Assert.Throws<FudgeTranslationException>(() => FudgeTypedQuery.Filter<JTrade>(t => t.Side > QSide.Buy)).Reason);
    }
}
