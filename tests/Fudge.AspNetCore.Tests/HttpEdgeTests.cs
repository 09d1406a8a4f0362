using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Fudge.AspNetCore.Tests.Support;
using Fudge.Json;
using Fudge.Serialization;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>
/// The edge cases found by hand against a running server: a wrong Content-Type on a minimal API, errors of a JSON
/// body named in the JSON the client sent, non-finite numbers, the RFC section each problem links, and 413 chosen
/// from the exception's typed marker.
/// </summary>
[Collection(ServerCollection.Name)]
public sealed class HttpEdgeTests
{
    private readonly TestServer _server;

    public HttpEdgeTests(TestServer server) => _server = server;

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_wrong_content_type_is_415_problem_details_as_a_missing_one_is(string api)
    {
        using var client = _server.CreateClient();

        using var wrong = await client.PostAsync($"/{api}/trades", new StringContent("symbol=ACME", Encoding.UTF8, "text/plain"));
        using var missing = await client.PostAsync($"/{api}/trades", new ByteArrayContent(FudgeSerializer.Serialize(Trade.Sample(1))));

        // MVC's own problem details (an [ApiController]) link the same section under another host.
        var problem = await Bodies.ProblemAsync(wrong, 415);
        Assert.EndsWith("/rfc9110#section-15.5.16", problem.GetProperty("type").GetString());
        await Bodies.ProblemAsync(missing, 415);
        if (api == "min") Assert.Contains("text/plain", problem.GetProperty("detail").GetString());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_json_value_the_type_refuses_is_named_by_its_json_line_position_and_path(string api)
    {
        // Converts to an envelope without complaint; Trade's formatter refuses a string for its long Quantity.
        const string json = "{\n  \"Symbol\": \"x\",\n  \"Price\": 2,\n  \"Quantity\": \"abc\"\n}";
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", new StringContent(json, Encoding.UTF8, "application/json"));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.False(problem.TryGetProperty("offset", out _), "an offset in the converted envelope means nothing to the client");
        Assert.Equal(4, problem.GetProperty("line").GetInt32());
        Assert.Equal(19, problem.GetProperty("position").GetInt32());   // just after "abc", as Newtonsoft counts
        Assert.Equal("Quantity", problem.GetProperty("path").GetString());
    }

    [Fact]
    public async Task A_lossless_json_field_the_type_refuses_is_named_by_its_field_object()
    {
        var message = new FudgeMsg().Add("Symbol", "x").Add("Quantity", "abc");
        string json = FudgeJson.ToJson(message, FudgeJsonSettings.Lossless);
        using var client = _server.CreateClient();

        var content = new StringContent(json, Encoding.UTF8);
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(Bodies.JsonLossless);
        using var lossless = await client.PostAsync("/min/trades", content);

        var problem = await Bodies.ProblemAsync(lossless, 400);
        Assert.Equal("fields[1]", problem.GetProperty("path").GetString());
    }

    [Theory]
    [InlineData("{\"Symbol\": \"x\", \"Price\": 1e400}", "Price")]
    [InlineData("{\"Symbol\": \"x\", \"Price\": -1e400}", "Price")]
    [InlineData("{\"Symbol\": \"x\", \"Venues\": [1, 2e999]}", "Venues[1]")]
    public async Task A_json_number_beyond_the_double_range_is_400_where_it_stands(string json, string path)
    {
        using var client = _server.CreateClient();

        using var response = await client.PostAsync("/min/trades", new StringContent(json, Encoding.UTF8, "application/json"));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(path, problem.GetProperty("path").GetString());
        Assert.Contains("beyond the range of a double", problem.GetProperty("reason").GetString());
    }

    [Theory]
    [InlineData(double.PositiveInfinity)]
    [InlineData(double.NegativeInfinity)]
    [InlineData(double.NaN)]
    public async Task Non_finite_doubles_travel_in_lossless_json_and_fudge_and_plain_json_refuses_them_both_ways(double price)
    {
        var trade = new Trade { Symbol = "X", Price = price };
        using var client = _server.CreateClient();

        // Lossless JSON carries them both ways, exactly.
        using var lossless = new HttpRequestMessage(HttpMethod.Post, "/min/trades") { Content = Bodies.Render(trade, Bodies.JsonLossless) };
        lossless.Headers.Accept.ParseAdd(Bodies.JsonLossless);
        using var losslessAnswer = await client.SendAsync(lossless);
        Assert.Equal(201, (int)losslessAnswer.StatusCode);
        Assert.Equal(price, (await Bodies.ReadAsync<Trade>(losslessAnswer, Bodies.JsonLossless)).Price);

        // Plain JSON would write the string "NaN" or "Infinity", which no reader takes back as a number: 406.
        using var plain = new HttpRequestMessage(HttpMethod.Post, "/min/trades") { Content = Bodies.Render(trade, Bodies.Fudge) };
        plain.Headers.Accept.ParseAdd(Bodies.Json);
        using var plainAnswer = await client.SendAsync(plain);
        var problem = await Bodies.ProblemAsync(plainAnswer, 406);
        Assert.Contains("mode=lossless", problem.GetProperty("detail").GetString());

        // And the string it would have written is refused on the way in, as it always was.
        string written = FudgeJson.ToJson(FudgeSerializer.Serialize(trade));
        using var back = await client.PostAsync("/min/trades", new StringContent(written, Encoding.UTF8, "application/json"));
        await Bodies.ProblemAsync(back, 400);
    }

    [Theory]
    [InlineData(400, "15.5.1")]
    [InlineData(404, "15.5.5")]
    [InlineData(406, "15.5.7")]
    [InlineData(408, "15.5.9")]
    [InlineData(411, "15.5.12")]
    [InlineData(413, "15.5.14")]
    [InlineData(415, "15.5.16")]
    [InlineData(417, "15.5.18")]
    [InlineData(422, "15.5.21")]
    [InlineData(500, "15.6.1")]
    public void Each_status_links_its_own_section_of_rfc_9110(int status, string section)
    {
        Assert.Equal("https://www.rfc-editor.org/rfc/rfc9110#section-" + section, FudgeProblemDetails.TypeOf(status));
    }

    [Fact]
    public void Statuses_rfc_9110_does_not_define_link_where_they_are_defined_or_nowhere()
    {
        Assert.Equal("https://www.rfc-editor.org/rfc/rfc6585#section-5", FudgeProblemDetails.TypeOf(431));
        Assert.Equal("about:blank", FudgeProblemDetails.TypeOf(499));
    }

    [Fact]
    public async Task A_413_links_the_413_section()
    {
        var message = new FudgeMsg().Add("leaf", 1);
        for (int i = 0; i < TestServer.MaxDepth + 2; i++) message = new FudgeMsg().Add("inner", message);
        using var client = _server.CreateClient();

        using var response = await client.PostAsync("/min/messages", Bodies.Raw(new FudgeEnvelope(message).ToByteArray()));

        var problem = await Bodies.ProblemAsync(response, 413);
        Assert.Equal("https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14", problem.GetProperty("type").GetString());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task Json_nested_deeper_than_the_limit_is_413_at_its_line(string api)
    {
        string json = string.Concat(Enumerable.Repeat("{\"a\":\n", TestServer.MaxDepth + 2)) + "1" + new string('}', TestServer.MaxDepth + 2);
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/messages", new StringContent(json, Encoding.UTF8, "application/json"));

        var problem = await Bodies.ProblemAsync(response, 413);
        // Line 1 opens the envelope; the sub-message one past the limit opens on line MaxDepth + 2.
        Assert.Equal(TestServer.MaxDepth + 2, problem.GetProperty("line").GetInt32());
    }

    [Fact]
    public void Limit_violations_carry_the_typed_marker_and_malformed_data_does_not()
    {
        var deep = new FudgeMsg().Add("leaf", 1);
        for (int i = 0; i < 5; i++) deep = new FudgeMsg().Add("inner", deep);
        byte[] bytes = new FudgeEnvelope(deep).ToByteArray();
        var limits = new FudgeReaderOptions { MaxDepth = 3 };

        Assert.True(Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes, limits)).IsLimitExceeded);
        Assert.True(Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes, new FudgeReaderOptions { MaxFieldCount = 2 })).IsLimitExceeded);
        Assert.True(Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes, new FudgeReaderOptions { MaxMessageSize = 16 })).IsLimitExceeded);
        Assert.True(Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(FudgeJson.ToJson(deep), new FudgeJsonSettings { ReaderOptions = limits })).IsLimitExceeded);
        Assert.True(Assert.Throws<Fudge.Xml.FudgeXmlException>(() => Fudge.Xml.FudgeXml.ToFudge(Fudge.Xml.FudgeXml.ToXml(bytes), new Fudge.Xml.FudgeXmlSettings { ReaderOptions = limits })).IsLimitExceeded);
        // Wrapped with another offset (as a stream reader or an HTTP body does), the marker stays.
        var cause = Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes, limits));
        Assert.True(new FudgeFormatException(100 + cause.Offset, cause.Reason, cause).IsLimitExceeded);

        Assert.False(Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes[..^3])).IsLimitExceeded);
        Assert.False(Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"a\": ")).IsLimitExceeded);
    }
}
