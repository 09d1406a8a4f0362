using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary><c>fudge stats --paths</c>: a row per field path, with its types, numbers and distinct strings.</summary>
public class StatsPathsTests
{
    [Fact]
    public void Paths_are_listed_in_the_order_first_seen_with_types_numbers_and_distinct_strings()
    {
        var result = FudgeTool.Run("stats", "--paths", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(0, result.ExitCode);
        Assert.EndsWith(
            """
            paths:
              path            fields  messages  types                 min               max         mean  distinct
              $.sub1               1         1  message
              $.sub1.bibble        1         1  string                                                           1
              $.sub1[#827]         1         1  string                                                           1
              $.sub2               1         1  message
              $.sub2.bibble9       1         1  int               9837438           9837438      9837438
              $.sub2[#828]         1         1  float    82.7699966430664  82.7699966430664  82.76999664

            """, result.Stdout);
    }

    [Fact]
    public void A_path_of_several_types_counts_each_and_numbers_give_min_max_and_mean()
    {
        var result = FudgeTool.Run("stats", "--paths", RepoFiles.Sample("ticks.fudge"));

        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"\n  \$\.bidSize +40 +40 +short:38 byte:2 +100 +5000 +2535\n", result.Stdout);
        Assert.Matches(@"\n  \$\.bid +40 +40 +double +42\.14 +1310\.54 +431\.369", result.Stdout);
        Assert.Matches(@"\n  \$\.ticker +40 +40 +string +4\n", result.Stdout);
    }

    [Fact]
    public void Without_paths_the_output_is_unchanged()
    {
        var result = FudgeTool.Run("stats", RepoFiles.Vector("subMsg.dat"));

        Assert.DoesNotContain("paths:", result.Stdout);
    }
}
