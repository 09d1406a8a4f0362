using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>A file of 1,000,000 envelopes: the first page does not wait for the whole file to be read.</summary>
public class ExplorerLargeFileTests
{
    [Fact]
    public async Task A_million_envelopes_are_paged_from_the_start_and_counted_in_the_background()
    {
        byte[] ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")); // 40 envelopes
        string path = Path.Combine(Path.GetTempPath(), "fudge-serve-million-" + Guid.NewGuid().ToString("N") + ".fudge");
        try
        {
            using (var file = File.Create(path))
                for (int i = 0; i < 25_000; i++) file.Write(ticks);
            var clock = Stopwatch.StartNew();
            await using var explorer = await Explorer.StartAsync(path);

            var (status, first) = await explorer.GetJsonAsync("api/messages?take=50");
            var firstPage = clock.Elapsed;
            long count = await explorer.WaitUntilCountedAsync();
            var (_, last) = await explorer.GetJsonAsync("api/messages?skip=999990&take=50");
            var (_, message) = await explorer.GetJsonAsync("api/messages/999999");

            Assert.Equal(HttpStatusCode.OK, status);
            Assert.Equal(50, first.GetProperty("messages").GetArrayLength());
            Assert.True(firstPage < TimeSpan.FromSeconds(10), $"the first page took {firstPage}");
            Assert.Equal(1_000_000, count);
            Assert.Equal(1_000_000, last.GetProperty("total").GetInt32());
            Assert.Equal(Enumerable.Range(999_990, 10), last.GetProperty("messages").EnumerateArray().Select(r => r.GetProperty("id").GetInt32()));
            Assert.Equal(ticks.Length * 25_000L - 166, message.GetProperty("offset").GetInt64()); // the last tick is 166 bytes
        }
        finally
        {
            File.Delete(path);
        }
    }
}
