using System;
using System.Buffers;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The SQLite store searches a row's bytes for what every match holds (<see cref="RequiredBytes"/>) with
/// <c>instr(doc, $needle)</c> before it calls <c>fudge_match</c>: the statement, the rows it spares the call, and
/// answers that stay those of the exact filter whichever bytes a row holds the needle in.
/// </summary>
public sealed class SqliteRequiredBytesTests
{
    [Fact]
    public async Task The_statement_searches_the_bytes_only_when_the_filter_requires_some()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var trades = await store.GetCollectionAsync("trades");
        var q = trades.Query<QueryableTrade>();

        string required = q.Where(t => t.Symbol == "AAPL").ToQueryString();
        Assert.Contains("-- $needle=x'4141504C'", required, StringComparison.Ordinal);
        Assert.Contains("WHERE instr(doc, $needle) > 0 AND fudge_match(doc, $filter)", required, StringComparison.Ordinal);
        // The longest of the literals a match cannot do without, inside a collection's Any as well.
        string any = q.Where(t => t.Qty > 2 && t.Legs!.Any(l => l.Venue == "Zürich" && l.Qty > 1) && t.Symbol == "XLON").ToQueryString();
        Assert.Contains("-- $needle=x'5AC3BC72696368'", any, StringComparison.Ordinal);
        Assert.Contains("WHERE instr(doc, $needle) > 0 AND fudge_match(doc, $filter)", any, StringComparison.Ordinal);

        foreach (string none in new[]
        {
            q.Where(t => t.Price > 50).ToQueryString(),
            q.Where(t => t.Symbol != "AAPL").ToQueryString(),
            q.Where(t => t.Symbol == "AAPL" || t.Symbol == "MSFT").ToQueryString(),
            q.Where(t => t.Symbol == "AA").ToQueryString(), // too short to be worth a search
        })
        {
            Assert.DoesNotContain("instr", none, StringComparison.Ordinal);
            Assert.DoesNotContain("$needle", none, StringComparison.Ordinal);
            Assert.Contains("WHERE fudge_match(doc, $filter)", none, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task On_an_index_the_search_follows_the_index_condition_and_the_plan_still_searches_the_index()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var trades = (SqliteFudgeCollection)await store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(QueryableCases.Trades(45, 500).Select((t, i) => (ReadOnlyMemory<byte>)FudgeSerializer.Serialize(new QueryableTrade { Symbol = t.Symbol, Qty = i })));
        await trades.CreateIndexAsync((QueryableTrade t) => t.Qty);
        var q = trades.Query<QueryableTrade>().Where(t => t.Qty >= 400 && t.Symbol == "Zürich");

        Assert.Matches(@"WHERE \(?fudge_index_key\(doc, '\$\.Qty'\)[^\n]* AND instr\(doc, \$needle\) > 0 AND fudge_match\(doc, \$filter\)", q.ToQueryString());
        Assert.Contains("USING INDEX fudge_docs_1_ix_1", await trades.ExplainAsync(FudgeFilter.Compile("$.Qty >= 400 && $.Symbol == 'Zürich'")), StringComparison.Ordinal);
        var expected = QueryableCases.Trades(45, 500).Select((t, i) => (t.Symbol, Qty: (long)i)).Where(t => t.Qty >= 400 && t.Symbol == "Zürich").Select(t => t.Qty).ToList();
        Assert.NotEmpty(expected);
        Assert.Equal(expected, await q.OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
    }

    [Fact]
    public async Task An_index_that_compares_with_the_needles_string_is_not_followed_by_the_search()
    {
        // Its candidates hold those bytes already: searching each again would only cost.
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var trades = (SqliteFudgeCollection)await store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(QueryableCases.Trades(46, 300));
        await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
        var q = trades.Query<QueryableTrade>();

        string sql = q.Where(t => t.Symbol == "Zürich" && t.Qty > 5).ToQueryString();
        Assert.DoesNotContain("instr", sql, StringComparison.Ordinal);
        Assert.Contains("USING INDEX fudge_docs_1_ix_1", await trades.ExplainAsync(FudgeFilter.Compile("$.Symbol == 'Zürich' && $.Qty > 5")), StringComparison.Ordinal);
        // Another string (the longer) is searched for on the index's candidates.
        string other = q.Where(t => t.Symbol == "Zürich" && t.Legs!.Any(l => l.Venue == "XNAS-LONDON")).ToQueryString();
        Assert.Contains("-- $needle=x'584E41532D4C4F4E444F4E'", other, StringComparison.Ordinal);
        Assert.Contains("AND instr(doc, $needle) > 0 AND fudge_match(doc, $filter)", other, StringComparison.Ordinal);
        var all = QueryableCases.Trades(46, 300);
        Assert.Equal(all.Count(t => t.Symbol == "Zürich" && t.Qty > 5), await q.Where(t => t.Symbol == "Zürich" && t.Qty > 5).CountAsync());
    }

    [Fact]
    public async Task A_rare_value_on_a_scan_spares_fudge_match_the_rows_without_its_bytes()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var logs = (SqliteFudgeCollection)await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 2000).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        var rare = FudgeFilter.Compile("$.Log.Text == 'event 1234'");
        var everywhere = FudgeFilter.Compile("$.Log.Text == 'event'"); // every row holds the bytes: every row is tested

        Assert.DoesNotContain("USING INDEX", await logs.ExplainAsync(rare), StringComparison.Ordinal);
        long before = FudgeSqlFunctions.MatchCalls;
        Assert.Equal(1, await logs.CountAsync(rare));
        long rareCalls = FudgeSqlFunctions.MatchCalls - before;
        before = FudgeSqlFunctions.MatchCalls;
        Assert.Equal(0, await logs.CountAsync(everywhere));
        long everywhereCalls = FudgeSqlFunctions.MatchCalls - before;

        // One row holds "event 1234": fudge_match ran on it, not on the 1,999 others (other tests may run beside
        // this one and add calls of their own: hence a bound, far below a call per row).
        Assert.InRange(rareCalls, 1, 999);
        Assert.InRange(everywhereCalls, 2000, long.MaxValue);
    }

    [Fact]
    public async Task A_row_holding_the_bytes_elsewhere_passes_the_search_and_fudge_match_decides()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var docs = (SqliteFudgeCollection)await store.GetCollectionAsync("docs");
        byte[] inName = Envelope(("XLON", "x"), ("Venue", "XPAR"));
        byte[] inOtherField = Envelope(("Symbol", "XLON"), ("Venue", "XPAR"));
        byte[] venue = Envelope(("Venue", "XLON"));
        // "AXL" then the next field's prefix byte, 0x28 ('('): a named field with a one-byte size.
        byte[] acrossBoundary = Envelope(("Symbol", "AXL"), ("Venue", "XPAR"));
        byte[] symbolWithParenthesis = Envelope(("Symbol", "AXL("));
        // The id's first byte, 0xA9, is a UTF-8 continuation byte: instr over text would never start a match there.
        byte[] id = IdEnvelope(0xA9, 0x41, 0x42, 0x43);
        byte[] otherId = IdEnvelope(0x01, 0xA9, 0x41, 0x42, 0x43);
        var all = new[] { inName, inOtherField, venue, acrossBoundary, symbolWithParenthesis, id, otherId };
        Assert.True(acrossBoundary.AsSpan().IndexOf("AXL("u8) >= 0);
        foreach (var envelope in all) await docs.InsertAsync(envelope);

        await AssertExactAsync(store, docs, all, "$.Venue == 'XLON'", "XLON", holding: 3, passing: 1);
        await AssertExactAsync(store, docs, all, "contains($.Symbol, 'XL(')", "XL(", holding: 2, passing: 1);
        await AssertExactAsync(store, docs, all, "hex($.Id) == 'A9414243'", null, holding: 2, passing: 1);
    }

    /// <summary>
    /// The filter's answer is the exact filter's over <paramref name="all"/>, and <paramref name="holding"/> rows pass
    /// the byte search (asked of SQLite itself), of which <paramref name="passing"/> pass the filter.
    /// </summary>
    private static async Task AssertExactAsync(SqliteFudgeStore store, SqliteFudgeCollection docs, byte[][] all, string text, string? needle, int holding, int passing)
    {
        var filter = FudgeFilter.Compile(text);
        byte[] required = RequiredBytes.Of(filter)!;
        if (needle is not null) Assert.Equal(Encoding.UTF8.GetBytes(needle), required);
        Assert.Equal(holding, all.Count(d => d.AsSpan().IndexOf(required) >= 0));
        Assert.Equal(passing, all.Count(d => filter.Matches(d)));

        using var search = store.Connection.CreateCommand();
        search.CommandText = $"SELECT count(*) FROM {docs.Table} WHERE instr(doc, $needle) > 0";
        search.Parameters.Add("$needle", Microsoft.Data.Sqlite.SqliteType.Blob).Value = required;
        Assert.Equal((long)holding, (long)(await search.ExecuteScalarAsync())!);

        Assert.Equal(all.Where(d => filter.Matches(d)).Select(d => Convert.ToHexString(d)),
            await docs.FindAsync(new FudgeQuery { Where = filter }).Select(d => Convert.ToHexString(d.Envelope)).ToListAsync());
        Assert.Equal(passing, await docs.CountAsync(filter));
    }

    [Fact]
    public async Task Answers_are_the_exact_filters_over_documents_in_UTF8_and_Fudge_Java_CESU8()
    {
        var random = new Random(45);
        var documents = Enumerable.Range(0, 600).Select(_ => RequiredBytesDocuments.Document(random)).ToList();
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var scanned = await store.GetCollectionAsync("scanned");
        var indexed = await store.GetCollectionAsync("indexed");
        await scanned.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));
        await indexed.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));
        await indexed.CreateIndexAsync(FudgePath.Compile("$.Qty"));

        int searched = 0;
        foreach (string template in RequiredBytesDocuments.Filters)
        foreach (string value in RequiredBytesDocuments.Values)
        {
            var filter = FudgeFilter.Compile(RequiredBytesDocuments.Filter(template, value));
            if (RequiredBytes.Of(filter) is not null) searched++;
            var expected = documents.Select((d, i) => (d, id: i + 1L)).Where(p => filter.Matches(p.d)).Select(p => p.id).ToList();
            foreach (var collection in new[] { scanned, indexed })
            {
                Assert.Equal(expected, await collection.FindAsync(new FudgeQuery { Where = filter }).Select(d => d.Id).ToListAsync());
                Assert.Equal(expected.Count, await collection.CountAsync(filter));
            }
        }
        Assert.True(searched > RequiredBytesDocuments.Filters.Length * RequiredBytesDocuments.Values.Length / 2, $"only {searched} filters searched the bytes");
    }

    [Fact]
    public async Task Typed_queries_agree_with_LINQ_to_Objects_over_documents_Fudge_Java_wrote()
    {
        var random = new Random(46);
        string[] venues = { "XLON", "XPAR", "Zürich", "東京", "\U0001F600XLON", "XLONX" };
        var trades = Enumerable.Range(0, 400).Select(n => new QueryableTrade
        {
            Symbol = venues[random.Next(venues.Length)],
            Qty = n,
            Legs = Enumerable.Range(0, random.Next(4)).Select(_ => new QueryableLeg { Venue = venues[random.Next(venues.Length)], Qty = random.Next(5) }).ToList(),
        }).ToList();
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var collection = await store.GetCollectionAsync("trades");
        // Every other document in Fudge-Java's encoding, which writes a character past U+FFFF as two surrogates.
        await collection.InsertManyAsync(trades.Select((t, i) => (ReadOnlyMemory<byte>)FudgeSerializer.Serialize(t, i % 2 == 0 ? null : FudgeWriterOptions.JavaCompatible)));
        var q = collection.Query<QueryableTrade>();

        // Every venue, those past U+FFFF too: the filter's walk over the bytes compares a string Fudge-Java wrote as its
        // text, as LINQ to Objects does; for those the store searches no bytes (RequiredBytes), for "XLON" it finds them
        // inside the Java-written "\U0001F600XLON" as well.
        foreach (string venue in venues)
        {
            Assert.Equal(trades.Where(t => t.Legs!.Any(l => l.Venue == venue)).Select(t => t.Qty).ToList(),
                await q.Where(t => t.Legs!.Any(l => l.Venue == venue)).OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
            Assert.Equal(trades.Count(t => t.Symbol == venue), await q.Where(t => t.Symbol == venue).CountAsync());
            Assert.Equal(trades.Any(t => t.Symbol == venue && t.Qty > 390), await q.Where(t => t.Symbol == venue && t.Qty > 390).AnyAsync());
        }
    }

    private static byte[] Envelope(params (string Name, string Value)[] fields)
    {
        var message = new FudgeMsg();
        foreach (var (name, value) in fields) message.Add(name, value);
        return new FudgeEnvelope(message).ToByteArray();
    }

    private static byte[] IdEnvelope(params byte[] id)
    {
        var message = new FudgeMsg();
        message.Add("Id", id);
        message.Add("Symbol", "XPAR");
        return new FudgeEnvelope(message).ToByteArray();
    }
}
