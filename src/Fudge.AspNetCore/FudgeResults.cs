using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Fudge.AspNetCore;

/// <summary>
/// Minimal-API results that answer in the media type the request accepts (Fudge, JSON plain or lossless, XML):
/// <c>app.MapGet("/trades/{id}", (int id) =&gt; FudgeResults.Fudge(store.Get(id)))</c>. Also reachable as
/// <c>Results.Extensions.Fudge(value)</c>.
/// </summary>
public static class FudgeResults
{
    /// <summary>One value as the response body.</summary>
    /// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
    public static FudgeResult<T> Fudge<T>(T value, int statusCode = StatusCodes.Status200OK) => new(value, statusCode);

    /// <summary>
    /// A stream of values as the response body: envelopes back to back, or a JSON array, each sent as it is produced.
    /// </summary>
    /// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
    public static FudgeStreamResult<T> Stream<T>(IAsyncEnumerable<T> values) => new(values);

    /// <summary>One value as the response body (<c>Results.Extensions.Fudge(value)</c>).</summary>
    public static FudgeResult<T> Fudge<T>(this IResultExtensions extensions, T value, int statusCode = StatusCodes.Status200OK) => new(value, statusCode);

    /// <summary>A stream of values as the response body (<c>Results.Extensions.FudgeStream(values)</c>).</summary>
    public static FudgeStreamResult<T> FudgeStream<T>(this IResultExtensions extensions, IAsyncEnumerable<T> values) => new(values);
}

/// <summary>A value answered in the media type the request accepts; 406 with problem details when it accepts none of ours.</summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
public sealed class FudgeResult<T> : IResult, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<T>, IEndpointMetadataProvider
{
    internal FudgeResult(T value, int statusCode)
    {
        Value = value;
        StatusCode = statusCode;
    }

    /// <summary>The value written.</summary>
    public T Value { get; }

    /// <summary>The status of a successful answer.</summary>
    public int StatusCode { get; }

    int? IStatusCodeHttpResult.StatusCode => StatusCode;

    object? IValueHttpResult.Value => Value;

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext) => httpContext.Response.WriteFudgeBodyAsync(Value, StatusCode);

    /// <summary>Declares the response's type and media types, for ApiExplorer and OpenAPI.</summary>
    public static void PopulateMetadata(MethodInfo method, EndpointBuilder builder)
        => builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(T), FudgeNegotiation.MediaTypes));
}

/// <summary>A stream of values answered as envelopes or a JSON array, sent as they come.</summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
public sealed class FudgeStreamResult<T> : IResult, IEndpointMetadataProvider
{
    internal FudgeStreamResult(IAsyncEnumerable<T> values) => Values = values;

    /// <summary>The values written.</summary>
    public IAsyncEnumerable<T> Values { get; }

    /// <inheritdoc />
    public Task ExecuteAsync(HttpContext httpContext) => httpContext.Response.WriteFudgeBodyStreamAsync(Values);

    /// <summary>Declares the response's type and media types, for ApiExplorer and OpenAPI.</summary>
    public static void PopulateMetadata(MethodInfo method, EndpointBuilder builder)
        => builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(IAsyncEnumerable<T>), FudgeNegotiation.StreamMediaTypes));
}
