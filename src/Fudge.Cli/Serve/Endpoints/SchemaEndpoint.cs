using System;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Fudge.Cli.Schema;
using Fudge.Store;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// <c>GET /api/schema?format=csharp|proto&amp;where=FILTER&amp;records=true&amp;limit=N&amp;download=true</c>: the schema
/// inferred from the messages the list shows (the filter applies), by the code of <c>fudge schema infer</c>
/// (src/Fudge.Cli/Schema): C# <c>[FudgeMessage]</c> types or a Fudge-Proto file, with the root type named as the
/// command names it (after a file's name, else <c>Message</c>). At most <c>limit</c> messages are read, the first ones.
/// </summary>
internal static class SchemaEndpoint
{
    /// <summary>Messages read by default.</summary>
    public const int DefaultLimit = 100_000;

    /// <summary>The most messages one answer may read.</summary>
    public const int MaxLimit = 10_000_000;

    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
        => app.MapGet("/api/schema", async context =>
        {
            string format = context.Request.Query["format"].ToString() is { Length: > 0 } f ? f : "csharp";
            if (format is not ("csharp" or "proto"))
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid format", "format is csharp or proto.");
                return;
            }
            long? limit = ExplorerResponses.ReadNumber(context, "limit", DefaultLimit, 1, MaxLimit);
            if (limit is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid limit", $"limit is a whole number from 1 to {MaxLimit}.");
                return;
            }
            var (filter, answered) = await ExplorerResponses.ReadFilterAsync(context);
            if (answered) return;
            var stats = new SchemaStatistics();
            long messages = 0, malformed = 0;
            bool cut = false;
            try
            {
                await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
                {
                    if (messages + malformed == limit)
                    {
                        cut = true;
                        break;
                    }
                    try
                    {
                        var envelope = FudgeEnvelope.Parse(message.Bytes.Span, state.Options);
                        stats.Add(envelope.Message, envelope.TaxonomyId);
                        messages++;
                    }
                    catch (FudgeException)
                    {
                        malformed++; // left out, and said in the answer
                    }
                }
            }
            catch (FudgeStoreException e)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "The store refused the filter", e.Message);
                return;
            }
            var schema = new SchemaResolver(stats).Resolve("Inferred", null, RootName(state.Source));
            var text = new StringWriter(CultureInfo.InvariantCulture) { NewLine = "\n" };
            if (format == "proto") ProtoSchemaWriter.Write(schema, text);
            else CSharpSchemaWriter.Write(schema, text, context.Request.Query["records"] == "true");
            if (context.Request.Query["download"] == "true")
            {
                byte[] bytes = Encoding.UTF8.GetBytes(text.ToString());
                context.Response.ContentType = "text/plain; charset=utf-8";
                context.Response.Headers.ContentDisposition = $"attachment; filename=\"schema.{(format == "proto" ? "proto" : "cs")}\"";
                context.Response.ContentLength = bytes.Length;
                await context.Response.Body.WriteAsync(bytes, context.RequestAborted);
                return;
            }
            await ExplorerResponses.Json(context, new InferredSchemaText(format, messages, malformed, cut, text.ToString()), SchemaJson.Default.InferredSchemaText);
        });

    /// <summary>As <c>fudge schema infer FILE</c> names the root type: after a file's name (<c>ticks.fudge</c> gives <c>Tick</c>), else <c>Message</c>.</summary>
    private static string RootName(Sources.IMessageSource source)
    {
        if (source.Kind != "file") return "Message";
        string name = Names.Identifier(Path.GetFileNameWithoutExtension(source.Description), pascal: true);
        if (name.Length > 3 && name.EndsWith('s') && !name.EndsWith("ss", StringComparison.Ordinal)) name = name.Substring(0, name.Length - 1);
        return name;
    }
}

/// <summary>The schema inferred from the messages shown (<c>GET /api/schema</c>).</summary>
/// <param name="Format">"csharp" or "proto".</param>
/// <param name="Messages">Messages it was inferred from.</param>
/// <param name="Malformed">Messages left out because they could not be read.</param>
/// <param name="Cut">True when there were more messages than the limit: the schema is of the first ones.</param>
/// <param name="Text">The C# or .proto text, as <c>fudge schema infer</c> writes it.</param>
internal sealed record InferredSchemaText(string Format, long Messages, long Malformed, bool Cut, string Text);

/// <summary>The schema's JSON, source-generated (NativeAOT).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(InferredSchemaText))]
internal sealed partial class SchemaJson : JsonSerializerContext;
