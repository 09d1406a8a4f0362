using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading.Tasks;
using Fudge.AspNetCore.Tests.Support;
using Fudge.Http;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>Every media type in and out, through minimal APIs and MVC alike, and content negotiation.</summary>
[Collection(ServerCollection.Name)]
public sealed class MediaTypeTests
{
    private static readonly string[] MediaTypes = { Bodies.Fudge, Bodies.FudgeLegacy, Bodies.Json, Bodies.JsonLossless, Bodies.Xml };

    private readonly TestServer _server;

    public MediaTypeTests(TestServer server) => _server = server;

    public static IEnumerable<object[]> EveryPairOfMediaTypes()
    {
        foreach (var api in new[] { "min", "mvc" })
            foreach (var request in MediaTypes)
                foreach (var response in MediaTypes)
                    yield return new object[] { api, request, response };
    }

    [Theory]
    [MemberData(nameof(EveryPairOfMediaTypes))]
    public async Task A_trade_posted_in_one_media_type_comes_back_in_the_accepted_one(string api, string requestType, string responseType)
    {
        using var client = _server.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, $"/{api}/trades") { Content = Bodies.Render(Trade.Sample(3), requestType) };
        request.Headers.Accept.Add(MediaTypeWithQualityHeaderValue.Parse(responseType));

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var trade = await Bodies.ReadAsync<Trade>(response, responseType);
        Assert.Equal("SYM3", trade.Symbol);
        Assert.Equal(103.25, trade.Price);
        Assert.Equal(31, trade.Quantity);                     // the handler added one
        Assert.Equal(new[] { "XNAS", "BATS" }, trade.Venues);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task The_client_extensions_get_and_post_objects_as_fudge(string api)
    {
        using var client = _server.CreateClient();

        var fetched = await client.GetFromFudgeAsync<Trade>($"/{api}/trades/7");
        using var posted = await client.PostAsFudgeAsync($"/{api}/trades", fetched);
        var created = await posted.Content.ReadFromFudgeAsync<Trade>();

        Assert.Equal("SYM7", fetched.Symbol);
        Assert.Equal(Bodies.Fudge, posted.Content.Headers.ContentType!.MediaType);
        Assert.Equal(fetched.Quantity + 1, created.Quantity);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_FudgeMsg_without_any_class_goes_both_ways(string api)
    {
        using var client = _server.CreateClient();
        var message = new FudgeMsg().Add("name", "Kirk").Add(5, 42).Add("ship", new FudgeMsg().Add("registry", "NCC-1701"));

        using var response = await client.PostAsFudgeAsync($"/{api}/messages", message);
        var echoed = await response.Content.ReadFromFudgeAsync<FudgeMsg>();

        Assert.Equal("Kirk", echoed.GetString("name"));
        Assert.Equal(42, echoed.GetInt32(5));
        Assert.Equal("NCC-1701", echoed.GetMessage("ship")!.GetString("registry"));
        Assert.Equal(true, echoed.GetBoolean("seen"));
    }

    [Theory]
    [InlineData("min", "application/xml;q=0.5, application/json;q=0.9", Bodies.Json)]
    [InlineData("min", "application/vnd.fudgemsg;q=0.1, application/xml", Bodies.Xml)]
    [InlineData("min", "text/html, application/json;mode=lossless;q=0.8, */*;q=0.1", Bodies.JsonLossless)]
    [InlineData("min", "*/*", Bodies.Fudge)]
    [InlineData("min", "application/x-fudge", Bodies.FudgeLegacy)]
    [InlineData("mvc", "application/xml;q=0.5, application/json;q=0.9", Bodies.Json)]
    [InlineData("mvc", "application/vnd.fudgemsg;q=0.1, application/xml", Bodies.Xml)]
    [InlineData("mvc", "*/*", Bodies.Fudge)]
    public async Task The_accepted_media_type_of_highest_quality_is_answered(string api, string accept, string expected)
    {
        using var client = _server.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"/{api}/trades/2");
        request.Headers.TryAddWithoutValidation("Accept", accept);

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("SYM2", (await Bodies.ReadAsync<Trade>(response, expected)).Symbol);
    }

    [Fact]
    public async Task Without_an_accept_header_the_answer_is_fudge()
    {
        using var client = _server.CreateClient();
        using var response = await client.GetAsync("/min/trades/4");
        Assert.Equal(Bodies.Fudge, response.Content.Headers.ContentType!.MediaType);
        Assert.Equal("SYM4", (await Bodies.ReadAsync<Trade>(response, Bodies.Fudge)).Symbol);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task An_accept_header_naming_nothing_we_write_is_answered_406(string api)
    {
        using var client = _server.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"/{api}/trades/1");
        request.Headers.Accept.Add(MediaTypeWithQualityHeaderValue.Parse("text/csv"));

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_body_of_a_media_type_we_do_not_read_is_answered_415(string api)
    {
        using var client = _server.CreateClient();
        using var response = await client.PostAsync($"/{api}/trades", new StringContent("symbol=ACME", System.Text.Encoding.UTF8, "text/plain"));
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
    }

    [Fact]
    public async Task The_client_refuses_a_response_that_is_not_fudge()
    {
        using var client = _server.CreateClient();
        var error = await Assert.ThrowsAsync<FudgeException>(() => client.GetFromFudgeAsync<Trade>("/min/text"));
        Assert.Contains("text/plain", error.Message);
    }

    [Fact]
    public async Task The_client_raises_for_an_error_status_as_the_json_extensions_do()
    {
        using var client = _server.CreateClient();
        var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.GetFromFudgeAsync<Trade>("/min/no-such-route"));
        Assert.Equal(HttpStatusCode.NotFound, error.StatusCode);
    }

    [Fact]
    public async Task The_client_applies_its_own_limits_to_responses()
    {
        using var client = _server.CreateClient();
        var tight = new FudgeReaderOptions { MaxMessageSize = 16 };
        var error = await Assert.ThrowsAsync<FudgeFormatException>(() => client.GetFromFudgeAsync<Trade>("/min/trades/1", tight));
        Assert.Contains("MaxMessageSize", error.Reason);
    }
}
