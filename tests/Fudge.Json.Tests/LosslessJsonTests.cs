using Xunit;

namespace Fudge.Json.Tests;

public class LosslessJsonTests
{
    [Fact]
    public void Every_field_is_an_object_with_its_type()
    {
        var message = new FudgeMsg()
            .Add("who", "Kirk")
            .Add(new FudgeField(null, 3, FudgeTypeId.Int32, 5)) // unreduced: kept as int
            .Add(new FudgeField("", null, FudgeTypeId.ByteArray, new byte[] { 1, 2, 3, 4 })) // empty name; byte[] not byte[4]
            .Add(new FudgeField(null, null, FudgeTypeId.Indicator, FudgeIndicator.Instance))
            .Add("sub", new FudgeMsg().Add("x", double.NaN));
        var envelope = new FudgeEnvelope(message, schemaVersion: 2);

        string json = FudgeJson.ToJson(envelope, FudgeJsonSettings.Lossless);

        Assert.Equal("{\"fudgeSchemaVersion\":2,\"fields\":["
                     + "{\"name\":\"who\",\"type\":\"string\",\"value\":\"Kirk\"},"
                     + "{\"ordinal\":3,\"type\":\"int\",\"value\":5},"
                     + "{\"name\":\"\",\"type\":\"byte[]\",\"value\":[1,2,3,4]},"
                     + "{\"type\":\"indicator\"},"
                     + "{\"name\":\"sub\",\"type\":\"message\",\"value\":[{\"name\":\"x\",\"type\":\"double\",\"value\":\"NaN:0xfff8000000000000\"}]}]}",
            json);
        Assert.Equal(envelope.ToByteArray(), FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Floats_keep_their_exact_bits_including_negative_zero_and_nan_payloads()
    {
        var message = new FudgeMsg()
            .Add("f", 0.1f).Add("negativeZero", -0.0).Add("nan", System.BitConverter.Int32BitsToSingle(0x7FC00123))
            .Add("tiny", float.Epsilon).Add("arr", new[] { 1e-310, double.MaxValue, double.NegativeInfinity });
        byte[] bytes = message.ToByteArray();

        byte[] back = FudgeJson.ToFudge(FudgeJson.ToJson(bytes, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless);

        Assert.Equal(bytes, back);
    }

    [Fact]
    public void Members_may_come_in_any_order_when_type_follows_value()
    {
        var message = FudgeJson.ToMessage("{\"fields\":[{\"value\":7,\"type\":\"long\",\"name\":\"n\"}]}", FudgeJsonSettings.Lossless);

        Assert.Equal(new FudgeField("n", null, FudgeTypeId.Int64, 7L), message[0]);
    }

    [Fact]
    public void Byte_arrays_may_also_be_given_as_base64()
    {
        var message = FudgeJson.ToMessage("{\"fields\":[{\"name\":\"b\",\"type\":\"byte[4]\",\"value\":\"AQIDBA==\"}]}", FudgeJsonSettings.Lossless);

        Assert.Equal(new FudgeField("b", null, FudgeTypeId.ByteArray4, new byte[] { 1, 2, 3, 4 }), message[0]);
    }

    [Fact]
    public void Invalid_date_and_time_bits_are_kept_as_raw_values()
    {
        var message = new FudgeMsg()
            .Add(new FudgeField("d", null, FudgeTypeId.Date, FudgeDate.FromRawValue(0x0FB4 << 9 | 14 << 5 | 3)))
            .Add(new FudgeField("t", null, FudgeTypeId.Time, FudgeTime.FromRawValue(0x00A3FFFF_3FFFFFFF)));

        string json = FudgeJson.ToJson(message, FudgeJsonSettings.Lossless);

        Assert.Contains("\"raw:0x", json);
        Assert.Equal(message, FudgeJson.ToMessage(json, FudgeJsonSettings.Lossless));
    }
}
