using System.Collections.Generic;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// What the tests of a large message's fields share: the message (rows of four fields under one name) and its whole
/// list of fields read page by page from the start (<c>GET /api/messages/0/fields?from=N&amp;take=N</c>).
/// </summary>
internal static class FieldPages
{
    /// <summary>A message of <paramref name="rows"/> sub-messages named "rows" of four fields each (seq, ticker, bid, ask); add the fields that end it.</summary>
    internal static FudgeMsg Rows(int rows)
    {
        var message = new FudgeMsg();
        for (int i = 0; i < rows; i++) message.Add("rows", new FudgeMsg().Add("seq", i).Add("ticker", "T" + i).Add("bid", i + 0.5).Add("ask", i + 0.75));
        return message;
    }

    /// <summary>
    /// Every field of message 0, read <paramref name="take"/> at a time from the first: each page starts where the one
    /// before ended, holds at most <paramref name="take"/> fields, and only the last one is short.
    /// </summary>
    internal static async Task<List<JsonElement>> AllAsync(Explorer explorer, int take)
    {
        var fields = new List<JsonElement>();
        for (int pages = 0; ; pages++)
        {
            var (status, page) = await explorer.GetJsonAsync($"api/messages/0/fields?from={fields.Count}&take={take}");
            Assert.Equal(HttpStatusCode.OK, status);
            Assert.Equal(fields.Count, page.GetProperty("from").GetInt32());
            int count = page.GetProperty("fields").GetArrayLength();
            Assert.True(count <= take, $"{count} fields in a page of {take}");
            fields.AddRange(page.GetProperty("fields").EnumerateArray());
            if (!page.GetProperty("more").GetBoolean()) return fields;
            Assert.Equal(take, count); // a page short of its size is the last
            Assert.True(pages < 100, "the pages never end");
        }
    }
}
