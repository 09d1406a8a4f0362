using System;
using System.Buffers;
using System.Text.Json;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.WebUtilities;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// Writes RFC 9457 problem details (<c>application/problem+json</c>) for refused bodies: the status, its title, a
/// detail sentence and, as extension members, where the problem is (<c>offset</c> in a Fudge body, <c>line</c> and
/// <c>position</c> in JSON or XML) and the bare <c>reason</c>.
/// </summary>
internal static class FudgeProblemDetails
{
    public const string MediaType = "application/problem+json";

    public static async Task WriteAsync(HttpContext context, int status, string detail, FudgeBodyException? body = null)
    {
        var response = context.Response;
        response.Clear();
        response.StatusCode = status;
        response.ContentType = MediaType;
        // Written aside to send a Content-Length: a client that sent a bad body often reads no further than one answer.
        var document = new ArrayBufferWriter<byte>(256);
        using (var json = new Utf8JsonWriter(document))
        {
            json.WriteStartObject();
            json.WriteString("type", TypeOf(status));
            json.WriteString("title", ReasonPhrases.GetReasonPhrase(status));
            json.WriteNumber("status", status);
            json.WriteString("detail", detail);
            if (body is not null)
            {
                json.WriteString("reason", body.Reason);
                if (body.Offset is long offset) json.WriteNumber("offset", offset);
                if (body.LineNumber is int line) json.WriteNumber("line", line);
                if (body.LinePosition is int position) json.WriteNumber("position", position);
            }
            json.WriteString("traceId", context.TraceIdentifier);
            json.WriteEndObject();
        }
        response.ContentLength = document.WrittenCount;
        await response.Body.WriteAsync(document.WrittenMemory, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>The RFC 9110 section that defines the status, as problem details' <c>type</c>.</summary>
    private static string TypeOf(int status) => status switch
    {
        StatusCodes.Status406NotAcceptable => "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.7",
        StatusCodes.Status413PayloadTooLarge => "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14",
        StatusCodes.Status415UnsupportedMediaType => "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.16",
        _ => "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1",
    };
}

/// <summary>
/// Answers a refused body (any <see cref="BadHttpRequestException"/>: this package's <see cref="FudgeBodyException"/>,
/// or the server's own, such as a body that ends before its Content-Length) with problem details instead of the 500
/// an unhandled exception would give. Once a response has started nothing can be answered: the connection is
/// aborted, so the client sees a cut body rather than a seemingly complete one.
/// </summary>
internal sealed class FudgeProblemDetailsMiddleware
{
    private readonly RequestDelegate _next;

    public FudgeProblemDetailsMiddleware(RequestDelegate next) => _next = next;

    public async Task InvokeAsync(HttpContext context)
    {
        try
        {
            await _next(context).ConfigureAwait(false);
        }
        catch (BadHttpRequestException e)
        {
            if (context.Response.HasStarted || context.RequestAborted.IsCancellationRequested)
            {
                context.Abort();
                return;
            }
            await FudgeProblemDetails.WriteAsync(context, e.StatusCode, e.Message, e as FudgeBodyException).ConfigureAwait(false);
        }
    }
}

/// <summary>Puts <see cref="FudgeProblemDetailsMiddleware"/> first in the application's pipeline, so no other setup is needed.</summary>
internal sealed class FudgeProblemDetailsStartupFilter : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.UseMiddleware<FudgeProblemDetailsMiddleware>();
        next(app);
    };
}
