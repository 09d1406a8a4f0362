using System.IO;
using System.Text;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>JSON text read with System.Text.Json's Utf8JsonReader: what it accepts beyond strict JSON, and what it refuses.</summary>
public class Utf8JsonInputTests
{
    [Fact]
    public void Utf8_bytes_and_a_string_read_to_the_same_message_as_newtonsofts_reader()
    {
        string json = "\uFEFF{\"name\":\"Kirk\",\"age\":42,\"tag\":[\"a\",\"b\"],\"7\":true,\"\":\"anonymous\",\"sub\":{\"x\":1.5,\"n\":null,\"e\":\"tab\\there\"},\"ints\":[1,2,3]}";
        byte[] utf8 = Encoding.UTF8.GetBytes(json);

        var expected = FudgeEnvelope.Parse(FudgeJson.ToFudge(new JsonTextReader(new StringReader(json.Substring(1))))).Message;

        Assert.Equal(expected, FudgeJson.ToMessage(utf8));
        Assert.Equal(expected, FudgeJson.ToMessage(json.Substring(1)));
        Assert.Equal("tab\there", FudgeJson.ToMessage(utf8).GetMessage("sub")!.GetString("e"));
    }

    [Fact]
    public void Comments_and_trailing_commas_are_accepted_as_newtonsoft_accepted_them()
    {
        var message = FudgeJson.ToMessage("/* header */ {\"a\":[1,2,], // two\n \"b\":1,}");

        Assert.Equal(new[] { 1, 2 }, message.GetValue("a"));
        Assert.Equal(1L, message.GetInt64("b"));
    }

    [Theory]
    [InlineData("{'a':1}")]
    [InlineData("{a:1}")]
    [InlineData("{\"a\":NaN}")]
    [InlineData("{\"a\":010}")]
    [InlineData("{\"a\":undefined}")]
    [InlineData("{\"a\":\"\\ud800\"}")]
    public void Newtonsofts_other_leniencies_are_refused_with_a_position(string json)
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(json));

        Assert.Equal(1, e.LineNumber);
        Assert.True(e.LinePosition > 0);
    }

    [Fact]
    public void A_generated_type_reads_from_json_text_as_through_its_converter()
    {
        string json = "{\"Symbol\":\"ABC\",\"Quantity\":1000000,\"Price\":12.5}";

        var direct = FudgeJson.Deserialize<Quote>(Encoding.UTF8.GetBytes(json));
        var converted = JsonConvert.DeserializeObject<Quote>(json, new FudgeMessageJsonConverter())!;

        Assert.Equal(("ABC", 1000000L, 12.5), (direct.Symbol, direct.Quantity, direct.Price));
        Assert.Equal((converted.Symbol, converted.Quantity, converted.Price), (direct.Symbol, direct.Quantity, direct.Price));
    }
}

[Fudge.Serialization.FudgeMessage]
public partial class Quote
{
    public string Symbol { get; set; } = "";

    public long Quantity { get; set; }

    public double Price { get; set; }
}
