using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// <c>GET /api/messages/{id}?fields=N</c>: one message as a tree of fields with their byte ranges (the first N, at most
/// and by default <see cref="MessageTree.MaxFields"/>), and its first bytes. A malformed message is still a 200: the
/// fields read before the fault, and the fault's offset and reason. <c>GET /api/messages/{id}/fields?from=N&amp;take=N</c>:
/// the fields after those, page by page (<c>take</c> 1 to <see cref="MessageTree.MaxFields"/>, default
/// <see cref="DefaultPage"/>), so that no answer about a large message is large; or, with <c>at=B</c> instead of
/// <c>from</c>, the page around the field holding byte B of the envelope (<see cref="MessageTree.FieldsAt"/>), so that
/// pointing at or jumping to a byte far into a message reads one page, not every page before it.
/// </summary>
internal static class MessageEndpoint
{
    /// <summary>Fields a page holds when <c>take</c> is not given.</summary>
    public const int DefaultPage = 2000;

    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
    {
        app.MapGet("/api/messages/{id}/fields", async context =>
        {
            string? text = context.Request.RouteValues["id"] as string;
            long? from = ExplorerResponses.ReadNumber(context, "from", 0, 0, int.MaxValue);
            long? take = ExplorerResponses.ReadNumber(context, "take", DefaultPage, 1, MessageTree.MaxFields);
            long? at = ExplorerResponses.ReadNumber(context, "at", -1, 0, int.MaxValue);
            bool both = context.Request.Query.ContainsKey("at") && context.Request.Query.ContainsKey("from");
            if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long id) || from is null || take is null || at is null || both)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid page of fields",
                    $"A message id is a whole number from 0; from is a field's index from 0, or at a byte offset in the message from 0 (not both), and take a whole number from 1 to {MessageTree.MaxFields.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            var message = await state.Source.GetAsync(id, context.RequestAborted);
            if (message is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No such message", $"There is no message {id.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            if (at >= message.Bytes.Length)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Offset out of range",
                    $"Message {id.ToString(CultureInfo.InvariantCulture)} has {message.Bytes.Length.ToString(CultureInfo.InvariantCulture)} bytes: at is from 0 to {(message.Bytes.Length - 1).ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            // Pages of a large message come one after another (scrolling, jumps): its index (built on the first) starts
            // each walk near the page instead of at the first field.
            var index = state.FieldIndexes.For(message, state.Options);
            var page = at >= 0 ? MessageTree.FieldsAt(message, state.Options, (int)at.Value, (int)take.Value, index)
                : MessageTree.Fields(message, state.Options, (int)from.Value, (int)take.Value, index);
            await ExplorerResponses.Json(context, page, ExplorerJson.Default.FieldPage);
        });

        app.MapGet("/api/messages/{id}", async context =>
        {
            string? text = context.Request.RouteValues["id"] as string;
            if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long id))
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid id", "A message id is a whole number from 0.");
                return;
            }
            long? fields = ExplorerResponses.ReadNumber(context, "fields", MessageTree.MaxFields, 1, MessageTree.MaxFields);
            if (fields is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid fields", $"fields is a whole number from 1 to {MessageTree.MaxFields.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            var message = await state.Source.GetAsync(id, context.RequestAborted);
            if (message is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No such message", $"There is no message {id.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            await ExplorerResponses.Json(context, MessageTree.Open(message, state.Options, (int)fields.Value), ExplorerJson.Default.MessageDetail);
        });
    }
}
