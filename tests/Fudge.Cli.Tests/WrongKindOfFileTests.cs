using System;
using System.IO;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// Two more slips of a first session (issue 47's last ones): Fudge data handed to the command that reads JSON or XML,
/// which says what the file is and which command reads it, and an output file the system will not create, which is
/// the tool's own one line with exit code 1 (docs/cli.md, "Errors and exit codes"), not .NET's text.
/// </summary>
public class WrongKindOfFileTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");

    private static void AssertError(CliResult result, string stderr)
    {
        Assert.Equal(stderr, result.Stderr);
        Assert.Equal(1, result.ExitCode);
        Assert.Empty(result.StdoutBytes);
    }

    [Fact]
    public void Fudge_data_given_to_from_json_is_named_as_fudge_with_the_commands_that_read_it()
    {
        AssertError(FudgeTool.Run("from-json", Ticks),
            $"fudge: '{Ticks}' is Fudge data, not JSON (its first 116 bytes are a Fudge message): 'fudge from-json' reads JSON; "
            + $"read Fudge with 'fudge inspect {Ticks}', or convert it to JSON with 'fudge to-json {Ticks}'\n");
    }

    [Fact]
    public void Fudge_data_piped_to_from_json_is_named_from_its_header()
    {
        AssertError(FudgeTool.RunWithInput(File.ReadAllBytes(Ticks), "from-json", "-"),
            "fudge: standard input is Fudge data, not JSON (it starts with a Fudge envelope header declaring 116 bytes): 'fudge from-json' reads JSON; "
            + "read Fudge with 'fudge inspect -', or convert it to JSON with 'fudge to-json -'\n");
    }

    [Fact]
    public void Fudge_data_given_to_from_xml_is_named_as_fudge_too()
    {
        AssertError(FudgeTool.Run("from-xml", Ticks),
            $"fudge: '{Ticks}' is Fudge data, not XML (its first 116 bytes are a Fudge message): 'fudge from-xml' reads XML; "
            + $"read Fudge with 'fudge inspect {Ticks}', or convert it to XML with 'fudge to-xml {Ticks}'\n");
    }

    [Fact]
    public void Bytes_that_only_start_like_a_header_keep_the_parsers_own_error()
    {
        using var scratch = new ScratchFolder();
        // A header declaring 200 bytes in a file of 20, and a whole envelope whose one field is cut short.
        string tooShort = scratch.Write("short.bin", new byte[] { 0, 0, 0, 0, 0, 0, 0, 200, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 });
        string notAMessage = scratch.Write("broken.bin", new byte[] { 0, 0, 0, 0, 0, 0, 0, 12, 0x80, 0x0E, 0xFF, 0xFF });

        foreach (string file in new[] { tooShort, notAMessage })
        {
            var result = FudgeTool.Run("from-json", file);
            Assert.Equal(1, result.ExitCode);
            Assert.StartsWith("fudge: malformed JSON: ", result.Stderr);
            Assert.DoesNotContain("Fudge data", result.Stderr);
        }
    }

    [Fact]
    public void An_output_file_the_system_will_not_create_is_one_line_of_the_tools_own()
    {
        if (!OperatingSystem.IsLinux()) return; // /proc takes no new files on Linux, whoever asks
        // .NET said "Could not find file '/proc/x'" for root (the file it was asked to create); others are refused first.
        string why = Environment.IsPrivilegedProcess ? "the folder '/proc' does not take new files" : "permission denied";
        AssertError(FudgeTool.Run("to-json", Ticks, "-o", "/proc/x"),
            $"fudge: cannot write the output file '/proc/x': {why} (write it elsewhere with -o)\n");
        AssertError(FudgeTool.Run("schema", "infer", Ticks, "-o", "/proc/x"),
            $"fudge: cannot write the output file '/proc/x': {why} (write it elsewhere with -o)\n");
        using var scratch = new ScratchFolder();
        AssertError(FudgeTool.Run("from-json", scratch.Write("one.json", "{\"a\":1}"u8.ToArray()), "-o", "/proc/x"),
            $"fudge: cannot write the output file '/proc/x': {why} (write it elsewhere with -o)\n");
    }

    private sealed class ScratchFolder : IDisposable
    {
        private readonly string _path = Directory.CreateTempSubdirectory("fudge-wrong-kind-").FullName;

        public string Write(string name, byte[] bytes)
        {
            string path = Path.Combine(_path, name);
            File.WriteAllBytes(path, bytes);
            return path;
        }

        public void Dispose() => Directory.Delete(_path, recursive: true);
    }
}
