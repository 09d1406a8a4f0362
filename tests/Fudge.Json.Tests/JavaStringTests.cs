using System;
using Fudge.Views;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>
/// The JSON and XML converters read Fudge-Java's CESU-8 text and, with <see cref="FudgeWriterOptions.JavaCompatible"/>
/// in their settings, write it.
/// </summary>
public class JavaStringTests
{
    private const string Grin = "\U0001F600";
    private static readonly byte[] GrinUtf8 = [0xF0, 0x9F, 0x98, 0x80];
    private static readonly byte[] GrinJava = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];

    /// <summary>A string field named U+1F600 holding U+1F600, as Fudge-Java 0.3 writes it.</summary>
    private static readonly byte[] JavaEnvelope = [0, 0, 0, 0, 0, 0, 0, 24, 0x28, FudgeTypeId.String, 6, .. GrinJava, 6, .. GrinJava];

    /// <summary>The same message in standard UTF-8.</summary>
    private static readonly byte[] Utf8Envelope = [0, 0, 0, 0, 0, 0, 0, 20, 0x28, FudgeTypeId.String, 4, .. GrinUtf8, 4, .. GrinUtf8];

    [Fact]
    public void Json_from_java_bytes_holds_the_characters()
    {
        Assert.Equal("{\"" + Grin + "\":\"" + Grin + "\"}", FudgeJson.ToJson(JavaEnvelope));
        Assert.Equal(FudgeJson.ToJson(Utf8Envelope), FudgeJson.ToJson(JavaEnvelope));
        // Lossless JSON also says which text was CESU-8 (JavaLosslessTests), and is otherwise the same.
        Assert.Equal(FudgeJson.ToJson(Utf8Envelope, FudgeJsonSettings.Lossless),
            FudgeJson.ToJson(JavaEnvelope, FudgeJsonSettings.Lossless).Replace(",\"nameEncoding\":\"cesu-8\"", "").Replace(",\"encoding\":\"cesu-8\"", ""));
    }

    [Fact]
    public void Json_to_fudge_writes_utf8_by_default_and_cesu8_for_java()
    {
        string json = "{\"" + Grin + "\":\"" + Grin + "\"}";
        var java = FudgeJsonSettings.Plain;
        java.WriterOptions = FudgeWriterOptions.JavaCompatible;

        Assert.Equal(Utf8Envelope, FudgeJson.ToFudge(json));
        Assert.Equal(JavaEnvelope, FudgeJson.ToFudge(json, java));
    }

    [Fact]
    public void Xml_from_java_bytes_holds_the_characters_and_writes_back_either_way()
    {
        // As Fudge-Java writes XML (no type on strings), the text carries no trace of its encoding on the wire.
        var asJava = new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded };
        string xml = FudgeXml.ToXml(JavaEnvelope, asJava);

        Assert.Equal(FudgeXml.ToXml(Utf8Envelope, asJava), xml);
        Assert.Contains(">" + Grin + "<", xml, StringComparison.Ordinal);
        Assert.Equal(Utf8Envelope, FudgeXml.ToFudge(xml));
        Assert.Equal(JavaEnvelope, FudgeXml.ToFudge(xml, new FudgeXmlSettings { WriterOptions = FudgeWriterOptions.JavaCompatible }));
        // The default, exact XML marks it and gives the Java bytes back either way (JavaLosslessTests).
        Assert.Equal(JavaEnvelope, FudgeXml.ToFudge(FudgeXml.ToXml(JavaEnvelope)));
    }

    [Fact]
    public void The_dictionary_view_of_a_java_message_is_keyed_by_the_decoded_name()
    {
        var view = FudgeMsg.Parse(JavaEnvelope).AsDictionary();

        Assert.Equal(Grin, view[Grin]);
    }
}
