using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>Composite and unique declared indexes on the SQLite store (docs/store.md, "Declared indexes").</summary>
public sealed class CompositeIndexTests() : TemporarySqliteStore("fudge-composite-")
{
    private readonly List<StoredTrade> _trades = TypedQueryStoreTests.Trades(45);

    private static byte[] Envelope(string? symbol, double price, long qty = 1)
        => FudgeSerializer.Serialize(new StoredTrade { Symbol = symbol, Price = price, Qty = qty });

    private static async IAsyncEnumerable<ReadOnlyMemory<byte>> Batch(params byte[][] envelopes)
    {
        foreach (var envelope in envelopes) yield return envelope;
        await Task.CompletedTask;
    }

    public static IEnumerable<object[]> LeadingPredicates() => new List<Expression<Func<StoredTrade, bool>>>
    {
        t => t.Symbol == "AAPL" && t.Price > 50 && t.Price <= 150,
        t => t.Symbol == "東京" && t.Price >= 100,
        t => t.Symbol == "MSFT",
        t => (t.Symbol == "AAPL" || t.Symbol == "Zürich") && t.Price < 20,
        t => t.Price > 190,
    }.Select(p => new object[] { p });

    [Theory]
    [MemberData(nameof(LeadingPredicates))]
    public async Task A_composite_index_gives_the_answers_of_the_filter_and_of_linq(Expression<Func<StoredTrade, bool>> predicate)
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(_trades);
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        Assert.Equal(new[] { "$.Symbol, $.Price" }, await trades.ListIndexesAsync());

        var expected = _trades.Select(t => FudgeSerializer.Deserialize<StoredTrade>(FudgeSerializer.Serialize(t))).Where(predicate.Compile()).Select(FudgeSerializer.Serialize).ToList();
        var found = new List<byte[]>();
        await foreach (var trade in trades.FindAsync(predicate)) found.Add(FudgeSerializer.Serialize(trade));
        Assert.Equal(expected, found);
        Assert.Equal(expected.Count, await trades.CountAsync(FudgeCollectionQueryExtensions.ToQueryString(predicate)));
    }

    [Fact]
    public async Task Equality_on_the_first_member_searches_the_composite_index_for_typed_and_text_queries()
    {
        var trades = (SqliteFudgeCollection)await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(_trades);
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        string typed = await trades.ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "AAPL" && t.Price > 50 && t.Price < 150));
        string text = await trades.ExplainAsync(FudgeFilter.Compile("$.Symbol == 'AAPL' && $.Price > 50 && $.Price < 150"));
        Assert.Equal(typed, text);
        Assert.Contains($"USING INDEX {trades.Table}_ix_", typed, StringComparison.Ordinal);
        Assert.Contains("(<expr>=?", typed, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_non_unique_composite_searches_its_second_key_range_and_finds_several_values_absent_and_other_kinds()
    {
        var trades = (SqliteFudgeCollection)await Store.GetCollectionAsync("trades");
        var documents = Enumerable.Range(0, 200).Select(i => new FudgeMsg().Add("Symbol", "S" + (i % 7)).Add("Price", (double)i)).ToList();
        // Several prices (one in the range, one not), a price that is a string, none, a symbol that is several values.
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", 20.0).Add("Price", 100.0));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", 200.0).Add("Price", 300.0));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Price", "100"));
        documents.Add(new FudgeMsg().Add("Symbol", "S3"));
        documents.Add(new FudgeMsg().Add("Symbol", "S3").Add("Symbol", "東京").Add("Price", 99.5));
        var envelopes = documents.Select(d => new FudgeEnvelope(d).ToByteArray()).ToList();
        foreach (var envelope in envelopes) await trades.InsertAsync(envelope);
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        const string Where = "$.Symbol == 'S3' && $.Price > 50 && $.Price < 150";
        string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "S3" && t.Price > 50 && t.Price < 150));
        Assert.Equal(plan, await trades.ExplainAsync(FudgeFilter.Compile(Where)));
        // Each alternative (the range, and the several-values key) seeks both columns of the one index.
        Assert.Contains("(<expr>=? AND <expr>>? AND <expr><?)", plan, StringComparison.Ordinal);
        Assert.Contains("(<expr>=? AND <expr>=?)", plan, StringComparison.Ordinal);
        var filter = FudgeFilter.Compile(Where);
        var expected = envelopes.Where(e => filter.Matches(e)).ToList();
        Assert.Contains(envelopes[200], expected);
        var found = new List<byte[]>();
        await foreach (var document in trades.FindAsync(Where)) found.Add(document.Envelope);
        Assert.Equal(expected, found);
        Assert.Equal(expected.Count, await trades.CountAsync(Where));
    }

    [Fact]
    public async Task A_unique_composite_index_is_searched_by_equality_then_range()
    {
        var trades = (SqliteFudgeCollection)await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(Enumerable.Range(0, 200).Select(i => new StoredTrade { Symbol = "S" + (i % 7), Price = i }));
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }, unique: true);
        Assert.Equal(new[] { "unique $.Symbol, $.Price" }, await trades.ListIndexesAsync());
        string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<StoredTrade>(t => t.Symbol == "S3" && t.Price > 50 && t.Price < 150));
        // No several-values key to take in: SQLite seeks the equality and the range on the second column.
        Assert.Contains("(<expr>=? AND <expr>>? AND <expr><?)", plan, StringComparison.Ordinal);
        var expected = Enumerable.Range(0, 200).Where(i => i % 7 == 3 && i > 50 && i < 150).Select(i => (double)i).ToList();
        var found = new List<double>();
        await foreach (var trade in trades.FindAsync((StoredTrade t) => t.Symbol == "S3" && t.Price > 50 && t.Price < 150)) found.Add(trade.Price);
        Assert.Equal(expected, found);
    }

    [Fact]
    public async Task A_unique_index_refuses_a_second_document_with_its_key_and_keeps_nothing_of_the_batch()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol, unique: true);
        await trades.InsertAsync(Envelope("AAPL", 1));

        var single = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertAsync(Envelope("AAPL", 2)));
        Assert.Equal("unique $.Symbol", single.Index);
        Assert.Equal("\"AAPL\"", single.Key);
        Assert.Contains("unique $.Symbol already holds the key \"AAPL\"", single.Message, StringComparison.Ordinal);

        var batch = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertManyAsync(Batch(Envelope("MSFT", 1), Envelope("IBM", 1), Envelope("MSFT", 3))));
        Assert.Equal("\"MSFT\"", batch.Key);
        Assert.Equal(1, await trades.CountAsync());

        // An update that would make two equal is refused too; the document keeps its bytes.
        long ibm = await trades.InsertAsync(Envelope("IBM", 1));
        await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.ReplaceAsync(ibm, Envelope("AAPL", 5)));
        Assert.Equal("IBM", FudgeSerializer.Deserialize<StoredTrade>((await trades.GetAsync(ibm))!.Envelope).Symbol);
    }

    [Fact]
    public async Task Documents_without_the_member_are_not_constrained_and_several_values_are_refused()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$.Symbol"), unique: true));
        await trades.InsertAsync(Envelope(null, 1));
        await trades.InsertAsync(Envelope(null, 2));
        Assert.Equal(2, await trades.CountAsync());

        var repeated = FudgeMsgOf(("Symbol", "A"), ("Symbol", "B"));
        var refused = await Assert.ThrowsAsync<FudgeStoreException>(async () => await trades.InsertAsync(repeated));
        Assert.Contains("$.Symbol selects several values", refused.Message, StringComparison.Ordinal);
        Assert.Equal(2, await trades.CountAsync());
    }

    [Fact]
    public async Task Declaring_a_unique_index_over_documents_that_share_a_key_fails_and_leaves_no_index()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(Batch(Envelope("AAPL", 1), Envelope("AAPL", 2), Envelope("AAPL", 1)));
        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }, unique: true));
        Assert.Equal("(\"AAPL\", 1)", refused.Key);
        Assert.Contains("no index was created", refused.Message, StringComparison.Ordinal);
        Assert.Empty(await trades.ListIndexesAsync());
        await using (var reopened = await SqliteFudgeStore.OpenAsync(Store.Connection.DataSource))
            Assert.Empty(await (await reopened.GetCollectionAsync("trades")).ListIndexesAsync());

        // Not unique, the same paths are declared; declared unique later over distinct keys, the index is built again.
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }, unique: true));
        Assert.Equal(new[] { "$.Symbol, $.Price" }, await trades.ListIndexesAsync());
        Assert.Equal(1, await trades.DeleteAsync("$.Price == 2"));
        Assert.Equal(2, await trades.CountAsync());
    }

    [Fact]
    public async Task Declaring_is_idempotent_and_dropping_names_the_paths_in_order()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Price });
        await trades.CreateIndexAsync(new FudgeIndexDefinition(new[] { FudgePath.Compile("$.Symbol"), FudgePath.Compile("$.Price") }));
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol);
        await trades.CreateIndexAsync((StoredTrade t) => t.Qty, unique: true);
        Assert.Equal(new[] { "$.Symbol, $.Price", "$.Symbol", "unique $.Qty" }, await trades.ListIndexesAsync());
        var definitions = await trades.ListIndexDefinitionsAsync();
        Assert.True(definitions[0].IsComposite);
        Assert.True(definitions[2].IsUnique);

        Assert.False(await trades.DropIndexAsync((StoredTrade t) => new { t.Price, t.Symbol }));
        Assert.True(await trades.DropIndexAsync((StoredTrade t) => new { t.Symbol, t.Price }));
        Assert.True(await trades.DropIndexAsync(FudgePath.Compile("$.Qty")));
        Assert.Equal(new[] { "$.Symbol" }, await trades.ListIndexesAsync());

        // Another connection sees what was declared.
        await using var reopened = await SqliteFudgeStore.OpenAsync(Store.Connection.DataSource);
        Assert.Equal(new[] { "$.Symbol" }, await (await reopened.GetCollectionAsync("trades")).ListIndexesAsync());
    }

    [Fact]
    public async Task A_bulk_load_that_breaks_a_unique_index_is_taken_back_whole()
    {
        var trades = await Store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol, unique: true);
        await trades.InsertAsync(Envelope("AAPL", 1));
        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () =>
            await trades.InsertManyAsync(Batch(Envelope("MSFT", 1), Envelope("AAPL", 2)), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true }));
        Assert.Equal("\"AAPL\"", refused.Key);
        Assert.Equal(1, await trades.CountAsync());
        Assert.Equal(new[] { "unique $.Symbol" }, await trades.ListIndexesAsync());
        await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertAsync(Envelope("AAPL", 3)));
    }

    [Fact]
    public void Selectors_that_name_no_member_once_are_refused_with_the_sub_expression()
    {
        var empty = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { }));
        Assert.Contains("at least one member", empty.Message, StringComparison.Ordinal);
        var twice = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { t.Symbol, Again = t.Symbol }));
        Assert.Equal("t.Symbol", twice.Expression);
        var call = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { t.Symbol, Upper = t.Symbol!.ToUpperInvariant() }));
        Assert.Contains("ToUpperInvariant", call.Expression, StringComparison.Ordinal);
        var constant = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new { t.Symbol, Seven = 7 }));
        Assert.Equal("7", constant.Expression);
        var collection = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => t.Legs, unique: true));
        Assert.Contains("collection", collection.Reason, StringComparison.Ordinal);
        var message = Assert.Throws<FudgeTranslationException>(() => FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => t.Main, unique: true));
        Assert.Contains("sub-message", message.Reason, StringComparison.Ordinal);

        var array = FudgeCollectionQueryExtensions.IndexOf((StoredTrade t) => new object?[] { t.Symbol, t.Main!.Venue, t.Qty });
        Assert.Equal("$.Symbol, $.Main.Venue, $.Qty", array.Text);
        Assert.Equal(new[] { FudgeIndexKind.String, FudgeIndexKind.String, FudgeIndexKind.Number }, array.Kinds);
    }

    [Fact]
    public async Task Paths_that_cannot_be_indexed_are_refused_by_the_store()
    {
        var trades = await Store.GetCollectionAsync("trades");
        var descendant = await Assert.ThrowsAsync<FudgeStoreException>(async () => await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$..Venue"), unique: true)));
        Assert.Contains("'..' or '*'", descendant.Message, StringComparison.Ordinal);
        await Assert.ThrowsAsync<FudgeStoreException>(async () => await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$"))));
        Assert.Throws<ArgumentException>(() => new FudgeIndexDefinition(Array.Empty<FudgePath>()));
        Assert.Throws<ArgumentException>(() => new FudgeIndexDefinition(new[] { FudgePath.Compile("$.A"), FudgePath.Compile("$.A") }));
        Assert.Empty(await trades.ListIndexesAsync());
    }

    private static byte[] FudgeMsgOf(params (string Name, string Value)[] fields)
    {
        var message = new FudgeMsg();
        foreach (var (name, value) in fields) message.Add(name, value);
        return new FudgeEnvelope(message).ToByteArray();
    }
}
