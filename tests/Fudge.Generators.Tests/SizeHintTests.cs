using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Generated writers reserve each sub-message's size bytes by the size the previous one of its kind needed. Whatever
/// came before, the bytes must be those of a fresh encoding with minimal size widths.
/// </summary>
public class SizeHintTests
{
    [Fact]
    public void Objects_and_lists_of_every_size_class_in_any_order_encode_as_the_DOM_does()
    {
        foreach (int children in new[] { 1, 400, 2, 40, 3000, 0, 5, 400, 1 })
        {
            var tree = Tree(children);
            byte[] generated = FudgeSerializer.Serialize(tree);
            byte[] reencoded = FudgeMsg.Parse(generated).ToByteArray(); // the DOM writes every size after the fact
            Assert.Equal(reencoded, generated);
            Assert.Equal(children, FudgeSerializer.Deserialize<Node>(generated).Children!.Count);
        }
    }

    // A root whose children list and whose children vary from a few bytes to past the 2-byte size limit.
    private static Node Tree(int children)
    {
        var root = new Node { Name = "root", Children = new List<Node>() };
        for (int i = 0; i < children; i++)
            root.Children.Add(new Node { Name = new string('n', i % 300), Next = i % 7 == 0 ? new Node { Name = "next" } : null });
        return root;
    }
}
