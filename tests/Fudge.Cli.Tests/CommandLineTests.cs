using System;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class CommandLineTests
{
    public static TheoryData<string> Commands => new() { "inspect", "validate", "stats", "to-json", "from-json", "to-xml", "from-xml" };

    [Theory]
    [MemberData(nameof(Commands))]
    public void Every_command_has_help(string command)
    {
        var result = FudgeTool.Run(command, "--help");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("Usage:", result.Stdout);
        Assert.Contains($"  fudge {command} <FILE> [options]\n", result.Stdout);
        if (!command.StartsWith("from-")) Assert.Contains("--taxonomy", result.Stdout);
    }

    [Fact]
    public void Root_help_lists_the_commands()
    {
        var result = FudgeTool.Run("--help");

        Assert.Equal(0, result.ExitCode);
        foreach (var command in Commands) Assert.Contains("  " + command + " ", result.Stdout);
    }

    [Fact]
    public void A_missing_file_is_one_line_on_stderr_and_exit_code_1()
    {
        var result = FudgeTool.Run("inspect", "no-such-file.fudge");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("", result.Stdout);
        Assert.Equal("fudge: no file 'no-such-file.fudge'\n", result.Stderr);
        Assert.Single(result.Stderr.TrimEnd('\n').Split('\n'));
    }

    [Fact]
    public void A_bad_command_line_is_a_usage_error_with_exit_code_2()
    {
        var unknown = FudgeTool.Run("explode", "x");
        Assert.Equal(2, unknown.ExitCode);
        Assert.Contains("'explode'", unknown.Stderr);
        Assert.EndsWith("Try 'fudge --help'.\n", unknown.Stderr);

        var missing = FudgeTool.Run("inspect");
        Assert.Equal(2, missing.ExitCode);
        Assert.Equal("fudge: 'fudge inspect' needs <FILE>\nTry 'fudge inspect --help'.\n", missing.Stderr);
    }

    [Fact]
    public void A_file_that_is_not_a_taxonomy_is_reported()
    {
        var result = FudgeTool.Run("inspect", "--taxonomy", RepoFiles.Vector("subMsg.dat"), RepoFiles.Sample("ticks-ordinals.fudge"));

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("fudge: taxonomy file '", result.Stderr);
        Assert.Contains("is not a taxonomy message (spec §13.3): field 0: a taxonomy field has no ordinal", result.Stderr);
    }

    [Fact]
    public void Taxonomy_id_zero_is_refused()
    {
        var result = FudgeTool.Run("stats", "--taxonomy", "0=" + RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge"));

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("taxonomy id 0 means \"no taxonomy\"", result.Stderr);
    }

    [Fact]
    public void Hostile_input_never_crashes_any_command()
    {
        // Mutations of real data plus random bytes: every run ends with exit code 0 or 1, and a failure is exactly one
        // line on stderr that is a format error, never an internal error or a stack trace.
        var random = new Random(6);
        var seeds = InteropVectors.Names.Where(n => n != "variableWidthColumnSizes.dat").Select(InteropVectors.Read)
            .Append(File.ReadAllBytes(RepoFiles.Sample("document.fudge"))).ToArray();
        for (int run = 0; run < 300; run++)
        {
            byte[] input;
            if (run % 10 == 9)
            {
                input = new byte[random.Next(0, 64)];
                random.NextBytes(input);
            }
            else
            {
                input = (byte[])seeds[run % seeds.Length].Clone();
                for (int flips = random.Next(1, 4); flips > 0; flips--) input[random.Next(input.Length)] = (byte)random.Next(256);
            }
            foreach (var command in new[] { "inspect", "validate", "stats", "to-json", "to-xml" })
            {
                string[] args = command == "inspect" ? new[] { command, "--hex", "--offsets", "--full", "-" } : new[] { command, "-" };
                var result = FudgeTool.RunWithInput(input, args);
                Assert.True(result.ExitCode is 0 or 1, $"{command} exit {result.ExitCode}");
                if (result.Stderr.Length > 0)
                {
                    Assert.True(result.Stderr.StartsWith("fudge: Invalid Fudge data at byte offset ")
                        || result.Stderr.StartsWith("fudge: standard input does not look like Fudge data: ")
                        || (command == "to-xml" && result.Stderr.Contains(" cannot be written as XML: ")), $"{command}: {result.Stderr}");
                    Assert.Single(result.Stderr.TrimEnd('\n').Split('\n'));
                }
            }
        }
    }
}
