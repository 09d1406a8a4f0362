using System;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Tests.Support;
using Fudge.Xml;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>
/// XML text from outside, cut short or corrupted at every offset, nested without end or playing entity tricks: reading
/// it into a message or into Fudge bytes accepts it or raises <see cref="FudgeXmlException"/> naming a line and a
/// position, never another exception and never a hang.
/// </summary>
public class XmlHostileInputTests
{
    /// <summary>Bytes written over each offset: markup, a quote, an entity start, NUL, a UTF-8 lead byte with no follower.</summary>
    private static readonly byte[] Corruptions = { (byte)'<', (byte)'>', (byte)'"', (byte)'&', 0x00, 0xC3 };

    /// <summary>Documents that use every part of the mapping: each type, typed and inferred, every key attribute, both encodings.</summary>
    public static TheoryData<string> Documents => new(DocumentsByName.Keys);

    private static readonly System.Collections.Generic.Dictionary<string, string> DocumentsByName = new()
    {
        ["every type, typed"] = FudgeXml.ToXml(EveryType(), indent: true),
        ["every type, inferred where possible"] = FudgeXml.ToXml(EveryType(), new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded }),
        ["attributes, comments, CDATA and entities"] =
            "<?xml version=\"1.0\"?>\n<fudgeEnvelope schemaVersion=\"3\" taxonomy=\"7\">\n"
            + "  <!-- a comment --><a key=\"5\" type=\"int\"> 12 </a><b index=\"-2\">x&amp;y<![CDATA[<z>]]></b>\n"
            + "  <fudgeField3 type=\"BOOL\">on</fudgeField3><c name=\"\" type=\"string\" encoding=\"base64\">aGk=</c>\n"
            + "  <d nameEncoding=\"base64\" name=\"AGE=\" type=\"14\">&#x263A;</d><e type=\"message\"><?pi x?><f/></e>\n"
            + "  <g type=\"string\" encoding=\"cesu-8\">\U0001F600</g><h type=\"byte[4]\">1,-1,255,0</h><i ordinal=\" 7 \"></i>\n"
            + "</fudgeEnvelope>",
    };

    [Theory]
    [MemberData(nameof(Documents))]
    public void The_documents_read_as_they_are(string document)
    {
        var envelope = FudgeXml.ToEnvelope(DocumentsByName[document]);

        Assert.NotEmpty(envelope.Message);
        Assert.Equal(FudgeEnvelope.Parse(FudgeXml.ToFudge(DocumentsByName[document])), envelope);
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void A_document_cut_short_anywhere_is_refused_where_it_ends(string document)
    {
        string text = DocumentsByName[document];
        int firstElement = text.IndexOf('<', text.StartsWith("<?xml", StringComparison.Ordinal) ? 1 : 0);
        for (int length = 0; length < text.Length; length++)
        {
            string cut = text.Substring(0, length);
            // Before the root element there is nothing to point at: the reader says "root element is missing" at 0:0.
            bool positioned = length > firstElement;
            AssertRefused(() => FudgeXml.ToMessage(cut), positioned, $"{document} cut to {length} characters");
            AssertRefused(() => FudgeXml.ToFudge(new MemoryStream(Encoding.UTF8.GetBytes(cut))), positioned, $"{document} cut to {length} bytes");
        }
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void A_document_corrupted_anywhere_reads_or_is_refused_with_a_position(string document)
    {
        byte[] original = Encoding.UTF8.GetBytes(DocumentsByName[document]);
        for (int offset = 0; offset < original.Length; offset++)
        {
            foreach (byte corruption in Corruptions)
            {
                if (original[offset] == corruption) continue;
                byte[] corrupted = (byte[])original.Clone();
                corrupted[offset] = corruption;
                AssertReadsOrIsRefused(() => FudgeXml.ToEnvelope(new MemoryStream(corrupted)), $"{document}, 0x{corruption:x2} at {offset}");
                AssertReadsOrIsRefused(() => FudgeXml.ToFudge(new MemoryStream(corrupted)), $"{document}, 0x{corruption:x2} at {offset}");
            }
        }
    }

    [Fact]
    public void Nesting_past_the_depth_limit_is_refused_at_the_element_that_passes_it()
    {
        string xml = "<m>" + string.Concat(Enumerable.Repeat("<a>", 100_000)) + string.Concat(Enumerable.Repeat("</a>", 100_000)) + "</m>";

        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToMessage(xml));

        Assert.Contains("MaxDepth", e.Message);
        int passing = FudgeReaderOptions.Default.MaxDepth + 1; // the first <a> is a top-level field, at depth 0
        Assert.Equal((1, "<m>".Length + passing * "<a>".Length + 2), (e.LineNumber, e.LinePosition)); // the name of the <a> one level too deep
    }

    [Fact]
    public void Nesting_deeper_than_the_stack_with_no_depth_limit_is_refused_not_a_crash()
    {
        string xml = "<m>" + string.Concat(Enumerable.Repeat("<a>", 1_000_000)) + "</m>";
        var settings = new FudgeXmlSettings { ReaderOptions = new FudgeReaderOptions { MaxDepth = int.MaxValue } };

        AssertRefused(() => FudgeXml.ToMessage(xml, settings), positioned: true, "a million nested elements");
    }

    [Theory]
    [InlineData("<!DOCTYPE m [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><m><x>&c;</x></m>")]
    [InlineData("<!DOCTYPE m [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]><m><x>&secret;</x></m>")]
    [InlineData("<!DOCTYPE m SYSTEM \"http://127.0.0.1:9/m.dtd\"><m/>")]
    public void Document_type_declarations_are_refused_before_any_entity_is_expanded(string xml)
    {
        // The reader refuses the DTD where it starts, before it has read a node, so it names no line (0:0).
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToMessage(xml));

        Assert.StartsWith("malformed XML: For security reasons DTD is prohibited", e.Message);
    }

    [Theory]
    [InlineData("<m><x>&undeclared;</x></m>")]
    [InlineData("<m><x>&#0;</x></m>")]
    [InlineData("<m><x>&#xFFFF;</x></m>")]
    [InlineData("<m><x>&#xD83D;&#xDE00;</x></m>")]
    [InlineData("<m><x>&#99999999999999999999;</x></m>")]
    [InlineData("<m><x name=\"&#xD800;\"/></m>")]
    [InlineData("<m><x type=\"&#0;\"/></m>")]
    [InlineData("<m><x>&amp</x></m>")]
    public void Entity_tricks_are_refused_as_malformed_xml(string xml)
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToMessage(xml));

        Assert.StartsWith("malformed XML", e.Message);
        Assert.True(e.LineNumber > 0 && e.LinePosition > 0, $"{e.LineNumber}:{e.LinePosition} {e.Message}");
    }

    [Fact]
    public void Character_references_in_attributes_are_the_characters_they_stand_for()
    {
        var message = FudgeXml.ToMessage("<m><x type=\"&#x31;&#52;\" name=\"a&#10;b\"/><fudgeField key=\"&#x35;\">v</fudgeField></m>");

        Assert.Equal(FudgeTypeId.String, message[0].TypeId);
        Assert.Equal("a\nb", message[0].Name);
        Assert.Equal((short)5, message[1].Ordinal);
    }

    [Fact]
    public void A_typed_field_holding_child_elements_is_refused_where_the_child_is()
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToMessage("<m>\n  <a type=\"int\">1<b/></a></m>"));

        Assert.Contains("int field holds child elements", e.Message);
        Assert.Equal((2, 19), (e.LineNumber, e.LinePosition)); // at <b>
    }

    [Fact]
    public void A_document_over_the_field_limit_is_refused_at_the_field_that_passes_it_before_any_field_is_built()
    {
        string xml = "<m>\n" + string.Concat(Enumerable.Repeat("<a/>", 10)) + "\n<b><c/></b></m>";
        var limit = new FudgeXmlSettings { ReaderOptions = new FudgeReaderOptions { MaxFieldCount = 11 } };

        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToMessage(xml, limit));

        Assert.Contains("MaxFieldCount", e.Message);
        Assert.Equal((3, 5), (e.LineNumber, e.LinePosition)); // <c/>, the twelfth field counted at every depth
        Assert.Equal(11, FudgeEnvelope.Parse(FudgeXml.ToFudge(xml, limit)).Message.Count); // to bytes: no fields are built, no limit
    }

    private static FudgeMsg EveryType()
    {
        var sub = new FudgeMsg().Add(1, "XNAS").Add("empty", "").Add("nothing", FudgeIndicator.Instance);
        return new FudgeMsg()
            .Add("flag", true)
            .Add("byte", (sbyte)-5)
            .Add("short", (short)1234)
            .Add("int", 123456)
            .Add("long", 12345678901L)
            .Add("float", 1.5f)
            .Add("double", -0.25)
            .Add("text", "a < b & \"c\"\r\n")
            .Add("bytes", new byte[] { 1, 2, 255 })
            .Add("shorts", new short[] { 1, -2 })
            .Add("ints", new[] { 3, 4 })
            .Add("longs", new long[] { 5, 6 })
            .Add("floats", new[] { 0.5f })
            .Add("doubles", new[] { 2.5 })
            .Add("date", new FudgeDate(2010, 3, 4))
            .Add("time", new FudgeTime(11, 12, 13, 0, FudgeDateTimeAccuracy.Second))
            .Add("sub", sub)
            .Add(7, "ordinal only")
            .Add("both", 9, "name and ordinal");
    }

    private static void AssertRefused(Action read, bool positioned, string what)
    {
        var e = Record.Exception(read);
        Assert.True(e is FudgeXmlException, $"{what}: {e?.GetType().Name ?? "accepted"}: {e?.Message}");
        var xml = (FudgeXmlException)e!;
        if (positioned) Assert.True(xml.LineNumber > 0 && xml.LinePosition > 0, $"{what}: no position in '{xml.Message}'");
    }

    private static void AssertReadsOrIsRefused(Action read, string what)
    {
        var e = Record.Exception(read);
        if (e is null) return;
        Assert.True(e is FudgeXmlException, $"{what}: {e.GetType().Name}: {e.Message}");
        var xml = (FudgeXmlException)e;
        Assert.True(xml.LineNumber > 0 && xml.LinePosition > 0, $"{what}: no position in '{xml.Message}'");
    }
}
