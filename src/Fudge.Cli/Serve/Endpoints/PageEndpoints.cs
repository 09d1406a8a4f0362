using System;
using System.IO;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// The page itself: <c>/</c>, its scripts (<c>/app.js</c>, <c>/message.js</c>, <c>/fields.js</c>, <c>/views.js</c>, <c>/address.js</c>,
/// <c>/charts.js</c>, <c>/schema.js</c>), <c>/app.css</c> and the vendored uPlot under <c>/vendor/</c> (and an empty <c>/favicon.ico</c>), embedded in the tool (no build step, nothing
/// fetched from elsewhere). Nothing else is served from disk: the only files read are those the explorer was opened on.
/// </summary>
internal static class PageEndpoints
{
    public static void Map(IEndpointRouteBuilder app)
    {
        MapResource(app, "/", "index.html", "text/html; charset=utf-8");
        MapResource(app, "/app.js", "app.js", "text/javascript; charset=utf-8");
        MapResource(app, "/views.js", "views.js", "text/javascript; charset=utf-8");
        MapResource(app, "/app.css", "app.css", "text/css; charset=utf-8");
        MapResource(app, "/charts.js", "charts.js", "text/javascript; charset=utf-8");
        MapResource(app, "/message.js", "message.js", "text/javascript; charset=utf-8");
        MapResource(app, "/fields.js", "fields.js", "text/javascript; charset=utf-8");
        MapResource(app, "/address.js", "address.js", "text/javascript; charset=utf-8");
        MapResource(app, "/schema.js", "schema.js", "text/javascript; charset=utf-8");
        // uPlot (MIT), vendored at build time by .ci/vendor-page.sh; absent from a build made without that step.
        MapVendor(app, "/vendor/uPlot.iife.min.js", "uPlot.iife.min.js", "text/javascript; charset=utf-8");
        MapVendor(app, "/vendor/uPlot.min.css", "uPlot.min.css", "text/css; charset=utf-8");
        MapVendor(app, "/vendor/uPlot.LICENSE.txt", "uPlot.LICENSE.txt", "text/plain; charset=utf-8");
        // Browsers ask for an icon whatever the page says; "no content" keeps a 404 out of their consoles.
        app.MapGet("/favicon.ico", context =>
        {
            context.Response.StatusCode = StatusCodes.Status204NoContent;
            return System.Threading.Tasks.Task.CompletedTask;
        });
    }

    private static void MapVendor(IEndpointRouteBuilder app, string route, string name, string contentType)
    {
        if (typeof(PageEndpoints).Assembly.GetManifestResourceInfo("Fudge.Cli.Serve.Vendor." + name) is null) return;
        MapResource(app, route, name, contentType, "Fudge.Cli.Serve.Vendor.");
    }

    private static void MapResource(IEndpointRouteBuilder app, string route, string name, string contentType, string prefix = "Fudge.Cli.Serve.Page.")
    {
        byte[] bytes = Load(prefix + name);
        app.MapGet(route, context =>
        {
            context.Response.ContentType = contentType;
            context.Response.ContentLength = bytes.Length;
            return context.Response.Body.WriteAsync(bytes, context.RequestAborted).AsTask();
        });
    }

    private static byte[] Load(string name)
    {
        using var stream = typeof(PageEndpoints).Assembly.GetManifestResourceStream(name)
            ?? throw new InvalidOperationException($"the page resource {name} is missing from the build");
        var bytes = new MemoryStream();
        stream.CopyTo(bytes);
        return bytes.ToArray();
    }
}
