using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary><c>path op path</c>: two fields of the same message compared with the widening rules of literals.</summary>
public class PathComparisonTests
{
    private static FudgeMsg Quote() => new FudgeMsg()
        .Add("bid", (sbyte)99)              // int8 on the wire
        .Add("ask", 100.25)                 // double
        .Add("last", 100L)                  // int64 written in its smallest width
        .Add("venue", "XNAS")
        .Add("venues", "BATS").Add("venues", "XNAS")
        .Add("open", new FudgeDate(2024, 1, 5))
        .Add("traded", new FudgeDateTime(new FudgeDate(2024, 1, 5), new FudgeTime(9, 30, 0, 0, FudgeDateTimeAccuracy.Second, 0)))
        .Add("halted", false).Add("closed", false)
        .Add("book", new FudgeMsg().Add("bid", 98.5).Add("ask", 101));

    private static bool Matches(string filter)
    {
        var compiled = FudgeFilter.Compile(filter);
        bool onBytes = compiled.Matches(Quote().ToByteArray());
        Assert.Equal(onBytes, compiled.Matches(Quote()));
        return onBytes;
    }

    [Theory]
    [InlineData("$.bid < $.ask")]                       // int8 against double
    [InlineData("$.last > $.bid")]                      // integers of two widths, exactly
    [InlineData("$.ask > $.last && $.last >= $.bid")]
    [InlineData("$.book.bid < $.bid")]                  // double against int8, across levels
    [InlineData("$.book.ask > $.ask")]
    [InlineData("$.venue == $.venues")]                 // any semantics: one of the repeats is XNAS
    [InlineData("$.venues != $.venue")]                 // ... and one is not
    [InlineData("$.venues < $.venue")]                  // strings by code point: BATS < XNAS
    [InlineData("$.traded > $.open")]                   // a date is its midnight
    [InlineData("$.open == $.open")]
    [InlineData("$.halted == $.closed")]
    [InlineData("$.venue != $.bid")]                    // different kinds: only != holds
    public void Holds(string filter) => Assert.True(Matches(filter));

    [Theory]
    [InlineData("$.bid > $.ask")]
    [InlineData("$.ask == $.last")]
    [InlineData("$.venue < $.venues[0]")]
    [InlineData("$.missing == $.missing")]              // an absent side fails every test
    [InlineData("$.missing != $.bid")]
    [InlineData("$.bid != $.missing")]
    [InlineData("$.halted < $.closed")]                 // booleans are never ordered
    [InlineData("$.halted != $.closed")]
    [InlineData("$.venue == $.bid")]                    // different kinds: equality never holds
    [InlineData("$.venue < $.bid")]
    [InlineData("$.book == $.book")]                    // sub-messages are not comparable values
    public void Fails(string filter) => Assert.False(Matches(filter));
}
