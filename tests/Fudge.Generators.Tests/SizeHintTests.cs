using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Generated writers reserve each sub-message's size bytes by the size the previous one of its kind needed, or by a
/// guess of the object's own size. Whatever came before and however wrong the guess, the bytes must be those of a
/// fresh encoding with minimal size widths.
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

    [Fact]
    public void Objects_whose_size_guess_is_wrong_either_way_encode_as_the_DOM_does()
    {
        // A position's size bytes are reserved by a guess of its size (__SizeGuess) that counts a string's characters as
        // one byte each and its lots at a recent lot's size: text of two- and three-byte characters, and lots with and
        // without venues, put the real sizes on the other side of 255 bytes from the guess, both ways.
        var book = new WholeGraph.GBook { Name = "guesses" };
        for (int i = 0; i < 60; i++)
        {
            var position = new WholeGraph.GPosition { Id = i, Instrument = new string(i % 3 == 0 ? 'é' : i % 3 == 1 ? '€' : 'e', 10 + i % 40), Hash = new byte[i % 5 * 8] };
            for (int j = 0; j < i % 7; j++)
                position.Lots.Add(new WholeGraph.GLot { Sequence = j, Quantity = 1 << (j * 5), Venue = j % 2 == 0 ? null : new string('v', 8 * j) });
            book.Positions.Add(position);
        }
        for (int pass = 0; pass < 2; pass++) // the second with the recent sizes the first left
        {
            byte[] generated = FudgeSerializer.Serialize(book);
            Assert.Equal(FudgeMsg.Parse(generated).ToByteArray(), generated);
            Assert.Equal(60, FudgeSerializer.Deserialize<WholeGraph.GBook>(generated).Positions.Count);
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
