using System;
using System.Linq;
using System.Threading;
using Fudge.AspNetCore;
using Fudge.Web.Benchmarks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

// The server the load harness (run.sh) measures: the same Order as Fudge and as System.Text.Json source-generated
// JSON, both as minimal APIs on one Kestrel, and a side endpoint giving the allocations and requests counted so far.
// It prints its address (port chosen by the system unless given) and serves until killed.
var builder = WebApplication.CreateSlimBuilder(args);
builder.Logging.ClearProviders();
builder.WebHost.UseUrls($"http://127.0.0.1:{(args.Length > 0 ? args[0] : "0")}");
builder.Services.AddFudge();
builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, OrderJsonContext.Default));
var app = builder.Build();

var order = Order.Sample();
long requests = 0;
app.Use((context, next) =>
{
    Interlocked.Increment(ref requests);
    return next(context);
});
app.MapGet("/fudge", () => FudgeResults.Fudge(order));
app.MapGet("/json", () => Results.Json(order, OrderJsonContext.Default.Order));
// Read before and after a run: (bytes after - bytes before) / (requests after - requests before) is what one request
// allocated in the whole server, Kestrel included. Its own request is counted and allocates alike on both sides.
app.MapGet("/stats", () => Results.Text($"{GC.GetTotalAllocatedBytes(precise: true)} {Interlocked.Read(ref requests)}"));

await app.StartAsync();
Console.WriteLine(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single());
await app.WaitForShutdownAsync();
