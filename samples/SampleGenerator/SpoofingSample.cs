using System.IO;

namespace Fudge.Samples;

/// <summary>
/// Names and values that try to make a viewer show something other than what they hold: Unicode direction controls
/// that reverse the text around them, and characters that draw nothing. A viewer must show each as a visible escape
/// and keep every name and value in its own direction run. The first message holds the two examples of issue 45 and
/// a zero-width space; the second one field per character class, one of them in a sub-message and one past the 64
/// characters a long value is cut at.
/// </summary>
internal static class SpoofingSample
{
    /// <summary>Displays as <c>real price: 100.00</c> without escaping.</summary>
    public const string ReversedPrice = "\u202e00.001 :ecirp laer";

    /// <summary>A name whose right-to-left override turns the type and value after it around.</summary>
    public const string ReversingName = "role\u202e";

    /// <summary>A name with a zero-width space, which looks like "userid".</summary>
    public const string ZeroWidthName = "user\u200bid";

    /// <summary>One character of each kind, with the name each field of the second message has.</summary>
    public static readonly (string Name, string Character)[] Characters =
    {
        ("lre", "\u202a"), ("rle", "\u202b"), ("pdf", "\u202c"), ("lro", "\u202d"), ("rlo", "\u202e"),
        ("lri", "\u2066"), ("rli", "\u2067"), ("fsi", "\u2068"), ("pdi", "\u2069"),
        ("lrm", "\u200e"), ("rlm", "\u200f"), ("alm", "\u061c"),
        ("zwsp", "\u200b"), ("zwnj", "\u200c"), ("zwj", "\u200d"), ("wj", "\u2060"), ("bom", "\ufeff"), ("shy", "\u00ad"),
        ("tag", "\U000E0041"), ("cancel_tag", "\U000E007F"),
        ("bell", "\u0007"), ("nel", "\u0085"), ("ls", "\u2028"), ("ps", "\u2029"), ("nbsp", "\u00a0"), ("filler", "\u3164"),
    };

    public static byte[] Create()
    {
        var output = new MemoryStream();
        Append(output, new FudgeMsg()
            .Add("quote", ReversedPrice)
            .Add(ReversingName, "nimda")
            .Add(ZeroWidthName, 7)
            .Add("plain", "nothing hidden here"));
        var each = new FudgeMsg();
        foreach (var (name, character) in Characters) each.Add(name, "a" + character + "b");
        each.Add("in\u2067name", 1);
        each.Add("nested\u200d", new FudgeMsg().Add("deep\u202e", "x\u2066y"));
        each.Add("long", new string('.', 100) + "\u202e" + new string('-', 100));
        each.Add("hebrew", "\u05e9\u05dc\u05d5\u05dd"); // right-to-left letters are text, not tricks: not escaped
        Append(output, each);
        return output.ToArray();
    }

    private static void Append(MemoryStream output, FudgeMsg message)
    {
        byte[] bytes = new FudgeEnvelope(message).ToByteArray();
        output.Write(bytes, 0, bytes.Length);
    }
}
