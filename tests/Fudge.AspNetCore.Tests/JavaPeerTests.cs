using System;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Fudge.AspNetCore.Tests.Support;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>
/// A Java peer over HTTP, with the bytes Fudge-Java 0.3 itself wrote (tests/interop/java-objects/from-java/text.fudge:
/// U+1D518 and U+1F600 as CESU-8 surrogate pairs). A server configured with <see cref="FudgeWriterOptions.JavaCompatible"/>
/// answers with exactly Java's bytes; with the default options it answers standard UTF-8, which Fudge-Java 0.3 reads
/// as other characters.
/// </summary>
public sealed class JavaPeerTests
{
    private static byte[] JavaText() => File.ReadAllBytes(InteropPath("java-objects", "from-java", "text.fudge"));

    [Fact]
    public async Task A_server_configured_java_compatible_echoes_java_bytes_exactly()
    {
        byte[] java = JavaText();
        await using var app = await EchoServerAsync(options => options.WriterOptions = FudgeWriterOptions.JavaCompatible);
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };

        using var response = await client.PostAsync("/echo", Bodies.Raw(java));

        Assert.Equal(200, (int)response.StatusCode);
        Assert.Equal(java, await response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task With_the_default_options_the_same_message_is_answered_in_standard_utf8()
    {
        byte[] java = JavaText();
        await using var app = await EchoServerAsync(options => { });
        using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };

        using var response = await client.PostAsync("/echo", Bodies.Raw(java));
        byte[] answered = await response.Content.ReadAsByteArrayAsync();

        // Equal as messages, but two non-BMP characters are 4 bytes each instead of Java's 6.
        Assert.Equal(FudgeMsg.Parse(java), FudgeMsg.Parse(answered));
        Assert.Equal(java.Length - 4, answered.Length);
        Assert.NotEqual(java, answered);
    }

    private static async Task<WebApplication> EchoServerAsync(Action<FudgeHttpOptions> configure)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddFudge(configure);
        var app = builder.Build();
        app.MapPost("/echo", (FudgeBody<FudgeMsg> body) => FudgeResults.Fudge(body.Value));
        await app.StartAsync();
        return app;
    }

    private static string InteropPath(params string[] parts)
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            if (File.Exists(Path.Combine(dir.FullName, "Fudge.sln")))
                return Path.Combine(Path.Combine(dir.FullName, "tests", "interop"), Path.Combine(parts));
        throw new DirectoryNotFoundException("Fudge.sln was not found above the test binaries");
    }
}
