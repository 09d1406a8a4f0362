using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading.Tasks;
using Fudge;
using Fudge.AspNetCore;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

// What a server keeps after large bodies: eight clients POST a ~11 MB FudgeMsg each at once to an endpoint that reads
// it as a FudgeMsg (the DOM) and answers it back; the figures are printed before, right after, after a full blocking
// collection, and after the server has been idle for a while. Not a BenchmarkDotNet benchmark: one run, figures of
// this process (the clients run in it too, streaming their answers to nowhere).
//   dotnet run -c Release --project benchmarks/Fudge.Web.Memory [-- rounds]
int rounds = args.Length > 0 ? int.Parse(args[0]) : 3;
bool echo = !(args.Length > 1 && args[1] == "count");   // "count": answer the number of fields instead of the message
const int Parallel = 8;

var builder = WebApplication.CreateSlimBuilder();
builder.Logging.ClearProviders();
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Services.AddFudge();
var app = builder.Build();
app.MapPost("/messages", (FudgeBody<FudgeMsg> body) => echo
    ? FudgeResults.Fudge(body.Value.Add("seen", true))
    : FudgeResults.Fudge(new FudgeMsg().Add("fields", body.Value.Count)));
await app.StartAsync();

byte[] body = LargeMessage();
var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()), Timeout = TimeSpan.FromMinutes(5) };
Console.WriteLine($"GC: {(System.Runtime.GCSettings.IsServerGC ? "server" : "workstation")}, {Environment.ProcessorCount} cores; body {body.Length / 1e6:F1} MB, {Parallel} at once, {rounds} rounds");
GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
Print("started");
for (int round = 1; round <= rounds; round++)
{
    var watch = Stopwatch.StartNew();
    await Task.WhenAll(Enumerable.Range(0, Parallel).Select(_ => PostAsync()));
    Print($"round {round} answered ({watch.ElapsedMilliseconds} ms)");
}
GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
GC.WaitForPendingFinalizers();
Print("after a full collection");
await Task.Delay(TimeSpan.FromSeconds(15));
Print("idle 15 s later");
GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
Print("after an aggressive collection");
client.Dispose();   // closes the kept-alive connections, and with them what the server holds per connection
await Task.Delay(TimeSpan.FromSeconds(2));
GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
Print("connections closed, collected");
await app.StopAsync();

async Task PostAsync()
{
    var content = new ByteArrayContent(body);
    content.Headers.ContentType = new MediaTypeHeaderValue(FudgeMediaTypes.Fudge);
    using var response = await client.PostAsync("/messages", content);
    response.EnsureSuccessStatusCode();
    await using var stream = await response.Content.ReadAsStreamAsync();
    await stream.CopyToAsync(Stream.Null);
}

static byte[] LargeMessage()
{
    // 165,000 ticks of 4 fields: about 11 MB, the size of the report that found the retention.
    var message = new FudgeMsg();
    for (int i = 0; i < 165_000; i++)
        message.Add("tick", new FudgeMsg().Add("symbol", "SYM" + (i % 500)).Add("bid", 100 + i * 0.01).Add("ask", 100.5 + i * 0.01).Add("venue", "XNAS-" + (i % 7)));
    return new FudgeEnvelope(message).ToByteArray();
}

static void Print(string when)
{
    using var process = Process.GetCurrentProcess();
    var info = GC.GetGCMemoryInfo();
    Console.WriteLine($"{when,-32} RSS {process.WorkingSet64 / 1048576.0,7:F1} MiB   GC heap {info.HeapSizeBytes / 1048576.0,7:F1} MiB   committed {info.TotalCommittedBytes / 1048576.0,7:F1} MiB   live {GC.GetTotalMemory(false) / 1048576.0,7:F1} MiB");
}
