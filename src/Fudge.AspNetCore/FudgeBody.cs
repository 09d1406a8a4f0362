using System.Reflection;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;

namespace Fudge.AspNetCore;

/// <summary>
/// A minimal-API parameter bound from the request body in any of the Fudge media types (Fudge, JSON, XML):
/// <c>app.MapPost("/trades", (FudgeBody&lt;Trade&gt; trade) =&gt; ...)</c>. A refused body never reaches the handler: it
/// is answered with problem details (400, 413, 415). The endpoint's metadata lists the media types it accepts.
/// </summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
public sealed class FudgeBody<T> : IBindableFromHttpContext<FudgeBody<T>>, IEndpointParameterMetadataProvider
{
    /// <summary>Wraps a value read from a body.</summary>
    public FudgeBody(T value) => Value = value;

    /// <summary>The value the body held.</summary>
    public T Value { get; }

    /// <summary>The value the body held.</summary>
    public static implicit operator T(FudgeBody<T> body) => body.Value;

    /// <summary>Reads the body; called by the minimal-API binder.</summary>
    /// <exception cref="FudgeBodyException">The body is refused.</exception>
    public static async ValueTask<FudgeBody<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
        => new(await context.Request.ReadFudgeBodyAsync<T>(context.RequestAborted).ConfigureAwait(false));

    /// <summary>Declares the media types the parameter reads, for ApiExplorer and OpenAPI.</summary>
    public static void PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
        => builder.Metadata.Add(new AcceptsMetadata(FudgeNegotiation.MediaTypes, typeof(T)));
}
