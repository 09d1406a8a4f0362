using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The fields around a byte (<c>GET /api/messages/{id}/fields?at=B&amp;take=N</c>): the page asks for the page of
/// fields around the byte it points at or jumps to, and the server finds the field holding it by walking the bytes,
/// so a byte at the end of a message of many fields costs one answer, not every page before it. Each answer is checked
/// against the message's fields read page by page from its start (<c>?from=N</c>, another reading of the same list).
/// </summary>
public class ExplorerFieldsAtTests
{
    // 3,000 rows of 4 fields (15,000 fields), then a sub-message holding a sub-message, then a last field: 15,004 fields.
    private static byte[] Message()
        => FieldPages.Rows(3000).Add("book", new FudgeMsg().Add("levels", new FudgeMsg().Add("px", 101.25))).Add("last", "end").ToByteArray();

    // The innermost field holding a byte, from the whole list: the last one in document order that starts at or
    // before it and ends after it (sub-messages come before the fields they hold).
    private static int Holding(List<JsonElement> all, int offset)
    {
        int found = -1;
        for (int i = 0; i < all.Count; i++)
            if (all[i].GetProperty("start").GetInt32() <= offset && offset < all[i].GetProperty("end").GetInt32()) found = i;
        return found;
    }

    [Fact]
    public async Task The_page_around_a_byte_names_the_field_holding_it_with_its_path_and_ancestors()
    {
        byte[] bytes = Message();
        using var file = new RepoFiles.TempFile(bytes);
        await using var explorer = await Explorer.StartAsync(file.Path);
        var all = await FieldPages.AllAsync(explorer, 5000);
        Assert.Equal(15_004, all.Count);
        JsonElement Field(string path) => all.Single(f => f.GetProperty("path").GetString() == path);
        int middleRow = Field("$.rows[1500].bid").GetProperty("valueStart").GetInt32() + 3;
        int nested = Field("$.book.levels.px").GetProperty("valueStart").GetInt32();

        var expected = new (int Offset, string Path, string Part)[]
        {
            (8, "$.rows[0]", "header"),                               // the first field's prefix byte
            (10, "$.rows[0]", "name"),                                // its name's length byte
            (middleRow, "$.rows[1500].bid", "value"),                 // the middle of the message
            (nested, "$.book.levels.px", "value"),                    // inside a sub-message of a sub-message
            (Field("$.book.levels").GetProperty("start").GetInt32() + 1, "$.book.levels", "header"), // a type byte
            (bytes.Length - 1, "$.last", "value"),                    // the last byte
        };
        foreach (var (offset, path, part) in expected)
        {
            var (status, page) = await explorer.GetJsonAsync($"api/messages/0/fields?at={offset}&take=200");

            Assert.Equal(HttpStatusCode.OK, status);
            int from = page.GetProperty("from").GetInt32();
            int index = page.GetProperty("field").GetInt32();
            var fields = page.GetProperty("fields");
            Assert.Equal(offset, page.GetProperty("at").GetInt32());
            Assert.Equal(Holding(all, offset), index);
            Assert.Equal(path, fields[index - from].GetProperty("path").GetString());
            Assert.Equal(part, page.GetProperty("part").GetString());
            Assert.InRange(fields.GetArrayLength(), 1, 200);
            Assert.InRange(index - from, 0, 100); // half a page before it at most, so the rows around it show
            // The page is the list's fields from `from` on, as the pages from the start give them.
            Assert.Equal(all.Skip(from).Take(fields.GetArrayLength()).Select(f => f.GetRawText()), fields.EnumerateArray().Select(f => f.GetRawText()));
            Assert.Equal(from + fields.GetArrayLength() < all.Count, page.GetProperty("more").GetBoolean());
            // The sub-messages around the page's first field, outermost first, each with its index in the list.
            var ancestors = page.TryGetProperty("ancestors", out var a) ? a.EnumerateArray().ToArray() : [];
            Assert.Equal(fields[0].GetProperty("depth").GetInt32(), ancestors.Length);
            for (int depth = 0; depth < ancestors.Length; depth++)
            {
                int at = ancestors[depth].GetProperty("index").GetInt32();
                Assert.True(at < from);
                Assert.Equal(depth, ancestors[depth].GetProperty("depth").GetInt32());
                Assert.Equal(all[at].GetProperty("path").GetString(), ancestors[depth].GetProperty("path").GetString());
                Assert.StartsWith(ancestors[depth].GetProperty("path").GetString()!, fields[0].GetProperty("path").GetString()!);
            }
        }
    }

    [Fact]
    public async Task A_sub_message_says_how_many_fields_it_holds_so_a_page_holding_part_of_it_knows_where_it_ends()
    {
        using var file = new RepoFiles.TempFile(Message());
        await using var explorer = await Explorer.StartAsync(file.Path);
        var all = await FieldPages.AllAsync(explorer, 5000);

        for (int i = 0; i < all.Count; i++)
        {
            if (!all[i].GetProperty("isMessage").GetBoolean()) continue;
            int descendants = all[i].GetProperty("descendants").GetInt32();
            int depth = all[i].GetProperty("depth").GetInt32();
            // The fields after it that are deeper than it are its own, and they end where the count says.
            int end = i + 1;
            while (end < all.Count && all[end].GetProperty("depth").GetInt32() > depth) end++;
            Assert.Equal(end - i - 1, descendants);
        }
        Assert.Equal(2, all.Single(f => f.GetProperty("path").GetString() == "$.book").GetProperty("descendants").GetInt32());
    }

    [Fact]
    public async Task The_envelope_header_names_no_field_and_an_offset_out_of_range_is_a_400_with_a_one_line_reason()
    {
        byte[] bytes = Message();
        using var file = new RepoFiles.TempFile(bytes);
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (status, header) = await explorer.GetJsonAsync("api/messages/0/fields?at=3&take=10");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.False(header.TryGetProperty("field", out _));
        Assert.Equal("envelope header", header.GetProperty("part").GetString());
        Assert.Equal(0, header.GetProperty("from").GetInt32());
        Assert.Equal(10, header.GetProperty("fields").GetArrayLength());
        foreach (string bad in new[] { $"at={bytes.Length}", "at=-1", "at=x", "at=5&from=0", $"at={long.MaxValue}" })
        {
            var (refused, problem) = await explorer.GetJsonAsync("api/messages/0/fields?" + bad);
            Assert.Equal(HttpStatusCode.BadRequest, refused);
            string detail = problem.GetProperty("detail").GetString()!;
            Assert.DoesNotContain('\n', detail);
            Assert.NotEmpty(detail);
        }
        var (_, past) = await explorer.GetJsonAsync($"api/messages/0/fields?at={bytes.Length}");
        Assert.Contains($"has {bytes.Length} bytes", past.GetProperty("detail").GetString());
        Assert.Equal(HttpStatusCode.NotFound, (await explorer.GetJsonAsync("api/messages/1/fields?at=8")).Status);
    }

    [Fact]
    public async Task A_byte_past_the_fault_of_a_malformed_message_gets_the_fields_before_the_fault_and_the_error()
    {
        byte[] broken = Message();
        broken[^4] = 200; // the last field's size byte ("end" follows): more than the message holds
        using var file = new RepoFiles.TempFile(broken);
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (status, page) = await explorer.GetJsonAsync($"api/messages/0/fields?at={broken.Length - 1}&take=100");
        var (_, before) = await explorer.GetJsonAsync("api/messages/0/fields?at=8&take=100");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.False(page.TryGetProperty("field", out _));
        Assert.True(page.TryGetProperty("error", out var error), page.ToString());
        Assert.True(error.GetProperty("offset").GetInt64() > 0);
        Assert.Equal(100, page.GetProperty("fields").GetArrayLength()); // the page ends at the fault
        Assert.Equal("$.book.levels.px", page.GetProperty("fields")[99].GetProperty("path").GetString());
        Assert.False(page.GetProperty("more").GetBoolean());
        Assert.Equal(0, before.GetProperty("field").GetInt32()); // a byte before the fault is named as in a whole message
    }

    [Fact]
    public async Task The_answer_for_the_last_byte_of_a_message_of_90000_fields_is_one_small_page()
    {
        byte[] bytes = FieldPages.Rows(18_000).ToByteArray();
        using var file = new RepoFiles.TempFile(bytes);
        await using var explorer = await Explorer.StartAsync(file.Path);

        using var response = await explorer.Client.GetAsync($"api/messages/0/fields?at={bytes.Length - 1}");
        string text = await response.Content.ReadAsStringAsync();
        var page = JsonDocument.Parse(text).RootElement;

        Assert.Equal(89_999, page.GetProperty("field").GetInt32());
        Assert.Equal("$.rows[17999].ask", page.GetProperty("fields")[89_999 - page.GetProperty("from").GetInt32()].GetProperty("path").GetString());
        Assert.Equal(1001, page.GetProperty("fields").GetArrayLength()); // half a page (1,000) before it, and it
        Assert.True(text.Length < 1_000_000, $"{text.Length} characters");
    }
}
