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

    /// <summary>
    /// Two envelopes mixing Fudge-Java's CESU-8 with standard UTF-8: in names and strings, at the top and in a
    /// sub-message. The first is written by a Java-compatible writer (standard text asked for by the call), the second
    /// by a standard one.
    /// </summary>
    private static byte[] MixedStream()
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var envelope = writer.BeginEnvelope();
        writer.WriteString(Grin, "a" + Grin);
        writer.WriteString("utf8", Grin.AsSpan(), FudgeStringEncoding.Utf8);
        var sub = writer.BeginMessage(FudgeFieldKey.Create("sub" + Grin, null, FudgeStringEncoding.Utf8));
        writer.WriteString("java", "b" + Grin);
        writer.WriteInt32("n" + Grin, 1);
        writer.EndMessage(sub);
        writer.EndEnvelope(envelope);
        writer.Flush();
        writer.Dispose();

        var standard = new FudgeWriter(output);
        envelope = standard.BeginEnvelope();
        standard.WriteString("utf8", "c" + Grin);
        standard.WriteString(FudgeFieldKey.Create("java" + Grin, 2, FudgeStringEncoding.JavaCesu8), Grin.AsSpan(), FudgeStringEncoding.JavaCesu8);
        standard.EndEnvelope(envelope);
        standard.Flush();
        standard.Dispose();
        return output.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData("1")]
    [InlineData("2")]
    public void Mixed_text_comes_back_byte_for_byte_through_lossless_json(string threads)
    {
        byte[] original = MixedStream();

        var json = FudgeTool.RunWithInput(original, "to-json", "--mode", "lossless", "--threads", threads, "-");
        var back = FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "-");

        Assert.Contains("\"nameEncoding\":\"cesu-8\"", json.Stdout, StringComparison.Ordinal);
        Assert.Contains("\"encoding\":\"cesu-8\"", json.Stdout, StringComparison.Ordinal);
        Assert.Equal(0, back.ExitCode);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(back.StdoutBytes));
    }

    [Theory]
    [InlineData("--mode", "lossless")]
    [InlineData("--mode", "lossless", "--indent")]
    public void Mixed_text_comes_back_byte_for_byte_through_lossless_xml(params string[] options)
    {
        byte[] original = MixedStream();

        var xml = FudgeTool.RunWithInput(original, ["to-xml", .. options, "-"]);
        var back = FudgeTool.RunWithInput(xml.StdoutBytes, "from-xml", "--mode", "lossless", "-");

        Assert.Contains("nameEncoding=\"cesu-8\"", xml.Stdout, StringComparison.Ordinal);
        Assert.Contains("encoding=\"cesu-8\"", xml.Stdout, StringComparison.Ordinal);
        Assert.Equal(0, back.ExitCode);
        Assert.Equal(Convert.ToHexString(original), Convert.ToHexString(back.StdoutBytes));
    }

    [Theory]
    [InlineData("to-json")]
    [InlineData("to-xml")]
    public void Plain_output_does_not_mark_java_text(string command)
    {
        var output = FudgeTool.RunWithInput(MixedStream(), command, "-");

        Assert.Equal(0, output.ExitCode);
        Assert.DoesNotContain("cesu-8", output.Stdout, StringComparison.Ordinal);
    }

    [Fact]
    public void A_malformed_mark_is_reported_with_its_line()
    {
        var json = FudgeTool.RunWithInput("{\"fields\":[\n{\"name\":\"a\",\"type\":\"string\",\"encoding\":\"cesu8\",\"value\":\"x\"}]}"u8.ToArray(),
            "from-json", "--mode", "lossless", "-");
        var xml = FudgeTool.RunWithInput("<fudgeEnvelope>\n<a type=\"string\" encoding=\"cesu8\">x</a></fudgeEnvelope>"u8.ToArray(), "from-xml", "-");

        Assert.NotEqual(0, json.ExitCode);
        Assert.Contains("line 2", json.Stderr, StringComparison.Ordinal);
        Assert.Contains("cesu-8", json.Stderr, StringComparison.Ordinal);
        Assert.NotEqual(0, xml.ExitCode);
        Assert.Contains("line 2", xml.Stderr, StringComparison.Ordinal);
        Assert.Contains("cesu8", xml.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public void Java_text_round_trips_through_lossless_json_with_java_strings()
    {
        var json = FudgeTool.RunWithInput(JavaEnvelope, "to-json", "--mode", "lossless", "-");
        var back = FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "--java-strings", "-");

        Assert.Equal(JavaEnvelope, back.StdoutBytes);
    }
}
