using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// The slips of someone's first minutes with the tool (issue 47): a misspelt command or option, no command at all,
/// "help" typed as a command, an output or a store in a folder that is not there, every command's --help. Each is one
/// line on standard error that says what to do, with exit code 2 for the command line and 1 while running.
/// </summary>
public class NewcomerMistakeTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");

    private const string Commands = "inspect, validate, stats, to-json, from-json, to-xml, from-xml, filter, get, route, transform, store, serve, schema";

    private static void AssertError(CliResult result, int exitCode, string stderr)
    {
        Assert.Equal(stderr, result.Stderr);
        Assert.Equal(exitCode, result.ExitCode);
        Assert.Empty(result.StdoutBytes);
    }

    [Fact]
    public void A_misspelt_command_is_named_with_the_nearest_command_and_the_list()
    {
        AssertError(FudgeTool.Run("inpsect", Ticks), 2,
            $"fudge: unknown command 'inpsect' for 'fudge' (did you mean 'inspect'?); the commands are {Commands}\nTry 'fudge --help'.\n");
        AssertError(FudgeTool.Run("tojson", Ticks), 2,
            $"fudge: unknown command 'tojson' for 'fudge' (did you mean 'to-json'?); the commands are {Commands}\nTry 'fudge --help'.\n");
        AssertError(FudgeTool.Run("store", "imprt", "logs.db", "samples/logs.fudge"), 2,
            "fudge: unknown command 'imprt' for 'fudge store' (did you mean 'import'?); the commands are import, query, index, count\nTry 'fudge store --help'.\n");
        AssertError(FudgeTool.Run("decode", Ticks), 2, $"fudge: unknown command 'decode' for 'fudge'; the commands are {Commands}\nTry 'fudge --help'.\n");
    }

    [Fact]
    public void No_command_at_all_lists_the_commands()
    {
        AssertError(FudgeTool.Run(), 2, $"fudge: 'fudge' needs a command: {Commands}\nTry 'fudge --help'.\n");
        AssertError(FudgeTool.Run("store"), 2, "fudge: 'fudge store' needs a command: import, query, index, count\nTry 'fudge store --help'.\n");
        AssertError(FudgeTool.Run("schema"), 2, "fudge: 'fudge schema' needs a command: infer, check, diff\nTry 'fudge schema --help'.\n");
    }

    [Fact]
    public void Help_typed_as_a_command_points_to_the_help_option()
    {
        AssertError(FudgeTool.Run("help"), 2,
            "fudge: 'fudge' has no command 'help': 'fudge --help' lists the commands, 'fudge COMMAND --help' tells one's arguments and options\nTry 'fudge --help'.\n");
        AssertError(FudgeTool.Run("help", "store", "import"), 2, "fudge: 'fudge' has no command 'help': use 'fudge store import --help'\nTry 'fudge store import --help'.\n");
    }

    [Fact]
    public void A_misspelt_option_is_named_with_the_nearest_option()
    {
        AssertError(FudgeTool.Run("inspect", "--offset", Ticks), 2,
            "fudge: unknown option '--offset' for 'fudge inspect' (did you mean '--offsets'?)\nTry 'fudge inspect --help'.\n");
        AssertError(FudgeTool.Run("to-json", "--taxonomi", "t.fudge", Ticks), 2,
            "fudge: unknown option '--taxonomi' for 'fudge to-json' (did you mean '--taxonomy'?)\nTry 'fudge to-json --help'.\n");
        AssertError(FudgeTool.Run("store", "query", "logs.db", "--wher", "$.a == 1"), 2,
            "fudge: unknown option '--wher' for 'fudge store query' (did you mean '--where'?)\nTry 'fudge store query --help'.\n");
        // Nothing near: no guess.
        AssertError(FudgeTool.Run("inspect", "--bogus", Ticks), 2, "fudge: unknown option '--bogus' for 'fudge inspect'\nTry 'fudge inspect --help'.\n");
    }

    [Fact]
    public void A_second_file_is_one_word_too_many_and_the_message_says_how_to_read_both()
    {
        AssertError(FudgeTool.Run("inspect", Ticks, "b.fudge"), 2,
            "fudge: 'fudge inspect' takes <FILE>; 'b.fudge' is one word too many (for several files, concatenate them: cat A B | fudge inspect -)\nTry 'fudge inspect --help'.\n");
        AssertError(FudgeTool.Run("get", "$.a", Ticks, "b.fudge"), 2,
            "fudge: 'fudge get' takes <PATH> <FILE>; 'b.fudge' is one word too many (for several files, concatenate them: cat A B | fudge get -)\nTry 'fudge get --help'.\n");
    }

    [Fact]
    public void A_required_option_left_out_is_named()
    {
        AssertError(FudgeTool.Run("transform", Ticks), 2, "fudge: 'fudge transform' needs --rules\nTry 'fudge transform --help'.\n");
    }

    [Fact]
    public void A_file_that_is_not_a_database_is_not_a_store_file()
    {
        foreach (string notStore in new[] { RepoFiles.Sample("ticks.fudge"), RepoFiles.Sample("tick-rules.json") })
        {
            AssertError(FudgeTool.Run("store", "count", notStore), 1,
                $"fudge: '{notStore}' is not a store file: it is not an SQLite database ('fudge store import DB FILE' creates one)\n");
            AssertError(FudgeTool.Run("store", "import", notStore, Ticks), 1,
                $"fudge: '{notStore}' is not a store file: it is not an SQLite database ('fudge store import DB FILE' creates one)\n");
        }
    }

    [Fact]
    public void Every_command_has_help_that_exits_0()
    {
        var seen = new List<string>();
        var pending = new Queue<string[]>(new[] { System.Array.Empty<string>() });
        while (pending.Count > 0)
        {
            string[] path = pending.Dequeue();
            var result = FudgeTool.Run(path.Append("--help").ToArray());
            string name = string.Join(" ", new[] { "fudge" }.Concat(path));

            Assert.True(result.ExitCode == 0, $"'{name} --help' exited {result.ExitCode}: {result.Stderr}");
            Assert.Equal("", result.Stderr);
            Assert.Contains("Usage:\n  " + name, result.Stdout.Replace("\r\n", "\n"));
            seen.Add(name);
            foreach (string sub in SubcommandsIn(result.Stdout)) pending.Enqueue(path.Append(sub).ToArray());
        }

        Assert.Contains("fudge store import", seen);
        Assert.Contains("fudge schema infer", seen);
        Assert.True(seen.Count >= 19, string.Join(", ", seen));
    }

    /// <summary>The names listed under "Commands:" in a help text.</summary>
    private static IEnumerable<string> SubcommandsIn(string help)
    {
        bool inside = false;
        foreach (string line in help.Replace("\r\n", "\n").Split('\n'))
        {
            if (line == "Commands:") { inside = true; continue; }
            if (!inside) continue;
            if (!line.StartsWith("  ", System.StringComparison.Ordinal)) yield break;
            string name = line.Trim().Split(' ')[0];
            if (name.Length > 0) yield return name;
        }
    }

    [Fact]
    public void An_output_in_a_folder_that_is_not_there_names_the_folder_to_create()
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-no-such-folder-" + System.Guid.NewGuid().ToString("N"));
        string output = Path.Combine(folder, "ticks.json");

        AssertError(FudgeTool.Run("to-json", Ticks, "-o", output), 1, $"fudge: no folder '{folder}' for the output file '{output}': create the folder first\n");
        AssertError(FudgeTool.Run("schema", "infer", Ticks, "-o", output), 1, $"fudge: no folder '{folder}' for the output file '{output}': create the folder first\n");
        Assert.False(Directory.Exists(folder));
    }

    [Fact]
    public void An_output_under_a_file_says_it_is_a_file()
    {
        string output = Path.Combine(Ticks, "out.json");

        AssertError(FudgeTool.Run("to-json", Ticks, "-o", output), 1, $"fudge: '{Ticks}' is a file, not a folder, so the output file '{output}' cannot be created in it\n");
    }

    [Fact]
    public void A_new_store_in_a_folder_that_is_not_there_names_the_folder_and_creates_nothing()
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-no-such-folder-" + System.Guid.NewGuid().ToString("N"));
        string db = Path.Combine(folder, "logs.db");

        AssertError(FudgeTool.Run("store", "import", db, RepoFiles.Sample("logs.fudge")), 1, $"fudge: no folder '{folder}' for the store file '{db}': create the folder first\n");
        AssertError(FudgeTool.Run("store", "count", db), 1, $"fudge: no store file '{db}'\n");
        Assert.False(Directory.Exists(folder));
    }
}
