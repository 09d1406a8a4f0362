using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// A filter's total on a file large enough to take a while: <c>/api/count</c> answers at once with how far the count
/// got (what the page shows as "counting: N match so far (P% of T looked at)"), never waiting for it, and the figures
/// only grow until the count is complete and exact.
/// </summary>
public class ExplorerCountProgressTests
{
    [Fact]
    public async Task A_filters_count_answers_with_its_progress_while_it_runs_and_ends_exact()
    {
        byte[] ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")); // 40 envelopes
        int acme = new FudgeStreamReader(new MemoryStream(ticks)).ReadAll().Count(e => e.Message.GetString("ticker") == "ACME");
        using var file = new RepoFiles.TempFile();
        using (var output = File.Create(file.Path))
            for (int i = 0; i < 5000; i++) output.Write(ticks);
        await using var explorer = await Explorer.StartAsync(file.Path);
        long total = await explorer.WaitUntilCountedAsync();
        string where = Uri.EscapeDataString("$.ticker == 'ACME'");

        var answers = new List<(long Matched, long Scanned, bool Complete)>();
        for (int i = 0; i < 2000; i++)
        {
            var (status, count) = await explorer.GetJsonAsync("api/count?where=" + where);
            Assert.Equal(HttpStatusCode.OK, status);
            answers.Add((count.GetProperty("matched").GetInt64(), count.GetProperty("scanned").GetInt64(), count.GetProperty("complete").GetBoolean()));
            if (answers[^1].Complete) break;
            await Task.Delay(5);
        }

        Assert.Equal(200_000, total);
        Assert.False(answers[0].Complete, "the first answer came before the count had read 200,000 messages"); // it never waits
        Assert.True(answers[0].Scanned < total);
        Assert.True(answers[^1].Complete);
        Assert.Equal((acme * 5000L, total), (answers[^1].Matched, answers[^1].Scanned));
        for (int i = 1; i < answers.Count; i++)
            Assert.True(answers[i].Matched >= answers[i - 1].Matched && answers[i].Scanned >= answers[i - 1].Scanned, $"answer {i} went back");
    }
}
