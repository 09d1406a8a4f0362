using System;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Tests.Support;
using Fudge.Xml;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>
/// Issue 10, items 5, 8, 9 and 10: no text path crashes on deep nesting, every text form reads back at any depth the
/// binary reader accepts, field names are never taken for envelope header members, and names are validated alike.
/// </summary>
public class DepthAndReadBackTests
{
    private const int Hostile = 100_000;

    // Deep enough that no recursion over it fits an ordinary thread's stack (the depth issue 41 found failing).
    private const int Deep = 20_000;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Fudge_to_json_of_very_deep_nesting_raises_a_format_error(bool lossless)
    {
        var settings = new FudgeJsonSettings { Mode = lossless ? FudgeJsonMode.Lossless : FudgeJsonMode.Plain, ReaderOptions = DeepMessages.Unlimited };

        Assert.Throws<FudgeFormatException>(() => FudgeJson.ToJson(DeepMessages.Nested(Hostile), settings));
    }

    [Fact]
    public void Fudge_to_xml_of_very_deep_nesting_raises_a_format_error()
    {
        var settings = new FudgeXmlSettings { ReaderOptions = DeepMessages.Unlimited };

        Assert.Throws<FudgeFormatException>(() => FudgeXml.ToXml(DeepMessages.Nested(Hostile), settings));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_message_parsed_without_a_depth_limit_converts_to_json_on_an_ordinary_stack(bool lossless)
    {
        var settings = new FudgeJsonSettings { Mode = lossless ? FudgeJsonMode.Lossless : FudgeJsonMode.Plain, ReaderOptions = DeepMessages.Unlimited };
        var deep = DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(DeepMessages.Nested(Deep), DeepMessages.Unlimited));

        string json = DeepMessages.OnStack(1024 * 1024, () => FudgeJson.ToJson(deep, settings));
        var jobject = DeepMessages.OnStack(1024 * 1024, () => FudgeJson.ToJObject(deep, settings));

        // Read back (a reader recursing per level, given the stack it needs) to the message it was made from.
        Assert.Equal(deep, DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeJson.ToMessage(json, settings)));
        Assert.Equal(deep, DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeJson.ToMessage(jobject, settings)));
    }

    [Fact]
    public void A_message_parsed_without_a_depth_limit_converts_to_xml_on_an_ordinary_stack()
    {
        var settings = new FudgeXmlSettings { ReaderOptions = DeepMessages.Unlimited };
        var deep = DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(DeepMessages.Nested(Deep), DeepMessages.Unlimited));

        string xml = DeepMessages.OnStack(1024 * 1024, () => FudgeXml.ToXml(deep, settings));

        Assert.Equal(deep, DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeXml.ToMessage(xml, settings)));
    }

    [Fact]
    public void A_deep_message_is_still_held_to_the_depth_limit_of_the_settings()
    {
        var deep = DeepMessages.OnStack(256 * 1024 * 1024, () => FudgeMsg.Parse(DeepMessages.Nested(Deep), DeepMessages.Unlimited));

        Assert.Throws<FudgeFormatException>(() => FudgeJson.ToJson(deep));
        Assert.Throws<FudgeFormatException>(() => FudgeXml.ToXml(deep));
    }

    [Fact]
    public void Xml_to_fudge_of_very_deep_nesting_raises_an_xml_error()
    {
        string xml = "<e>" + string.Concat(Enumerable.Repeat("<a>", Hostile)) + string.Concat(Enumerable.Repeat("</a>", Hostile)) + "</e>";

        Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge(xml, new FudgeXmlSettings { ReaderOptions = DeepMessages.Unlimited }));
    }

    [Theory]
    [InlineData("{\"a\":", "}", false)]
    [InlineData("{\"a\":[", "]}", false)]
    [InlineData("[", "]", false)]
    [InlineData("{\"type\":\"message\",\"value\":[", "]}", true)]
    public void Json_to_fudge_over_a_reader_without_a_depth_limit_raises_a_json_error(string open, string close, bool lossless)
    {
        string json = lossless
            ? "{\"fields\":[" + string.Concat(Enumerable.Repeat(open, Hostile)) + string.Concat(Enumerable.Repeat(close, Hostile)) + "]}"
            : "{\"x\":" + string.Concat(Enumerable.Repeat(open, Hostile)) + "1" + string.Concat(Enumerable.Repeat(close, Hostile)) + "}";
        var settings = new FudgeJsonSettings { Mode = lossless ? FudgeJsonMode.Lossless : FudgeJsonMode.Plain, ReaderOptions = DeepMessages.Unlimited };
        using var reader = new JsonTextReader(new StringReader(json)) { MaxDepth = null };

        Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(reader, settings));
    }

    [Theory]
    [InlineData(31)]
    [InlineData(64)]
    public void Lossless_json_reads_back_at_every_depth_the_reader_accepts(int depth)
    {
        var bytes = DeepMessages.Nested(depth);

        // Compared as messages: the hand-written nesting uses 4-byte sizes where the writer picks the smallest width.
        Assert.Equal(FudgeMsg.Parse(bytes), FudgeJson.ToMessage(FudgeJson.ToJson(bytes, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless));
        Assert.Equal(FudgeMsg.Parse(bytes), FudgeJson.ToMessage(FudgeJson.ToJObject(bytes, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Plain_json_reads_back_at_the_default_depth_limit()
    {
        var bytes = DeepMessages.Nested(64);

        Assert.Equal(FudgeMsg.Parse(bytes), FudgeJson.ToMessage(FudgeJson.ToJson(bytes)));
    }

    [Fact]
    public void Plain_json_of_repeated_sub_messages_reads_back_at_the_default_depth_limit()
    {
        var msg = new FudgeMsg().Add("leaf", 1);
        for (int i = 0; i < 63; i++) msg = new FudgeMsg().Add("m", msg).Add("m", new FudgeMsg());

        Assert.Equal(msg, FudgeJson.ToMessage(FudgeJson.ToJson(msg)));
    }

    [Fact]
    public void Xml_reads_back_at_the_default_depth_limit()
    {
        var bytes = DeepMessages.Nested(64);

        Assert.Equal(FudgeMsg.Parse(bytes), FudgeXml.ToMessage(FudgeXml.ToXml(bytes)));
    }

    [Theory]
    [InlineData("fudgeTaxonomy")]
    [InlineData("fudgeSchemaVersion")]
    [InlineData("fudgeProcessingDirectives")]
    public void A_field_named_like_a_header_member_holding_a_message_reads_back(string name)
    {
        var msg = new FudgeMsg().Add(name, new FudgeMsg().Add("a", 1)).Add("b", 2);

        Assert.Equal(msg, FudgeJson.ToMessage(FudgeJson.ToJson(msg)));
    }

    [Fact]
    public void A_field_named_like_a_header_member_holding_an_array_reads_back()
    {
        var msg = new FudgeMsg().Add("fudgeTaxonomy", new[] { 1, 2, 300000 });

        Assert.Equal(msg, FudgeJson.ToMessage(FudgeJson.ToJson(msg)));
    }

    [Fact]
    public void Header_members_with_numbers_are_still_the_header()
    {
        var envelope = FudgeJson.ToEnvelope("{\"fudgeTaxonomy\":5,\"a\":1}");

        Assert.Equal(5, envelope.TaxonomyId);
        Assert.Single(envelope.Message);
    }

    [Fact]
    public void Plain_json_with_ordinal_first_keys_refuses_a_name_that_is_not_utf8()
    {
        var bytes = Convert.FromHexString("000000000000000f9802000001ff00");
        var settings = new FudgeJsonSettings { KeyPreference = FudgeJsonKeyPreference.OrdinalFirst };

        var parse = Assert.Throws<FudgeFormatException>(() => FudgeMsg.Parse(bytes));
        var json = Assert.Throws<FudgeFormatException>(() => FudgeJson.ToJson(bytes, settings));
        Assert.Equal(parse.Offset, json.Offset);
        Assert.Throws<FudgeFormatException>(() => FudgeJson.ToJson(bytes, new FudgeJsonSettings { KeyPreference = FudgeJsonKeyPreference.OrdinalFirst, RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys }));
    }
}
