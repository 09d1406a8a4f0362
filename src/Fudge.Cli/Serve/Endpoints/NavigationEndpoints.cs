using System;
using System.Globalization;
using System.Threading.Tasks;
using Fudge.Cli.Serve.Sources;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// What the page's navigation asks for besides pages and messages: <c>GET /api/messages/{id}/value?field=N</c> (a
/// field's whole value, uncut), <c>GET /api/locate?offset=N&amp;location=FILE</c> (the message holding a byte of a
/// file), <c>GET /api/messages/{id}/bytes?start=N&amp;length=N</c> (a range of an envelope's bytes, raw, for the hex
/// view of a message larger than the first 64 KiB the message itself carries, and for copying a field's bytes) and
/// <c>GET /api/count?where=FILTER</c> (how many messages a filter passes, counted in the background).
/// </summary>
internal static class NavigationEndpoints
{
    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
    {
        app.MapGet("/api/messages/{id}/value", async context =>
        {
            string? text = context.Request.RouteValues["id"] as string;
            long? field = ExplorerResponses.ReadNumber(context, "field", -1, 0, int.MaxValue);
            if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long id) || field is null or < 0)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid field", "A message id is a whole number from 0, and field=N names a field by its index in the tree.");
                return;
            }
            var message = await state.Source.GetAsync(id, context.RequestAborted);
            string? value = null;
            try
            {
                if (message is not null) value = MessageTree.FullValue(message, state.Options, (int)field.Value);
            }
            catch (FudgeException)
            {
                // Malformed before the field: there is no such field to show.
            }
            if (value is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No such field", "The message has no field with a value at that index.");
                return;
            }
            await ExplorerResponses.Json(context, new FieldValue((int)field.Value, value), ExplorerJson.Default.FieldValue);
        });

        app.MapGet("/api/messages/{id}/bytes", async context =>
        {
            string? text = context.Request.RouteValues["id"] as string;
            long? start = ExplorerResponses.ReadNumber(context, "start", 0, 0, int.MaxValue);
            long? length = ExplorerResponses.ReadNumber(context, "length", int.MaxValue, 0, int.MaxValue);
            if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long id) || start is null || length is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid range", "A message id is a whole number from 0; start and length are whole numbers from 0.");
                return;
            }
            var message = await state.Source.GetAsync(id, context.RequestAborted);
            if (message is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No such message", $"There is no message {id.ToString(CultureInfo.InvariantCulture)}.");
                return;
            }
            int from = (int)Math.Min(start.Value, message.Bytes.Length);
            var bytes = message.Bytes.Slice(from, (int)Math.Min(length.Value, message.Bytes.Length - from));
            context.Response.ContentType = "application/octet-stream";
            context.Response.ContentLength = bytes.Length;
            await context.Response.Body.WriteAsync(bytes, context.RequestAborted);
        });

        app.MapGet("/api/locate", async context =>
        {
            long? offset = ExplorerResponses.ReadNumber(context, "offset", -1, 0, long.MaxValue);
            string? location = context.Request.Query["location"];
            if (offset is null or < 0)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid offset", "offset is a whole number from 0.");
                return;
            }
            if (state.Source.Kind is "store" or "queue" or "exchange")
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "No byte offsets", "A store's or a broker's messages have no byte offsets; jump to a message number instead.");
                return;
            }
            var found = await LocateAsync(state.Source, string.IsNullOrEmpty(location) ? null : location, offset.Value, context);
            if (found is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status404NotFound, "No message there",
                    $"No message found so far holds byte {offset.Value.ToString(CultureInfo.InvariantCulture)}" + (location is null ? "." : $" of {location}."));
                return;
            }
            await ExplorerResponses.Json(context, new LocatedMessage(found.Id, found.Offset, found.Bytes.Length), ExplorerJson.Default.LocatedMessage);
        });

        var counts = new FilterCounts(state.Source);
        app.MapGet("/api/count", async context =>
        {
            var (filter, answered) = await ExplorerResponses.ReadFilterAsync(context);
            if (answered) return;
            await ExplorerResponses.Json(context, counts.Get(filter), ExplorerJson.Default.FilterCount);
        });
    }

    // Envelopes sit in id order by (file, offset): a binary search over the ids found so far, reading one envelope a step.
    private static async Task<SourceMessage?> LocateAsync(IMessageSource source, string? location, long offset, HttpContext context)
    {
        long low = 0, high = source.Status.Count - 1;
        SourceMessage? best = null;
        while (low <= high)
        {
            long middle = low + (high - low) / 2;
            var message = await source.GetAsync(middle, context.RequestAborted);
            if (message is null) { high = middle - 1; continue; }
            int order = location is null ? 0 : string.CompareOrdinal(message.Location, location);
            if (order < 0 || (order == 0 && message.Offset <= offset))
            {
                best = message;
                low = middle + 1;
            }
            else high = middle - 1;
        }
        return best is not null && best.Location == (location ?? best.Location) && offset < best.Offset + best.Bytes.Length ? best : null;
    }
}
