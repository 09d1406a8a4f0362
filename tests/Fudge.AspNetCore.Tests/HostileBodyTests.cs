using System;
using System.Buffers.Binary;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;
using Fudge.AspNetCore.Tests.Support;
using Fudge.Http;
using Fudge.Serialization;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>
/// Bodies from outside: malformed, truncated, oversized, lying about their length, in every media type. Each is
/// answered with problem details (400 or 413) naming where the problem is, never 500, and the server goes on serving.
/// </summary>
[Collection(ServerCollection.Name)]
public sealed class HostileBodyTests
{
    private readonly TestServer _server;

    public HostileBodyTests(TestServer server) => _server = server;

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_truncated_envelope_is_400_naming_where_the_body_ends(string api)
    {
        byte[] envelope = FudgeSerializer.Serialize(Trade.Sample(1));
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", Bodies.Raw(envelope[..^5]));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(envelope.Length - 5, problem.GetProperty("offset").GetInt64());
        Assert.Contains("ends inside the envelope", problem.GetProperty("reason").GetString());
        await AssertStillServingAsync(client);
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task Bytes_after_the_envelope_are_400(string api)
    {
        byte[] envelope = FudgeSerializer.Serialize(Trade.Sample(1));
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", Bodies.Raw(envelope.Concat(new byte[] { 1, 2, 3 }).ToArray()));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(envelope.Length, problem.GetProperty("offset").GetInt64());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task An_envelope_declaring_more_than_the_limit_is_413_before_the_rest_is_read(string api)
    {
        var header = new byte[64];
        BinaryPrimitives.WriteInt32BigEndian(header.AsSpan(4), 1 << 30);   // claims 1 GiB; 64 bytes follow
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", Bodies.Raw(header));

        var problem = await Bodies.ProblemAsync(response, 413);
        Assert.Equal(4, problem.GetProperty("offset").GetInt64());
        Assert.Contains("MaxMessageSize", problem.GetProperty("reason").GetString());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task Nesting_deeper_than_the_limit_is_413(string api)
    {
        var message = new FudgeMsg().Add("leaf", 1);
        for (int i = 0; i < TestServer.MaxDepth + 2; i++) message = new FudgeMsg().Add("inner", message);
        using var client = _server.CreateClient();

        using var response = await client.PostAsFudgeAsync($"/{api}/messages", message);

        var problem = await Bodies.ProblemAsync(response, 413);
        Assert.Contains("MaxDepth", problem.GetProperty("reason").GetString());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task A_size_field_below_the_header_size_is_400(string api)
    {
        var bytes = new byte[16];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), 3);
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", Bodies.Raw(bytes));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(4, problem.GetProperty("offset").GetInt64());
    }

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task An_empty_body_is_400(string api)
    {
        using var client = _server.CreateClient();
        using var response = await client.PostAsync($"/{api}/trades", Bodies.Raw(Array.Empty<byte>()));
        await Bodies.ProblemAsync(response, 400);
    }

    [Theory]
    [InlineData("min", "{\"Symbol\": \"ACME\", \"Price\": ", 1)]
    [InlineData("mvc", "{\n  \"Symbol\": \"ACME\",\n  \"Price\": [}", 3)]
    public async Task Malformed_json_is_400_naming_line_and_position(string api, string json, int line)
    {
        using var client = _server.CreateClient();
        using var response = await client.PostAsync($"/{api}/trades", new StringContent(json, Encoding.UTF8, "application/json"));
        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(line, problem.GetProperty("line").GetInt32());
        Assert.True(problem.GetProperty("position").GetInt32() > 0);
    }

    [Fact]
    public async Task Json_that_is_not_utf8_is_400()
    {
        using var client = _server.CreateClient();
        using var response = await client.PostAsync("/min/trades", Bodies.Raw(new byte[] { (byte)'{', (byte)'"', 0xC3, 0x28, (byte)'"', (byte)':', (byte)'1', (byte)'}' }, "application/json"));
        await Bodies.ProblemAsync(response, 400);
    }

    [Fact]
    public async Task Malformed_xml_is_400_naming_the_line()
    {
        using var client = _server.CreateClient();
        string xml = "<fudgeEnvelope>\n<Symbol type=\"string\">ACME</Symbol>\n<Price type=\"double\">1</Prize>";
        using var response = await client.PostAsync("/min/trades", new StringContent(xml, Encoding.UTF8, "application/xml"));
        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(3, problem.GetProperty("line").GetInt32());
    }

    [Fact]
    public async Task Xml_with_a_dtd_is_refused_before_any_entity_is_resolved()
    {
        using var client = _server.CreateClient();
        string xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n<fudgeEnvelope>&e;</fudgeEnvelope>";
        using var response = await client.PostAsync("/min/trades", new StringContent(xml, Encoding.UTF8, "application/xml"));
        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Contains("DTD", problem.GetProperty("reason").GetString());
    }

    [Fact]
    public async Task A_json_body_larger_than_the_limit_is_413_while_it_is_read()
    {
        // Chunked, so no Content-Length warns: the count kept while reading stops it.
        string json = "{\"Symbol\": \"" + new string('x', TestServer.MaxMessageSize) + "\"}";
        using var client = _server.CreateClient();
        var content = new StreamContent(new System.IO.MemoryStream(Encoding.UTF8.GetBytes(json)));
        content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/json");
        using var request = new HttpRequestMessage(HttpMethod.Post, "/min/trades") { Content = content };
        request.Headers.TransferEncodingChunked = true;

        using var response = await client.SendAsync(request);

        await Bodies.ProblemAsync(response, 413);
    }

    [Fact]
    public async Task A_malformed_envelope_in_the_middle_of_an_uploaded_stream_is_400_at_its_offset()
    {
        byte[] good = FudgeSerializer.Serialize(Tick.Number(1));
        byte[] bad = (byte[])good.Clone();
        BinaryPrimitives.WriteInt32BigEndian(bad.AsSpan(4), 2);
        byte[] body = good.Concat(good).Concat(bad).Concat(good).ToArray();
        using var client = _server.CreateClient();

        using var response = await client.PostAsync("/min/ticks", Bodies.Raw(body));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(2 * good.Length + 4, problem.GetProperty("offset").GetInt64());
    }

    [Fact]
    public async Task Every_cut_and_many_corruptions_of_an_envelope_get_an_answer_never_a_500()
    {
        byte[] envelope = FudgeSerializer.Serialize(Trade.Sample(12));
        var random = new Random(30);
        var bodies = Enumerable.Range(0, envelope.Length).Select(n => envelope[..n]).ToList();
        for (int i = 0; i < 300; i++)
        {
            byte[] corrupt = (byte[])envelope.Clone();
            for (int flips = random.Next(1, 4); flips > 0; flips--) corrupt[random.Next(corrupt.Length)] = (byte)random.Next(256);
            bodies.Add(corrupt);
        }
        using var client = _server.CreateClient();

        foreach (var body in bodies)
        {
            HttpResponseMessage response;
            try
            {
                response = await client.PostAsync("/min/trades", Bodies.Raw(body));
            }
            catch (HttpRequestException e)
            {
                throw new Xunit.Sdk.XunitException($"no answer for {Convert.ToHexString(body)}: {e.InnerException?.Message ?? e.Message}");
            }
            using var _ = response;
            int status = (int)response.StatusCode;
            Assert.True(status is 201 or 400 or 413, $"status {status} for {Convert.ToHexString(body)}: {await response.Content.ReadAsStringAsync()}");
            if (status != 201) Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        }
        await AssertStillServingAsync(client);
    }

    [Fact]
    public async Task A_content_length_over_the_limit_is_413_without_the_body_being_sent()
    {
        string response = await RawExchangeAsync(
            $"POST /min/trades HTTP/1.1\r\nHost: test\r\nContent-Type: application/vnd.fudgemsg\r\nContent-Length: {100 * TestServer.MaxMessageSize}\r\n\r\n",
            body: Array.Empty<byte>(), closeAfterSending: false);

        Assert.StartsWith("HTTP/1.1 413", response);
        Assert.Contains("application/problem+json", response);
    }

    [Fact]
    public async Task A_content_length_shorter_than_the_envelope_is_400()
    {
        byte[] envelope = FudgeSerializer.Serialize(Trade.Sample(1));
        string response = await RawExchangeAsync(
            $"POST /min/trades HTTP/1.1\r\nHost: test\r\nContent-Type: application/vnd.fudgemsg\r\nContent-Length: {envelope.Length - 10}\r\n\r\n",
            envelope, closeAfterSending: false);

        Assert.StartsWith("HTTP/1.1 400", response);
        Assert.Contains("ends inside the envelope", response);
        await AssertStillServingAsync(_server.CreateClient());
    }

    [Fact]
    public async Task A_content_length_longer_than_what_is_sent_ends_that_request_only()
    {
        // The sender stops short and closes its side: the server learns the body ends early, has no one left to
        // answer, and closes the connection (no 500 is ever written); everyone else is served as before.
        byte[] envelope = FudgeSerializer.Serialize(Trade.Sample(1));
        string response = await RawExchangeAsync(
            $"POST /min/trades HTTP/1.1\r\nHost: test\r\nContent-Type: application/vnd.fudgemsg\r\nContent-Length: {envelope.Length + 50}\r\n\r\n",
            envelope, closeAfterSending: true);

        Assert.True(response.Length == 0 || response.StartsWith("HTTP/1.1 400", StringComparison.Ordinal), response);
        await AssertStillServingAsync(_server.CreateClient());
    }

    private async Task<string> RawExchangeAsync(string head, byte[] body, bool closeAfterSending)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(IPAddress.Loopback, _server.BaseAddress.Port);
        await socket.SendAsync(Encoding.ASCII.GetBytes(head), SocketFlags.None);
        if (body.Length > 0) await socket.SendAsync(body, SocketFlags.None);
        if (closeAfterSending) socket.Shutdown(SocketShutdown.Send);
        var received = new System.IO.MemoryStream();
        var buffer = new byte[4096];
        using var timeout = new System.Threading.CancellationTokenSource(TimeSpan.FromSeconds(20));
        while (true)
        {
            int n;
            try
            {
                n = await socket.ReceiveAsync(buffer, SocketFlags.None, timeout.Token);
            }
            catch (SocketException)
            {
                break;                                       // the server closed the connection after answering
            }
            if (n == 0) break;
            received.Write(buffer, 0, n);
            string text = Encoding.UTF8.GetString(received.ToArray());
            int headerEnd = text.IndexOf("\r\n\r\n", StringComparison.Ordinal);
            var length = System.Text.RegularExpressions.Regex.Match(text, "Content-Length: (\\d+)", System.Text.RegularExpressions.RegexOptions.IgnoreCase);
            if (headerEnd >= 0 && length.Success && received.Length >= headerEnd + 4 + int.Parse(length.Groups[1].Value)) break;   // one whole answer
        }
        return Encoding.UTF8.GetString(received.ToArray());
    }

    private static async Task AssertStillServingAsync(HttpClient client)
        => Assert.Equal("SYM5", (await client.GetFromFudgeAsync<Trade>("/min/trades/5")).Symbol);
}
