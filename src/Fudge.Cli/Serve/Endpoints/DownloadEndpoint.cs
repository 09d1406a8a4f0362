using System;
using System.Buffers;
using System.IO;
using System.Threading.Tasks;
using System.Xml;
using Fudge.Cli.Serve.Sources;
using Fudge.Json;
using Fudge.Query;
using Fudge.Store;
using Fudge.Xml;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// <c>GET /api/download?format=fudge|json|xml&amp;where=FILTER</c>: every message the list shows (all of them, or those
/// the filter passes), streamed as they are read: the envelopes byte for byte, JSON Lines as <c>fudge to-json</c>
/// writes them, or XML elements as <c>fudge to-xml</c> writes them. A message that cannot be converted (malformed, or
/// holding characters XML cannot carry) is left out of JSON and XML; the Fudge download keeps it as it is.
/// </summary>
internal static class DownloadEndpoint
{
    private const int FlushThreshold = 64 * 1024;

    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
        => app.MapGet("/api/download", async context =>
        {
            string? format = context.Request.Query["format"];
            if (format is not ("fudge" or "json" or "xml"))
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid format", "format is fudge, json or xml.");
                return;
            }
            var (filter, answered) = await ExplorerResponses.ReadFilterAsync(context);
            if (answered) return;
            var response = context.Response;
            response.ContentType = format switch
            {
                "fudge" => FudgeMediaTypes.Fudge,   // the media type the HTTP packages and RabbitMQ write
                "json" => "application/jsonl; charset=utf-8",
                _ => "application/xml; charset=utf-8",
            };
            string extension = format == "json" ? "jsonl" : format;
            response.Headers.ContentDisposition = $"attachment; filename=\"messages.{extension}\"";
            try
            {
                await (format switch
                {
                    "fudge" => WriteFudgeAsync(state, filter, context),
                    "json" => WriteJsonAsync(state, filter, context),
                    _ => WriteXmlAsync(state, filter, context),
                });
            }
            catch (FudgeStoreException e) when (!response.HasStarted)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "The store refused the filter", e.Message);
            }
        });

    private static async Task WriteFudgeAsync(ExplorerState state, FudgeFilter? filter, HttpContext context)
    {
        await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
            await context.Response.Body.WriteAsync(message.Bytes, context.RequestAborted);
    }

    private static async Task WriteJsonAsync(ExplorerState state, FudgeFilter? filter, HttpContext context)
    {
        var settings = FudgeJsonSettings.Plain;
        settings.ReaderOptions = state.Options;
        var text = new ArrayBufferWriter<byte>(2 * FlushThreshold);
        await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
        {
            int before = text.WrittenCount;
            if (!TryWriteJson(message, text, settings))
            {
                // Whole lines only: drop what the failed message wrote.
                await FlushAsync(context, text.WrittenMemory.Slice(0, before));
                text.ResetWrittenCount();
                continue;
            }
            text.Write("\n"u8);
            if (text.WrittenCount >= FlushThreshold)
            {
                await FlushAsync(context, text.WrittenMemory);
                text.ResetWrittenCount();
            }
        }
        await FlushAsync(context, text.WrittenMemory);
    }

    private static bool TryWriteJson(SourceMessage message, ArrayBufferWriter<byte> text, FudgeJsonSettings settings)
    {
        try
        {
            FudgeJson.WriteJson(message.Bytes.Span, text, settings);
            return true;
        }
        catch (FudgeException)
        {
            return false;
        }
    }

    private static async Task WriteXmlAsync(ExplorerState state, FudgeFilter? filter, HttpContext context)
    {
        var settings = new FudgeXmlSettings { TypeAttributes = FudgeXmlTypeAttributes.WhenNeeded, TaxonomyNames = true, ReaderOptions = state.Options };
        var writerSettings = new XmlWriterSettings
        {
            ConformanceLevel = ConformanceLevel.Fragment,
            OmitXmlDeclaration = true,
            NewLineChars = "\n",
            NewLineHandling = NewLineHandling.Entitize,
            CloseOutput = false,
            Encoding = new System.Text.UTF8Encoding(encoderShouldEmitUTF8Identifier: false), // no byte-order mark before each message
        };
        var text = new MemoryStream();
        await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
        {
            // One writer per message: a message that fails leaves a writer in error, and its partial element is dropped.
            long before = text.Length;
            try
            {
                using (var xml = XmlWriter.Create(text, writerSettings))
                {
                    FudgeXml.WriteXml(message.Bytes.Span, xml, settings);
                    xml.WriteWhitespace("\n");
                }
            }
            catch (Exception e) when (e is FudgeException or ArgumentException)
            {
                // Malformed, or holding characters XML 1.0 cannot carry (XmlWriter raises ArgumentException).
                text.SetLength(before);
                text.Position = before;
                continue;
            }
            if (text.Length >= FlushThreshold)
            {
                await FlushAsync(context, text.GetBuffer().AsMemory(0, (int)text.Length));
                text.SetLength(0);
            }
        }
        await FlushAsync(context, text.GetBuffer().AsMemory(0, (int)text.Length));
    }

    private static async Task FlushAsync(HttpContext context, ReadOnlyMemory<byte> bytes)
    {
        if (!bytes.IsEmpty) await context.Response.Body.WriteAsync(bytes, context.RequestAborted);
    }
}
