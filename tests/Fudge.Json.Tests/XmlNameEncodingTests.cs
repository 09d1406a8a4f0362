using System;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>Field names XML cannot carry travel as base64 and come back as the same bytes (issue 10, item 1).</summary>
public class XmlNameEncodingTests
{
    [Fact]
    public void The_minimal_input_raises_only_a_format_error()
    {
        // The campaign's input: an indicator named "\0\0", then one stray byte. The stray byte must be the only complaint.
        var e = Assert.Throws<FudgeFormatException>(() => FudgeXml.ToXml(Convert.FromHexString("000000000000000e880002000000")));
        Assert.Equal(13, e.Offset);
    }

    [Fact]
    public void An_indicator_named_with_two_nul_characters_converts_and_reads_back()
    {
        var bytes = Convert.FromHexString("000000000000000d8800020000");

        string xml = FudgeXml.ToXml(bytes);

        Assert.Contains("nameEncoding=\"base64\"", xml);
        Assert.Equal(bytes, FudgeXml.ToFudge(xml));
        Assert.Equal("\0\0", FudgeMsg.Parse(FudgeXml.ToFudge(xml))[0].Name);
    }

    [Theory]
    [InlineData("a\u0001b")]
    [InlineData("\uFFFF")]
    [InlineData("line\rbreak")]
    [InlineData("ok\0")]
    public void Names_with_characters_xml_forbids_round_trip(string name)
    {
        var bytes = new FudgeMsg().Add(name, 1).Add(name, new FudgeMsg().Add(name, "v")).ToByteArray();

        Assert.Equal(bytes, FudgeXml.ToFudge(FudgeXml.ToXml(bytes)));
        Assert.Equal(bytes, FudgeXml.ToFudge(FudgeXml.ToXml(bytes, indent: true)));
    }

    [Fact]
    public void Ordinary_names_are_not_encoded()
    {
        Assert.DoesNotContain("nameEncoding", FudgeXml.ToXml(new FudgeMsg().Add("a b", 1)));
    }

    [Fact]
    public void An_invalid_base64_name_is_an_xml_error()
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope><fudgeField name=\"!!\" nameEncoding=\"base64\"/></fudgeEnvelope>"));
        Assert.Equal(1, e.LineNumber);
    }
}
