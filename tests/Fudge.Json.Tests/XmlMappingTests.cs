using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

public class XmlMappingTests
{
    [Fact]
    public void Fields_become_elements_with_name_ordinal_and_type_attributes()
    {
        var message = new FudgeMsg()
            .Add("name", "Kirk")
            .Add((short)5, 1)
            .Add("float array", new[] { 0.5f, 1f })
            .Add(null, "anonymous")
            .Add("fudgeField", true)
            .Add("sub", new FudgeMsg().Add("x", new byte[] { 1, 255, 3 }));
        var envelope = new FudgeEnvelope(message, schemaVersion: 3);

        string xml = FudgeXml.ToXml(envelope);

        Assert.Equal("<fudgeEnvelope schemaVersion=\"3\">"
                     + "<name type=\"string\">Kirk</name>"
                     + "<fudgeField5 ordinal=\"5\" type=\"byte\">1</fudgeField5>"
                     + "<floatarray name=\"float array\" type=\"float[]\">0.5,1</floatarray>"
                     + "<fudgeField type=\"string\">anonymous</fudgeField>"
                     + "<fudgeField name=\"fudgeField\" type=\"boolean\">true</fudgeField>"
                     + "<sub type=\"message\"><x type=\"byte[]\">1,-1,3</x></sub>"
                     + "</fudgeEnvelope>", xml);
        Assert.Equal(envelope, FudgeXml.ToEnvelope(xml));
    }

    [Fact]
    public void Types_can_be_left_to_the_reader_where_the_text_is_natural()
    {
        var message = new FudgeMsg().Add("s", "text").Add("i", 5).Add("d", new FudgeDate(2010, 3, 4));

        string xml = FudgeXml.ToXml(message, new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded });

        Assert.Equal("<fudgeEnvelope><s>text</s><i>5</i><d type=\"date\">2010-03-04</d></fudgeEnvelope>", xml);
    }

    [Fact]
    public void Untyped_elements_are_inferred_as_messages_indicators_or_strings()
    {
        var envelope = FudgeXml.ToEnvelope(
            "<?xml version=\"1.0\"?>\n<fudgeEnvelope processingDirectives=\"1\" taxonomy=\"http://example.com/taxonomy\">\n"
            + "  <a>  text  </a>\n  <b/>\n  <c>\n    <d>1</d>\n  </c>\n  <fudgeField7>x</fudgeField7>\n  <e key=\"12\">y</e>\n"
            + "  <flag type=\"bool\">on</flag>\n  <bytes type=\"byte[]\">1,255</bytes>\n</fudgeEnvelope>");
        var message = envelope.Message;

        Assert.Equal(1, envelope.ProcessingDirectives);
        Assert.Equal(0, envelope.TaxonomyId); // a taxonomy named by a string is not an id
        Assert.Equal("  text  ", message.GetString("a"));
        Assert.True(message.GetField("b")!.Value.IsIndicator);
        Assert.Equal("1", message.GetMessage("c")!.GetString("d"));
        Assert.Equal("x", message.GetString(7));
        Assert.Null(message[3].Name);
        Assert.Equal("e", message[4].Name); // the element name wins over key
        Assert.Equal(true, message.GetBoolean("flag"));
        Assert.Equal(new byte[] { 1, 255 }, message.GetBytes("bytes"));
    }

    [Fact]
    public void Names_keep_line_breaks_and_tabs()
    {
        var message = new FudgeMsg().Add("two\r\nlines\tand tab", 1);

        Assert.Equal(message, FudgeXml.ToMessage(FudgeXml.ToXml(message)));
    }

    [Fact]
    public void Strings_xml_cannot_carry_are_base64_encoded()
    {
        var message = new FudgeMsg().Add("s", "a\0b\r\n");

        string xml = FudgeXml.ToXml(message);

        Assert.Contains("encoding=\"base64\"", xml);
        Assert.Equal(message, FudgeXml.ToMessage(xml));
    }

    [Fact]
    public void Base64_strings_without_a_type_attribute_read_back_decoded()
    {
        var message = new FudgeMsg().Add("s", "a\0b\r\n").Add("sub", new FudgeMsg().Add("t", "\uFFFF"));
        var asJava = new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded };

        string xml = FudgeXml.ToXml(message, asJava);

        Assert.Contains("<s encoding=\"base64\">", xml);
        Assert.Equal(message, FudgeXml.ToMessage(xml));
    }

    [Fact]
    public void Untyped_text_marked_base64_that_is_not_base64_is_an_xml_error()
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope>\n<s encoding=\"base64\">not base64!</s></fudgeEnvelope>"));

        Assert.Equal(2, e.LineNumber);
        Assert.Contains("base64", e.Message);
    }

    [Fact]
    public void Taxonomy_names_can_name_the_elements_of_ordinal_only_fields()
    {
        var taxonomy = new FudgeTaxonomy(new System.Collections.Generic.Dictionary<short, string> { [1] = "ticker", [2] = "bad name!" });
        var envelope = new FudgeEnvelope(new FudgeMsg().Add(1, "ACME").Add(2, 5).Add(3, true), taxonomyId: 4);
        var settings = new FudgeXmlSettings
        {
            TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded,
            TaxonomyNames = true,
            ReaderOptions = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(4, taxonomy) },
        };

        string xml = FudgeXml.ToXml(envelope.ToByteArray(), settings);

        Assert.Equal("<fudgeEnvelope taxonomy=\"4\"><ticker ordinal=\"1\">ACME</ticker><badname ordinal=\"2\">5</badname><fudgeField3 ordinal=\"3\">true</fudgeField3></fudgeEnvelope>", xml);
    }
}
