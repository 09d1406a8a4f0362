using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Http;

namespace Fudge.AspNetCore;

/// <summary>
/// Reads and writes Fudge bodies from handlers of any kind (middleware, minimal APIs, MVC actions), with the
/// options given to <see cref="FudgeServiceCollectionExtensions.AddFudge"/>.
/// </summary>
public static class FudgeHttpExtensions
{
    /// <summary>
    /// Reads the request body as one <typeparamref name="T"/> in whichever media type it declares
    /// (<c>application/vnd.fudgemsg</c>, <c>application/x-fudge</c>, <c>application/json</c> with an optional
    /// <c>mode=lossless</c>, <c>application/xml</c>).
    /// </summary>
    /// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
    /// <exception cref="FudgeBodyException">The body is malformed (400), over a limit (413) or of another media type (415).</exception>
    public static ValueTask<T> ReadFudgeBodyAsync<T>(this HttpRequest request, CancellationToken cancellationToken = default)
    {
        if (request is null) throw new ArgumentNullException(nameof(request));
        return FudgeRequestReader.ReadAsync<T>(request, FudgeHttpSettings.Of(request.HttpContext), cancellationToken);
    }

    /// <summary>
    /// The request body as a stream of envelopes (Fudge media types only), each read from the request's
    /// <see cref="System.IO.Pipelines.PipeReader"/> as it arrives; no more than one envelope is held at a time.
    /// </summary>
    /// <exception cref="FudgeBodyException">Of another media type (415, at once), or while enumerating: an envelope is malformed (400) or over a limit (413).</exception>
    public static IAsyncEnumerable<T> ReadFudgeBodyStream<T>(this HttpRequest request)
    {
        if (request is null) throw new ArgumentNullException(nameof(request));
        return FudgeRequestReader.ReadStream<T>(request, FudgeHttpSettings.Of(request.HttpContext));
    }

    /// <summary>
    /// Writes <paramref name="value"/> as the response body in the media type the request's Accept header prefers
    /// (q-values honoured; Fudge when there is none), or answers 406 with problem details when it accepts none of them.
    /// </summary>
    public static Task WriteFudgeBodyAsync<T>(this HttpResponse response, T value, int statusCode = StatusCodes.Status200OK)
    {
        if (response is null) throw new ArgumentNullException(nameof(response));
        var context = response.HttpContext;
        var settings = FudgeHttpSettings.Of(context);
        if (FudgeNegotiation.ForAccept(context.Request.Headers.Accept, stream: false) is not { } format)
            return NotAcceptable(context, stream: false);
        response.StatusCode = statusCode;
        return FudgeResponseWriter.WriteAsync(response, value, format, settings);
    }

    /// <summary>
    /// Writes <paramref name="values"/> as a stream: envelopes back to back (<c>application/vnd.fudgemsg</c>) or a JSON
    /// array, as the Accept header prefers, sent as the values come rather than buffered; 406 for other media types.
    /// </summary>
    public static Task WriteFudgeBodyStreamAsync<T>(this HttpResponse response, IAsyncEnumerable<T> values)
    {
        if (response is null) throw new ArgumentNullException(nameof(response));
        if (values is null) throw new ArgumentNullException(nameof(values));
        var context = response.HttpContext;
        var settings = FudgeHttpSettings.Of(context);
        if (FudgeNegotiation.ForAccept(context.Request.Headers.Accept, stream: true) is not { } format)
            return NotAcceptable(context, stream: true);
        return FudgeResponseWriter.WriteStreamAsync(context, values, format, settings);
    }

    private static Task NotAcceptable(HttpContext context, bool stream) => FudgeProblemDetails.WriteAsync(
        context, StatusCodes.Status406NotAcceptable,
        $"none of the accepted media types ('{context.Request.Headers.Accept}') can be written; available: "
        + string.Join(", ", stream ? FudgeNegotiation.StreamMediaTypes : FudgeNegotiation.MediaTypes));
}
