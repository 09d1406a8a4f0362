using System;
using System.Linq;
using System.Net;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Cli.Serve.Endpoints;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Fudge.Cli.Serve;

/// <summary>
/// The message explorer's web server: Kestrel on a loopback address only, the page and a small read-only JSON API
/// over one <see cref="ExplorerState.Source"/>. Every response carries a Content-Security-Policy that lets the page
/// run only its own script; requests whose Host is not a loopback name are refused (a page elsewhere cannot reach the
/// explorer by pointing a name of its own at 127.0.0.1).
/// </summary>
internal sealed class ExplorerServer : IAsyncDisposable
{
    /// <summary>The policy: the page's own script and style, requests to itself, nothing else (no inline script, no frames).</summary>
    public const string ContentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    private readonly WebApplication _app;
    private readonly ExplorerState _state;

    private ExplorerServer(WebApplication app, ExplorerState state, Uri address)
    {
        _app = app;
        _state = state;
        Address = address;
    }

    /// <summary>The page's address, e.g. <c>http://127.0.0.1:5117/</c>.</summary>
    public Uri Address { get; }

    /// <summary>
    /// Starts serving <paramref name="state"/> on <paramref name="address"/>:<paramref name="port"/> (0: a free port).
    /// The server owns the source from here on and disposes it.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="address"/> is not a loopback address.</exception>
    /// <exception cref="System.IO.IOException">The port cannot be bound (in use, or not allowed).</exception>
    public static async Task<ExplorerServer> StartAsync(ExplorerState state, IPAddress address, int port, CancellationToken cancellationToken = default)
    {
        if (!IPAddress.IsLoopback(address))
            throw new ArgumentException($"the explorer listens on loopback addresses only (127.0.0.0/8 or ::1), not {address}", nameof(address));
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { ApplicationName = "fudge-serve", Args = Array.Empty<string>() });
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Listen(address, port);
        });
        builder.Services.Configure<ConsoleLifetimeOptions>(o => o.SuppressStatusMessages = true);
        var app = builder.Build();
        app.Use(GuardAsync);
        PageEndpoints.Map(app);
        SourceEndpoint.Map(app, state);
        MessageListEndpoint.Map(app, state);
        MessageEndpoint.Map(app, state);
        DownloadEndpoint.Map(app, state);
        NavigationEndpoints.Map(app, state);
        ChartEndpoints.Map(app, state);
        SchemaEndpoint.Map(app, state);
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not System.IO.IOException and not OperationCanceledException)
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw new System.IO.IOException($"cannot listen on {address}:{port}: {e.Message}", e);
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }
        string bound = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return new ExplorerServer(app, state, new Uri(bound.TrimEnd('/') + "/"));
    }

    /// <summary>Completes when the process is asked to stop (Ctrl+C, SIGTERM).</summary>
    public Task WaitForShutdownAsync(CancellationToken cancellationToken = default) => _app.WaitForShutdownAsync(cancellationToken);

    // Every request: only GET and HEAD, only a loopback Host, and the safety headers on every answer. A failure that
    // is not the client's is still a problem document (a bug to report), never an empty page.
    private static async Task GuardAsync(HttpContext context, RequestDelegate next)
    {
        try
        {
            await CheckAsync(context, next);
        }
        catch (Sources.SourceChangedException e) when (!context.Response.HasStarted)
        {
            // A file that shrank or was replaced while a request read it: the page reloads the new generation. (A
            // download had named its file already: the problem is not that file.)
            context.Response.Headers.ContentDisposition = default;
            await ExplorerResponses.Problem(context, StatusCodes.Status409Conflict, "The source changed", e.Message);
        }
        catch (Exception e) when (e is not OperationCanceledException && !context.Response.HasStarted)
        {
            await ExplorerResponses.Problem(context, StatusCodes.Status500InternalServerError, "Internal error", $"{e.GetType().Name}: {e.Message}");
        }
    }

    private static Task CheckAsync(HttpContext context, RequestDelegate next)
    {
        var headers = context.Response.Headers;
        headers.ContentSecurityPolicy = ContentSecurityPolicy;
        headers.XContentTypeOptions = "nosniff";
        headers.XFrameOptions = "DENY";
        headers["Referrer-Policy"] = "no-referrer";
        headers.CacheControl = "no-store";
        if (!HttpMethods.IsGet(context.Request.Method) && !HttpMethods.IsHead(context.Request.Method))
        {
            headers.Allow = "GET, HEAD";
            return ExplorerResponses.Problem(context, StatusCodes.Status405MethodNotAllowed, "Read only", "The explorer only answers GET.");
        }
        if (!IsLoopbackHost(context.Request.Host.Host))
            return ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Not a loopback host", "The explorer answers requests for 127.0.0.1, [::1] or localhost only.");
        return next(context);
    }

    private static bool IsLoopbackHost(string host)
    {
        if (string.Equals(host, "localhost", StringComparison.OrdinalIgnoreCase)) return true;
        return IPAddress.TryParse(host.Trim('[', ']'), out var address) && IPAddress.IsLoopback(address);
    }

    /// <summary>Stops the server and closes the source.</summary>
    public async ValueTask DisposeAsync()
    {
        try
        {
            await _app.StopAsync().ConfigureAwait(false);
        }
        finally
        {
            await _app.DisposeAsync().ConfigureAwait(false);
            await _state.Source.DisposeAsync().ConfigureAwait(false);
        }
    }
}
