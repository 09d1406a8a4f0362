using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>What every store promises of composite and unique declared indexes (docs/store.md, "Declared indexes").</summary>
public abstract partial class StoreContractTests
{
    // Documents drawn from a seed: a string member that may be absent, repeated or non-ASCII, and a number member
    // written as an integer, a double, a string or not at all.
    private static List<byte[]> MixedDocuments(int seed, int count)
    {
        var random = new Random(seed);
        string[] symbols = { "AAPL", "MSFT", "東京", "Zürich", "😀" };
        var documents = new List<byte[]>(count);
        for (int i = 0; i < count; i++)
        {
            var message = new FudgeMsg();
            int shape = random.Next(10);
            if (shape > 0) message.Add("s", symbols[random.Next(symbols.Length)]);
            if (shape == 9) message.Add("s", symbols[random.Next(symbols.Length)]);
            switch (random.Next(6))
            {
                case 0: break;
                case 1: message.Add("n", random.NextDouble() * 100); break;
                case 2: message.Add("n", "5"); break;
                default: message.Add("n", random.Next(100)); break;
            }
            message.Add("i", i);
            documents.Add(new FudgeEnvelope(message).ToByteArray());
        }
        return documents;
    }

    private static IEnumerable<string> LeadingPredicates(int seed)
    {
        var random = new Random(seed);
        string[] symbols = { "'AAPL'", "'MSFT'", "'東京'", "'Zürich'", "'😀'", "'none'" };
        string[] lower = { ">", ">=" }, upper = { "<", "<=" };
        for (int i = 0; i < 40; i++)
        {
            string s = symbols[random.Next(symbols.Length)];
            int from = random.Next(100), to = from + random.Next(60);
            yield return (i % 4) switch
            {
                0 => $"$.s == {s} && $.n {lower[random.Next(2)]} {from} && $.n {upper[random.Next(2)]} {to}.5",
                1 => $"$.s in [{s}, {symbols[random.Next(symbols.Length)]}] && $.n < {to}",
                2 => $"$.s == {s}",
                _ => $"($.s == {s} || $.s == 'AAPL') && $.n >= {from} && $.i > {random.Next(200)}",
            };
        }
    }

    [StoreFact]
    public async Task A_composite_index_changes_no_answer_of_random_predicates_on_its_leading_paths()
    {
        await using var store = await OpenEmptyStoreAsync();
        var mixed = await store.GetCollectionAsync("mixed");
        var documents = MixedDocuments(4301, 400);
        await mixed.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));
        await mixed.CreateIndexAsync(new FudgeIndexDefinition(new[] { FudgePath.Compile("$.s"), FudgePath.Compile("$.n") }));
        await mixed.CreateIndexAsync(new FudgeIndexDefinition(new[] { FudgePath.Compile("$.s"), FudgePath.Compile("$.n") })); // again: nothing happens
        Assert.Equal(new[] { "$.s, $.n" }, await mixed.ListIndexesAsync());

        foreach (string predicate in LeadingPredicates(4302))
        {
            var filter = FudgeFilter.Compile(predicate);
            var expected = documents.Where(d => filter.Matches(d)).ToList();
            var found = new List<byte[]>();
            await foreach (var document in mixed.FindAsync(predicate)) found.Add(document.Envelope);
            Assert.True(expected.Count == found.Count, $"{predicate}: {found.Count} found, {expected.Count} expected");
            Assert.Equal(expected, found);
        }
        Assert.True(await mixed.DropIndexAsync(new FudgeIndexDefinition(new[] { FudgePath.Compile("$.s"), FudgePath.Compile("$.n") })));
        Assert.Empty(await mixed.ListIndexesAsync());
    }

    [StoreFact]
    public async Task A_unique_composite_index_refuses_a_shared_key_and_nothing_of_the_batch_is_written()
    {
        await using var store = await OpenEmptyStoreAsync();
        var trades = await store.GetCollectionAsync("unique_trades");
        var index = new FudgeIndexDefinition(new[] { FudgePath.Compile("$.s"), FudgePath.Compile("$.n") }, unique: true);
        await trades.CreateIndexAsync(index);
        Assert.Equal(new[] { "unique $.s, $.n" }, await trades.ListIndexesAsync());

        await trades.InsertAsync(Pair("AAPL", 1));
        await trades.InsertAsync(Pair("AAPL", 2));
        await trades.InsertAsync(Pair("MSFT", 1));
        await trades.InsertAsync(Pair("AAPL", null)); // documents without a member are not constrained
        await trades.InsertAsync(Pair("AAPL", null));

        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertAsync(Pair("AAPL", 2)));
        Assert.Equal("unique $.s, $.n", refused.Index);
        Assert.Equal("(\"AAPL\", 2)", refused.Key);

        var batch = new[] { Pair("IBM", 1), Pair("IBM", 2), Pair("MSFT", 1) }.Select(d => (ReadOnlyMemory<byte>)d);
        await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertManyAsync(batch));
        Assert.Equal(5, await trades.CountAsync());
        Assert.Equal(0, await trades.CountAsync("$.s == 'IBM'"));

        // A document whose path selects several values has no one key: refused, naming the path or the index.
        var repeated = new FudgeMsg();
        repeated.Add("s", "ZZZ");
        repeated.Add("s", "YYY");
        repeated.Add("n", 1);
        var several = await Assert.ThrowsAsync<FudgeStoreException>(async () => await trades.InsertAsync(repeated));
        Assert.Contains("several values", several.Message, StringComparison.Ordinal);
        Assert.Equal(5, await trades.CountAsync());

        // Inside a transaction, the failed batch alone is taken back.
        await using (var transaction = await store.BeginTransactionAsync())
        {
            await trades.InsertAsync(Pair("ORCL", 1));
            await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.InsertManyAsync(batch));
            await transaction.CommitAsync();
        }
        Assert.Equal(6, await trades.CountAsync());
        Assert.Equal(1, await trades.CountAsync("$.s == 'AAPL' && $.n > 1"));
    }

    [StoreFact]
    public async Task A_unique_index_declared_over_shared_keys_fails_and_leaves_no_index()
    {
        await using var store = await OpenEmptyStoreAsync();
        var trades = await store.GetCollectionAsync("shared_keys");
        await trades.InsertAsync(Pair("AAPL", 1));
        await trades.InsertAsync(Pair("AAPL", 1));
        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$.s"), unique: true)));
        Assert.Equal("\"AAPL\"", refused.Key);
        Assert.Empty(await trades.ListIndexesAsync());
        await trades.InsertAsync(Pair("AAPL", 1)); // no index is left to refuse it
        Assert.Equal(3, await trades.CountAsync("$.s == 'AAPL'"));

        // One index per path list: declared unique, then plain, then unique again over distinct keys, it is rebuilt each time.
        trades = await store.GetCollectionAsync("rebuilt");
        await trades.InsertAsync(Pair("AAPL", 1));
        await trades.InsertAsync(Pair("AAPL", 2));
        await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$.n"), unique: true));
        await trades.CreateIndexAsync(FudgePath.Compile("$.n"));
        Assert.Equal(new[] { "$.n" }, await trades.ListIndexesAsync());
        await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$.n"), unique: true));
        Assert.Equal(new[] { "unique $.n" }, await trades.ListIndexesAsync());
        Assert.True(await trades.DropIndexAsync(FudgePath.Compile("$.n")));
        Assert.Empty(await trades.ListIndexesAsync());
    }

    [StoreFact]
    public async Task An_update_that_would_share_a_unique_key_changes_no_document()
    {
        await using var store = await OpenEmptyStoreAsync();
        var trades = await store.GetCollectionAsync("unique_updates");
        await trades.CreateIndexAsync(new FudgeIndexDefinition(FudgePath.Compile("$.s"), unique: true));
        await trades.InsertAsync(Pair("AAPL", 1));
        var renamed = new FudgeMsg();
        renamed.Add("x", "AAPL");
        await trades.InsertAsync(renamed);
        await trades.InsertAsync(Pair("MSFT", 2));
        var transform = Fudge.Transforms.FudgeTransform.Parse("""{ "operations": [ { "rename": "$.x", "to": "s" } ] }""");

        var refused = await Assert.ThrowsAsync<FudgeUniqueIndexException>(async () => await trades.UpdateAsync(FudgeFilter.Compile("$.x || $.s == 'MSFT'"), transform));

        Assert.Equal("\"AAPL\"", refused.Key);
        Assert.Equal(1, await trades.CountAsync("$.x == 'AAPL'"));
        Assert.Equal(1, await trades.CountAsync("$.s == 'AAPL'"));
    }

    private static byte[] Pair(string symbol, int? number)
    {
        var message = new FudgeMsg();
        message.Add("s", symbol);
        if (number is int n) message.Add("n", n);
        return new FudgeEnvelope(message).ToByteArray();
    }
}
