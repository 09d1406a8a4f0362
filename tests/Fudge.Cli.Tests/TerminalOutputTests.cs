using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using Fudge.Cli.Console;
using Fudge.Cli.Inspect;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// What a message holds cannot change what a person reads at a terminal, in the JSON Lines and XML the CLI writes too:
/// on a terminal, hidden characters (samples/hostile/spoofing.fudge has each kind) reach it as escapes that mean the
/// same string (<c>\uXXXX</c> in JSON, <c>&amp;#x…;</c> in XML); redirected to a file or a pipe, the bytes are unchanged.
/// </summary>
public class TerminalOutputTests
{
    private static readonly string Spoofing = RepoFiles.Sample("hostile/spoofing.fudge");

    // The command run with standard output on a "terminal" (a memory stream the console is told is one).
    private static string OnTerminal(params string[] args)
    {
        var output = new MemoryStream();
        var console = new CliConsole(new MemoryStream(), output, new StringWriter(), outputIsTerminal: true);
        Assert.Equal(0, FudgeCommandLine.Run(args, console));
        console.Flush();
        return Encoding.UTF8.GetString(output.ToArray());
    }

    private static bool PrintsNothingHidden(string text) => !text.EnumerateRunes().Any(r => r.Value >= 0x80 && DisplayText.IsHidden(r.Value));

    [Theory]
    [InlineData("plain")]
    [InlineData("lossless")]
    public void To_json_on_a_terminal_escapes_hidden_characters_and_means_the_same_strings(string mode)
    {
        string shown = OnTerminal("to-json", "--mode", mode, Spoofing);
        var redirected = FudgeTool.Run("to-json", "--mode", mode, Spoofing);

        Assert.True(PrintsNothingHidden(shown));
        Assert.Contains("\\u202e00.001 :ecirp laer", shown);
        Assert.Contains("\\udb40\\udc41", shown); // a tag character: its two UTF-16 escapes
        Assert.Contains("\u202e", redirected.Stdout); // a file or a pipe gets what the command wrote
        string[] escaped = shown.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        string[] written = redirected.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(written.Length, escaped.Length);
        for (int i = 0; i < written.Length; i++)
            Assert.True(JsonElement.DeepEquals(JsonDocument.Parse(written[i]).RootElement, JsonDocument.Parse(escaped[i]).RootElement), $"line {i + 1}");
    }

    [Fact]
    public void To_json_indented_on_a_terminal_escapes_them_too()
    {
        string shown = OnTerminal("to-json", "--indent", Spoofing);

        Assert.True(PrintsNothingHidden(shown));
        Assert.Contains("\"role\\u202e\": \"nimda\"", shown);
    }

    [Fact]
    public void To_xml_on_a_terminal_writes_character_references_that_mean_the_same_text()
    {
        byte[] message = new FudgeMsg().Add("quote", "\u202e00.001 :ecirp laer").Add("zw", "a\u200bb").Add("tag", "a\U000E0041b").ToByteArray();
        using var file = new RepoFiles.TempFile(message);

        string shown = OnTerminal("to-xml", file.Path);
        var redirected = FudgeTool.Run("to-xml", file.Path);

        Assert.True(PrintsNothingHidden(shown));
        Assert.Contains("&#x202e;00.001 :ecirp laer", shown);
        Assert.Equal(redirected.Stdout, shown.Replace("&#x202e;", "\u202e").Replace("&#x200b;", "\u200b").Replace("&#xe0041;", "\U000E0041"));
    }

    [Fact]
    public void A_character_split_between_two_writes_is_still_escaped_and_other_bytes_pass_as_they_are()
    {
        var output = new MemoryStream();
        using (var terminal = new TerminalEscapingStream(output))
        {
            byte[] text = Encoding.UTF8.GetBytes("a\u202eb é \U000E0041 ok\n");
            foreach (byte b in text) terminal.WriteByte(b); // every character split as finely as can be
            terminal.Write(new byte[] { 0xff, 0xe2, 0x80, (byte)'x' }); // not UTF-8: as it is
            terminal.Write(new byte[] { 0xe2, 0x80 }); // the output ends inside a character: as it is
        }

        byte[] expected = Encoding.UTF8.GetBytes("a\\u202eb é \\udb40\\udc41 ok\n").Concat(new byte[] { 0xff, 0xe2, 0x80, (byte)'x', 0xe2, 0x80 }).ToArray();
        Assert.Equal(expected, output.ToArray());
    }
}
