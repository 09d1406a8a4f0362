using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The fields of a large message page by page (<c>GET /api/messages/{id}/fields?from=N&amp;take=N</c>): the page opens
/// a message with its first fields and asks for the rest a page at a time, so no answer is large and a message of more
/// fields than one answer holds is still shown whole. The pages together are the message's fields in document order,
/// each as the first answer gives it (key, path, byte ranges).
/// </summary>
public class ExplorerFieldPagesTests
{
    // 3,000 rows of 4 fields each (12,000 fields under 3,000 sub-messages: 15,000 in all) and a last field.
    private static byte[] ManyFields() => FieldPages.Rows(3000).Add("last", "end").ToByteArray();

    [Fact]
    public async Task The_pages_of_a_message_larger_than_one_answer_are_all_its_fields_in_order()
    {
        byte[] bytes = ManyFields();
        using var file = new RepoFiles.TempFile(bytes);
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (_, first) = await explorer.GetJsonAsync("api/messages/0"); // what one answer holds: the first 5,000
        var all = await FieldPages.AllAsync(explorer, 2000);

        Assert.Equal(15_001, all.Count);
        Assert.True(first.GetProperty("fieldsCut").GetBoolean());
        var firstFields = first.GetProperty("fields").EnumerateArray().Select(f => f.GetRawText()).ToArray();
        Assert.Equal(5000, firstFields.Length);
        Assert.Equal(firstFields, all.Take(5000).Select(f => f.GetRawText()));
        // Document order, every field once: starts grow, paths are distinct, the last fields are where they belong.
        var starts = all.Select(f => f.GetProperty("start").GetInt32()).ToArray();
        Assert.True(starts.Zip(starts.Skip(1)).All(p => p.First < p.Second));
        Assert.Equal(all.Count, all.Select(f => f.GetProperty("path").GetString()).Distinct().Count());
        Assert.Equal("$.rows[2999].ask", all[^2].GetProperty("path").GetString());
        Assert.Equal(1, all[^2].GetProperty("depth").GetInt32());
        Assert.Equal("$.last", all[^1].GetProperty("path").GetString());
        Assert.Equal(bytes.Length, all[^1].GetProperty("end").GetInt32());
        // Pages of another size cut the same list elsewhere: the same fields.
        Assert.Equal(all.Select(f => f.GetRawText()), (await FieldPages.AllAsync(explorer, 777)).Select(f => f.GetRawText()));
    }

    [Fact]
    public async Task A_field_past_the_first_answer_shows_its_whole_value()
    {
        using var file = new RepoFiles.TempFile(ManyFields());
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (_, page) = await explorer.GetJsonAsync("api/messages/0/fields?from=15000&take=10");
        var (status, value) = await explorer.GetJsonAsync("api/messages/0/value?field=15000");

        Assert.Equal("$.last", page.GetProperty("fields")[0].GetProperty("path").GetString());
        Assert.False(page.GetProperty("more").GetBoolean());
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("\"end\"", value.GetProperty("value").GetString());
    }

    [Fact]
    public async Task A_page_past_the_end_is_empty_and_bad_pages_are_refused()
    {
        await using var explorer = await Explorer.StartAsync(RepoFiles.Sample("ticks.fudge"));

        var (status, past) = await explorer.GetJsonAsync("api/messages/0/fields?from=1000");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(0, past.GetProperty("fields").GetArrayLength());
        Assert.False(past.GetProperty("more").GetBoolean());
        foreach (string bad in new[] { "from=-1", "take=0", "take=5001", "from=x" })
        {
            var (refused, problem) = await explorer.GetJsonAsync("api/messages/0/fields?" + bad);
            Assert.Equal(HttpStatusCode.BadRequest, refused);
            Assert.Equal(400, problem.GetProperty("status").GetInt32());
        }
        Assert.Equal(HttpStatusCode.NotFound, (await explorer.GetJsonAsync("api/messages/99999/fields")).Status);
    }

    [Fact]
    public async Task A_page_that_reaches_a_fault_says_where_the_message_breaks()
    {
        byte[] whole = ManyFields();
        byte[] broken = whole.ToArray();
        broken[whole.Length - 4] = 200; // the last field's size byte ("end" follows): more than the message holds
        using var file = new RepoFiles.TempFile(broken);
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (_, early) = await explorer.GetJsonAsync("api/messages/0/fields?from=0&take=10");
        var (status, late) = await explorer.GetJsonAsync("api/messages/0/fields?from=14000&take=5000");

        Assert.False(early.TryGetProperty("error", out _)); // the fault lies past this page: reading stopped before it
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.True(late.TryGetProperty("error", out var error), late.ToString());
        Assert.Equal(1000, late.GetProperty("fields").GetArrayLength()); // the fields before the fault
        Assert.True(error.GetProperty("offset").GetInt64() > 0);
    }
}
