using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// <c>GET /api/messages/{id}</c>: one message as a tree of fields with their byte ranges, and its bytes. A malformed
/// message is still a 200: the fields read before the fault, and the fault's offset and reason.
/// </summary>
internal static class MessageEndpoint
{
    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
        => app.MapGet("/api/messages/{id}", async context =>
        {
            string? text = context.Request.RouteValues["id"] as string;
            if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long id))
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid id", "A message id is a whole number from 0.");
                return;
            }
            var message = await state.Source.GetAsync(id, context.RequestAborted);
            if (message is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No such message", $"There is no message {id.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            await ExplorerResponses.Json(context, MessageTree.Open(message, state.Options), ExplorerJson.Default.MessageDetail);
        });
}
