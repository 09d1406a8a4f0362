using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The PostgreSQL store searches a scanned row's bytes for what every match holds (<see cref="RequiredBytes"/>) with
/// <c>position(@needle in doc)</c> before its jsonb test: the statements that search and those that do not, and
/// answers that stay the exact filter's over documents whose strings Fudge-Java wrote, with and without the GIN and on
/// a declared index's rows.
/// </summary>
[NeedsPostgres]
public sealed class PostgresRequiredBytesTests
{
    private const string Search = "position(@needle in doc) > 0";

    [StoreFact]
    public async Task A_scan_searches_the_bytes_first_and_a_declared_index_leaves_its_rows_as_they_are()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        var gin = await store.GetCollectionAsync("gin");
        var bare = await store.GetCollectionAsync("bare");
        var indexed = await store.GetCollectionAsync("indexed");
        await indexed.CreateIndexAsync((QueryableTrade t) => t.Symbol);

        foreach (var collection in new[] { gin, bare })
        {
            var q = collection.Query<QueryableTrade>();
            string any = q.Where(t => t.Legs!.Any(l => l.Venue == "XLON") && t.Qty > 2).ToQueryString();
            Assert.Contains("-- @needle=x'584C4F4E'", any, StringComparison.Ordinal);
            Assert.Contains("WHERE " + Search + " AND ", any, StringComparison.Ordinal);
            foreach (string none in new[]
            {
                q.Where(t => t.Price > 50).ToQueryString(),
                q.Where(t => t.Symbol != "AAPL").ToQueryString(),
                q.Where(t => t.Symbol == "AAPL" || t.Symbol == "MSFT").ToQueryString(),
                q.Where(t => t.Symbol == "AA").ToQueryString(),
            })
                Assert.DoesNotContain("needle", none, StringComparison.Ordinal);
        }
        // The declared index selects the rows: its condition, then the jsonb test, as before.
        Assert.DoesNotContain("needle", indexed.Query<QueryableTrade>().Where(t => t.Symbol == "Zürich" && t.Legs!.Any(l => l.Venue == "XLON")).ToQueryString(), StringComparison.Ordinal);
    }

    [StoreFact]
    public async Task A_filter_no_jsonpath_translates_still_has_its_rows_searched_on_the_server()
    {
        // hex() has no jsonpath (the jsonb holds a byte array as numbers): every row used to travel to the client.
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var ids = await store.GetCollectionAsync("ids");
        var documents = Enumerable.Range(0, 50).Select(i =>
        {
            var message = new FudgeMsg();
            message.Add("Id", Guid.Parse($"00000000-0000-0000-0000-{i:D12}").ToByteArray());
            return new FudgeEnvelope(message).ToByteArray();
        }).ToList();
        await ids.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));
        var filter = FudgeFilter.Compile("hex($.Id) == '" + Convert.ToHexString(Guid.Parse("00000000-0000-0000-0000-000000000042").ToByteArray()) + "'");

        Assert.Contains("Filter: (POSITION(", await ((PostgresFudgeCollection)ids).ExplainAsync(filter), StringComparison.Ordinal);
        Assert.Equal(documents.Where(d => filter.Matches(d)).Select(Convert.ToHexString),
            await ids.FindAsync(new FudgeQuery { Where = filter }).Select(d => Convert.ToHexString(d.Envelope)).ToListAsync());
        Assert.Equal(1, await ids.CountAsync(filter));
    }

    [StoreFact]
    public async Task Answers_are_the_exact_filters_over_documents_in_UTF8_and_Fudge_Java_CESU8()
    {
        var random = new Random(35);
        var documents = Enumerable.Range(0, 400).Select(_ => RequiredBytesDocuments.Document(random)).ToList();
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        var collections = new List<IFudgeCollection>
        {
            await store.GetCollectionAsync("gin"), await store.GetCollectionAsync("bare"), await store.GetCollectionAsync("indexed"),
        };
        await collections[2].CreateIndexAsync(FudgePath.Compile("$.Qty"), FudgeIndexKind.Number);
        foreach (var collection in collections) await collection.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));

        int searched = 0;
        foreach (string template in RequiredBytesDocuments.Filters)
        foreach (string value in RequiredBytesDocuments.Values)
        {
            var filter = FudgeFilter.Compile(RequiredBytesDocuments.Filter(template, value));
            if (RequiredBytes.Of(filter) is not null) searched++;
            var expected = documents.Select((d, i) => (d, id: i + 1L)).Where(p => filter.Matches(p.d)).Select(p => p.id).ToList();
            foreach (var collection in collections)
            {
                Assert.Equal(expected, (await collection.FindAsync(new FudgeQuery { Where = filter }).Select(d => d.Id).ToListAsync()).Order());
                Assert.Equal(expected.Count, await collection.CountAsync(filter));
            }
        }
        Assert.True(searched > RequiredBytesDocuments.Filters.Length * RequiredBytesDocuments.Values.Length / 2, $"only {searched} filters searched the bytes");
    }
}
