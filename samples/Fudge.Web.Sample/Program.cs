using System;
using System.Collections.Generic;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge;
using Fudge.AspNetCore;
using Fudge.Http;
using Fudge.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

// A minimal-API service exchanging [FudgeMessage] objects, and a client calling it, in one process: the server binds
// 127.0.0.1 on a port the system picks, the client makes each kind of call once and prints what it got, then both stop.

// ---------------------------------------------------------------- the service
var builder = WebApplication.CreateSlimBuilder(args);
builder.Logging.ClearProviders();
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Services.AddFudge(options => options.ReaderOptions = new FudgeReaderOptions { MaxMessageSize = 1 << 20, MaxDepth = 16 });
var app = builder.Build();

var quotes = new Dictionary<string, Quote> { ["ACME"] = new() { Symbol = "ACME", Bid = 182.55, Ask = 182.57 } };
app.MapGet("/quotes/{symbol}", (string symbol) =>
    quotes.TryGetValue(symbol, out var quote) ? (IResult)FudgeResults.Fudge(quote) : Results.NotFound());
app.MapPut("/quotes/{symbol}", (string symbol, FudgeBody<Quote> quote) =>
{
    quotes[symbol] = quote;
    return FudgeResults.Fudge(quote.Value);
});
app.MapGet("/ticks", (int count, CancellationToken aborted) => FudgeResults.Stream(Ticks(count, aborted)));
app.MapPost("/ticks/count", async (FudgeStream<Quote> ticks) =>
{
    int received = 0;
    await foreach (var _ in ticks) received++;
    return Results.Ok(received);
});
await app.StartAsync();
var address = app.Urls.First();                    // the address bound, with the port the system picked
Console.WriteLine($"service listening on {address}");

// ---------------------------------------------------------------- the client
using var client = new HttpClient { BaseAddress = new Uri(address) };

Quote acme = await client.GetFromFudgeAsync<Quote>("/quotes/ACME");
Console.WriteLine($"GET  /quotes/ACME as Fudge:        {acme}");

using (var put = await client.PutAsFudgeAsync("/quotes/XFDG", new Quote { Symbol = "XFDG", Bid = 10.10, Ask = 10.12 }))
    Console.WriteLine($"PUT  /quotes/XFDG:                 {(int)put.StatusCode}, {await put.Content.ReadFromFudgeAsync<Quote>()}");

using (var request = new HttpRequestMessage(HttpMethod.Get, "/quotes/XFDG"))
{
    request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
    using var json = await client.SendAsync(request);
    Console.WriteLine($"GET  /quotes/XFDG as JSON:         {await json.Content.ReadAsStringAsync()}");
}

int streamed = 0;
await foreach (var tick in client.GetFromFudgeAsAsyncEnumerable<Quote>("/ticks?count=1000")) streamed++;
Console.WriteLine($"GET  /ticks?count=1000 as a stream: {streamed} envelopes");

using (var upload = await client.PostAsFudgeStreamAsync("/ticks/count", Ticks(500, CancellationToken.None)))
    Console.WriteLine($"POST /ticks/count, a stream of 500: the service counted {await upload.Content.ReadAsStringAsync()}");

using (var bad = await client.PutAsync("/quotes/BAD", new ByteArrayContent(new byte[] { 0, 0, 0, 0, 0, 0, 0, 99, 1 }) { Headers = { ContentType = new MediaTypeHeaderValue(FudgeMediaTypes.Fudge) } }))
    Console.WriteLine($"PUT  /quotes/BAD, a cut envelope:  {(int)bad.StatusCode} {await bad.Content.ReadAsStringAsync()}");

await app.StopAsync();

static async IAsyncEnumerable<Quote> Ticks(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
{
    for (int i = 0; i < count && !cancellationToken.IsCancellationRequested; i++)
    {
        if (i % 100 == 0) await Task.Yield();
        yield return new Quote { Symbol = "ACME", Bid = 182.55 + i * 0.01, Ask = 182.57 + i * 0.01 };
    }
}

/// <summary>A quote: the object the service and client exchange.</summary>
[FudgeMessage]
public sealed partial class Quote
{
    public string Symbol { get; set; } = "";
    public double Bid { get; set; }
    public double Ask { get; set; }

    public override string ToString() => $"{Symbol} {Bid:0.00}/{Ask:0.00}";
}
