using System;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>A message Parse accepted with a raised MaxDepth must not crash the process in the DOM's own walks (issue 10, item 5).</summary>
public class DeepMessageTests
{
    private const int Depth = 100_000;

    private static FudgeMsg ParseOnLargeStack() =>
        DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(DeepMessages.Nested(Depth), DeepMessages.Unlimited));

    [Fact]
    public void The_hand_written_nesting_is_what_it_claims()
    {
        var msg = FudgeMsg.Parse(DeepMessages.Nested(3));

        for (int level = 0; level < 3; level++) msg = Assert.IsType<FudgeMsg>(Assert.Single(msg).Value);
        Assert.Equal((sbyte)7, msg.GetValue("leaf"));
    }

    [Fact]
    public void Equals_on_a_very_deep_message_does_not_recurse()
    {
        var left = ParseOnLargeStack();
        var right = ParseOnLargeStack();

        Assert.True(DeepMessages.OnStack(1024 * 1024, () => left.Equals(right)));
        right.Add("extra", 1);
        Assert.False(DeepMessages.OnStack(1024 * 1024, () => left.Equals(right)));
    }

    [Fact]
    public void A_message_parsed_deeper_than_a_recursion_could_go_encodes_again_byte_for_byte_on_an_ordinary_stack()
    {
        var deep = ParseOnLargeStack();

        byte[] encoded = DeepMessages.OnStack(1024 * 1024, deep.ToByteArray);

        // The hand-written nesting gives every level 4-byte sizes; the writer gives each the smallest width.
        Assert.Equal(DeepMessages.Minimal(Depth), encoded);
        Assert.Equal(deep, DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(encoded, DeepMessages.Unlimited)));
    }

    [Fact]
    public void A_message_built_in_code_deeper_than_a_recursion_could_go_encodes_with_the_smallest_size_widths()
    {
        var message = new FudgeMsg().Add("leaf", 7);
        for (int level = 0; level < Depth; level++) message = new FudgeMsg().Add(null, null, message);

        byte[] encoded = DeepMessages.OnStack(1024 * 1024, message.ToByteArray);

        Assert.Equal(DeepMessages.Minimal(Depth), encoded);
    }

    [Fact]
    public void Printing_a_message_deeper_than_the_stack_allows_is_cut_short()
    {
        var deep = DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(DeepMessages.Nested(20_000), DeepMessages.Unlimited));

        string text = DeepMessages.OnStack(512 * 1024, deep.ToString);

        Assert.Contains("nested too deep to print", text);
    }
}
