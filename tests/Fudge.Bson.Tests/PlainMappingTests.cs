using System;
using Fudge.Bson.Tests.Support;
using MongoDB.Bson;
using Xunit;

namespace Fudge.Bson.Tests;

/// <summary>
/// The plain mapping table of docs/store.md, cell by cell: each Fudge type streamed to BSON and read with the driver's
/// BsonBinaryReader, then read back into Fudge.
/// </summary>
public class PlainMappingTests
{
    private static BsonValue ToBsonValue(BsonTest.WriteFields write)
    {
        byte[] bson = FudgeBson.ToBson(BsonTest.Envelope(write));
        var document = BsonTest.Parse(bson);
        Assert.Equal(document.ToBson(), bson); // the driver writes the same bytes back
        return document["f"];
    }

    private static FudgeField RoundTrip(BsonTest.WriteFields write)
    {
        var message = FudgeMsg.Parse(FudgeBson.ToFudge(FudgeBson.ToBson(BsonTest.Envelope(write))));
        return Assert.Single(message);
    }

    [Fact]
    public void Indicator_is_null()
    {
        Assert.Equal(BsonNull.Value, ToBsonValue((ref FudgeWriter w) => w.WriteIndicator("f")));
        Assert.Equal(FudgeTypeId.Indicator, RoundTrip((ref FudgeWriter w) => w.WriteIndicator("f")).TypeId);
    }

    [Fact]
    public void Boolean_is_boolean()
    {
        Assert.Equal(BsonBoolean.True, ToBsonValue((ref FudgeWriter w) => w.WriteBoolean("f", true)));
        Assert.Equal(false, RoundTrip((ref FudgeWriter w) => w.WriteBoolean("f", false)).Value);
    }

    [Fact]
    public void Int8_int16_int32_are_int32_and_come_back_reduced()
    {
        Assert.Equal(new BsonInt32(-5), ToBsonValue((ref FudgeWriter w) => w.WriteExactInt8("f", -5)));
        Assert.Equal(new BsonInt32(300), ToBsonValue((ref FudgeWriter w) => w.WriteExactInt16("f", 300)));
        Assert.Equal(new BsonInt32(7), ToBsonValue((ref FudgeWriter w) => w.WriteExactInt32("f", 7)));
        var back = RoundTrip((ref FudgeWriter w) => w.WriteExactInt32("f", 7));
        Assert.Equal(FudgeTypeId.Int8, back.TypeId); // plain keeps the value, not the width
        Assert.Equal((sbyte)7, back.Value);
    }

    [Fact]
    public void Int64_is_int64()
    {
        Assert.Equal(new BsonInt64(1L << 40), ToBsonValue((ref FudgeWriter w) => w.WriteExactInt64("f", 1L << 40)));
        Assert.Equal(1L << 40, RoundTrip((ref FudgeWriter w) => w.WriteExactInt64("f", 1L << 40)).Value);
    }

    [Fact]
    public void Float_and_double_are_double()
    {
        Assert.Equal(new BsonDouble(0.5), ToBsonValue((ref FudgeWriter w) => w.WriteSingle("f", 0.5f)));
        Assert.Equal(new BsonDouble((double)0.1f), ToBsonValue((ref FudgeWriter w) => w.WriteSingle("f", 0.1f)));
        Assert.Equal(new BsonDouble(0.1), ToBsonValue((ref FudgeWriter w) => w.WriteDouble("f", 0.1)));
        var back = RoundTrip((ref FudgeWriter w) => w.WriteSingle("f", 0.5f));
        Assert.Equal(FudgeTypeId.Double, back.TypeId);
    }

    [Fact]
    public void String_is_string()
    {
        Assert.Equal(new BsonString("héllo\0!"), ToBsonValue((ref FudgeWriter w) => w.WriteString("f", "héllo\0!")));
        Assert.Equal("héllo\0!", RoundTrip((ref FudgeWriter w) => w.WriteString("f", "héllo\0!")).Value);
    }

    [Fact]
    public void Byte_arrays_of_every_width_are_generic_binary()
    {
        var bytes = new byte[] { 1, 2, 3 };
        Assert.Equal(new BsonBinaryData(bytes), ToBsonValue((ref FudgeWriter w) => w.WriteBytes("f", bytes)));
        var sixteen = new byte[16];
        var value = ToBsonValue((ref FudgeWriter w) => w.WriteRawField("f", FudgeTypeId.ByteArray16, sixteen));
        Assert.Equal(BsonBinarySubType.Binary, value.AsBsonBinaryData.SubType);
        Assert.Equal(FudgeTypeId.ByteArray16, RoundTrip((ref FudgeWriter w) => w.WriteRawField("f", FudgeTypeId.ByteArray, sixteen)).TypeId);
    }

    [Fact]
    public void Typed_arrays_are_arrays_of_numbers()
    {
        Assert.Equal(new BsonArray { 1, -2 }, ToBsonValue((ref FudgeWriter w) => w.WriteInt16Array("f", new short[] { 1, -2 })));
        Assert.Equal(new BsonArray { 1, int.MaxValue }, ToBsonValue((ref FudgeWriter w) => w.WriteInt32Array("f", new[] { 1, int.MaxValue })));
        Assert.Equal(new BsonArray { 1L, long.MaxValue }, ToBsonValue((ref FudgeWriter w) => w.WriteInt64Array("f", new[] { 1L, long.MaxValue })));
        Assert.Equal(new BsonArray { 0.5, 1.0 }, ToBsonValue((ref FudgeWriter w) => w.WriteSingleArray("f", new[] { 0.5f, 1f })));
        Assert.Equal(new BsonArray { 0.1 }, ToBsonValue((ref FudgeWriter w) => w.WriteDoubleArray("f", new[] { 0.1 })));

        Assert.Equal(new[] { 1, -2 }, RoundTrip((ref FudgeWriter w) => w.WriteInt16Array("f", new short[] { 1, -2 })).Value);
        Assert.Equal(new[] { 1L, long.MaxValue }, RoundTrip((ref FudgeWriter w) => w.WriteInt64Array("f", new[] { 1L, long.MaxValue })).Value);
        Assert.Equal(new[] { 0.5, 1.0 }, RoundTrip((ref FudgeWriter w) => w.WriteSingleArray("f", new[] { 0.5f, 1f })).Value);
    }

    [Fact]
    public void Sub_message_is_a_document()
    {
        var value = ToBsonValue((ref FudgeWriter w) =>
        {
            var m = w.BeginMessage("f");
            w.WriteString("host", "node-5");
            w.EndMessage(m);
        });
        Assert.Equal(new BsonDocument("host", "node-5"), value);
    }

    [Fact]
    public void Datetime_is_the_utc_instant_in_milliseconds()
    {
        var when = new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(11, 12, 13, 987_654_321, FudgeDateTimeAccuracy.Nanosecond, 4)); // +01:00
        var value = ToBsonValue((ref FudgeWriter w) => w.WriteDateTime("f", when));
        Assert.Equal(new DateTime(2010, 3, 4, 10, 12, 13, 987, DateTimeKind.Utc), value.ToUniversalTime());

        var back = (FudgeDateTime)RoundTrip((ref FudgeWriter w) => w.WriteDateTime("f", when)).Value;
        Assert.Equal(FudgeDateTimeAccuracy.Millisecond, back.Accuracy);
        Assert.Equal(0, back.Time.TimeZoneOffsetQuarterHours);
        Assert.Equal(new DateTimeOffset(2010, 3, 4, 10, 12, 13, 987, TimeSpan.Zero), back.ToDateTimeOffset());
    }

    [Fact]
    public void Date_is_midnight_utc_even_far_outside_dotnet_years()
    {
        Assert.Equal(new DateTime(2010, 3, 4, 0, 0, 0, DateTimeKind.Utc), ToBsonValue((ref FudgeWriter w) => w.WriteDate("f", new FudgeDate(2010, 3, 4))).ToUniversalTime());
        var ancient = ToBsonValue((ref FudgeWriter w) => w.WriteDate("f", new FudgeDate(-40000, 1, 1)));
        var back = (FudgeDateTime)RoundTrip((ref FudgeWriter w) => w.WriteDate("f", new FudgeDate(-40000, 1, 1))).Value;
        Assert.Equal(BsonType.DateTime, ancient.BsonType);
        Assert.Equal(new FudgeDate(-40000, 1, 1), back.Date);
    }

    [Fact]
    public void Time_is_text_and_impossible_dates_are_typed_binary()
    {
        Assert.Equal(new BsonString("11:12:13.987654321+01:00"), ToBsonValue((ref FudgeWriter w) => w.WriteTime("f", new FudgeTime(11, 12, 13, 987_654_321, FudgeDateTimeAccuracy.Nanosecond, 4))));

        var marker = ToBsonValue((ref FudgeWriter w) => w.WriteDate("f", FudgeDate.MaxValue)).AsBsonBinaryData;
        Assert.Equal(BsonBinarySubType.UserDefined, marker.SubType);
        Assert.Equal(new byte[] { FudgeTypeId.Date, 0x7F, 0xFF, 0xFF, 0xFF }, marker.Bytes);
        Assert.Equal(FudgeDate.MaxValue, RoundTrip((ref FudgeWriter w) => w.WriteDate("f", FudgeDate.MaxValue)).Value);
    }

    [Fact]
    public void Unknown_type_is_user_binary_led_by_its_type_id()
    {
        var value = ToBsonValue((ref FudgeWriter w) => w.WriteRawField("f", 200, new byte[] { 0xA, 0xB })).AsBsonBinaryData;
        Assert.Equal(BsonBinarySubType.UserDefined, value.SubType);
        Assert.Equal(new byte[] { 200, 0xA, 0xB }, value.Bytes);
        var back = RoundTrip((ref FudgeWriter w) => w.WriteRawField("f", 200, new byte[] { 0xA, 0xB }));
        Assert.Equal(new FudgeUnknownValue(200, new byte[] { 0xA, 0xB }), back.Value);
    }

    [Fact]
    public void Keys_are_names_else_ordinals_else_empty_and_repeats_become_one_array()
    {
        byte[] envelope = BsonTest.Envelope((ref FudgeWriter w) =>
        {
            w.WriteString("tag", "a");
            w.WriteInt32(FudgeFieldKey.FromOrdinal(7), 1);
            w.WriteString(FudgeFieldKey.Anonymous, "anon");
            w.WriteString(FudgeFieldKey.Of("named", 3), "both");
            w.WriteString("tag", "b");
            w.WriteInt32(FudgeFieldKey.FromOrdinal(7), 2);
        });

        var document = BsonTest.Parse(FudgeBson.ToBson(envelope));

        Assert.Equal(BsonDocument.Parse("{ tag: ['a', 'b'], '7': [1, 2], '': 'anon', named: 'both' }"), document);
        var back = FudgeMsg.Parse(FudgeBson.ToFudge(FudgeBson.ToBson(envelope)));
        Assert.Equal(new object[] { "a", "b" }, new[] { back[0].Value, back[1].Value });
        Assert.Equal((short)7, back[2].Ordinal); // a numeric key reads back as an ordinal; its repeats became one int[]
        Assert.Equal(new[] { 1, 2 }, back[2].Value);
        Assert.Null(back[3].Name);
        Assert.Null(back[3].Ordinal);
    }

    [Fact]
    public void A_name_holding_nul_cannot_be_a_bson_key()
    {
        byte[] envelope = BsonTest.Envelope((ref FudgeWriter w) => w.WriteString("a\0b", "x"));

        var error = Assert.Throws<FudgeBsonException>(() => FudgeBson.ToBson(envelope));
        Assert.Contains("lossless", error.Message);
        Assert.Throws<FudgeBsonException>(() => FudgeBson.ToBsonDocument(envelope));
        Assert.Equal(envelope, FudgeBson.ToFudge(FudgeBson.ToBson(envelope, FudgeBsonSettings.Lossless), FudgeBsonSettings.Lossless));
    }

    [Fact]
    public void Bson_types_fudge_never_writes_are_read_into_the_nearest_fudge_type()
    {
        var document = new BsonDocument
        {
            { "id", ObjectId.Parse("5f1d7a3b9c8e4a2b1c0d9e8f") },
            { "price", new BsonDecimal128(Decimal128.Parse("12.345")) },
            { "ts", new BsonTimestamp(5, 6) },
            { "re", new BsonRegularExpression("a.*b", "i") },
            { "js", new BsonJavaScript("f()") },
            { "sym", BsonSymbolTable.Lookup("s") }, // read through the driver as a string-like value
            { "none", BsonUndefined.Value },
            { "low", BsonMinKey.Value },
            { "mixed", new BsonArray { 1, "two", new BsonDocument("x", 3) } },
            { "uuid", new BsonBinaryData(new byte[16], BsonBinarySubType.UuidStandard) },
        };

        var message = FudgeBson.ToMessage(document);

        Assert.Equal(ObjectId.Parse("5f1d7a3b9c8e4a2b1c0d9e8f").ToByteArray(), message.GetBytes("id"));
        Assert.Equal(12.345m, message.GetValue<decimal>("price")); // the decimal secondary type is invariant text
        Assert.Equal((5L << 32) | 6, message.GetInt64("ts"));
        Assert.Equal("/a.*b/i", message.GetString("re"));
        Assert.Equal("f()", message.GetString("js"));
        Assert.Equal(FudgeTypeId.Indicator, message.GetField("none")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.Indicator, message.GetField("low")!.Value.TypeId);
        Assert.Equal(3, message.GetAll("mixed").Count);
        Assert.Equal(FudgeTypeId.ByteArray16, message.GetField("uuid")!.Value.TypeId);
    }

    [Fact]
    public void Number_arrays_read_as_the_narrowest_fudge_array()
    {
        var message = FudgeBson.ToMessage(BsonDocument.Parse("{ i: [1, 2], l: [1, NumberLong(2)], d: [1, 2.5], e: [] }"));

        Assert.Equal(new[] { 1, 2 }, message.GetValue("i"));
        Assert.Equal(new[] { 1L, 2L }, message.GetValue("l"));
        Assert.Equal(new[] { 1.0, 2.5 }, message.GetValue("d"));
        Assert.Equal(Array.Empty<int>(), message.GetValue("e"));
    }
}
