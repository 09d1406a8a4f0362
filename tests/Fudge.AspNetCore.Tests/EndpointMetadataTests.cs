using System.Collections.Generic;
using System.Linq;
using Fudge.AspNetCore.Tests.Support;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>What API explorers and OpenAPI generators read from minimal-API endpoints: the media types of bodies and results.</summary>
[Collection(ServerCollection.Name)]
public sealed class EndpointMetadataTests
{
    private readonly TestServer _server;

    public EndpointMetadataTests(TestServer server) => _server = server;

    [Fact]
    public void A_FudgeBody_parameter_declares_every_media_type_it_reads()
    {
        var accepts = Endpoint("/min/trades", "POST").Metadata.GetMetadata<IAcceptsMetadata>()!;
        Assert.Equal(typeof(Trade), accepts.RequestType);
        Assert.Equal(new[] { "application/vnd.fudgemsg", "application/x-fudge", "application/json", "application/xml", "text/xml" }, accepts.ContentTypes);
    }

    [Fact]
    public void A_FudgeResult_declares_its_type_and_media_types()
    {
        var produces = Endpoint("/min/trades/{id:int}", "GET").Metadata.GetOrderedMetadata<IProducesResponseTypeMetadata>().Single();
        Assert.Equal(StatusCodes.Status200OK, produces.StatusCode);
        Assert.Equal(typeof(Trade), produces.Type);
        Assert.Contains("application/vnd.fudgemsg", produces.ContentTypes);
        Assert.Contains("application/json", produces.ContentTypes);
    }

    [Fact]
    public void A_stream_declares_the_stream_media_types_only()
    {
        var produces = Endpoint("/min/ticks", "GET").Metadata.GetOrderedMetadata<IProducesResponseTypeMetadata>().Single();
        Assert.Equal(typeof(IAsyncEnumerable<Tick>), produces.Type);
        Assert.DoesNotContain("application/xml", produces.ContentTypes);
        var accepts = Endpoint("/min/ticks", "POST").Metadata.GetMetadata<IAcceptsMetadata>()!;
        Assert.Equal(new[] { "application/vnd.fudgemsg", "application/x-fudge" }, accepts.ContentTypes);
    }

    private RouteEndpoint Endpoint(string pattern, string method)
        => _server.Services.GetRequiredService<EndpointDataSource>().Endpoints.OfType<RouteEndpoint>()
            .Single(e => e.RoutePattern.RawText == pattern && e.Metadata.GetMetadata<IHttpMethodMetadata>()!.HttpMethods.Contains(method));
}
