using System;
using Xunit;

namespace Fudge.TypeCoverage.Tests;

/// <summary>
/// A documented normalization of the format is its own outcome, neither a round trip nor a wrong value, and it is
/// checked exactly: a <c>DateTime</c> of kind Local must come back as the same instant of kind Utc, nothing else.
/// </summary>
public class NormalizationTests
{
    private const string Rule = "generator-types.md#datetime-of-kind-local";

    private static readonly DateTime Local = new(2023, 11, 5, 8, 30, 0, DateTimeKind.Local);

    [Fact]
    public void A_local_DateTime_comes_back_as_the_same_instant_of_kind_Utc_in_both_field_modes()
    {
        foreach (var library in new[] { Library.FudgeNames, Library.FudgeOrdinals })
        {
            var outcome = Coverage.Current.Outcomes[library]["basics.datetime-local"];
            Assert.True(outcome.Verdict == Verdict.Normalized, $"{library}: {outcome.Cell}");
            Assert.Equal($"normalized as documented ([rule]({Rule}))", outcome.Cell);
        }
    }

    [Fact]
    public void The_same_instant_of_kind_Utc_is_normalized()
    {
        var outcome = Coverage.Judge(Local, Local.ToUniversalTime(), () => Local.ToUniversalTime(), Rule);
        Assert.Equal(Verdict.Normalized, outcome.Verdict);
    }

    [Fact]
    public void The_value_itself_is_a_round_trip()
        => Assert.Equal(Verdict.RoundTrips, Coverage.Judge(Local, Local, () => Local.ToUniversalTime(), Rule).Verdict);

    [Theory]
    [InlineData(1, DateTimeKind.Utc)]                // another instant
    [InlineData(0, DateTimeKind.Unspecified)]        // the instant's wall clock, no kind
    [InlineData(-TimeSpan.TicksPerHour, DateTimeKind.Utc)]
    public void Anything_else_is_wrong(long ticksOff, DateTimeKind kind)
    {
        var back = new DateTime(Local.ToUniversalTime().Ticks + ticksOff, kind);
        var outcome = Coverage.Judge(Local, back, () => Local.ToUniversalTime(), Rule);
        Assert.Equal(Verdict.Wrong, outcome.Verdict);
        Assert.Contains("nor as documented", outcome.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_a_declared_normalization_the_same_instant_of_kind_Utc_is_wrong()
        => Assert.Equal(Verdict.Wrong, Coverage.Judge(Local, Local.ToUniversalTime(), null, null).Verdict);
}
