using System.Linq;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

public class MalformedInputTests
{
    [Fact]
    public void Malformed_json_names_line_and_position()
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\n  \"a\": 1,\n  \"b\": tru\n}"));

        Assert.Equal(3, e.LineNumber);
        Assert.True(e.LinePosition > 0);
        Assert.Contains("line 3", e.Message);
        Assert.IsType<Newtonsoft.Json.JsonReaderException>(e.InnerException);
    }

    [Fact]
    public void Truncated_json_is_reported()
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"a\": [1, 2,"));

        Assert.Equal(1, e.LineNumber);
    }

    [Fact]
    public void A_top_level_value_that_is_not_an_object_is_refused()
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("[1, 2]"));

        Assert.Contains("expected a JSON object", e.Message);
    }

    [Fact]
    public void Content_after_the_object_is_refused()
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"a\":1}\n{\"b\":2}"));

        Assert.Equal(2, e.LineNumber);
    }

    [Fact]
    public void Lossless_fields_with_a_bad_type_or_value_are_reported_where_they_are()
    {
        var badType = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"fields\":[\n{\"type\":\"integer\",\"value\":1}]}", FudgeJsonSettings.Lossless));
        var outOfRange = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"fields\":[\n{\"type\":\"byte\",\"value\":300}]}", FudgeJsonSettings.Lossless));
        var wrongLength = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"fields\":[{\"type\":\"byte[4]\",\"value\":[1,2]}]}", FudgeJsonSettings.Lossless));

        Assert.Contains("'type' must be a Fudge type keyword", badType.Message);
        Assert.Equal(2, badType.LineNumber);
        Assert.Contains("300", outOfRange.Message);
        Assert.Contains("byte[4]", wrongLength.Message);
    }

    [Fact]
    public void A_field_name_longer_than_255_bytes_is_refused()
    {
        string name = new string('x', 256);

        Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"" + name + "\":1}"));
    }

    [Fact]
    public void Nesting_beyond_the_limit_is_refused()
    {
        string json = new string('[', 0) + string.Concat(System.Linq.Enumerable.Repeat("{\"a\":", 10)) + "1" + new string('}', 10);
        var settings = new FudgeJsonSettings { ReaderOptions = new FudgeReaderOptions { MaxDepth = 5 } };

        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(json, settings));

        Assert.Contains("MaxDepth", e.Message);
    }

    [Fact]
    public void Malformed_xml_names_line_and_position()
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope>\n  <a>1</b>\n</fudgeEnvelope>"));

        Assert.Equal(2, e.LineNumber);
        Assert.True(e.LinePosition > 0);
        Assert.IsType<System.Xml.XmlException>(e.InnerException);
    }

    [Fact]
    public void Xml_whose_first_bytes_are_in_no_encoding_the_reader_detects_is_refused_as_malformed()
    {
        // Found by the fuzzer: 00 00 FF FE reads as a UTF-32 mark, and the reader refuses the bytes after it while it
        // is being created, before the document is read.
        var bytes = new byte[] { 0, 0, 0xFF, 0xFE }.Concat(System.Text.Encoding.UTF8.GetBytes("<fudgeEnvelope/>")).ToArray();

        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge(new System.IO.MemoryStream(bytes)));

        Assert.Equal(1, e.LineNumber);
        Assert.IsType<System.Xml.XmlException>(e.InnerException);
    }

    [Fact]
    public void Xml_values_that_do_not_parse_as_their_type_are_reported_where_they_are()
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope>\n\n  <a type=\"int\">x1</a></fudgeEnvelope>"));

        Assert.Equal(3, e.LineNumber);
        Assert.Contains("int", e.Message);
    }

    [Fact]
    public void Xml_mixing_text_and_elements_is_refused()
    {
        Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope><a>text<b>1</b></a></fudgeEnvelope>"));
    }
}

public class TokenReaderInputTests
{
    [Fact]
    public void An_unsigned_integer_beyond_int64_from_a_jobject_is_reported_not_thrown_raw()
    {
        var json = new Newtonsoft.Json.Linq.JObject { ["big"] = new Newtonsoft.Json.Linq.JValue(ulong.MaxValue) };

        Assert.Throws<FudgeJsonException>(() => FudgeJson.ToMessage(json));
    }
}
