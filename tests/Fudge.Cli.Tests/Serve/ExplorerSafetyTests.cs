using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using Fudge.Cli.Serve;
using Fudge.Cli.Serve.Sources;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The explorer is reachable from this machine only, reads only what it was given, marks every answer with its
/// Content-Security-Policy, and answers hostile files and requests with problems (4xx) or error fields, never a 500.
/// </summary>
public class ExplorerSafetyTests
{
    private static readonly string Ticks = RepoFiles.Sample("ticks.fudge");

    [Theory]
    [InlineData("0.0.0.0")]
    [InlineData("::")]
    [InlineData("192.168.1.10")]
    public async Task A_non_loopback_address_is_refused(string address)
    {
        var options = new FudgeReaderOptions();
        await using var source = FileMessageSource.OpenFile(Ticks, options);

        await Assert.ThrowsAsync<ArgumentException>(() => ExplorerServer.StartAsync(new ExplorerState(source, options, 0), IPAddress.Parse(address), 0));
    }

    [Fact]
    public void The_command_line_refuses_a_non_loopback_bind_before_reading_anything()
    {
        var result = FudgeTool.Run("serve", "no-such-file.fudge", "--bind", "0.0.0.0");

        Assert.Equal(FudgeCommandLine.UsageError, result.ExitCode);
        Assert.Contains("--bind takes a loopback address only", result.Stderr);
    }

    [Fact]
    public void The_command_line_reports_a_missing_source_on_one_line()
    {
        var result = FudgeTool.Run("serve", "no-such-file.fudge");

        Assert.Equal(FudgeCommandLine.Failure, result.ExitCode);
        Assert.Equal("fudge: no file, folder or store 'no-such-file.fudge'\n", result.Stderr);
    }

    [Theory]
    [InlineData("")]
    [InlineData("api/source")]
    [InlineData("api/messages/0")]
    [InlineData("api/messages/99")]
    [InlineData("no/such/page")]
    public async Task Every_answer_carries_the_content_security_policy(string path)
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        using var response = await explorer.Client.GetAsync(path);

        Assert.Equal(ExplorerServer.ContentSecurityPolicy, response.Headers.GetValues("Content-Security-Policy").Single());
        Assert.Equal("nosniff", response.Headers.GetValues("X-Content-Type-Options").Single());
    }

    [Fact]
    public async Task The_page_holds_no_inline_script_and_builds_no_markup_from_data()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        string page = await explorer.Client.GetStringAsync("");
        string[] scripts = { "views.js", "app.js", "message.js", "fields.js", "address.js", "charts.js", "schema.js" };
        string script = "";
        foreach (string name in scripts)
        {
            Assert.Contains($"<script src=\"{name}\" defer></script>", page);
            script += await explorer.Client.GetStringAsync(name);
        }
        Assert.Contains("<script src=\"vendor/uPlot.iife.min.js\" defer></script>", page); // vendored at build time, served by the tool
        Assert.Equal(scripts.Length + 1, page.Split("<script").Skip(1).Count()); // external scripts only, which the policy allows
        Assert.DoesNotContain("innerHTML", script);
        Assert.DoesNotContain("insertAdjacentHTML", script);
        Assert.DoesNotContain("document.write", script);
    }

    [Fact]
    public async Task A_request_for_another_host_name_is_refused()
    {
        // A page elsewhere can point a name of its own at 127.0.0.1 (DNS rebinding); its requests carry that name.
        await using var explorer = await Explorer.StartAsync(Ticks);
        using var request = new HttpRequestMessage(HttpMethod.Get, "api/messages/0");
        request.Headers.Host = "attacker.example";

        using var response = await explorer.Client.SendAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.DoesNotContain("ticker", await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("api/messages/-1", HttpStatusCode.BadRequest)]
    [InlineData("api/messages/40", HttpStatusCode.NotFound)]
    [InlineData("api/messages/99999999999999999999", HttpStatusCode.BadRequest)]
    [InlineData("api/messages/..%2F..%2Fetc%2Fpasswd", HttpStatusCode.BadRequest)]
    [InlineData("../../etc/passwd", HttpStatusCode.NotFound)]
    [InlineData("api/messages?take=0", HttpStatusCode.BadRequest)]
    [InlineData("api/messages?take=501", HttpStatusCode.BadRequest)]
    [InlineData("api/messages?skip=-5", HttpStatusCode.BadRequest)]
    [InlineData("api/messages?skip=1e3", HttpStatusCode.BadRequest)]
    [InlineData("api/messages?skip=9223372036854775807", HttpStatusCode.BadRequest)]
    [InlineData("api/download?format=exe", HttpStatusCode.BadRequest)]
    [InlineData("api/download?format=json&where=%24.a%20%3D%3D", HttpStatusCode.BadRequest)]
    public async Task Requests_it_cannot_answer_are_problems_never_guesses(string path, HttpStatusCode expected)
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        using var response = await explorer.Client.GetAsync(path);

        Assert.Equal(expected, response.StatusCode);
    }

    [Fact]
    public async Task Only_get_is_answered()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        using var response = await explorer.Client.PostAsync("api/messages", new StringContent("x"));

        Assert.Equal(HttpStatusCode.MethodNotAllowed, response.StatusCode);
    }

    [Fact]
    public async Task A_message_malformed_inside_shows_the_fields_before_the_fault_and_its_offset()
    {
        await using var explorer = await Explorer.StartAsync(RepoFiles.Sample("hostile"));

        var (status, message) = await explorer.GetJsonAsync("api/messages/2");
        var (_, list) = await explorer.GetJsonAsync("api/messages");

        Assert.Equal(HttpStatusCode.OK, status);
        var error = message.GetProperty("error");
        Assert.Equal((22, 298), (error.GetProperty("offset").GetInt32(), error.GetProperty("fileOffset").GetInt32()));
        Assert.Equal("the field declares 200 bytes of value but only 9 remain in the enclosing message", error.GetProperty("reason").GetString());
        Assert.Equal("id", message.GetProperty("fields")[0].GetProperty("key").GetString());
        Assert.StartsWith("malformed at byte 298: ", list.GetProperty("messages")[2].GetProperty("preview").GetString());
    }

    [Fact]
    public async Task Names_that_are_markup_arrive_as_json_strings_exactly_as_written()
    {
        await using var explorer = await Explorer.StartAsync(RepoFiles.Sample("hostile"));

        var (_, message) = await explorer.GetJsonAsync("api/messages/0");

        var field = message.GetProperty("fields")[0];
        Assert.Equal("<script>window.fudgePwned=1</script>", field.GetProperty("name").GetString());
        Assert.Equal("\"<img src=x onerror=\\\"window.fudgePwned=1\\\">\"", field.GetProperty("value").GetString());
    }

    [Fact]
    public async Task Cut_and_corrupted_files_never_get_a_500()
    {
        // Every envelope of the samples cut at many places, and bytes of them overwritten: the stream's framing breaks
        // (the source reports where) or a message's inside does (the message reports where).
        byte[] original = File.ReadAllBytes(RepoFiles.Sample("logs.fudge"));
        var random = new Random(30);
        string path = Path.Combine(Path.GetTempPath(), "fudge-serve-hostile-" + Guid.NewGuid().ToString("N") + ".fudge");
        try
        {
            for (int round = 0; round < 24; round++)
            {
                byte[] bytes = original.AsSpan(0, random.Next(1, original.Length)).ToArray();
                for (int hit = 0; hit < round; hit++) bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
                File.WriteAllBytes(path, bytes);
                await using var explorer = await Explorer.StartAsync(path);
                long count = await explorer.WaitUntilCountedAsync();
                var (listStatus, _) = await explorer.GetJsonAsync("api/messages?take=500");
                var (filterStatus, _) = await explorer.GetJsonAsync("api/messages?where=" + Uri.EscapeDataString("$.Log.Seq > 3"));
                Assert.Equal(HttpStatusCode.OK, listStatus);
                Assert.Equal(HttpStatusCode.OK, filterStatus);
                for (long id = 0; id < count; id++)
                {
                    var (status, _) = await explorer.GetJsonAsync("api/messages/" + id);
                    Assert.Equal(HttpStatusCode.OK, status);
                }
                foreach (var format in new[] { "fudge", "json", "xml" })
                {
                    using var download = await explorer.Client.GetAsync("api/download?format=" + format);
                    Assert.Equal(HttpStatusCode.OK, download.StatusCode);
                }
            }
        }
        finally
        {
            File.Delete(path);
        }
    }
}
