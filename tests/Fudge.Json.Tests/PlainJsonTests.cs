using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests;

public class PlainJsonTests
{
    [Fact]
    public void A_small_message_becomes_natural_json()
    {
        var message = new FudgeMsg().Add("name", "Kirk").Add("age", 42).Add("scores", new[] { 1, 2, 3 }).Add("ok", true).Add("none", null);

        Assert.Equal("{\"name\":\"Kirk\",\"age\":42,\"scores\":[1,2,3],\"ok\":true,\"none\":null}", FudgeJson.ToJson(message));
    }

    [Fact]
    public void Repeated_fields_collapse_into_an_array_at_the_first_position()
    {
        var message = new FudgeMsg().Add("a", 1).Add("b", true).Add("a", "x");

        Assert.Equal("{\"a\":[1,\"x\"],\"b\":true}", FudgeJson.ToJson(message));
    }

    [Fact]
    public void Repeated_fields_can_be_written_as_repeated_keys()
    {
        var message = new FudgeMsg().Add("a", 1).Add("b", true).Add("a", "x");
        var settings = new FudgeJsonSettings { RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys };

        Assert.Equal("{\"a\":1,\"b\":true,\"a\":\"x\"}", FudgeJson.ToJson(message, settings));
    }

    [Fact]
    public void Keys_are_names_or_ordinals_as_preferred_and_anonymous_fields_use_the_empty_key()
    {
        var message = new FudgeMsg().Add("n", 5, "both").Add((short)7, "ordinal only").Add(null, "anonymous");

        Assert.Equal("{\"n\":\"both\",\"7\":\"ordinal only\",\"\":\"anonymous\"}", FudgeJson.ToJson(message));
        Assert.Equal("{\"5\":\"both\",\"7\":\"ordinal only\",\"\":\"anonymous\"}",
            FudgeJson.ToJson(message, new FudgeJsonSettings { KeyPreference = FudgeJsonKeyPreference.OrdinalFirst }));
    }

    [Fact]
    public void Byte_arrays_are_signed_bytes_and_sub_messages_are_objects()
    {
        var message = new FudgeMsg().Add("bytes", new byte[] { 1, 255, 128 }).Add("sub", new FudgeMsg().Add("x", 1.5));

        Assert.Equal("{\"bytes\":[1,-1,-128],\"sub\":{\"x\":1.5}}", FudgeJson.ToJson(message));
    }

    [Fact]
    public void Byte_arrays_can_be_written_as_base64()
    {
        var message = new FudgeMsg().Add("bytes", new byte[] { 1, 255, 128 });

        Assert.Equal("{\"bytes\":\"Af+A\"}", FudgeJson.ToJson(message, new FudgeJsonSettings { ByteArrays = FudgeJsonByteArrays.Base64 }));
    }

    [Fact]
    public void Dates_and_times_are_rfc3339_text_and_unknown_types_are_parseable_text()
    {
        var message = new FudgeMsg()
            .Add("date", new FudgeDate(2010, 3, 4))
            .Add("time", new FudgeTime(11, 12, 13, 987654321, FudgeDateTimeAccuracy.Nanosecond, 4))
            .Add("when", new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(11, 12, 13, 0, FudgeDateTimeAccuracy.Second, 0)))
            .Add("year", new FudgeDateTime(new FudgeDate(1900, 0, 0), new FudgeTime(0, 0, FudgeDateTimeAccuracy.Century)))
            .Add("unknown", new FudgeUnknownValue(200, new byte[] { 0, 0xff }));

        Assert.Equal("{\"date\":\"2010-03-04\",\"time\":\"11:12:13.987654321+01:00\",\"when\":\"2010-03-04T11:12:13.000000000+00:00\","
                     + "\"year\":\"1900\",\"unknown\":\"type 200: 00ff\"}", FudgeJson.ToJson(message));
    }

    [Fact]
    public void Envelope_header_values_appear_as_members_when_not_zero_and_can_be_left_out()
    {
        var envelope = new FudgeEnvelope(new FudgeMsg().Add("a", 1), processingDirectives: 1, schemaVersion: 2, taxonomyId: 3);

        Assert.Equal("{\"fudgeProcessingDirectives\":1,\"fudgeSchemaVersion\":2,\"fudgeTaxonomy\":3,\"a\":1}", FudgeJson.ToJson(envelope));
        Assert.Equal("{\"a\":1}", FudgeJson.ToJson(envelope, new FudgeJsonSettings { EnvelopeAttributes = false }));
        Assert.Equal(envelope, FudgeJson.ToEnvelope("{\"fudgeProcessingDirectives\":1,\"a\":1,\"fudgeSchemaVersion\":2,\"fudgeTaxonomy\":3}"));
    }

    [Fact]
    public void Ordinal_only_fields_get_their_names_from_the_taxonomy()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "id", [2] = "name" });
        byte[] bytes = new FudgeEnvelope(new FudgeMsg().Add("id", 7).Add("name", "x"), taxonomyId: 9).ToByteArray(taxonomy);
        var settings = new FudgeJsonSettings
        {
            EnvelopeAttributes = false,
            ReaderOptions = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(9, taxonomy) },
        };

        Assert.Equal("{\"1\":7,\"2\":\"x\"}", FudgeJson.ToJson(bytes, new FudgeJsonSettings { EnvelopeAttributes = false }));
        Assert.Equal("{\"id\":7,\"name\":\"x\"}", FudgeJson.ToJson(bytes, settings));
    }

    [Fact]
    public void Reading_picks_the_smallest_integer_a_double_primitive_arrays_repeats_and_sub_messages()
    {
        var message = FudgeJson.ToMessage(
            "{\"a\":5,\"b\":300,\"c\":1e3,\"d\":[1,2,3],\"e\":[1,\"x\"],\"f\":null,\"\":\"anon\",\"7\":\"ord\",\"g\":{\"h\":true},"
            + "\"big\":[1,5000000000],\"mixed\":[1,2.5],\"when\":\"2010-03-04T11:12:13Z\",\"007\":1}");

        Assert.Equal(FudgeTypeId.Int8, message.GetField("a")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.Int16, message.GetField("b")!.Value.TypeId);
        Assert.Equal(1000.0, message.GetValue("c"));
        Assert.Equal(new[] { 1, 2, 3 }, message.GetValue("d"));
        Assert.Equal(new object[] { (sbyte)1, "x" }, message.GetAll("e").ConvertAll(f => f.Value));
        Assert.True(message.GetField("f")!.Value.IsIndicator);
        Assert.Equal("anon", message.GetAnonymous()[0].Value);
        Assert.Equal("ord", message.GetString(7));
        Assert.Equal(true, message.GetMessage("g")!.GetBoolean("h"));
        Assert.Equal(new[] { 1L, 5000000000L }, message.GetValue("big"));
        Assert.Equal(new[] { 1.0, 2.5 }, message.GetValue("mixed"));
        Assert.Equal("2010-03-04T11:12:13Z", message.GetString("when")); // strings are never sniffed for dates
        Assert.Equal((sbyte)1, message.GetValue("007")); // not the canonical text of an ordinal, so a name
    }

    [Fact]
    public void Number_arrays_can_be_read_as_repeated_fields()
    {
        var settings = new FudgeJsonSettings { NumberArrays = FudgeJsonNumberArrays.RepeatedFields };

        var message = FudgeJson.ToMessage("{\"d\":[1,2,300]}", settings);

        Assert.Equal(new object[] { (sbyte)1, (sbyte)2, (short)300 }, message.GetAll("d").ConvertAll(f => f.Value));
    }

    [Fact]
    public void Several_envelopes_can_be_read_from_one_reader()
    {
        using var reader = new JsonTextReader(new System.IO.StringReader("{\"a\":1}\n{\"b\":2}")) { SupportMultipleContent = true };

        var first = FudgeMsg.Parse(FudgeJson.ToFudge(reader));
        var second = FudgeMsg.Parse(FudgeJson.ToFudge(reader));

        Assert.Equal((sbyte)1, first.GetValue("a"));
        Assert.Equal((sbyte)2, second.GetValue("b"));
    }

    [Fact]
    public void Repeated_keys_in_the_json_become_repeated_fields_in_order()
    {
        var message = FudgeJson.ToMessage("{\"a\":1,\"b\":2,\"a\":3}");

        Assert.Equal(new[] { "a", "b", "a" }, new[] { message[0].Name, message[1].Name, message[2].Name });
    }

    [Fact]
    public void The_converter_serializes_messages_inside_ordinary_objects()
    {
        var settings = new JsonSerializerSettings { Converters = { new FudgeMsgJsonConverter() } };
        var holder = new Holder { Id = 3, Payload = new FudgeMsg().Add("x", 1).Add("y", "z") };

        string json = JsonConvert.SerializeObject(holder, settings);
        var back = JsonConvert.DeserializeObject<Holder>(json, settings)!;

        Assert.Equal("{\"Id\":3,\"Payload\":{\"x\":1,\"y\":\"z\"}}", json);
        Assert.Equal(holder.Payload, back.Payload);
        Assert.Equal(3, back.Id);
    }

    [Fact]
    public void The_converter_can_use_the_lossless_form()
    {
        var settings = new JsonSerializerSettings { Converters = { new FudgeMsgJsonConverter(FudgeJsonSettings.Lossless) } };
        var message = new FudgeMsg().Add("x", 5, new FudgeField(null, null, FudgeTypeId.Int64, 1L).Value).Add(new FudgeField("x", null, FudgeTypeId.Int64, 1L));

        var back = JsonConvert.DeserializeObject<FudgeMsg>(JsonConvert.SerializeObject(message, settings), settings);

        Assert.Equal(message, back);
    }

    public sealed class Holder
    {
        public int Id { get; set; }
        public FudgeMsg? Payload { get; set; }
    }
}

internal static class ListExtensions
{
    public static List<object> ConvertAll(this IReadOnlyList<FudgeField> fields, System.Func<FudgeField, object> map)
    {
        var list = new List<object>();
        foreach (var f in fields) list.Add(map(f));
        return list;
    }
}

public class DocumentationExampleTests
{
    [Fact]
    public void The_plain_example_of_the_documentation_holds()
    {
        var message = new FudgeMsg().Add("name", "Kirk").Add("age", 42).Add("tag", "a").Add("tag", "b").Add((short)7, true)
            .Add(null, "anonymous").Add("sub", new FudgeMsg().Add("x", 1.5));

        Assert.Equal("{\"fudgeSchemaVersion\":2,\"name\":\"Kirk\",\"age\":42,\"tag\":[\"a\",\"b\"],\"7\":true,\"\":\"anonymous\",\"sub\":{\"x\":1.5}}",
            FudgeJson.ToJson(new FudgeEnvelope(message, schemaVersion: 2)));
    }

    [Fact]
    public void Nested_number_arrays_in_a_mixed_array_become_primitive_arrays()
    {
        var message = FudgeJson.ToMessage("{\"a\":[[1,2],[3]]}");

        Assert.Equal(new[] { new[] { 1, 2 }, new[] { 3 } }, message.GetAll("a").Select(f => (int[])f.Value));
    }
}
