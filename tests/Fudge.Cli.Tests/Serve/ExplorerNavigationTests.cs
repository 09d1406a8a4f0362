using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// What the page's spoofing marks and navigation stand on: escaped keys and values with a mark, filter-language paths,
/// whole values, byte ranges, the message holding a byte offset, and a filter's count in the background.
/// </summary>
public class ExplorerNavigationTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");
    private static readonly string Hostile = RepoFiles.Sample("hostile");

    private static JsonElement Field(JsonElement message, string key)
        => message.GetProperty("fields").EnumerateArray().Single(f => f.GetProperty("key").GetString() == key);

    [Fact]
    public async Task Names_and_values_arrive_escaped_and_marked_when_they_hide_characters()
    {
        await using var explorer = await Explorer.StartAsync(Hostile);

        var (status, message) = await explorer.GetJsonAsync("api/messages/3"); // the first message of spoofing.fudge
        var (_, list) = await explorer.GetJsonAsync("api/messages?skip=3&take=1");

        Assert.Equal(HttpStatusCode.OK, status);
        var quote = Field(message, "quote");
        Assert.Equal("\"\\u202e00.001 :ecirp laer\"", quote.GetProperty("value").GetString());
        Assert.True(quote.GetProperty("hidden").GetBoolean());
        var role = Field(message, "role\\u202e");
        Assert.Equal("role\u202e", role.GetProperty("name").GetString()); // the name exactly as written, for scripts
        Assert.True(role.GetProperty("hidden").GetBoolean());
        Assert.False(Field(message, "plain").TryGetProperty("hidden", out _));
        var row = list.GetProperty("messages")[0];
        Assert.True(row.GetProperty("hidden").GetBoolean());
        Assert.Equal("role\\u202e", row.GetProperty("fields")[1].GetProperty("key").GetString());
        Assert.DoesNotContain('\u202e', row.GetProperty("preview").GetString()!);
    }

    [Fact]
    public async Task Each_fields_path_pastes_into_the_filter_language_and_selects_it()
    {
        await using var explorer = await Explorer.StartAsync(Hostile);
        var (_, message) = await explorer.GetJsonAsync("api/messages/3");

        string rolePath = Field(message, "role\\u202e").GetProperty("path").GetString()!;
        Assert.Equal("$['role\\u202e']", rolePath);
        Assert.Equal("$.quote", Field(message, "quote").GetProperty("path").GetString());
        var (status, list) = await explorer.GetJsonAsync("api/messages?where=" + Uri.EscapeDataString(rolePath + " == 'nimda'"));
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(new long[] { 3 }, list.GetProperty("messages").EnumerateArray().Select(m => m.GetProperty("id").GetInt64()).ToArray());

        var (_, each) = await explorer.GetJsonAsync("api/messages/4");
        string deepPath = Field(each, "deep\\u202e").GetProperty("path").GetString()!;
        Assert.Equal("$['nested\\u200d']['deep\\u202e']", deepPath);
        var (_, deep) = await explorer.GetJsonAsync("api/messages?where=" + Uri.EscapeDataString(deepPath + " == 'x\\u2066y'"));
        Assert.Equal(4, deep.GetProperty("messages")[0].GetProperty("id").GetInt64());
    }

    [Fact]
    public async Task A_repeated_key_gets_an_index_in_its_path()
    {
        string path = Path.Combine(Path.GetTempPath(), "fudge-serve-repeat-" + Guid.NewGuid().ToString("N") + ".fudge");
        File.WriteAllBytes(path, new FudgeEnvelope(new FudgeMsg().Add("px", 1).Add("px", 2).Add(5, "five").Add("x y", true)).ToByteArray());
        try
        {
            await using var explorer = await Explorer.StartAsync(path);
            var (_, message) = await explorer.GetJsonAsync("api/messages/0");

            var paths = message.GetProperty("fields").EnumerateArray().Select(f => f.GetProperty("path").GetString()).ToArray();
            Assert.Equal(new[] { "$.px[0]", "$.px[1]", "$[#5]", "$['x y']" }, paths);
            var (_, second) = await explorer.GetJsonAsync("api/messages?where=" + Uri.EscapeDataString("$.px[1] == 2"));
            Assert.Equal(1, second.GetProperty("messages").GetArrayLength());
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public async Task A_long_value_is_cut_in_the_tree_and_whole_on_demand()
    {
        await using var explorer = await Explorer.StartAsync(Hostile);
        var (_, message) = await explorer.GetJsonAsync("api/messages/4");
        var fields = message.GetProperty("fields").EnumerateArray().ToList();
        int index = fields.FindIndex(f => f.GetProperty("key").GetString() == "long");

        var (status, whole) = await explorer.GetJsonAsync($"api/messages/4/value?field={index}");
        var (missing, _) = await explorer.GetJsonAsync("api/messages/4/value?field=4000");

        Assert.True(fields[index].GetProperty("cut").GetBoolean());
        Assert.EndsWith("(201 chars)", fields[index].GetProperty("value").GetString());
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("\"" + new string('.', 100) + "\\u202e" + new string('-', 100) + "\"", whole.GetProperty("value").GetString());
        Assert.True(fields[index].GetProperty("hidden").GetBoolean()); // marked although the mark is past the cut
        Assert.Equal(HttpStatusCode.NotFound, missing);
    }

    [Fact]
    public async Task A_byte_offset_finds_the_message_holding_it_and_bytes_come_by_range()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        await explorer.WaitUntilCountedAsync();
        byte[] file = File.ReadAllBytes(Ticks);

        var (_, at116) = await explorer.GetJsonAsync("api/locate?offset=116");
        var (_, at200) = await explorer.GetJsonAsync("api/locate?offset=200");
        var (_, at0) = await explorer.GetJsonAsync("api/locate?offset=0");
        var (past, _) = await explorer.GetJsonAsync($"api/locate?offset={file.Length}");
        byte[] range = await explorer.Client.GetByteArrayAsync("api/messages/1/bytes?start=8&length=14");

        Assert.Equal((1, 116), (at116.GetProperty("id").GetInt64(), at116.GetProperty("offset").GetInt64()));
        Assert.Equal(1, at200.GetProperty("id").GetInt64()); // message 1 is bytes 116-282
        Assert.Equal(0, at0.GetProperty("id").GetInt64());
        Assert.Equal(HttpStatusCode.NotFound, past);
        Assert.Equal(file.AsSpan(116 + 8, 14).ToArray(), range);
    }

    [Fact]
    public async Task A_byte_offset_in_a_folder_names_its_file()
    {
        await using var explorer = await Explorer.StartAsync(Hostile);
        await explorer.WaitUntilCountedAsync();

        var (_, found) = await explorer.GetJsonAsync("api/locate?offset=100&location=spoofing.fudge");

        Assert.Equal(4, found.GetProperty("id").GetInt64()); // the first message of spoofing.fudge is bytes 0-94
    }

    [Fact]
    public async Task A_filters_total_is_counted_in_the_background()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        string where = Uri.EscapeDataString("$.ticker == 'ACME'");
        int expected = CountAcme();

        JsonElement count = default;
        for (int i = 0; i < 200; i++)
        {
            (_, count) = await explorer.GetJsonAsync("api/count?where=" + where);
            if (count.GetProperty("complete").GetBoolean()) break;
            await Task.Delay(25);
        }
        var (bad, problem) = await explorer.GetJsonAsync("api/count?where=" + Uri.EscapeDataString("$.ticker =="));

        Assert.True(count.GetProperty("complete").GetBoolean());
        Assert.Equal(expected, count.GetProperty("matched").GetInt64());
        Assert.Equal(40, count.GetProperty("scanned").GetInt64());
        Assert.Equal(HttpStatusCode.BadRequest, bad);
        Assert.Equal(12, problem.GetProperty("column").GetInt32()); // where the literal is missing
    }

    private static int CountAcme()
    {
        using var file = File.OpenRead(Ticks);
        using var reader = new FudgeStreamReader(file);
        int count = 0;
        foreach (var envelope in reader.ReadAll())
            if (envelope.Message.GetString("ticker") == "ACME") count++;
        return count;
    }
}
