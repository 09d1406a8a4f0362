using System;
using System.Text;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>
/// Every command reads text Fudge-Java wrote (supplementary characters as CESU-8 surrogate pairs), and the commands
/// that write Fudge write it that way with <c>--java-strings</c>.
/// </summary>
public class JavaStringTests
{
    private const string Grin = "\U0001F600";
    private static readonly byte[] GrinUtf8 = [0xF0, 0x9F, 0x98, 0x80];
    private static readonly byte[] GrinJava = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];

    /// <summary>A string field named U+1F600 holding "a" U+1F600, as Fudge-Java 0.3 writes it.</summary>
    private static readonly byte[] JavaEnvelope = [0, 0, 0, 0, 0, 0, 0, 25, 0x28, FudgeTypeId.String, 6, .. GrinJava, 7, (byte)'a', .. GrinJava];

    /// <summary>The same message in standard UTF-8.</summary>
    private static readonly byte[] Utf8Envelope = [0, 0, 0, 0, 0, 0, 0, 21, 0x28, FudgeTypeId.String, 4, .. GrinUtf8, 5, (byte)'a', .. GrinUtf8];

    [Theory]
    [InlineData("inspect")]
    [InlineData("validate")]
    [InlineData("stats")]
    [InlineData("to-json")]
    [InlineData("to-xml")]
    public void Every_reading_command_accepts_java_text(string command)
    {
        var fromJava = FudgeTool.RunWithInput(JavaEnvelope, command, "-");
        var fromUtf8 = FudgeTool.RunWithInput(Utf8Envelope, command, "-");

        Assert.Equal(0, fromJava.ExitCode);
        // The two inputs differ only in how the text is encoded, so everything but byte counts reads the same.
        if (command is "to-json" or "to-xml" or "inspect") Assert.Contains(Grin, fromJava.Stdout, StringComparison.Ordinal);
        if (command is "to-json" or "to-xml") Assert.Equal(fromUtf8.Stdout, fromJava.Stdout);
    }

    [Fact]
    public void To_json_writes_the_characters_java_encoded()
    {
        var json = FudgeTool.RunWithInput(JavaEnvelope, "to-json", "-");

        Assert.Equal("{\"" + Grin + "\":\"a" + Grin + "\"}\n", json.Stdout);
    }

    [Theory]
    [InlineData("from-json", "{\"\U0001F600\":\"a\U0001F600\"}")]
    [InlineData("from-xml", "<fudgeEnvelope><fudgeField name=\"\U0001F600\">a\U0001F600</fudgeField></fudgeEnvelope>")]
    public void Writing_commands_write_utf8_by_default_and_java_text_when_asked(string command, string input)
    {
        byte[] text = Encoding.UTF8.GetBytes(input);

        var standard = FudgeTool.RunWithInput(text, command, "-");
        var java = FudgeTool.RunWithInput(text, command, "--java-strings", "-");

        Assert.Equal(0, standard.ExitCode);
        Assert.Equal(0, java.ExitCode);
        Assert.Equal(Convert.ToHexString(Utf8Envelope), Convert.ToHexString(standard.StdoutBytes));
        Assert.Equal(Convert.ToHexString(JavaEnvelope), Convert.ToHexString(java.StdoutBytes));
    }

    [Fact]
    public void Java_text_round_trips_through_lossless_json_with_java_strings()
    {
        var json = FudgeTool.RunWithInput(JavaEnvelope, "to-json", "--mode", "lossless", "-");
        var back = FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "--java-strings", "-");

        Assert.Equal(JavaEnvelope, back.StdoutBytes);
    }
}
