using System;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class ValidateTests
{
    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_interop_vector_is_valid(string name)
    {
        var result = FudgeTool.Run("validate", RepoFiles.Vector(name));

        Assert.Equal(0, result.ExitCode);
        Assert.Equal($"valid: 1 message, {InteropVectors.Read(name).Length} bytes\n", result.Stdout);
    }

    [Fact]
    public void Every_sample_is_valid()
    {
        foreach (var name in RepoFiles.SampleNames)
            Assert.Equal(0, FudgeTool.Run("validate", RepoFiles.Sample(name)).ExitCode);
        Assert.Equal("valid: 40 messages, 5210 bytes\n", FudgeTool.Run("validate", RepoFiles.Sample("ticks.fudge")).Stdout);
    }

    [Fact]
    public void A_truncated_input_reports_the_message_index_and_offset_and_fails()
    {
        var truncated = InteropVectors.Read("subMsg.dat").AsSpan(0, 60).ToArray();

        var result = FudgeTool.RunWithInput(truncated, "validate", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal(
            "Invalid Fudge data at byte offset 60: message 0: the stream ends inside an envelope that declares 74 bytes (60 arrived)\n"
            + "invalid: the input cannot be read past byte offset 60 (0 messages before it, 0 of them invalid)\n",
            result.Stdout);
    }

    [Fact]
    public void A_truncated_header_after_good_messages_is_reported_at_its_offset()
    {
        var input = InteropVectors.Read("subMsg.dat").Concat(InteropVectors.Read("unknown.dat")).Concat(new byte[] { 0, 0, 0 }).ToArray();

        var result = FudgeTool.RunWithInput(input, "validate", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("Invalid Fudge data at byte offset 106: message 2: the stream ends inside the 8-byte envelope header\n", result.Stdout);
        Assert.EndsWith("(2 messages before it, 0 of them invalid)\n", result.Stdout);
    }

    [Fact]
    public void A_corrupted_message_is_reported_with_its_index_and_absolute_offset_and_the_rest_are_still_checked()
    {
        var first = InteropVectors.Read("unknown.dat");
        var second = InteropVectors.Read("subMsg.dat");
        second[15] = 0xFF; // sub1's size byte: 255 bytes cannot fit in the 74-byte envelope
        var input = first.Concat(second).Concat(InteropVectors.Read("subMsg.dat")).ToArray();

        var result = FudgeTool.RunWithInput(input, "validate", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal(
            "Invalid Fudge data at byte offset 45: message 1: the field declares 255 bytes of value but only 58 remain in the enclosing message\n"
            + "invalid: 1 of 3 messages\n",
            result.Stdout);
    }

    [Fact]
    public void Invalid_utf8_in_a_string_is_found()
    {
        var bytes = InteropVectors.Read("subMsg.dat");
        bytes[26] = 0xC3; // first byte of "fibble" becomes a lone UTF-8 lead byte

        var result = FudgeTool.RunWithInput(bytes, "validate", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("Invalid Fudge data at byte offset 26: message 0: the string is not valid UTF-8", result.Stdout);
    }

    [Fact]
    public void Every_truncation_of_a_valid_stream_fails_with_one_located_error()
    {
        var bytes = InteropVectors.Read("subMsg.dat").Concat(InteropVectors.Read("unknown.dat")).ToArray();
        for (int length = 1; length < bytes.Length; length++)
        {
            if (length == 74) continue; // a clean boundary between the two envelopes
            var result = FudgeTool.RunWithInput(bytes.AsSpan(0, length).ToArray(), "validate", "-");
            Assert.Equal(1, result.ExitCode);
            Assert.StartsWith("Invalid Fudge data at byte offset ", result.Stdout);
            Assert.Equal("", result.Stderr);
        }
    }
}
