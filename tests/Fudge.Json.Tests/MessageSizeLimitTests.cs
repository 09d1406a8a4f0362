using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>JSON and XML input obey MaxMessageSize while they are written, reporting the text position (issue 10, item 6).</summary>
public class MessageSizeLimitTests
{
    private static FudgeReaderOptions Limit(int bytes) => new() { MaxMessageSize = bytes };

    [Fact]
    public void The_minimal_json_over_the_limit_is_a_json_error()
    {
        // {"min":"min"} encodes to 18 bytes: the 8-byte header and a 10-byte string field.
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToEnvelope("{\"min\":\"min\"}", new FudgeJsonSettings { ReaderOptions = Limit(17) }));

        Assert.Contains("MaxMessageSize", e.Message);
        Assert.Equal(1, e.LineNumber);
        Assert.True(e.LinePosition > 0);
    }

    [Fact]
    public void Json_at_the_limit_is_accepted()
    {
        var envelope = FudgeJson.ToEnvelope("{\"min\":\"min\"}", new FudgeJsonSettings { ReaderOptions = Limit(18) });

        Assert.Equal("min", envelope.Message.GetString("min"));
    }

    [Fact]
    public void A_large_json_document_is_refused_where_it_crosses_the_limit()
    {
        string json = "{\"a\":\"" + new string('x', 100) + "\",\n\"b\":1,\n\"c\":2}";

        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(json, new FudgeJsonSettings { ReaderOptions = Limit(64) }));

        Assert.Equal(2, e.LineNumber);
    }

    [Fact]
    public void Lossless_json_over_the_limit_is_a_json_error()
    {
        string json = "{\"fields\":[{\"name\":\"min\",\"type\":\"string\",\"value\":\"min\"}]}";

        Assert.Throws<FudgeJsonException>(() => FudgeJson.ToEnvelope(json, new FudgeJsonSettings { Mode = FudgeJsonMode.Lossless, ReaderOptions = Limit(17) }));
    }

    [Fact]
    public void Xml_over_the_limit_is_an_xml_error()
    {
        string xml = "<fudgeEnvelope>\n<min>min</min>\n</fudgeEnvelope>";

        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToEnvelope(xml, new FudgeXmlSettings { ReaderOptions = Limit(17) }));

        Assert.Contains("MaxMessageSize", e.Message);
        Assert.True(e.LineNumber >= 2);
        Assert.Equal("min", FudgeXml.ToEnvelope(xml, new FudgeXmlSettings { ReaderOptions = Limit(18) }).Message.GetString("min"));
    }
}

/// <summary>JSON output obeys MaxFieldCount (issue 10, item 7).</summary>
public class FieldCountLimitJsonTests
{
    [Theory]
    [InlineData(FudgeJsonMode.Lossless, FudgeJsonRepeatedFields.CollapseToArray)]
    [InlineData(FudgeJsonMode.Plain, FudgeJsonRepeatedFields.CollapseToArray)]
    [InlineData(FudgeJsonMode.Plain, FudgeJsonRepeatedFields.RepeatKeys)]
    public void Json_out_accepts_the_limit_and_refuses_one_more(FudgeJsonMode mode, FudgeJsonRepeatedFields repeats)
    {
        var msg = new FudgeMsg().Add("m", new FudgeMsg().Add("a", 1).Add("a", 2)).Add("b", 3);
        var bytes = msg.ToByteArray();
        FudgeJsonSettings Settings(int max) => new() { Mode = mode, RepeatedFields = repeats, ReaderOptions = new FudgeReaderOptions { MaxFieldCount = max } };

        Assert.Contains("\"b\"", FudgeJson.ToJson(bytes, Settings(4)));
        var e = Assert.Throws<FudgeFormatException>(() => FudgeJson.ToJson(bytes, Settings(3)));
        Assert.Contains("MaxFieldCount", e.Message);
    }
}
