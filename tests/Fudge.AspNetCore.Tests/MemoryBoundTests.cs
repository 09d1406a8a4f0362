using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>
/// What a server keeps after large bodies (docs/web.md, "What a limit allows in memory"): eight clients post a large
/// <c>FudgeMsg</c> each at once to an endpoint that decodes it and echoes it back, and once they are answered and
/// their connections closed, the objects still alive after a full collection are compared with those alive before
/// (about 20 MiB more: Kestrel's memory pool and the server's own state, the same whatever the bodies' size).
/// Buffers a pool kept (request bytes, encoded answers, a pipe's segments) would stay alive: the report that found
/// the retention measured 381 MiB live after eight 11 MB bodies, where nothing of them should be left. And a server
/// whose limit is below the bodies refuses each with 413 before reading it. The heap is measured in this process, so
/// the tests run alone (a collection of their own that is not run in parallel with others).
/// </summary>
[Collection(MemoryCollection.Name)]
public sealed class MemoryBoundTests
{
    private const int Parallel = 8;

    // About 2.7 MB: 41,250 ticks of 4 fields. Anything over 1 MiB takes the paths that must not pool (the bound is
    // what matters, not the size: eight such bodies kept would be 22 MB of request bytes alone, and as much again of
    // answers), and a size this small keeps the test to seconds.
    private static byte[] LargeMessage()
    {
        var message = new FudgeMsg();
        for (int i = 0; i < 41_250; i++)
            message.Add("tick", new FudgeMsg().Add("symbol", "SYM" + (i % 500)).Add("bid", 100 + i * 0.01).Add("ask", 100.5 + i * 0.01).Add("venue", "XNAS-" + (i % 7)));
        return new FudgeEnvelope(message).ToByteArray();
    }

    private static async Task<(WebApplication App, Uri Address)> StartAsync(FudgeReaderOptions? limits)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        if (limits is null) builder.Services.AddFudge();
        else builder.Services.AddFudge(options => options.ReaderOptions = limits);
        var app = builder.Build();
        app.MapPost("/messages", (FudgeBody<FudgeMsg> body) => FudgeResults.Fudge(body.Value.Add("seen", true)));
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return (app, new Uri(address));
    }

    private static HttpContent Body(byte[] bytes)
    {
        var content = new ByteArrayContent(bytes);
        content.Headers.ContentType = new MediaTypeHeaderValue(FudgeMediaTypes.Fudge);
        return content;
    }

    // The bytes of objects still alive once everything that can be collected is (the pools' arrays are alive: they
    // are referenced by the pools): the heap after a full compacting collection, less the free space left in it.
    private static long LiveBytes()
    {
        GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
        var info = GC.GetGCMemoryInfo(GCKind.FullBlocking);
        return info.HeapSizeBytes - info.FragmentedBytes;
    }

    // The server's own first-request state (routing, Kestrel's first blocks, a connection) is made before measuring.
    private static async Task WarmUpAsync(Uri address)
    {
        using var warm = new HttpClient { BaseAddress = address };
        using var small = await warm.PostAsync("/messages", Body(new FudgeEnvelope(new FudgeMsg().Add("x", 1)).ToByteArray()));
        small.EnsureSuccessStatusCode();
    }

    [Fact]
    public async Task Eight_large_bodies_at_once_leave_less_than_32_MiB_alive_once_answered()
    {
        byte[] body = LargeMessage();
        var (app, address) = await StartAsync(null);
        await using var _ = app;
        await WarmUpAsync(address);
        long before = LiveBytes();
        long after;
        using (var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromMinutes(2) })
        {
            var answers = await Task.WhenAll(Enumerable.Range(0, Parallel).Select(async _ =>
            {
                using var response = await client.PostAsync("/messages", Body(body));
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                await using var stream = await response.Content.ReadAsStreamAsync();
                var length = new CountingStream();
                await stream.CopyToAsync(length);
                return length.Length;
            }));
            Assert.All(answers, length => Assert.True(length > body.Length, $"an answer of {length} bytes to a body of {body.Length}"));
        } // the connections close: what the server held per connection goes with them
        await Task.Delay(200);
        after = LiveBytes();

        long retained = after - before;
        // What stays is Kestrel's memory pool (a connection's pipe holds up to 1 MiB before it pauses the sender) and
        // the server's own state: about 20 MiB whatever the bodies' size (the same for 2.8 and 5.5 MB). Pooled bodies
        // and answers would add their size: 45 MB and more for these.
        Assert.True(retained < 32 * 1024 * 1024,
            $"{retained / 1048576.0:F1} MiB still alive after {Parallel} bodies of {body.Length / 1e6:F1} MB were answered (before: {before / 1048576.0:F1} MiB)");
    }

    [Fact]
    public async Task Bodies_over_the_limit_are_refused_with_413_in_parallel_without_being_held()
    {
        byte[] body = LargeMessage();
        var (app, address) = await StartAsync(new FudgeReaderOptions { MaxMessageSize = 1024 * 1024 });
        await using var _ = app;
        await WarmUpAsync(address);
        long before = LiveBytes();
        using (var client = new HttpClient { BaseAddress = address, Timeout = TimeSpan.FromMinutes(2) })
        {
            var statuses = await Task.WhenAll(Enumerable.Range(0, Parallel).Select(async _ =>
            {
                // Expect: 100-continue, as a client that sends large bodies should: the answer comes before the body is sent.
                using var request = new HttpRequestMessage(HttpMethod.Post, "/messages") { Content = Body(body) };
                request.Headers.ExpectContinue = true;
                using var response = await client.SendAsync(request);
                Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
                return response.StatusCode;
            }));
            Assert.All(statuses, status => Assert.Equal(HttpStatusCode.RequestEntityTooLarge, status));
        }
        await Task.Delay(200);
        long retained = LiveBytes() - before;
        Assert.True(retained < 4 * 1024 * 1024, $"{retained / 1048576.0:F1} MiB still alive after {Parallel} refusals (before: {before / 1048576.0:F1} MiB)");
    }

    // Counts what is written to it and keeps nothing.
    private sealed class CountingStream : Stream
    {
        private long _length;
        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => _length;
        public override long Position { get => _length; set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => _length += count;
        public override void Write(ReadOnlySpan<byte> buffer) => _length += buffer.Length;
    }
}

/// <summary>Tests that measure this process's heap: run alone, after the others, never beside them.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MemoryCollection
{
    public const string Name = "memory";
}
