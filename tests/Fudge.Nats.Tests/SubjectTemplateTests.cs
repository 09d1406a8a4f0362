using System;
using Fudge.Nats.Tests.Support;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>Subjects built from field values with the library's path language.</summary>
public class SubjectTemplateTests
{
    private static readonly byte[] Quote = new FudgeMsg()
        .Add("ticker", "AAPL").Add("venue", new FudgeMsg().Add("code", "XNAS")).Add(1, 2).Add("live", true).Add("price", 1.5)
        .ToByteArray();

    [Theory]
    [InlineData("ticks.{$.ticker}", "ticks.AAPL")]
    [InlineData("md.{$.#1}.{$.venue.code}.{$.ticker}", "md.2.XNAS.AAPL")]
    [InlineData("md.{$..code}", "md.XNAS")]
    [InlineData("flags.{$.live}", "flags.true")]
    [InlineData("md.{$['ticker']}-{$.#1}", "md.AAPL-2")]
    [InlineData("fixed.subject", "fixed.subject")]
    public void Placeholders_take_the_first_field_their_path_selects(string template, string expected)
        => Assert.Equal(expected, FudgeSubjectTemplate.Parse(template).Render(Quote));

    [Fact]
    public void A_generated_type_is_addressed_by_its_member_names()
        => Assert.Equal("ticks.MSFT", FudgeSubjectTemplate.Parse("ticks.{$.Symbol}").Render(FudgeSerializer.Serialize(Tick.Number(1))));

    [Theory]
    [InlineData("ticks.{$.missing}", "no field at $.missing")]
    [InlineData("ticks.{$.price}", "the field at $.price holds a double, not a string, integer or boolean")]
    public void A_missing_or_unusable_field_gives_no_subject_and_says_why(string template, string reason)
    {
        Assert.False(FudgeSubjectTemplate.Parse(template).TryRender(Quote, out string? subject, out string? problem));
        Assert.Null(subject);
        Assert.Equal(reason, problem);
    }

    [Theory]
    [InlineData("a.b")]
    [InlineData("a b")]
    [InlineData("a*")]
    [InlineData("")]
    public void A_value_that_is_not_one_subject_token_gives_no_subject(string value)
    {
        byte[] message = new FudgeMsg().Add("ticker", value).ToByteArray();
        Assert.False(FudgeSubjectTemplate.Parse("ticks.{$.ticker}").TryRender(message, out _, out string? problem));
        Assert.Contains("not one subject token", problem);
        Assert.Throws<FudgeFormatException>(() => FudgeSubjectTemplate.Parse("ticks.{$.ticker}").Render(message));
    }

    [Theory]
    [InlineData("ticks.{$.ticker", 7, "'{' is never closed by '}'")]
    [InlineData("ticks.$.ticker}", 15, "'}' without a '{' before it")]
    [InlineData("ticks.{$.}", 10, null)]
    [InlineData("ticks.*", 7, "'*' cannot appear in a NATS subject")]
    [InlineData("ticks..{$.a}", 1, "the template 'ticks..{$.a}' leaves an empty subject token")]
    [InlineData("ticks.{$}", 8, "'$' alone selects no field")]
    public void A_malformed_template_is_a_query_error_at_its_column(string template, int column, string? reason)
    {
        var error = Assert.Throws<FudgeQueryException>(() => FudgeSubjectTemplate.Parse(template));
        Assert.Equal(column, error.Column);
        if (reason is not null) Assert.Equal(reason, error.Reason);
    }

    [Fact]
    public void Malformed_bytes_under_a_path_raise_the_format_error()
    {
        byte[] truncated = Quote.AsSpan(0, Quote.Length - 3).ToArray();
        Assert.Throws<FudgeFormatException>(() => FudgeSubjectTemplate.Parse("x.{$.live}").Render(truncated));
    }
}
