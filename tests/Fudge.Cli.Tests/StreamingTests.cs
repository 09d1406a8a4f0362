using System;
using System.IO;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class StreamingTests
{
    [Fact]
    public void A_large_piped_input_is_read_envelope_by_envelope()
    {
        // 2,000 copies of the tick stream: 80,000 envelopes, 10 MB, arriving in reads of at most 1,000 bytes.
        var ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));

        var validate = FudgeTool.RunWithInput(new RepeatingStream(ticks, 2000), "validate", "-");
        var stats = FudgeTool.RunWithInput(new RepeatingStream(ticks, 2000), "stats", "-");

        Assert.Equal("valid: 80000 messages, 10420000 bytes\n", validate.Stdout);
        Assert.StartsWith("messages:     80000\nbytes:        10420000 total, 116 min, 167 max, 130.3 mean\n", stats.Stdout);
    }

    [Fact]
    public void Conversions_stream_many_messages_through_a_pipe()
    {
        var ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));

        var json = FudgeTool.RunWithInput(new RepeatingStream(ticks, 50), "to-json", "--mode", "lossless", "-");
        var back = FudgeTool.RunWithInput(new MemoryStream(json.StdoutBytes), "from-json", "--mode", "lossless", "-");

        Assert.Equal(2000, json.Stdout.Split('\n', System.StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.Equal(ticks.Length * 50, back.StdoutBytes.Length);
        for (int copy = 0; copy < 50; copy++)
            Assert.True(back.StdoutBytes.AsSpan(copy * ticks.Length, ticks.Length).SequenceEqual(ticks));
    }

    [Theory]
    [InlineData("plain")]
    [InlineData("lossless")]
    public void Json_lines_are_the_same_on_one_thread_and_on_several(string mode)
    {
        // 4,000 envelopes (520 KB): more than one batch of the parallel converter.
        var ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));

        var one = FudgeTool.RunWithInput(new RepeatingStream(ticks, 100), "to-json", "--mode", mode, "--threads", "1", "-");
        var three = FudgeTool.RunWithInput(new RepeatingStream(ticks, 100), "to-json", "--mode", mode, "--threads", "3", "-");

        Assert.Equal(0, three.ExitCode);
        Assert.Equal(4000, one.Stdout.Split('\n', System.StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.Equal(one.StdoutBytes, three.StdoutBytes);
    }

    [Theory]
    [InlineData("1")]
    [InlineData("2")]
    public void A_malformed_envelope_deep_in_a_stream_stops_the_run_after_every_line_before_it(string threads)
    {
        // 3,000 good envelopes, then one whose string is not UTF-8, then more good ones.
        var ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        var bad = new FudgeMsg().Add("s", "ok").ToByteArray();
        bad[^1] = 0xFF; // the last byte of the string "ok"
        var input = new MemoryStream();
        for (int i = 0; i < 75; i++) input.Write(ticks);
        input.Write(bad);
        for (int i = 0; i < 10; i++) input.Write(ticks);

        var result = FudgeTool.RunWithInput(input.ToArray(), "to-json", "--threads", threads, "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal(3000, result.Stdout.Split('\n', System.StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.EndsWith("\n", result.Stdout);
        Assert.Contains("message 3000: the string is not valid UTF-8", result.Stderr);
    }

    [Fact]
    public void Threads_must_be_at_least_one()
    {
        var result = FudgeTool.Run("to-json", "--threads", "0", RepoFiles.Sample("ticks.fudge"));

        Assert.Equal(2, result.ExitCode); // a usage error
        Assert.Contains("--threads must be at least 1.", result.Stderr);
    }

    [Fact]
    public void The_output_file_may_not_be_the_input_file()
    {
        using var copy = new RepoFiles.TempFile(File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")));

        var result = FudgeTool.Run("to-json", copy.Path, "-o", copy.Path);

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"fudge: the output file '{copy.Path}' is the input file; write to another file\n", result.Stderr);
        Assert.Equal(File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")), File.ReadAllBytes(copy.Path));
    }
}
