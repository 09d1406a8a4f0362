using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Fudge.Cli.Console;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// The options of <c>fudge schema infer</c> beyond the output's kind: <c>--taxonomy</c> restores the names of
/// ordinal-only samples, <c>--java-package</c> chooses the package the namespace stands for (and the types keep their
/// Java class names), and a long run shows its progress line on a terminal.
/// </summary>
public class SchemaInferOptionsTests
{
    private static string JavaObjects(string folder) => Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "java-objects", folder);

    [Fact]
    public void A_taxonomy_names_the_members_of_ordinal_only_samples()
    {
        string ticks = RepoFiles.Sample("ticks-ordinals.fudge");
        var bare = FudgeTool.Run("schema", "infer", ticks);
        var named = FudgeTool.Run("schema", "infer", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), ticks);
        Assert.True(bare.ExitCode == 0, bare.Stderr);
        Assert.True(named.ExitCode == 0, named.Stderr);

        Assert.Contains("public string Field1 { get; set; }", bare.Stdout);
        Assert.DoesNotContain("Ticker", bare.Stdout);
        Assert.Matches(@"\[FudgeField\(1, Name = ""ticker""\)\] public string Ticker \{ get; set; \}", named.Stdout);
        Assert.Matches(@"\[FudgeField\(9, Name = ""trade""\)\] public Trade\w*\? Trade \{ get; set; \}", named.Stdout);
        Assert.DoesNotContain("Field1", named.Stdout);

        // The named types read the ordinal-only bytes (by ordinal) into the named members.
        var type = InferredCode.Compile(named.Stdout).GetTypes().Single(t => t.Name == "TicksOrdinal");
        byte[] file = File.ReadAllBytes(ticks);
        int size = (file[4] << 24) | (file[5] << 16) | (file[6] << 8) | file[7];
        var (value, _) = InferredCode.RoundTrip(type, file.AsSpan(0, size).ToArray());
        Assert.Equal(FudgeMsg.Parse(file.AsSpan(0, size).ToArray()).GetString(1), type.GetProperty("Ticker")!.GetValue(value));
    }

    [Fact]
    public void A_java_package_given_maps_the_namespace_and_each_type_keeps_its_class_name()
    {
        var result = FudgeTool.Run("schema", "infer", "--namespace", "Other.Trading", "--java-package", "com.acme.other", JavaObjects("from-java"));
        Assert.True(result.ExitCode == 0, result.Stderr);
        string code = result.Stdout;

        Assert.Contains("[assembly: FudgeJavaPackage(\"Other.Trading\", \"com.acme.other\")]", code);
        Assert.Contains("[FudgeMessage(TypeName = \"com.acme.trading.Portfolio\")]", code);
        Assert.Contains("[FudgeEnum(TypeName = \"com.acme.trading.Side\")]", code);

        // The class names the samples had are written back: the bytes are Java's.
        var assembly = InferredCode.Compile(code);
        byte[] java = File.ReadAllBytes(Path.Combine(JavaObjects("from-java"), "portfolio.fudge"));
        var (_, bytes) = InferredCode.RoundTrip(assembly.GetTypes().Single(t => t.Name == "Portfolio"), java);
        Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(bytes));
    }

    [Fact]
    public void A_long_run_on_a_terminal_shows_a_progress_line_and_erases_it()
    {
        byte[] ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        // 200 copies of the ticks, the first read held back past the reporter's one-second delay: a long run, quickly.
        using var input = new RepeatingStream(ticks, 200, firstReadDelay: TimeSpan.FromMilliseconds(1100));
        var output = new MemoryStream();
        var error = new StringWriter { NewLine = "\n" };
        var console = new CliConsole(input, output, error, errorIsTerminal: true);

        int exit = Fudge.Cli.FudgeCommandLine.Run(new[] { "schema", "infer", "-" }, console);

        Assert.Equal(0, exit);
        Assert.Contains("public partial class Message", System.Text.Encoding.UTF8.GetString(output.ToArray()));
        // Drawn in place ("\r8000 messages, 1.0 MiB"), then blanked: the terminal is left as it was.
        string drawn = error.ToString();
        Assert.Matches(@"^(\r\d+ messages, \d+\.\d MiB *)+\r +\r$", drawn);
        Assert.DoesNotContain("\n", drawn);

        // Redirected standard error (not a terminal): nothing.
        using var again = new RepeatingStream(ticks, 200, firstReadDelay: TimeSpan.FromMilliseconds(1100));
        var quiet = new StringWriter();
        Assert.Equal(0, Fudge.Cli.FudgeCommandLine.Run(new[] { "schema", "infer", "-" }, new CliConsole(again, new MemoryStream(), quiet)));
        Assert.Equal("", quiet.ToString());
    }
}
