using System.Linq;
using Fudge.Cli.Serve.Sources;
using Fudge.Store;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// <c>GET /api/messages?skip=N&amp;take=N&amp;where=FILTER</c>: a page of the list, with the total when it is known.
/// </summary>
internal static class MessageListEndpoint
{
    /// <summary>The most rows of one page.</summary>
    public const int MaxTake = 500;

    // Far beyond any file, and small enough that skip + take cannot overflow anywhere below.
    private const long MaxSkip = 1L << 40;

    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
        => app.MapGet("/api/messages", async context =>
        {
            long? skip = ExplorerResponses.ReadNumber(context, "skip", 0, 0, MaxSkip);
            long? take = ExplorerResponses.ReadNumber(context, "take", 50, 1, MaxTake);
            if (skip is null || take is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid paging", $"skip is a whole number from 0, take from 1 to {MaxTake}.");
                return;
            }
            var (filter, answered) = await ExplorerResponses.ReadFilterAsync(context);
            if (answered) return;
            SourcePage page;
            try
            {
                page = await state.Source.GetPageAsync(filter, skip.Value, (int)take.Value, context.RequestAborted);
            }
            catch (FudgeStoreException e)
            {
                // The database refused the filter (a store may not support every construct).
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "The store refused the filter", e.Message);
                return;
            }
            var rows = page.Messages.Select(m => MessageTree.Summarize(m, state.Options)).ToArray();
            await ExplorerResponses.Json(context, new MessageList(rows, skip.Value, page.Total, page.Seen), ExplorerJson.Default.MessageList);
        });
}
