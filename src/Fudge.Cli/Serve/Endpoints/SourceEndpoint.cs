using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary><c>GET /api/source</c>: what is shown, and how many envelopes have been found so far.</summary>
internal static class SourceEndpoint
{
    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
        => app.MapGet("/api/source", context =>
        {
            var status = state.Source.Status;
            var info = new SourceInfo(state.Source.Description, state.Source.Kind, status.Count, status.Complete, status.Error, state.Taxonomies,
                status.Following, status.Generation, status.Notice);
            return ExplorerResponses.Json(context, info, ExplorerJson.Default.SourceInfo);
        });
}
