using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>The explorer's JSON API over the sample files, a folder and a store, as the page uses it.</summary>
public class ExplorerEndpointTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");

    [Fact]
    public async Task The_source_says_what_is_shown_and_how_many_envelopes_it_holds()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        Assert.Equal(40, await explorer.WaitUntilCountedAsync());
        var (status, source) = await explorer.GetJsonAsync("api/source");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("ticks.fudge", source.GetProperty("description").GetString());
        Assert.Equal("file", source.GetProperty("kind").GetString());
        Assert.False(source.TryGetProperty("error", out _));
    }

    [Fact]
    public async Task The_list_comes_in_pages_with_offsets_sizes_and_a_preview()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        var (_, first) = await explorer.GetJsonAsync("api/messages?take=25");
        var (_, last) = await explorer.GetJsonAsync("api/messages?skip=25&take=25");

        var firstRows = first.GetProperty("messages").EnumerateArray().ToArray();
        var lastRows = last.GetProperty("messages").EnumerateArray().ToArray();
        Assert.Equal(Enumerable.Range(0, 25), firstRows.Select(r => r.GetProperty("id").GetInt32()));
        Assert.Equal(Enumerable.Range(25, 15), lastRows.Select(r => r.GetProperty("id").GetInt32()));
        Assert.Equal(40, last.GetProperty("total").GetInt32());
        Assert.Equal(116, firstRows[1].GetProperty("offset").GetInt64());
        Assert.Equal(167, firstRows[1].GetProperty("size").GetInt32());
        Assert.StartsWith("ticker=\"GLBX\", exchange=\"XFDG\", seq=2, ", firstRows[1].GetProperty("preview").GetString());
    }

    [Fact]
    public async Task A_message_opens_as_fields_whose_byte_ranges_hold_their_header_name_and_value()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        byte[] file = File.ReadAllBytes(Ticks);

        var (status, message) = await explorer.GetJsonAsync("api/messages/1");

        Assert.Equal(HttpStatusCode.OK, status);
        byte[] bytes = Convert.FromHexString(message.GetProperty("hex").GetString()!);
        Assert.Equal(file.AsSpan(116, 167).ToArray(), bytes);
        var fields = message.GetProperty("fields").EnumerateArray().ToArray();
        Assert.Equal(new[] { "ticker", "exchange", "seq", "time", "bid", "ask", "bidSize", "askSize", "trade", "price", "size", "aggressor" },
            fields.Select(f => f.GetProperty("key").GetString()));
        var ticker = fields[0];
        Assert.Equal(("\"GLBX\"", "string", 0), (ticker.GetProperty("value").GetString(), ticker.GetProperty("type").GetString(), ticker.GetProperty("depth").GetInt32()));
        Assert.Equal(new[] { 8, 10, 17, 18, 22 }, new[] { "start", "nameStart", "nameEnd", "valueStart", "end" }.Select(p => ticker.GetProperty(p).GetInt32()));
        Assert.Equal(1, fields.Single(f => f.GetProperty("key").GetString() == "aggressor").GetProperty("depth").GetInt32());
        foreach (var field in fields)
        {
            // The name range is the length byte and the UTF-8 name; the value range is the value the type says.
            int nameStart = field.GetProperty("nameStart").GetInt32(), nameEnd = field.GetProperty("nameEnd").GetInt32();
            Assert.Equal(nameEnd - nameStart - 1, bytes[nameStart]);
            Assert.Equal(field.GetProperty("name").GetString(), Encoding.UTF8.GetString(bytes, nameStart + 1, nameEnd - nameStart - 1));
            if (field.GetProperty("type").GetString() == "double")
                Assert.Equal(8, field.GetProperty("end").GetInt32() - field.GetProperty("valueStart").GetInt32());
        }
        var trade = fields.Single(f => f.GetProperty("key").GetString() == "trade");
        Assert.True(trade.GetProperty("isMessage").GetBoolean());
        Assert.Equal(167, trade.GetProperty("end").GetInt32());
    }

    [Fact]
    public async Task Ordinal_only_fields_get_their_names_from_the_taxonomy()
    {
        await using var explorer = await Explorer.StartAsync(RepoFiles.Sample("ticks-ordinals.fudge"), new[] { RepoFiles.Sample("taxonomy.fudge") });

        var (_, message) = await explorer.GetJsonAsync("api/messages/0");

        Assert.True(message.GetProperty("namesRestored").GetBoolean());
        var ticker = message.GetProperty("fields")[0];
        Assert.Equal(("ticker", 1), (ticker.GetProperty("name").GetString(), ticker.GetProperty("ordinal").GetInt32()));
        Assert.False(ticker.TryGetProperty("nameStart", out _)); // the name is not on the wire
    }

    [Fact]
    public async Task A_filter_selects_the_messages_fudge_filter_passes_and_the_downloads_hold_them()
    {
        const string Where = "$.ticker == 'ACME' && $.bid > 100";
        await using var explorer = await Explorer.StartAsync(Ticks);
        var filtered = FudgeTool.Run("filter", "-w", Where, Ticks);
        int expected = FudgeTool.Run("filter", "-w", Where, "--count", Ticks).Stdout.Trim() is var count ? int.Parse(count) : 0;

        var (_, page) = await explorer.GetJsonAsync("api/messages?take=500&where=" + Uri.EscapeDataString(Where));
        byte[] fudge = await explorer.Client.GetByteArrayAsync("api/download?format=fudge&where=" + Uri.EscapeDataString(Where));
        string json = await explorer.Client.GetStringAsync("api/download?format=json&where=" + Uri.EscapeDataString(Where));
        string xml = await explorer.Client.GetStringAsync("api/download?format=xml&where=" + Uri.EscapeDataString(Where));

        Assert.InRange(expected, 1, 39);
        Assert.Equal(expected, page.GetProperty("total").GetInt32());
        Assert.Equal(filtered.StdoutBytes, fudge);
        Assert.Equal(FudgeTool.RunWithInput(filtered.StdoutBytes, "to-json", "-").Stdout, json);
        Assert.Equal(FudgeTool.RunWithInput(filtered.StdoutBytes, "to-xml", "-").Stdout, xml);
    }

    [Fact]
    public async Task A_filter_that_does_not_parse_is_a_problem_naming_its_line_and_column()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        using var response = await explorer.Client.GetAsync("api/messages?where=" + Uri.EscapeDataString("$.ticker == 'ACME' && && $.bid > 1"));
        var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType!.MediaType);
        Assert.Equal("Invalid filter", problem.GetProperty("title").GetString());
        Assert.Equal((1, 23), (problem.GetProperty("line").GetInt32(), problem.GetProperty("column").GetInt32()));
    }

    [Fact]
    public async Task A_folder_is_its_fudge_files_one_after_the_other()
    {
        string folder = Directory.CreateTempSubdirectory("fudge-serve-").FullName;
        try
        {
            File.Copy(Ticks, Path.Combine(folder, "a-ticks.fudge"));
            File.Copy(RepoFiles.Sample("logs.fudge"), Path.Combine(folder, "b-logs.fudge"));
            File.WriteAllText(Path.Combine(folder, "notes.txt"), "not a Fudge file: left out");
            await using var explorer = await Explorer.StartAsync(folder);

            Assert.Equal(64, await explorer.WaitUntilCountedAsync());
            var (_, page) = await explorer.GetJsonAsync("api/messages?skip=39&take=2");
            var (_, log) = await explorer.GetJsonAsync("api/messages/40");

            var rows = page.GetProperty("messages").EnumerateArray().ToArray();
            Assert.Equal(("a-ticks.fudge", 5044L), (rows[0].GetProperty("location").GetString(), rows[0].GetProperty("offset").GetInt64()));
            Assert.Equal(("b-logs.fudge", 0L), (rows[1].GetProperty("location").GetString(), rows[1].GetProperty("offset").GetInt64()));
            Assert.Equal("System", log.GetProperty("fields")[0].GetProperty("key").GetString());
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task A_store_is_paged_filtered_and_downloaded_by_the_database()
    {
        string db = Path.Combine(Path.GetTempPath(), "fudge-serve-" + Guid.NewGuid().ToString("N") + ".db");
        try
        {
            Assert.Equal(0, FudgeTool.Run("store", "import", db, RepoFiles.Sample("logs.fudge")).ExitCode);
            const string Where = "$.System.Hostname == 'node-5'";
            await using (var explorer = await Explorer.StartAsync(db))
            {
                var (_, source) = await explorer.GetJsonAsync("api/source");
                var (_, page) = await explorer.GetJsonAsync("api/messages?take=5&where=" + Uri.EscapeDataString(Where));
                long firstId = page.GetProperty("messages")[0].GetProperty("id").GetInt64();
                var (_, message) = await explorer.GetJsonAsync("api/messages/" + firstId);
                byte[] download = await explorer.Client.GetByteArrayAsync("api/download?format=fudge&where=" + Uri.EscapeDataString(Where));

                Assert.Equal(("store", 24), (source.GetProperty("kind").GetString(), source.GetProperty("count").GetInt32()));
                Assert.Equal(8, page.GetProperty("total").GetInt32());
                Assert.Equal(5, page.GetProperty("messages").GetArrayLength());
                Assert.Equal("System", message.GetProperty("fields")[0].GetProperty("key").GetString());
                Assert.Equal(FudgeTool.Run("store", "query", db, "-w", Where).StdoutBytes, download);
            }
        }
        finally
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            File.Delete(db);
        }
    }
}
