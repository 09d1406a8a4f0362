using System;
using Fudge.Bson.Tests.Support;
using MongoDB.Bson;
using Xunit;

namespace Fudge.Bson.Tests;

/// <summary>The lossless mapping table of docs/store.md, cell by cell, and the exact bytes it gives back.</summary>
public class LosslessMappingTests
{
    private static BsonDocument Field(BsonTest.WriteFields write)
    {
        byte[] envelope = BsonTest.Envelope(write);
        byte[] bson = FudgeBson.ToBson(envelope, FudgeBsonSettings.Lossless);
        Assert.Equal(envelope, FudgeBson.ToFudge(bson, FudgeBsonSettings.Lossless));
        return BsonTest.Parse(bson)["fields"][0].AsBsonDocument;
    }

    [Fact]
    public void Every_field_is_a_document_of_name_ordinal_type_and_value()
    {
        var field = Field((ref FudgeWriter w) => w.WriteExactInt32(FudgeFieldKey.Of("n", 3), 5));

        Assert.Equal(BsonDocument.Parse("{ name: 'n', ordinal: 3, type: 4, value: 5 }"), field);
    }

    [Fact]
    public void Integer_widths_are_kept_by_the_type()
    {
        Assert.Equal(new BsonInt32(5), Field((ref FudgeWriter w) => w.WriteExactInt8("f", 5))["value"]);
        Assert.Equal(2, Field((ref FudgeWriter w) => w.WriteExactInt8("f", 5))["type"].AsInt32);
        Assert.Equal(3, Field((ref FudgeWriter w) => w.WriteExactInt16("f", 5))["type"].AsInt32);
        Assert.Equal(new BsonInt64(5), Field((ref FudgeWriter w) => w.WriteExactInt64("f", 5))["value"]);
    }

    [Fact]
    public void Indicator_has_no_value_and_anonymous_fields_no_name()
    {
        Assert.Equal(BsonDocument.Parse("{ type: 0 }"), Field((ref FudgeWriter w) => w.WriteIndicator(FudgeFieldKey.Anonymous)));
        Assert.Equal(BsonDocument.Parse("{ name: '', type: 0 }"), Field((ref FudgeWriter w) => w.WriteIndicator("")));
    }

    [Fact]
    public void Floats_are_doubles_unless_a_nan_needs_its_bits()
    {
        Assert.Equal(new BsonDouble(0.5), Field((ref FudgeWriter w) => w.WriteSingle("f", 0.5f))["value"]);
        var nan = Field((ref FudgeWriter w) => w.WriteSingle("f", BitConverter.Int32BitsToSingle(0x7FC00001)))["value"].AsBsonBinaryData;
        Assert.Equal(BsonBinarySubType.UserDefined, nan.SubType);
        Assert.Equal(new byte[] { 0x7F, 0xC0, 0x00, 0x01 }, nan.Bytes);
        Assert.Equal(BsonType.Binary, Field((ref FudgeWriter w) => w.WriteSingleArray("f", new[] { 1f, float.NaN }))["value"].BsonType);
        Assert.Equal(new BsonArray { 1.0, 2.0 }, Field((ref FudgeWriter w) => w.WriteSingleArray("f", new[] { 1f, 2f }))["value"]);
        // The driver's BsonDouble turns -0.0 into +0.0, so negative zero travels as its bits too.
        Assert.Equal(BsonType.Binary, Field((ref FudgeWriter w) => w.WriteDouble("f", -0.0))["value"].BsonType);
        Assert.Equal(BsonType.Binary, Field((ref FudgeWriter w) => w.WriteDoubleArray("f", new[] { 1.0, -0.0 }))["value"].BsonType);
    }

    [Fact]
    public void Byte_arrays_keep_their_fudge_type()
    {
        var field = Field((ref FudgeWriter w) => w.WriteRawField("f", FudgeTypeId.ByteArray, new byte[16]));
        Assert.Equal(FudgeTypeId.ByteArray, field["type"].AsInt32);
        Assert.Equal(BsonBinarySubType.Binary, field["value"].AsBsonBinaryData.SubType);
        Assert.Equal(FudgeTypeId.ByteArray16, Field((ref FudgeWriter w) => w.WriteBytes("f", new byte[16]))["type"].AsInt32);
    }

    [Fact]
    public void Typed_arrays_are_number_arrays()
    {
        Assert.Equal(new BsonArray { 1, 2 }, Field((ref FudgeWriter w) => w.WriteInt16Array("f", new short[] { 1, 2 }))["value"]);
        Assert.Equal(7, Field((ref FudgeWriter w) => w.WriteInt16Array("f", new short[] { 1, 2 }))["type"].AsInt32);
        Assert.Equal(new BsonArray { 1L }, Field((ref FudgeWriter w) => w.WriteInt64Array("f", new[] { 1L }))["value"]);
        Assert.Equal(new BsonArray { 0.25 }, Field((ref FudgeWriter w) => w.WriteDoubleArray("f", new[] { 0.25 }))["value"]);
    }

    [Fact]
    public void Dates_times_and_unknown_types_carry_their_raw_fudge_payload()
    {
        var date = Field((ref FudgeWriter w) => w.WriteDate("f", new FudgeDate(2010, 3, 4)))["value"].AsBsonBinaryData;
        Assert.Equal(BsonBinarySubType.UserDefined, date.SubType);
        Assert.Equal(4, date.Bytes.Length);
        Assert.Equal(12, Field((ref FudgeWriter w) => w.WriteDateTime("f", new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(1, 2, 3, 4))))["value"].AsBsonBinaryData.Bytes.Length);
        Assert.Equal(8, Field((ref FudgeWriter w) => w.WriteTime("f", new FudgeTime(1, 2, 3, 4)))["value"].AsBsonBinaryData.Bytes.Length);
        var unknown = Field((ref FudgeWriter w) => w.WriteRawField("f", 200, new byte[] { 9 }));
        Assert.Equal(200, unknown["type"].AsInt32);
        Assert.Equal(new byte[] { 9 }, unknown["value"].AsBsonBinaryData.Bytes);
    }

    [Fact]
    public void Sub_messages_are_field_arrays_and_the_header_is_kept()
    {
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope(1, 2, 3);
        var sub = writer.BeginMessage("sub");
        writer.WriteString("x", "y");
        writer.EndMessage(sub);
        writer.EndEnvelope(envelope);
        writer.Flush();
        byte[] original = output.WrittenSpan.ToArray();

        byte[] bson = FudgeBson.ToBson(original, FudgeBsonSettings.Lossless);

        Assert.Equal(BsonDocument.Parse("{ processingDirectives: 1, schemaVersion: 2, taxonomy: 3, fields: [ { name: 'sub', type: 15, value: [ { name: 'x', type: 14, value: 'y' } ] } ] }"), BsonTest.Parse(bson));
        Assert.Equal(original, FudgeBson.ToFudge(bson, FudgeBsonSettings.Lossless));
    }

    [Fact]
    public void Member_order_inside_a_field_does_not_matter()
    {
        var document = BsonDocument.Parse("{ fields: [ { value: 5, type: 3, name: 'a' } ] }");

        var message = FudgeBson.ToMessage(document, FudgeBsonSettings.Lossless);

        Assert.Equal(new FudgeField("a", null, FudgeTypeId.Int16, (short)5), message[0]);
    }

    [Theory]
    [InlineData("{ }", "needs a 'fields' array")]
    [InlineData("{ fields: [ { name: 'a' } ] }", "needs a 'type'")]
    [InlineData("{ fields: [ { type: 2, value: 300 } ] }", "must be in -128..127")]
    [InlineData("{ fields: [ { type: 4 } ] }", "needs a 'value'")]
    [InlineData("{ fields: [ { type: 10, value: 0.1 } ] }", "not a float value")]
    [InlineData("{ fields: [ { type: 26, value: 5 } ] }", "Fudge-typed binary")]
    [InlineData("{ fields: [ { type: 4, value: 5, extra: 1 } ] }", "no member 'extra'")]
    [InlineData("{ fields: [ { type: 17, value: BinData(0, 'AQI=') } ] }", "is 4 bytes, not 2")]
    [InlineData("{ other: 1, fields: [] }", "no member 'other'")]
    public void Documents_that_break_the_lossless_rules_are_rejected_with_a_reason(string json, string reason)
    {
        var error = Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(BsonDocument.Parse(json).ToBson(), FudgeBsonSettings.Lossless));

        Assert.Contains(reason, error.Message);
        Assert.True(error.Offset >= 0);
    }
}
