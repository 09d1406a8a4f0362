using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Fudge.AspNetCore.Tests.Support;
using Fudge.Http;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>Streams of envelopes in both directions, read as they arrive, and a client that leaves midway.</summary>
[Collection(ServerCollection.Name)]
public sealed class StreamTests
{
    private const int Count = 100_000;

    private readonly TestServer _server;

    public StreamTests(TestServer server) => _server = server;

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_hundred_thousand_ticks_stream_down_to_the_client_in_order(string api)
    {
        using var client = _server.CreateClient();
        long expected = 1;
        await foreach (var tick in client.GetFromFudgeAsAsyncEnumerable<Tick>($"/{api}/ticks?count={Count}"))
        {
            Assert.Equal(expected, tick.Sequence);
            expected++;
        }
        Assert.Equal(Count + 1, expected);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_hundred_thousand_ticks_stream_up_to_the_server(string api)
    {
        using var client = _server.CreateClient();

        using var response = await client.PostAsFudgeStreamAsync($"/{api}/ticks", TestServer.Ticks(Count));
        var summary = await response.Content.ReadFromFudgeAsync<StreamSummary>();

        Assert.Equal(Count, summary.Count);
        Assert.Equal((long)Count * (Count + 1) / 2, summary.SequenceSum);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_stream_asked_for_as_json_is_a_json_array(string api)
    {
        using var client = _server.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, $"/{api}/ticks?count=3");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));

        using var response = await client.SendAsync(request);
        var ticks = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;

        Assert.Equal(new long[] { 1, 2, 3 }, ticks.EnumerateArray().Select(t => t.GetProperty("1").GetInt64()));
        Assert.Equal("T2", ticks[1].GetProperty("2").GetString());
    }

    [Fact]
    public async Task A_stream_asked_for_as_xml_only_is_answered_406()
    {
        using var client = _server.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/min/ticks?count=3");
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/xml"));
        using var response = await client.SendAsync(request);
        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
    }

    [Theory]
    [InlineData("/min/endless-ticks")]
    [InlineData("/mvc/endless-ticks")]
    public async Task Values_of_a_live_stream_reach_the_client_as_they_are_produced(string path)
    {
        // The endless stream never finishes: reading its first values proves nothing waits for the end of the response.
        using var client = _server.CreateClient();
        _server.ResetEndlessStream();
        var received = new List<long>();
        await foreach (var tick in client.GetFromFudgeAsAsyncEnumerable<Tick>(path))
        {
            received.Add(tick.Sequence);
            if (received.Count == 5) break;
        }
        Assert.Equal(new long[] { 1, 2, 3, 4, 5 }, received);
    }

    [Fact]
    public async Task A_client_that_disconnects_midway_stops_its_stream_while_other_clients_are_served()
    {
        _server.ResetEndlessStream();
        using var leaving = _server.CreateClient();
        using var others = _server.CreateClient();

        int taken = 0;
        await foreach (var tick in leaving.GetFromFudgeAsAsyncEnumerable<Tick>("/min/endless-ticks"))
            if (++taken == 20) break;                      // leaving the loop disposes the response: the connection closes
        var otherwise = await Task.WhenAll(Enumerable.Range(1, 20).Select(id => others.GetFromFudgeAsync<Trade>($"/min/trades/{id}")));
        long sent = await _server.EndlessStreamStopped.Task.WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal(Enumerable.Range(1, 20).Select(id => "SYM" + id), otherwise.Select(t => t.Symbol));
        Assert.True(sent >= 20, $"the stream stopped after {sent} ticks");
        Assert.Equal(new long[] { 1, 2 }, (await others.GetFromFudgeAsAsyncEnumerable<Tick>("/min/ticks?count=2").ToListAsync()).Select(t => t.Sequence));
    }
}
