using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class StatsTests
{
    [Fact]
    public void Stats_of_one_message_count_fields_by_type_names_and_ordinals()
    {
        var result = FudgeTool.Run("stats", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(0, result.ExitCode);
        Assert.Equal(
            """
            messages:     1
            bytes:        74 total, 74 min, 74 max, 74.0 mean
            fields:       6 (2 top-level, 4 in sub-messages)
            max depth:    1
            taxonomy ids: 0 (1 message)

            fields by type:
              int      1
              float    1
              string   2
              message  2

            names:
              bibble   1
              bibble9  1
              sub1     1
              sub2     1

            ordinals:
              #827  1
              #828  1

            """, result.Stdout);
    }

    [Fact]
    public void Stats_of_the_tick_stream_cover_every_message()
    {
        var text = FudgeTool.Run("stats", RepoFiles.Sample("ticks.fudge")).Stdout;

        Assert.StartsWith("messages:     40\nbytes:        5210 total, 116 min, 167 max, 130.3 mean\n", text);
        Assert.Contains("\n  ticker     40\n", text);
        Assert.Contains("\n  datetime   40\n", text);
        Assert.Contains("\nordinals: none\n", text);
    }

    [Fact]
    public void Stats_count_restored_names_when_a_taxonomy_is_given()
    {
        var without = FudgeTool.Run("stats", RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.Contains("taxonomy ids: 1 (40 messages)\n", without);
        Assert.Contains("\nnames: none\n", without);
        Assert.Contains("\n  #1   40\n", without);

        var with = FudgeTool.Run("stats", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.Contains("\n  ticker     40\n", with);
        // Same names and the same counts as the named stream.
        var named = FudgeTool.Run("stats", RepoFiles.Sample("ticks.fudge")).Stdout;
        Assert.Equal(Section(named, "names:"), Section(with, "names:"));
    }

    [Fact]
    public void Stats_report_anonymous_fields_and_depth()
    {
        var text = FudgeTool.Run("stats", RepoFiles.Sample("document.fudge")).Stdout;

        Assert.Contains("max depth:    3\n", text);
        Assert.Contains("anonymous:    3 fields with neither name nor ordinal\n", text);
        Assert.Contains("\n  type 200   1\n", text);
    }

    [Fact]
    public void Stats_of_empty_input_are_zero()
    {
        var result = FudgeTool.Run("stats", "-");

        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("messages:     0\nbytes:        0 total, 0 min, 0 max, 0 mean\n", result.Stdout);
    }

    private static string Section(string text, string title)
    {
        int start = text.IndexOf("\n" + title, System.StringComparison.Ordinal);
        int end = text.IndexOf("\n\n", start + 1, System.StringComparison.Ordinal);
        return end < 0 ? text.Substring(start) : text.Substring(start, end - start);
    }
}
