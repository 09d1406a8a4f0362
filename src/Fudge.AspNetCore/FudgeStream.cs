using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Fudge.AspNetCore;

/// <summary>
/// A minimal-API parameter bound to a request body of many envelopes (<c>application/vnd.fudgemsg</c> or
/// <c>application/x-fudge</c>), read from the request's <see cref="System.IO.Pipelines.PipeReader"/> as the handler
/// enumerates it: <c>app.MapPost("/ticks", async (FudgeStream&lt;Tick&gt; ticks) =&gt; { await foreach (var tick in ticks) ... })</c>.
/// Another media type is answered 415 before the handler runs; a malformed envelope met while enumerating raises
/// <see cref="FudgeBodyException"/>, answered with problem details if the handler lets it through and has not started its response.
/// </summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
public sealed class FudgeStream<T> : IAsyncEnumerable<T>, IBindableFromHttpContext<FudgeStream<T>>, IEndpointParameterMetadataProvider
{
    private readonly IAsyncEnumerable<T> _values;

    private FudgeStream(IAsyncEnumerable<T> values) => _values = values;

    /// <summary>Enumerates the envelopes as they arrive. The body can be enumerated once.</summary>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) => _values.GetAsyncEnumerator(cancellationToken);

    /// <summary>Checks the media type and prepares the reading; called by the minimal-API binder.</summary>
    /// <exception cref="FudgeBodyException">The body is not of a Fudge media type (415).</exception>
    public static ValueTask<FudgeStream<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
        => ValueTask.FromResult<FudgeStream<T>?>(new FudgeStream<T>(context.Request.ReadFudgeBodyStream<T>()));

    /// <summary>Declares the media types the parameter reads, for ApiExplorer and OpenAPI.</summary>
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
        => builder.Metadata.Add(new AcceptsMetadata(new[] { FudgeMediaTypes.Fudge, FudgeMediaTypes.FudgeLegacy }, typeof(IAsyncEnumerable<T>)));
}
