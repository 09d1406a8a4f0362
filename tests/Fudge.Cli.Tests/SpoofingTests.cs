using System;
using System.Globalization;
using System.Linq;
using Fudge.Cli.Inspect;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// Names and values that would make a terminal or a page show something else than they hold (samples/hostile/spoofing.fudge):
/// every direction control and invisible character is printed as a <c>\uXXXX</c> escape.
/// </summary>
public class SpoofingTests
{
    private static readonly string Spoofing = RepoFiles.Sample("hostile/spoofing.fudge");

    // The second message's fields: name, and the character between "a" and "b" in its value.
    private static readonly (string Name, string Escaped)[] EachKind =
    {
        ("lre", "\\u202a"), ("rle", "\\u202b"), ("pdf", "\\u202c"), ("lro", "\\u202d"), ("rlo", "\\u202e"),
        ("lri", "\\u2066"), ("rli", "\\u2067"), ("fsi", "\\u2068"), ("pdi", "\\u2069"),
        ("lrm", "\\u200e"), ("rlm", "\\u200f"), ("alm", "\\u061c"),
        ("zwsp", "\\u200b"), ("zwnj", "\\u200c"), ("zwj", "\\u200d"), ("wj", "\\u2060"), ("bom", "\\ufeff"), ("shy", "\\u00ad"),
        ("tag", "\\udb40\\udc41"), ("cancel_tag", "\\udb40\\udc7f"),
        ("bell", "\\u0007"), ("nel", "\\u0085"), ("ls", "\\u2028"), ("ps", "\\u2029"), ("nbsp", "\\u00a0"), ("filler", "\\u3164"),
    };

    [Fact]
    public void Inspect_shows_the_issues_examples_as_escapes()
    {
        var result = FudgeTool.Run("inspect", Spoofing);

        Assert.Equal(0, result.ExitCode);
        string[] lines = result.Stdout.Split('\n');
        Assert.Contains("  quote (string) = \"\\u202e00.001 :ecirp laer\"", lines);
        Assert.Contains("  role\\u202e (string) = \"nimda\"", lines);
        Assert.Contains("  user\\u200bid (byte) = 7", lines);
        Assert.Contains("    deep\\u202e (string) = \"x\\u2066y\"", lines);
        Assert.Contains("  hebrew (string) = \"\u05e9\u05dc\u05d5\u05dd\"", lines); // letters of a right-to-left script are text
    }

    [Fact]
    public void Inspect_escapes_every_kind_of_hidden_character_and_prints_none_of_them()
    {
        var result = FudgeTool.Run("inspect", Spoofing);

        string[] lines = result.Stdout.Split('\n');
        foreach (var (name, escaped) in EachKind) Assert.Contains($"  {name} (string) = \"a{escaped}b\"", lines);
        var hidden = result.Stdout.EnumerateRunes().Where(r => r.Value != '\n' && DisplayText.IsHidden(r.Value)).ToList();
        Assert.Empty(hidden);
    }

    [Fact]
    public void Stats_escapes_field_names()
    {
        var result = FudgeTool.Run("stats", Spoofing);

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("role\\u202e", result.Stdout);
        Assert.Contains("in\\u2067name", result.Stdout);
        Assert.DoesNotContain("\u202e", result.Stdout, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("plain", "plain", false)]
    [InlineData("role\u202e", "role\\u202e", true)]
    [InlineData("a\\u202e", "a\\\\u202e", false)] // a backslash typed in a name is doubled: an escape is always one the tool wrote
    [InlineData("tab\there", "tab\\there", false)] // escaped, but ordinary text: not marked
    [InlineData("\U000E0067\U000E0062", "\\udb40\\udc67\\udb40\\udc62", true)]
    [InlineData("\u05e9\u05dc\u05d5\u05dd", "\u05e9\u05dc\u05d5\u05dd", false)]
    [InlineData("emoji \U0001F600", "emoji \U0001F600", false)]
    public void Display_text_escapes_what_draws_nothing_or_reorders(string name, string shown, bool marked)
    {
        Assert.Equal(shown, DisplayText.Name(name));
        Assert.Equal(marked, DisplayText.HasHidden(name));
    }

    [Fact]
    public void A_quoted_value_escapes_its_quotes_and_hidden_characters()
    {
        Assert.Equal("\"say \\\"\\u202ehi\\\" \\\\ \\n\"", DisplayText.Quote("say \"\u202ehi\" \\ \n"));
        Assert.Equal("\\u00a0", DisplayText.Name("\u00a0"));
        Assert.Equal(" ", DisplayText.Name(" "));
        Assert.Equal(0x202e.ToString("x4", CultureInfo.InvariantCulture), DisplayText.Name("\u202e").Substring(2));
    }

    [Fact]
    public void A_lone_surrogate_is_escaped_and_marked()
    {
        string text = "lone " + (char)0xd800 + " surrogate";

        Assert.Equal("lone \\ud800 surrogate", DisplayText.Name(text));
        Assert.True(DisplayText.HasHidden(text));
    }
}
