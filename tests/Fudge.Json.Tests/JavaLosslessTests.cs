using System;
using System.Buffers;
using System.IO;
using System.Linq;
using Fudge.Xml;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>
/// Lossless JSON and XML keep Fudge-Java's CESU-8 text as CESU-8: a name or string whose supplementary characters are
/// CESU-8 on the wire is marked <c>cesu-8</c>, and reading the mark writes those bytes again, so a message mixing
/// Java's text with standard UTF-8 comes back byte for byte.
/// </summary>
public class JavaLosslessTests
{
    private const string Grin = "\U0001F600";
    private static readonly byte[] GrinUtf8 = [0xF0, 0x9F, 0x98, 0x80];
    private static readonly byte[] GrinJava = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];

    /// <summary>A string field named U+1F600 holding "a" U+1F600, both in CESU-8, as Fudge-Java 0.3 writes it.</summary>
    private static readonly byte[] JavaEnvelope = [0, 0, 0, 0, 0, 0, 0, 25, 0x28, FudgeTypeId.String, 6, .. GrinJava, 7, (byte)'a', .. GrinJava];

    /// <summary>
    /// Fudge-Java's text next to standard UTF-8 in one message and in a sub-message: a writer with the Java options
    /// writes CESU-8 unless a string or key asks for UTF-8.
    /// </summary>
    private static byte[] MixedEnvelope()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var envelope = writer.BeginEnvelope(schemaVersion: 1);
        writer.WriteString("java", "a" + Grin);                                         // CESU-8 text
        writer.WriteString("utf8", ("b" + Grin).AsSpan(), FudgeStringEncoding.Utf8);     // 4-byte UTF-8 text
        writer.WriteInt32("k" + Grin, 7);                                                // a CESU-8 name
        writer.WriteString(FudgeFieldKey.Create("n" + Grin, 3, FudgeStringEncoding.Utf8), Grin); // UTF-8 name, CESU-8 text
        writer.WriteString("bmp", "é, 한 and \uD7FF");                                    // 0xED lead bytes that are no surrogates
        var sub = writer.BeginMessage("sub" + Grin);
        writer.WriteString("java", Grin + Grin);
        writer.WriteString(FudgeFieldKey.Create("utf8" + Grin, null, FudgeStringEncoding.Utf8), Grin.AsSpan(), FudgeStringEncoding.Utf8);
        var inner = writer.BeginMessage(FudgeFieldKey.Create("inner" + Grin, 1, FudgeStringEncoding.Utf8));
        writer.WriteString(1, "deep" + Grin);
        writer.EndMessage(inner);
        writer.EndMessage(sub);
        writer.EndEnvelope(envelope);
        writer.Flush();
        writer.Dispose();
        return output.WrittenSpan.ToArray();
    }

    [Fact]
    public void The_mixed_message_really_holds_both_forms()
    {
        byte[] bytes = MixedEnvelope();

        Assert.True(bytes.AsSpan().IndexOf(GrinJava) >= 0);
        Assert.True(bytes.AsSpan().IndexOf(GrinUtf8) >= 0);
    }

    [Fact]
    public void Lossless_json_marks_cesu8_names_and_strings()
    {
        string json = FudgeJson.ToJson(JavaEnvelope, FudgeJsonSettings.Lossless);

        Assert.Equal("{\"fields\":[{\"name\":\"" + Grin + "\",\"nameEncoding\":\"cesu-8\",\"type\":\"string\",\"encoding\":\"cesu-8\",\"value\":\"a" + Grin + "\"}]}", json);
        Assert.Equal(JavaEnvelope, FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Lossless_json_returns_mixed_text_byte_for_byte()
    {
        byte[] bytes = MixedEnvelope();

        string json = FudgeJson.ToJson(bytes, FudgeJsonSettings.Lossless);

        Assert.Equal(bytes, FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
        Assert.Equal(bytes, FudgeJson.ToFudge(FudgeJson.ToJson(bytes, FudgeJsonSettings.Lossless, Formatting.Indented), FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Every_lossless_path_agrees_and_round_trips()
    {
        byte[] bytes = MixedEnvelope();

        // The UTF-8 writer and Newtonsoft's writer produce the same text.
        var utf8 = new ArrayBufferWriter<byte>();
        FudgeJson.WriteJson(bytes, utf8, FudgeJsonSettings.Lossless);
        var text = new StringWriter();
        using (var newtonsoft = new JsonTextWriter(text)) FudgeJson.WriteJson(bytes, newtonsoft, FudgeJsonSettings.Lossless);
        Assert.Equal(text.ToString(), System.Text.Encoding.UTF8.GetString(utf8.WrittenSpan));

        // A streaming reader and the DOM both read it back (to bytes: a FudgeMsg holds text, not its encoding).
        var streamed = new ArrayBufferWriter<byte>();
        using (var reader = new JsonTextReader(new StringReader(text.ToString()))) FudgeJson.ReadJson(reader, streamed, FudgeJsonSettings.Lossless);
        Assert.Equal(bytes, streamed.WrittenSpan.ToArray());
        var dom = FudgeJson.ToJObject(bytes, FudgeJsonSettings.Lossless);
        using var tokens = new JTokenReader(dom);
        Assert.Equal(bytes, FudgeJson.ToFudge(tokens, FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Only_text_that_is_cesu8_on_the_wire_is_marked()
    {
        var fields = (JArray)FudgeJson.ToJObject(MixedEnvelope(), FudgeJsonSettings.Lossless)["fields"]!;
        var sub = (JArray)fields.Single(f => (string?)f["name"] == "sub" + Grin)["value"]!;

        Assert.Equal("cesu-8", (string?)Field(fields, "java")["encoding"]);
        Assert.Null(Field(fields, "utf8")["encoding"]);
        Assert.Equal("cesu-8", (string?)Field(fields, "k" + Grin)["nameEncoding"]);
        Assert.Null(Field(fields, "n" + Grin)["nameEncoding"]);
        Assert.Equal("cesu-8", (string?)Field(fields, "n" + Grin)["encoding"]);
        Assert.Null(Field(fields, "bmp")["encoding"]);
        Assert.Equal("cesu-8", (string?)Field(sub, "java")["encoding"]);
        Assert.Null(Field(sub, "utf8" + Grin)["nameEncoding"]);
        Assert.Null(Field(sub, "utf8" + Grin)["encoding"]);
    }

    private static JToken Field(JArray fields, string name) => fields.Single(f => (string?)f["name"] == name);

    [Fact]
    public void A_mark_may_come_after_the_value_when_the_type_does()
    {
        string json = "{\"fields\":[{\"value\":\"a" + Grin + "\",\"encoding\":\"cesu-8\",\"name\":\"" + Grin + "\",\"type\":\"string\",\"nameEncoding\":\"CESU-8\"}]}";

        Assert.Equal(JavaEnvelope, FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Unmarked_text_follows_the_writer_options_and_marked_text_is_cesu8_whatever_they_say()
    {
        string unmarked = "{\"fields\":[{\"name\":\"" + Grin + "\",\"type\":\"string\",\"value\":\"a" + Grin + "\"}]}";
        var java = FudgeJsonSettings.Lossless;
        java.WriterOptions = FudgeWriterOptions.JavaCompatible;

        Assert.Equal(JavaEnvelope, FudgeJson.ToFudge(unmarked, java));
        Assert.Equal(JavaEnvelope, FudgeJson.ToFudge(FudgeJson.ToJson(JavaEnvelope, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Xml_marks_cesu8_names_and_strings()
    {
        string xml = FudgeXml.ToXml(JavaEnvelope);

        Assert.Equal("<fudgeEnvelope><fudgeField nameEncoding=\"cesu-8\" name=\"" + Grin + "\" type=\"string\" encoding=\"cesu-8\">a" + Grin + "</fudgeField></fudgeEnvelope>", xml);
        Assert.Equal(JavaEnvelope, FudgeXml.ToFudge(xml));
    }

    [Fact]
    public void Xml_returns_mixed_text_byte_for_byte()
    {
        byte[] bytes = MixedEnvelope();

        Assert.Equal(bytes, FudgeXml.ToFudge(FudgeXml.ToXml(bytes)));
        Assert.Equal(bytes, FudgeXml.ToFudge(FudgeXml.ToXml(bytes, indent: true)));
    }

    [Fact]
    public void Text_xml_cannot_carry_goes_as_base64_of_the_cesu8_bytes()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var envelope = writer.BeginEnvelope();
        writer.WriteString("nul\0" + Grin, "line\r" + Grin);
        writer.EndEnvelope(envelope);
        writer.Flush();
        byte[] bytes = output.WrittenSpan.ToArray();

        string xml = FudgeXml.ToXml(bytes);

        Assert.Contains("nameEncoding=\"base64\"", xml);
        Assert.Contains("encoding=\"base64\"", xml);
        Assert.DoesNotContain("cesu-8", xml);
        Assert.Equal(bytes, FudgeXml.ToFudge(xml));
    }

    [Fact]
    public void Xml_written_as_fudge_java_does_carries_no_marks()
    {
        var asJava = new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded };
        byte[] utf8 = new FudgeMsg().Add(Grin, "a" + Grin).ToByteArray();

        Assert.Equal(FudgeXml.ToXml(utf8, asJava), FudgeXml.ToXml(JavaEnvelope, asJava));
    }

    [Fact]
    public void Text_without_supplementary_characters_converts_as_before()
    {
        // 한 (U+D55C) and U+D7FF start with 0xED like a CESU-8 surrogate, and still need no mark.
        var message = new FudgeMsg().Add("é 한", "a \uD7FF 한").Add("sub", new FudgeMsg().Add("x", "y"));
        byte[] standard = message.ToByteArray();
        byte[] java = message.ToByteArray(FudgeWriterOptions.JavaCompatible);

        string json = FudgeJson.ToJson(java, FudgeJsonSettings.Lossless);
        string xml = FudgeXml.ToXml(java);

        Assert.Equal(standard, java);
        Assert.Equal("{\"fields\":[{\"name\":\"é 한\",\"type\":\"string\",\"value\":\"a \uD7FF 한\"},"
                     + "{\"name\":\"sub\",\"type\":\"message\",\"value\":[{\"name\":\"x\",\"type\":\"string\",\"value\":\"y\"}]}]}", json);
        Assert.Equal("<fudgeEnvelope><é한 name=\"é 한\" type=\"string\">a \uD7FF 한</é한>"
                     + "<sub type=\"message\"><x type=\"string\">y</x></sub></fudgeEnvelope>", xml);
    }

    [Theory]
    [InlineData("{\"name\":\"a\",\"type\":\"string\",\"encoding\":\"utf-16\",\"value\":\"x\"}", "'encoding' must be \"cesu-8\"")]
    [InlineData("{\"name\":\"a\",\"type\":\"string\",\"encoding\":8,\"value\":\"x\"}", "'encoding' must be \"cesu-8\"")]
    [InlineData("{\"name\":\"a\",\"nameEncoding\":null,\"type\":\"string\",\"value\":\"x\"}", "'nameEncoding' must be \"cesu-8\"")]
    [InlineData("{\"nameEncoding\":\"cesu-8\",\"type\":\"string\",\"value\":\"x\"}", "has 'nameEncoding' but no 'name'")]
    [InlineData("{\"nameEncoding\":\"cesu-8\",\"type\":\"indicator\"}", "has 'nameEncoding' but no 'name'")]
    [InlineData("{\"name\":\"a\",\"type\":\"int\",\"encoding\":\"cesu-8\",\"value\":1}", "applies to a string value, not to a field of type int")]
    [InlineData("{\"name\":\"a\",\"value\":[],\"encoding\":\"cesu-8\",\"type\":\"message\"}", "applies to a string value, not to a field of type message")]
    [InlineData("{\"name\":\"a\",\"encoding\":\"cesu-8\"}", "applies to a string value, not to a field of type indicator")]
    [InlineData("{\"name\":\"a\",\"type\":\"string\",\"value\":\"x\",\"encoding\":\"cesu-8\"}", "'encoding' comes after 'value'")]
    public void Malformed_json_marks_are_reported_where_they_are(string field, string reason)
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"fields\":[\n" + field + "]}", FudgeJsonSettings.Lossless));

        Assert.Contains(reason, e.Message);
        Assert.Equal(2, e.LineNumber);
        Assert.True(e.LinePosition > 0);
    }

    [Fact]
    public void A_name_within_255_bytes_as_utf8_but_not_as_cesu8_is_refused()
    {
        string name = string.Concat(Enumerable.Repeat(Grin, 50)); // 200 bytes in UTF-8, 300 in CESU-8
        string json = "{\"fields\":[\n{\"name\":\"" + name + "\",\"nameEncoding\":\"cesu-8\",\"type\":\"indicator\"}]}";

        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
        var x = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope>\n<a nameEncoding=\"cesu-8\" name=\"" + name + "\"/></fudgeEnvelope>"));

        Assert.Contains("255", e.Message);
        Assert.Equal(2, e.LineNumber);
        Assert.Contains("255", x.Message);
        Assert.Equal(2, x.LineNumber);
    }

    [Theory]
    [InlineData("<a type=\"string\" encoding=\"cesu8\">x</a>", "encoding=\"cesu8\" is not an encoding")]
    [InlineData("<a name=\"b\" nameEncoding=\"utf-7\">x</a>", "nameEncoding=\"utf-7\" is not an encoding")]
    [InlineData("<fudgeField nameEncoding=\"cesu-8\">x</fudgeField>", "on a field without a name")]
    [InlineData("<a type=\"int\" encoding=\"cesu-8\">1</a>", "applies to string values only")]
    [InlineData("<a type=\"message\" encoding=\"cesu-8\"><b>1</b></a>", "applies to string values only")]
    [InlineData("<a encoding=\"cesu-8\"><b>1</b></a>", "applies to string values only")]
    [InlineData("<a encoding=\"cesu-8\"/>", "applies to string values only")]
    public void Malformed_xml_marks_are_reported_where_they_are(string field, string reason)
    {
        var e = Assert.Throws<FudgeXmlException>(() => FudgeXml.ToFudge("<fudgeEnvelope>\n" + field + "</fudgeEnvelope>"));

        Assert.Contains(reason, e.Message);
        Assert.Equal(2, e.LineNumber);
        Assert.True(e.LinePosition > 0);
    }

    [Fact]
    public void An_untyped_xml_string_may_be_marked()
    {
        string xml = "<fudgeEnvelope><fudgeField nameEncoding=\"cesu-8\" name=\"" + Grin + "\" encoding=\"cesu-8\">a" + Grin + "</fudgeField></fudgeEnvelope>";

        Assert.Equal(JavaEnvelope, FudgeXml.ToFudge(xml));
    }
}
