using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;
using static Fudge.Cli.Tests.Serve.LiveSources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>fudge serve FILE --follow</c>: messages appended to the file are listed as they arrive, and a file that shrinks
/// or is replaced while it is shown is read again from its start as a new generation, with a notice, never a 500.
/// </summary>
public class ExplorerFollowTests
{
    private static byte[] Concat(IEnumerable<byte[]> envelopes) => envelopes.SelectMany(e => e).ToArray();

    private static void Append(string path, byte[] bytes)
    {
        using var file = new FileStream(path, FileMode.Append, FileAccess.Write, FileShare.ReadWrite);
        file.Write(bytes);
    }

    private static int Generation(JsonElement source) => source.GetProperty("generation").GetInt32();

    private static async Task<long[]> PageIdsAsync(Explorer explorer, int skip)
    {
        var (status, page) = await explorer.GetJsonAsync($"api/messages?skip={skip}&take=100");
        Assert.Equal(HttpStatusCode.OK, status);
        return page.GetProperty("messages").EnumerateArray().Select(m => m.GetProperty("id").GetInt64()).ToArray();
    }

    [Fact]
    public async Task Messages_appended_to_a_followed_file_are_listed_as_they_arrive_and_a_half_written_one_waits_for_its_end()
    {
        var ticks = Ticks();
        using var file = new RepoFiles.TempFile(Concat(ticks.Take(3)));
        await using var explorer = await Explorer.StartAsync(file.Path, follow: true);
        var source = await explorer.WaitForSourceAsync(s => s.GetProperty("complete").GetBoolean(), "the first 3 are counted");
        Assert.Equal(3, Count(source));
        Assert.True(source.GetProperty("following").GetBoolean());

        Append(file.Path, Concat(ticks.Skip(3).Take(2)));
        await explorer.WaitForSourceAsync(s => Count(s) == 5, "the 2 appended are counted");
        Assert.Equal(new long[] { 3, 4 }, await PageIdsAsync(explorer, 3));
        using (var bytes = await explorer.Client.GetAsync("api/messages/4/bytes"))
            Assert.Equal(ticks[4], await bytes.Content.ReadAsByteArrayAsync());

        // Half of an envelope: its writer has not finished it, so it is neither listed nor an error.
        Append(file.Path, ticks[5].AsSpan(0, 11).ToArray());
        await Task.Delay(800);
        source = await explorer.WaitForSourceAsync(s => s.GetProperty("complete").GetBoolean(), "the index is idle");
        Assert.Equal(5, Count(source));
        Assert.False(source.TryGetProperty("error", out _));
        Append(file.Path, ticks[5].AsSpan(11).ToArray());
        await explorer.WaitForSourceAsync(s => Count(s) == 6, "the finished envelope is counted");

        // A filter's page and count see the growth too.
        string where = Uri.EscapeDataString("$.bid > 0 || $.ask > 0 || $.trade.price > 0 || $.ticker == $.ticker");
        var (_, filtered) = await explorer.GetJsonAsync($"api/messages?take=100&where={where}");
        Assert.Equal(6, filtered.GetProperty("seen").GetInt64());
    }

    [Fact]
    public async Task A_truncated_file_is_read_again_from_its_start_with_a_notice_and_old_ids_are_404_not_500()
    {
        var ticks = Ticks();
        using var file = new RepoFiles.TempFile(Concat(ticks.Take(10)));
        await using var explorer = await Explorer.StartAsync(file.Path, follow: true);
        await explorer.WaitForSourceAsync(s => Count(s) == 10 && s.GetProperty("complete").GetBoolean(), "all 10 are counted");

        using (var stream = new FileStream(file.Path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
            stream.SetLength(ticks.Take(4).Sum(t => t.Length));

        var source = await explorer.WaitForSourceAsync(s => Generation(s) == 1 && s.GetProperty("complete").GetBoolean(), "the truncation is noticed");
        Assert.Equal(4, Count(source));
        Assert.Contains("shrank", source.GetProperty("notice").GetString());
        Assert.Equal(new long[] { 0, 1, 2, 3 }, await PageIdsAsync(explorer, 0));
        var (status, problem) = await explorer.GetJsonAsync("api/messages/8");
        Assert.Equal(HttpStatusCode.NotFound, status);
        Assert.Equal("application/problem+json; charset=utf-8", (await explorer.Client.GetAsync("api/messages/8")).Content.Headers.ContentType!.ToString());
        Assert.Equal(404, problem.GetProperty("status").GetInt32());

        // It goes on following the shorter file.
        Append(file.Path, ticks[20]);
        await explorer.WaitForSourceAsync(s => Count(s) == 5, "the appended one after the truncation");
        using var bytes = await explorer.Client.GetAsync("api/messages/4/bytes");
        Assert.Equal(ticks[20], await bytes.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task A_file_replaced_by_another_is_noticed_and_the_new_one_is_shown()
    {
        var ticks = Ticks();
        using var file = new RepoFiles.TempFile(Concat(ticks.Take(6)));
        await using var explorer = await Explorer.StartAsync(file.Path, follow: true);
        await explorer.WaitForSourceAsync(s => Count(s) == 6, "all 6 are counted");

        // As a log rotation or a restarted capture does: a new file written aside, then renamed over the old one.
        string aside = file.Path + ".new";
        File.WriteAllBytes(aside, Concat(ticks.Skip(30).Take(8)));
        File.Move(aside, file.Path, overwrite: true);

        var source = await explorer.WaitForSourceAsync(s => Generation(s) == 1 && Count(s) == 8, "the replacement is read");
        Assert.Contains("another file", source.GetProperty("notice").GetString());
        using var bytes = await explorer.Client.GetAsync("api/messages/0/bytes");
        Assert.Equal(ticks[30], await bytes.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task Without_follow_growth_is_not_listed_but_truncation_is_still_noticed()
    {
        var ticks = Ticks();
        using var file = new RepoFiles.TempFile(Concat(ticks.Take(8)));
        await using var explorer = await Explorer.StartAsync(file.Path);
        var source = await explorer.WaitForSourceAsync(s => s.GetProperty("complete").GetBoolean(), "counted");
        Assert.False(source.GetProperty("following").GetBoolean());

        Append(file.Path, ticks[8]);
        await Task.Delay(700);
        Assert.Equal(8, Count((await explorer.GetJsonAsync("api/source")).Body));

        using (var stream = new FileStream(file.Path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite))
            stream.SetLength(ticks[0].Length + ticks[1].Length);
        source = await explorer.WaitForSourceAsync(s => Generation(s) == 1 && s.GetProperty("complete").GetBoolean(), "the truncation is noticed");
        Assert.Equal(2, Count(source));
        var (status, _) = await explorer.GetJsonAsync("api/messages?skip=0&take=25");
        Assert.Equal(HttpStatusCode.OK, status);
    }

    [Fact]
    public void Follow_is_for_a_single_file_a_folder_is_a_usage_error()
    {
        var result = FudgeTool.Run("serve", RepoFiles.SamplesFolder, "--follow");

        Assert.Equal(2, result.ExitCode);
        Assert.Contains("--follow watches a single file", result.Stderr);
    }
}
