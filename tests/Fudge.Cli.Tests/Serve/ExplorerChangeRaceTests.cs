using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using Fudge.Cli.Serve.Sources;
using Fudge.Cli.Tests.Support;
using Xunit;
using static Fudge.Cli.Tests.Serve.LiveSources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The race the watch of a served file cannot close: the file shrinks after its envelopes were listed and before a
/// request reads one. Made deterministic by a watch that does not look again for an hour, so the index still lists
/// envelopes the file no longer holds when the requests come: every request that reads one is answered 409 with a
/// problem document (the page then reloads the new generation), never 500, and what the file still holds is served.
/// </summary>
public class ExplorerChangeRaceTests
{
    private static async Task<Explorer> ServeUnwatchedAsync(string path)
    {
        var options = new FudgeReaderOptions();
        var source = FileMessageSource.OpenFile(path, options, follow: false, interval: TimeSpan.FromHours(1));
        var explorer = await Explorer.StartAsync(source, options);
        await explorer.WaitUntilCountedAsync();
        return explorer;
    }

    [Theory]
    [InlineData("api/messages/8")]
    [InlineData("api/messages/8/bytes")]
    [InlineData("api/messages/8/fields?from=2")]
    [InlineData("api/messages/8/value?field=1")]
    [InlineData("api/messages?skip=0&take=25")]
    [InlineData("api/messages?skip=0&take=25&where=%24.bid%20%3E%200")]
    [InlineData("api/stats")]
    [InlineData("api/series?path=%24.bid")]
    [InlineData("api/download?format=fudge")]
    [InlineData("api/download?format=json")]
    public async Task A_file_that_shrank_after_its_envelopes_were_listed_is_a_409_problem_never_a_500(string request)
    {
        var ticks = Ticks(10);
        using var file = new RepoFiles.TempFile(ticks.SelectMany(t => t).ToArray());
        await using var explorer = await ServeUnwatchedAsync(file.Path);
        Assert.Equal(10, await explorer.WaitUntilCountedAsync());

        using (var stream = new FileStream(file.Path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
            stream.SetLength(ticks.Take(4).Sum(t => t.Length));

        using var response = await explorer.Client.GetAsync(request);
        string body = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.Conflict, $"{(int)response.StatusCode}: {body}");
        Assert.Equal("application/problem+json; charset=utf-8", response.Content.Headers.ContentType!.ToString());
        Assert.Contains("\"status\":409", body.Replace(" ", ""));
        Assert.Contains("became shorter", body);
        Assert.Null(response.Content.Headers.ContentDisposition); // a download's file name is not given to the problem
    }

    [Fact]
    public async Task What_the_shrunk_file_still_holds_is_served_as_it_is()
    {
        var ticks = Ticks(10);
        using var file = new RepoFiles.TempFile(ticks.SelectMany(t => t).ToArray());
        await using var explorer = await ServeUnwatchedAsync(file.Path);

        using (var stream = new FileStream(file.Path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
            stream.SetLength(ticks.Take(4).Sum(t => t.Length));

        using var bytes = await explorer.Client.GetAsync("api/messages/3/bytes");
        Assert.Equal(HttpStatusCode.OK, bytes.StatusCode);
        Assert.Equal(ticks[3], await bytes.Content.ReadAsByteArrayAsync());
        var (status, page) = await explorer.GetJsonAsync("api/messages?skip=0&take=4");
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(4, page.GetProperty("messages").GetArrayLength());
        // The index has not looked again: the source still says 10, and the next look (here never) starts a new generation.
        var (_, source) = await explorer.GetJsonAsync("api/source");
        Assert.Equal(10, source.GetProperty("count").GetInt64());
        Assert.Equal(0, source.GetProperty("generation").GetInt32());
    }

    [Fact]
    public async Task Envelopes_listed_before_the_file_was_replaced_are_read_from_the_file_they_were_listed_in()
    {
        var ticks = Ticks(12);
        using var file = new RepoFiles.TempFile(ticks.Take(6).SelectMany(t => t).ToArray());
        var handle = File.OpenHandle(file.Path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        using var index = new EnvelopeIndex(new[] { new IndexedFile("f", handle, RandomAccess.GetLength(handle)) }, new FudgeReaderOptions(),
            new FileWatch(file.Path, Follow: false, TimeSpan.FromMilliseconds(50)));
        Assert.Equal(6, await index.WaitForAsync(6, System.Threading.CancellationToken.None));

        // A request has listed the envelopes (with the files they are in) when another file is renamed over this one
        // and the watch starts a new generation over it; only then does the request read.
        var listed = index.Entries(0, 6, out var files);
        string aside = file.Path + ".new";
        File.WriteAllBytes(aside, ticks.Skip(6).SelectMany(t => t).ToArray());
        File.Move(aside, file.Path, overwrite: true);
        for (int i = 0; i < 200 && index.Status.Generation == 0; i++) await Task.Delay(25);
        Assert.Equal(1, index.Status.Generation);

        Assert.NotSame(files[0], index.Files[0]);
        for (int i = 0; i < listed.Length; i++)
        {
            var bytes = new byte[listed[i].Size];
            Assert.Equal(bytes.Length, RandomAccess.Read(files[listed[i].File].Handle, bytes, listed[i].Offset));
            Assert.Equal(ticks[i], bytes); // the envelope listed, not whatever the new file holds at that offset
        }
    }
}
