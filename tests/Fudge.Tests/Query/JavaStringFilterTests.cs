using System;
using System.Buffers;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// Strings Fudge-Java wrote: a character past U+FFFF is a CESU-8 surrogate pair on the wire (U+1F600 is
/// <c>ED A0 BD ED B8 80</c>, not <c>F0 9F 98 80</c>), which the reader decodes to the same text. A filter answers on the
/// bytes what it answers on the decoded model, whichever form the document holds, and strings order by code point.
/// </summary>
public class JavaStringFilterTests
{
    private const string Grin = "\U0001F600";
    private const string Private = "\uE000"; // above every surrogate in UTF-16, below U+1F600 by code point

    /// <summary>
    /// A document whose text fields t, s and inner.s are written in <paramref name="encoding"/>; u, the same text as t,
    /// and p are always standard UTF-8.
    /// </summary>
    private static byte[] Document(FudgeStringEncoding encoding)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteString(FudgeFieldKey.Of("t"), Grin.AsSpan(), encoding);
        writer.WriteString(FudgeFieldKey.Of("s"), ("a" + Grin + "b").AsSpan(), encoding);
        writer.WriteString(FudgeFieldKey.Of("p"), Private.AsSpan(), FudgeStringEncoding.Utf8);
        writer.WriteString(FudgeFieldKey.Of("u"), Grin.AsSpan(), FudgeStringEncoding.Utf8);
        var inner = writer.BeginMessage(FudgeFieldKey.Of("inner"));
        writer.WriteString(FudgeFieldKey.Of("s"), Grin.AsSpan(), encoding);
        writer.EndMessage(inner);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    public static TheoryData<string, bool> Filters => new()
    {
        { "$.t == '😀'", true },
        { "$.t != '😀'", false },
        { "$.t == 'x'", false },
        { "$.s == 'a😀b'", true },
        { "$.t in ['x', '😀']", true },
        { "$.t in ['x', '😁']", false },
        { "$.inner.s == '😀'", true },
        { "$.t > 'z'", true },
        { "$.t > '\uE000'", true },          // U+1F600 > U+E000, though its CESU-8 lead byte ED is below EE
        { "$.t >= '\uFFFF'", true },
        { "$.t < '\uFFFF'", false },
        { "$.t >= '😀'", true },
        { "$.t > '😀'", false },
        { "$.t < '😁'", true },
        { "$.s > 'a\uFFFF'", true },
        { "$.s < 'a😀c'", true },
        { "$.p < '😀'", true },              // the model compares by code point too, not by UTF-16 unit
        { "$.p > '😀'", false },
        { "starts_with($.s, 'a😀')", true },
        { "ends_with($.s, '😀b')", true },
        { "contains($.s, '😀')", true },
        { "contains($.s, '😁')", false },
        { "contains($.s, 'b')", true },
        { "match($.t, '..')", true },         // two UTF-16 units
        { "match($.s, 'a.+b')", true },
        { "search($.s, '😀b$')", true },
        { "$..s == '😀'", true },             // the descendant walk, which passes over other strings
        { "$..s == 'a😀b'", true },
        { "$..s == '😁'", false },
        { "any($.inner, @.s == '😀')", true },
        { "!($.t != '😀') && $.inner", true }, // the general walk
        { "$.t == $.u", true },               // path against path, one side CESU-8
        { "$.u == $.inner.s", true },
        { "$.p < $.t", true },
        { "$.t > $.p", true },
        { "$.t < $.p", false },
    };

    [Theory]
    [MemberData(nameof(Filters))]
    public void A_string_fudge_java_wrote_passes_what_its_text_passes(string text, bool expected)
    {
        var filter = FudgeFilter.Compile(text);
        foreach (var encoding in new[] { FudgeStringEncoding.Utf8, FudgeStringEncoding.JavaCesu8 })
        {
            var bytes = Document(encoding);
            // Three times over the bytes: the loop's layouts are learned on the first and replayed after.
            for (int i = 0; i < 3; i++) Assert.Equal(expected, filter.Matches(bytes));
            Assert.Equal(expected, filter.MatchesByWalk(bytes));
            Assert.Equal(expected, filter.Root.Evaluate(new FudgeReader(bytes)));
            Assert.Equal(expected, filter.Matches(new FudgeReader(bytes)));
            Assert.Equal(expected, filter.Matches(Support.Segments.Split(bytes, 7, 19)));
            Assert.Equal(expected, filter.Matches(FudgeMsg.Parse(bytes)));
        }
    }

    [Fact]
    public void The_java_document_holds_cesu8_pairs_and_the_standard_one_does_not()
    {
        byte[] pair = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];
        Assert.True(Document(FudgeStringEncoding.JavaCesu8).AsSpan().IndexOf(pair) >= 0);
        Assert.True(Document(FudgeStringEncoding.Utf8).AsSpan().IndexOf(pair) < 0);
    }

    [Fact]
    public void A_walk_of_java_records_finds_the_one_with_the_text()
    {
        // Many records of one layout: the descendant walk learns it and passes over the records it refuses.
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var envelope = writer.BeginEnvelope();
        for (int i = 0; i < 40; i++)
        {
            var record = writer.BeginMessage(FudgeFieldKey.Of("record"));
            writer.WriteString(FudgeFieldKey.Of("name"), (i == 33 ? Grin : "\U0001F601").AsSpan());
            writer.EndMessage(record);
        }
        writer.EndEnvelope(envelope);
        writer.Flush();
        var bytes = output.WrittenSpan.ToArray();

        Assert.True(FudgeFilter.Compile("$..name == '😀'").Matches(bytes));
        Assert.False(FudgeFilter.Compile("$..name == '😂'").Matches(bytes));
    }

    private static readonly string[] Texts = { "a", "z", "\uE000", "\uFFFF", "😀", "😁", "a😀", "😀b", "a😀b", "\U0010FFFF", "\uD7FF" };

    private static readonly string[] Templates =
    {
        "$.s == '{0}'", "$.s != '{0}'", "$.s < '{0}'", "$.s <= '{0}'", "$.s > '{0}'", "$.s >= '{0}'", "$.s in ['q', '{0}']",
        "$.r.s == '{0}'", "$..s == '{0}'", "$..s >= '{0}'", "starts_with($.s, '{0}')", "ends_with($.s, '{0}')",
        "contains($..s, '{0}')", "search($.s, '{0}')", "$.s == '{0}' || $.r.s < '{0}'", "$.s > $.r.s", "$.s == $.r.s",
    };

    [Fact]
    public void On_random_documents_of_both_encodings_the_bytes_answer_what_the_model_answers()
    {
        var random = new Random(45);
        for (int i = 0; i < 400; i++)
        {
            var bytes = RandomDocument(random);
            var model = FudgeMsg.Parse(bytes);
            foreach (string template in Templates)
            {
                var filter = FudgeFilter.Compile(string.Format(System.Globalization.CultureInfo.InvariantCulture, template, Texts[random.Next(Texts.Length)]));
                bool expected = filter.Matches(model);
                Assert.True(expected == filter.Matches(bytes), $"{filter} on {Convert.ToHexString(bytes)}");
                Assert.Equal(expected, filter.MatchesByWalk(bytes));
                Assert.Equal(expected, filter.Root.Evaluate(new FudgeReader(bytes)));
            }
        }
    }

    // Fields s, and r.s, each of one or two texts joined, each written in either encoding.
    private static byte[] RandomDocument(Random random)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        for (int n = random.Next(3); n >= 0; n--) WriteText(ref writer, random);
        var inner = writer.BeginMessage(FudgeFieldKey.Of("r"));
        WriteText(ref writer, random);
        writer.EndMessage(inner);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static void WriteText(ref FudgeWriter writer, Random random)
    {
        string text = Texts[random.Next(Texts.Length)] + (random.Next(2) == 0 ? "" : Texts[random.Next(Texts.Length)]);
        writer.WriteString(FudgeFieldKey.Of("s"), text.AsSpan(), random.Next(2) == 0 ? FudgeStringEncoding.Utf8 : FudgeStringEncoding.JavaCesu8);
    }

    [Fact]
    public void Texts_order_by_code_point_as_strings_and_as_utf8_or_cesu8_bytes()
    {
        string[] pieces = { "", "a", "\uD7FF", "\uE000", "\uFFFF", "😀", "😁", "\U0010FFFF" };
        var random = new Random(46);
        for (int i = 0; i < 3000; i++)
        {
            string a = pieces[random.Next(pieces.Length)] + pieces[random.Next(pieces.Length)];
            string b = pieces[random.Next(pieces.Length)] + pieces[random.Next(pieces.Length)];
            int expected = Math.Sign(CodePoints(a).AsSpan().SequenceCompareTo(CodePoints(b)));

            Assert.Equal(expected, WireText.Compare(a, b));
            Assert.Equal(expected, WireText.Compare(System.Text.Encoding.UTF8.GetBytes(a), System.Text.Encoding.UTF8.GetBytes(b)));
            Assert.Equal(expected, WireText.Compare(Cesu8(a), System.Text.Encoding.UTF8.GetBytes(b)));
            Assert.Equal(expected, WireText.Compare(Cesu8(a), Cesu8(b)));
        }
    }

    private static int[] CodePoints(string text) => System.Linq.Enumerable.ToArray(System.Linq.Enumerable.Select(text.EnumerateRunes(), rune => rune.Value));

    private static byte[] Cesu8(string text)
    {
        var bytes = new byte[JavaCesu8.GetByteCount(text)];
        JavaCesu8.Encode(text, bytes);
        return bytes;
    }
}
