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
                if (body.Path is string path) json.WriteString("path", path);
            }
            json.WriteString("traceId", context.TraceIdentifier);
            json.WriteEndObject();
        }
        response.ContentLength = document.WrittenCount;
        await response.Body.WriteAsync(document.WrittenMemory, context.RequestAborted).ConfigureAwait(false);
    }

    /// <summary>The RFC 9110 section that defines the status, as problem details' <c>type</c>.</summary>
    internal static string TypeOf(int status) => status switch
    {
        >= 400 and <= 417 => Section($"15.5.{status - 399}"),     // 400 Bad Request is 15.5.1 ... 417 Expectation Failed 15.5.18
        421 => Section("15.5.20"),                                  // 418 is 15.5.19 (unused); 419 and 420 are not defined
        422 => Section("15.5.21"),
        426 => Section("15.5.22"),
        429 => "https://www.rfc-editor.org/rfc/rfc6585#section-4",
        431 => "https://www.rfc-editor.org/rfc/rfc6585#section-5",
        >= 500 and <= 505 => Section($"15.6.{status - 499}"),
        _ => "about:blank",                                           // RFC 9457 section 4.2.1: no more than the status says
    };

    private static string Section(string section) => "https://www.rfc-editor.org/rfc/rfc9110#section-" + section;
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
            if (IsRoutingRefusal(context))
                await FudgeProblemDetails.WriteAsync(context, StatusCodes.Status415UnsupportedMediaType,
                    $"the body's content type is '{context.Request.ContentType}', which this endpoint does not read; it reads what its Accepts metadata lists").ConfigureAwait(false);
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

    /// <summary>The display name of the endpoint routing selects when every candidate's Accepts metadata refuses the Content-Type.</summary>
    private const string RoutingUnsupportedMediaType = "415 HTTP Unsupported Media Type";

    /// <summary>
    /// Routing answered the request itself with a bare 415 (no body): a minimal API whose <see cref="FudgeBody{T}"/>
    /// declares the media types it reads refuses any other before the binder runs. Answered like every other refusal.
    /// </summary>
    private static bool IsRoutingRefusal(HttpContext context)
        => context.Response.StatusCode == StatusCodes.Status415UnsupportedMediaType
            && !context.Response.HasStarted
            && context.GetEndpoint()?.DisplayName == RoutingUnsupportedMediaType;
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
