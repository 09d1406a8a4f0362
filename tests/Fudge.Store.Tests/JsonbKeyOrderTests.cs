using System;
using System.Text;
using System.Text.Json.Nodes;
using Fudge.Json;
using Fudge.Store.PostgreSql;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The jsonb text the PostgreSQL store sends has every object's keys in jsonb's own order (shorter first, then
/// bytewise), so the server need not sort them; the JSON it means is unchanged. No server needed.
/// </summary>
public class JsonbKeyOrderTests
{
    [Fact]
    public void A_ticks_jsonb_text_has_its_keys_in_jsonbs_order_at_every_level_and_means_the_same()
    {
        var tick = new FudgeMsg()
            .Add("ticker", "GLBX").Add("exchange", "XFDG").Add("seq", 2).Add("bid", 42.14).Add("ask", 42.18)
            .Add("bidSize", 2700).Add("askSize", 3700)
            .Add("trade", new FudgeMsg().Add("price", 42.14).Add("size", 800).Add("aggressor", "sell"));
        byte[] envelope = new FudgeEnvelope(tick).ToByteArray();

        string sent = Encoding.UTF8.GetString(new JsonbText(FudgeJsonSettings.Plain).Of(envelope).Span);

        Assert.Equal("""{"ask":42.18,"bid":42.14,"seq":2,"trade":{"size":800,"price":42.14,"aggressor":"sell"},"ticker":"GLBX","askSize":3700,"bidSize":2700,"exchange":"XFDG"}""", sent);
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(FudgeJson.ToJson(envelope, FudgeJsonSettings.Plain)), JsonNode.Parse(sent)));
    }

    [Theory]
    [InlineData("""{"bb":1,"a":2}""", """{"a":2,"bb":1}""")]                                       // shorter key first
    [InlineData("""{"b":1,"a":{"d":[3,{"z":1,"y":2}],"c":4}}""", """{"a":{"c":4,"d":[3,{"y":2,"z":1}]},"b":1}""")] // nested; arrays keep their order
    [InlineData("""[{"b":1,"a":2},{"b":3}]""", """[{"a":2,"b":1},{"b":3}]""")]
    [InlineData("""{"é":1,"z":2}""", """{"z":2,"é":1}""")]                                         // lengths are UTF-8 bytes
    [InlineData("""{"b":1,"a\u0041":2}""", """{"b":1,"a\u0041":2}""")]                             // an escaped key: left to the server
    [InlineData("""{"b":1, "a":2}""", """{"b":1, "a":2}""")]                                      // whitespace between members: left
    [InlineData("""{"b":1,"b":2,"a":3}""", """{"b":1,"b":2,"a":3}""")]                            // a key twice: jsonb keeps the last, order kept
    [InlineData("""{"b":1,"a":""", """{"b":1,"a":""")]                                           // cut short: nothing thrown, nothing changed
    public void Objects_are_reordered_in_place_and_what_the_server_would_read_differently_is_left(string json, string expected)
    {
        byte[] text = Encoding.UTF8.GetBytes(json);

        new JsonbKeyOrder().Reorder(text, text.Length);

        Assert.Equal(expected, Encoding.UTF8.GetString(text));
    }

    [Fact]
    public void Reordering_a_document_allocates_nothing_per_document_once_the_buffers_have_grown()
    {
        byte[] text = Encoding.UTF8.GetBytes("""{"ticker":"GLBX","seq":2,"trade":{"price":42.14,"size":800,"aggressor":"sell"}}""");
        var order = new JsonbKeyOrder();
        order.Reorder((byte[])text.Clone(), text.Length);

        long allocated = Allocations.SteadyState(() => order.Reorder(text, text.Length), iterations: 1000);

        Assert.Equal(0, allocated);
    }
}
