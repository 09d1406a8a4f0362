using System.IO;
using System.Text;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// What the tool says when it is used wrongly (issue 47): every mistake is one line on standard error naming what is
/// wrong, with exit code 2 for a command line that does not parse and 1 for a failure while running (docs/cli.md).
/// </summary>
public class ErrorMessageTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");

    private static void AssertError(CliResult result, int exitCode, string stderr)
    {
        Assert.Equal(stderr, result.Stderr);
        Assert.Equal(exitCode, result.ExitCode);
        Assert.DoesNotContain("   at ", result.Stderr);
    }

    [Fact]
    public void An_unknown_option_is_named_wherever_it_stands()
    {
        const string expected = "fudge: unknown option '--bogus' for 'fudge inspect'\nTry 'fudge inspect --help'.\n";

        AssertError(FudgeTool.Run("inspect", "--bogus", Ticks), 2, expected);
        AssertError(FudgeTool.Run("inspect", "--bogus"), 2, expected);
        AssertError(FudgeTool.Run("inspect", Ticks, "--bogus"), 2, expected);
        AssertError(FudgeTool.Run("store", "count", "-x", "logs.db"), 2, "fudge: unknown option '-x' for 'fudge store count'\nTry 'fudge store count --help'.\n");
    }

    [Fact]
    public void After_a_double_dash_a_word_starting_with_a_dash_is_a_file_name()
    {
        AssertError(FudgeTool.Run("inspect", "--", "--bogus"), 1, "fudge: no file '--bogus'\n");
        Assert.Equal(0, FudgeTool.RunWithInput(File.ReadAllBytes(Ticks), "validate", "-").ExitCode);
    }

    [Fact]
    public void Missing_arguments_of_a_subcommand_are_said_once_with_its_own_help_hint()
    {
        AssertError(FudgeTool.Run("store", "import"), 2, "fudge: 'fudge store import' needs <DB> and <FILE>\nTry 'fudge store import --help'.\n");
        AssertError(FudgeTool.Run("store", "import", "logs.db"), 2, "fudge: 'fudge store import' needs <FILE>\nTry 'fudge store import --help'.\n");
        AssertError(FudgeTool.Run("store", "count"), 2, "fudge: 'fudge store count' needs <DB>\nTry 'fudge store count --help'.\n");
    }

    [Fact]
    public void An_option_value_of_the_wrong_kind_is_a_usage_error_not_a_crash()
    {
        AssertError(FudgeTool.Run("to-json", "--threads", "x", Ticks), 2, "fudge: --threads takes a whole number, not 'x'\nTry 'fudge to-json --help'.\n");
        AssertError(FudgeTool.Run("to-json", "--threads", "0", Ticks), 2, "fudge: --threads must be at least 1.\nTry 'fudge to-json --help'.\n");
        AssertError(FudgeTool.Run("store", "query", "logs.db", "--skip", "x"), 2, "fudge: --skip takes a whole number, not 'x'\nTry 'fudge store query --help'.\n");
        AssertError(FudgeTool.Run("route", "--rules", "r.json", "--prefetch", "x", "--amqp", "amqp://127.0.0.1", "--from", "q"), 2,
            "fudge: --prefetch takes a whole number from 0 to 65535, not 'x'\nTry 'fudge route --help'.\n");
        AssertError(FudgeTool.Run("serve", "--port", "70000", "samples"), 2, "fudge: --port is from 0 to 65535.\nTry 'fudge serve --help'.\n");
    }

    [Fact]
    public void A_text_file_does_not_look_like_Fudge_data_and_the_message_says_why()
    {
        using var text = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("# Notes\nThese are not Fudge messages.\n"));
        using var transform = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("{ \"operations\": [ { \"remove\": \"$.a\" } ] }"));

        string expected = $"'{text.Path}' does not look like Fudge data: it starts with the text \"# Notes\\nThese ar\", and read as an envelope header "
            + "its first 8 bytes declare a message of 1,952,805,642 bytes in a file of 38 bytes\n";
        foreach (var command in new[] { "inspect", "validate", "stats", "to-json", "to-xml", "get $.a", "filter -w $.a==1", "transform" })
        {
            var args = command == "transform" ? new[] { "transform", "--rules", transform.Path, text.Path } : (command + " " + text.Path).Split(' ');
            AssertError(FudgeTool.Run(args), 1, "fudge: " + expected);
        }
        AssertError(FudgeTool.RunWithInput(File.ReadAllBytes(text.Path), "inspect", "-"), 1,
            "fudge: standard input does not look like Fudge data: it starts with the text \"# Notes\\nThese ar\", and read as an envelope header "
            + "its first 8 bytes declare a message of 1,952,805,642 bytes, more than the limit of 67,108,864\n");
    }

    [Fact]
    public void JSON_given_where_Fudge_is_expected_points_to_from_json()
    {
        using var json = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("{\"a\": 1}\n"));

        AssertError(FudgeTool.Run("inspect", json.Path), 1,
            $"fudge: '{json.Path}' does not look like Fudge data: it starts with the text \"{{\\\"a\\\": 1}}\\n\", which looks like JSON (convert it with 'fudge from-json'), "
            + "and read as an envelope header its first 8 bytes declare a message of 975,188,349 bytes in a file of 9 bytes\n");
    }

    [Fact]
    public void Damaged_Fudge_data_keeps_the_offset_of_the_damage()
    {
        byte[] bytes = File.ReadAllBytes(Ticks);

        var result = FudgeTool.RunWithInput(bytes[..100], "inspect", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("fudge: Invalid Fudge data at byte offset 100: message 0: the stream ends inside an envelope", result.Stderr);
    }

    [Fact]
    public void A_folder_or_a_missing_file_is_said_as_such_by_every_command()
    {
        string folder = RepoFiles.SamplesFolder;
        string missing = Path.Combine(Path.GetTempPath(), "fudge-no-such-file.fudge");
        foreach (var command in new[] { "inspect", "validate", "stats", "to-json", "from-json", "to-xml", "from-xml" })
        {
            AssertError(FudgeTool.Run(command, folder), 1, $"fudge: '{folder}' is a folder, not a file\n");
            AssertError(FudgeTool.Run(command, missing), 1, $"fudge: no file '{missing}'\n");
        }
        AssertError(FudgeTool.Run("route", "--rules", folder, Ticks), 1, $"fudge: '{folder}' is a folder, not a rules file\n");
        AssertError(FudgeTool.Run("transform", "--rules", missing, Ticks), 1, $"fudge: no transform file '{missing}'\n");
        AssertError(FudgeTool.Run("inspect", "--taxonomy", folder, Ticks), 1, $"fudge: '{folder}' is a folder, not a taxonomy file\n");
        AssertError(FudgeTool.Run("store", "count", folder), 1, $"fudge: '{folder}' is a folder, not a store file\n");
        AssertError(FudgeTool.Run("to-json", "-o", folder, Ticks), 1, $"fudge: the output '{folder}' is a folder, not a file\n");
    }

    [Fact]
    public void An_empty_input_holds_no_messages_but_an_empty_rules_or_taxonomy_file_is_an_error()
    {
        using var empty = new RepoFiles.TempFile(new byte[0]);

        Assert.Equal("valid: 0 messages, 0 bytes\n", FudgeTool.Run("validate", empty.Path).Stdout);
        Assert.Equal(0, FudgeTool.Run("to-json", empty.Path).ExitCode);
        AssertError(FudgeTool.Run("route", "--rules", empty.Path, Ticks), 1, $"fudge: '{empty.Path}' is empty, not a rules file\n");
        AssertError(FudgeTool.Run("inspect", "--taxonomy", empty.Path, Ticks), 1, $"fudge: '{empty.Path}' is empty, not a taxonomy file\n");
    }

    [Fact]
    public void From_json_reports_the_real_line_and_position()
    {
        using var markdown = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("# Title\n"));
        using var broken = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("{\"a\": 1}\n{\"b\": }\n"));

        AssertError(FudgeTool.Run("from-json", markdown.Path), 1,
            "fudge: malformed JSON: Unexpected character encountered while parsing value: #. (JSON line 1, position 1)\n");
        var second = FudgeTool.Run("from-json", broken.Path);
        Assert.Equal(1, second.ExitCode);
        Assert.EndsWith("(JSON line 2, position 6, path 'b')\n", second.Stderr);
    }

    [Fact]
    public void Route_says_what_is_wrong_with_a_rules_file_that_is_not_JSON()
    {
        using var rules = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("# Rules\n"));

        AssertError(FudgeTool.Run("route", "--rules", rules.Path, Ticks), 1,
            $"fudge: {rules.Path}: not a valid rules file: line 1, column 1: invalid JSON: '#' is an invalid start of a value.\n");
    }

    [Theory]
    [InlineData("count")]
    [InlineData("query")]
    [InlineData("index")]
    public void An_unknown_collection_is_an_error_naming_the_collections_there_are(string verb)
    {
        using var db = new StoreFile();
        Assert.Equal(0, FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"), "-c", "logs").ExitCode);
        string[] args = verb == "index" ? new[] { "store", verb, db.Path, "$.a", "-c", "nosuchcoll" } : new[] { "store", verb, db.Path, "-c", "nosuchcoll" };

        AssertError(FudgeTool.Run(args), 1, "fudge: no collection 'nosuchcoll' in the store; it has 'logs'\n");
        AssertError(FudgeTool.Run(args), 1, "fudge: no collection 'nosuchcoll' in the store; it has 'logs'\n"); // and none was created
        Assert.Equal("24\n", FudgeTool.Run("store", "count", db.Path, "-c", "logs").Stdout);
    }

    [Fact]
    public void A_failed_import_into_a_new_file_leaves_no_empty_store_behind()
    {
        using var db = new StoreFile();
        using var notFudge = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("# Not Fudge at all, but a text file of some length\n"));

        Assert.Equal(1, FudgeTool.Run("store", "import", db.Path, notFudge.Path).ExitCode);

        Assert.False(System.IO.File.Exists(db.Path), "the store file the failed import created is still there");
    }

    [Fact]
    public void A_failed_import_into_an_existing_store_keeps_the_store_and_what_it_held()
    {
        using var db = new StoreFile();
        using var notFudge = new RepoFiles.TempFile(Encoding.ASCII.GetBytes("# Not Fudge at all, but a text file of some length\n"));
        Assert.Equal(0, FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge")).ExitCode);

        Assert.Equal(1, FudgeTool.Run("store", "import", db.Path, notFudge.Path).ExitCode);

        Assert.Equal("24\n", FudgeTool.Run("store", "count", db.Path).Stdout);
    }

    private sealed class StoreFile : System.IDisposable
    {
        public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "fudge-cli-errors-" + System.Guid.NewGuid().ToString("N") + ".db");

        public void Dispose()
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            System.IO.File.Delete(Path);
        }
    }
}
