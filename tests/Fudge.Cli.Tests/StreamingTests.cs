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
