using System;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>GET /api/schema</c>, the explorer's Schema tab: the types inferred from the messages shown are what
/// <c>fudge schema infer</c> writes for the same messages (the same code computes both), as C# or Fudge-Proto, over
/// the messages the filter passes, the first <c>limit</c> of them.
/// </summary>
public class ExplorerSchemaTests
{
    private static string Ticks => RepoFiles.Sample("ticks.fudge");

    [Theory]
    [InlineData("csharp", "")]
    [InlineData("csharp&records=true", "--records")]
    [InlineData("proto", "--proto")]
    public async Task The_schema_of_a_file_is_what_fudge_schema_infer_writes_for_it(string format, string option)
    {
        var cli = FudgeTool.Run(new[] { "schema", "infer", Ticks, option }.Where(a => a.Length > 0).ToArray());
        Assert.Equal(0, cli.ExitCode);
        await using var explorer = await Explorer.StartAsync(Ticks);

        var (status, answer) = await explorer.GetJsonAsync("api/schema?format=" + format);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(cli.Stdout, answer.GetProperty("text").GetString());
        Assert.Equal(40, answer.GetProperty("messages").GetInt64());
        Assert.False(answer.GetProperty("cut").GetBoolean());
        Assert.Contains(format == "proto" ? "message Tick" : "partial " + (option == "--records" ? "record" : "class") + " Tick", cli.Stdout);
    }

    [Fact]
    public async Task The_filter_and_the_limit_choose_the_messages_and_a_download_is_the_same_text()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        string where = Uri.EscapeDataString("$.trade.price > 0");

        var (_, all) = await explorer.GetJsonAsync("api/schema");
        var (_, filtered) = await explorer.GetJsonAsync("api/schema?where=" + where);
        var (_, count) = await explorer.GetJsonAsync("api/count?where=" + where);
        var (_, first) = await explorer.GetJsonAsync("api/schema?limit=5");

        long matched = filtered.GetProperty("messages").GetInt64();
        Assert.True(matched > 0 && matched < 40, $"{matched} trades");
        Assert.NotEqual(all.GetProperty("text").GetString(), filtered.GetProperty("text").GetString());
        for (int i = 0; i < 100 && !count.GetProperty("complete").GetBoolean(); i++)
        {
            await Task.Delay(50);
            (_, count) = await explorer.GetJsonAsync("api/count?where=" + where);
        }
        Assert.Equal(count.GetProperty("matched").GetInt64(), matched);
        Assert.Equal(5, first.GetProperty("messages").GetInt64());
        Assert.True(first.GetProperty("cut").GetBoolean());

        using var download = await explorer.Client.GetAsync("api/schema?format=proto&download=true");
        Assert.Equal("text/plain; charset=utf-8", download.Content.Headers.ContentType!.ToString());
        Assert.Equal("attachment; filename=\"schema.proto\"", download.Content.Headers.ContentDisposition!.ToString());
        var (_, proto) = await explorer.GetJsonAsync("api/schema?format=proto");
        Assert.Equal(proto.GetProperty("text").GetString(), await download.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("api/schema?format=xml", "format is csharp or proto.")]
    [InlineData("api/schema?limit=0", "limit is a whole number")]
    [InlineData("api/schema?where=%24.bid%20%3E", "")]
    public async Task A_request_it_cannot_answer_is_a_400_problem(string request, string detail)
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        var (status, problem) = await explorer.GetJsonAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Contains(detail, problem.GetProperty("detail").GetString());
    }
}
