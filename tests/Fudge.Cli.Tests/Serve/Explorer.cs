using System;
using System.Net;
using System.Net.Http;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Input;
using Fudge.Cli.Serve;
using Fudge.Cli.Serve.Sources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>A <c>fudge serve</c> explorer on a real Kestrel (127.0.0.1, a free port) with an HttpClient pointed at it.</summary>
internal sealed class Explorer : IAsyncDisposable
{
    private readonly ExplorerServer _server;

    private Explorer(ExplorerServer server)
    {
        _server = server;
        Client = new HttpClient { BaseAddress = server.Address, Timeout = TimeSpan.FromSeconds(60) };
    }

    public HttpClient Client { get; }

    public Uri Address => _server.Address;

    /// <summary>Serves a file, a folder or a store as <c>fudge serve SOURCE [--taxonomy ...]</c> does.</summary>
    public static async Task<Explorer> StartAsync(string source, string[]? taxonomies = null, string collection = "documents", bool follow = false)
    {
        var options = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(taxonomies) };
        var opened = await SourceOpener.OpenAsync(source, collection, options, follow);
        var server = await ExplorerServer.StartAsync(new ExplorerState(opened, options, taxonomies?.Length ?? 0), IPAddress.Loopback, 0);
        return new Explorer(server);
    }

    /// <summary>Serves a source opened by the test (one whose watch the test controls); the explorer owns it from here on.</summary>
    public static async Task<Explorer> StartAsync(IMessageSource source, FudgeReaderOptions options)
        => new Explorer(await ExplorerServer.StartAsync(new ExplorerState(source, options, 0), IPAddress.Loopback, 0));

    /// <summary>GETs <paramref name="path"/> and parses the JSON answer, whatever its status.</summary>
    public async Task<(HttpStatusCode Status, JsonElement Body)> GetJsonAsync(string path)
    {
        using var response = await Client.GetAsync(path);
        string text = await response.Content.ReadAsStringAsync();
        return (response.StatusCode, JsonDocument.Parse(text).RootElement.Clone());
    }

    /// <summary>Waits until the source's envelopes are all counted; returns the count.</summary>
    public async Task<long> WaitUntilCountedAsync()
    {
        for (int i = 0; i < 600; i++)
        {
            var (_, source) = await GetJsonAsync("api/source");
            if (source.GetProperty("complete").GetBoolean()) return source.GetProperty("count").GetInt64();
            await Task.Delay(50);
        }
        throw new TimeoutException("the source was not counted within 30 s");
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _server.DisposeAsync();
    }
}
