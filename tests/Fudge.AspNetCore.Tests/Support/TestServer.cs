using System;
using System.Collections.Generic;
using System.Linq;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Fudge.AspNetCore.Tests.Support;

/// <summary>
/// A real Kestrel on 127.0.0.1 (a port the system picks) serving the same routes as minimal APIs (<c>/min/…</c>) and
/// as an MVC controller (<c>/mvc/…</c>), with small limits so that hostile bodies reach them quickly.
/// </summary>
public sealed class TestServer : IAsyncLifetime
{
    public const int MaxMessageSize = 64 * 1024;
    public const int MaxDepth = 8;

    private WebApplication? _app;

    public Uri BaseAddress { get; private set; } = null!;

    /// <summary>The running application's services (its endpoints, for metadata checks).</summary>
    public IServiceProvider Services => _app!.Services;

    /// <summary>Completed with the number of ticks sent when a never-ending stream stops (its client went away).</summary>
    public TaskCompletionSource<long> EndlessStreamStopped { get; private set; } = NewSignal();

    public HttpClient CreateClient() => new() { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(60) };

    public void ResetEndlessStream() => EndlessStreamStopped = NewSignal();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddSingleton(this);
        builder.Services.AddControllers(options => options.ReturnHttpNotAcceptable = true)
            .AddApplicationPart(typeof(TradesController).Assembly)
            .AddFudgeFormatters(options => options.ReaderOptions = new FudgeReaderOptions { MaxMessageSize = MaxMessageSize, MaxDepth = MaxDepth });
        var app = builder.Build();

        app.MapGet("/min/trades/{id:int}", (int id) => FudgeResults.Fudge(Trade.Sample(id)));
        app.MapPost("/min/trades", (FudgeBody<Trade> body) =>
        {
            Trade trade = body;
            trade.Quantity += 1;
            return FudgeResults.Fudge(trade, StatusCodes.Status201Created);
        });
        app.MapPost("/min/messages", (FudgeBody<FudgeMsg> body) => FudgeResults.Fudge(body.Value.Add("seen", true)));
        app.MapGet("/min/ticks", (int count) => FudgeResults.Stream(Ticks(count)));
        app.MapGet("/min/endless-ticks", (HttpContext context) => FudgeResults.Stream(EndlessTicks(context.RequestAborted)));
        app.MapPost("/min/ticks", async (FudgeStream<Tick> ticks) =>
        {
            var summary = new StreamSummary();
            await foreach (var tick in ticks)
            {
                summary.Count++;
                summary.SequenceSum += tick.Sequence;
            }
            return FudgeResults.Fudge(summary);
        });
        app.MapGet("/min/text", () => Results.Text("not fudge"));
        app.MapControllers();

        await app.StartAsync();
        _app = app;
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        BaseAddress = new Uri(address);
    }

    public async Task DisposeAsync()
    {
        if (_app is not null) await _app.DisposeAsync();
    }

    public static async IAsyncEnumerable<Tick> Ticks(long count)
    {
        for (long i = 1; i <= count; i++) yield return Tick.Number(i);
        await Task.CompletedTask;
    }

    public async IAsyncEnumerable<Tick> EndlessTicks([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        long sent = 0;
        try
        {
            while (true)
            {
                await Task.Delay(2, cancellationToken);
                yield return Tick.Number(++sent);
            }
        }
        finally
        {
            EndlessStreamStopped.TrySetResult(sent);
        }
    }

    private static TaskCompletionSource<long> NewSignal() => new(TaskCreationOptions.RunContinuationsAsynchronously);
}

/// <summary>The routes of the minimal APIs, as an MVC controller.</summary>
[ApiController]
[Route("mvc")]
public sealed class TradesController : ControllerBase
{
    [HttpGet("trades/{id:int}")]
    public Trade Get(int id) => Trade.Sample(id);

    [HttpPost("trades")]
    public ActionResult<Trade> Post([FromBody] Trade trade)
    {
        trade.Quantity += 1;
        return StatusCode(StatusCodes.Status201Created, trade);
    }

    [HttpPost("messages")]
    public FudgeMsg Echo([FromBody] FudgeMsg message) => message.Add("seen", true);

    [HttpGet("ticks")]
    public IAsyncEnumerable<Tick> Ticks(int count) => TestServer.Ticks(count);

    [HttpGet("endless-ticks")]
    public IAsyncEnumerable<Tick> Endless([FromServices] TestServer server) => server.EndlessTicks(HttpContext.RequestAborted);

    [HttpPost("ticks")]
    public async Task<StreamSummary> Upload()
    {
        var summary = new StreamSummary();
        await foreach (var tick in Request.ReadFudgeBodyStream<Tick>())
        {
            summary.Count++;
            summary.SequenceSum += tick.Sequence;
        }
        return summary;
    }
}

[CollectionDefinition(Name)]
public sealed class ServerCollection : ICollectionFixture<TestServer>
{
    public const string Name = "server";
}
