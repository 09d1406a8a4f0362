using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Tests.Support;
using Fudge.Tests.Support;
using Fudge.Transforms;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// What every store promises (IFudgeStore / IFudgeCollection), whatever database is underneath. A store's test class
/// derives from this and says how to open a fresh, empty store.
/// </summary>
public abstract partial class StoreContractTests
{
    /// <summary>A new store with nothing in it, owned by the caller.</summary>
    protected abstract ValueTask<IFudgeStore> OpenEmptyStoreAsync();

    [StoreFact]
    public async Task Documents_come_back_byte_for_byte_by_id()
    {
        await using var store = await OpenEmptyStoreAsync();
        var collection = await store.GetCollectionAsync("vectors");
        var ids = new Dictionary<long, byte[]>();
        foreach (string name in InteropVectors.Names)
        {
            byte[] bytes = InteropVectors.Read(name);
            ids[await collection.InsertAsync(bytes)] = bytes;
        }

        foreach (var (id, bytes) in ids) Assert.Equal(bytes, (await collection.GetAsync(id))!.Envelope);
        Assert.Null(await collection.GetAsync(ids.Keys.Max() + 1));
        Assert.Equal(ids.Count, await collection.CountAsync());
    }

    [StoreTheory]
    [InlineData("logs")]
    [InlineData("it's; DROP TABLE fudge_collections; --")]
    [InlineData("\"quoted\" [bracketed] `ticked`")]
    [InlineData("ÅÉÎ ελληνικά 日本語 😀 \U0010FFFD")]
    public async Task Any_collection_name_works_and_names_stay_apart(string name)
    {
        await using var store = await OpenEmptyStoreAsync();
        var named = await store.GetCollectionAsync(name);
        var other = await store.GetCollectionAsync(name + "2");
        await named.InsertAsync(LogDocuments.Number(0));

        Assert.Equal(name, named.Name);
        Assert.Equal(1, await named.CountAsync());
        Assert.Equal(0, await other.CountAsync());
        Assert.Equal(new[] { name, name + "2" }.OrderBy(n => n, StringComparer.Ordinal), await store.ListCollectionsAsync());
        Assert.Equal(1, await (await store.GetCollectionAsync(name)).CountAsync());
    }

    [StoreFact]
    public async Task Find_evaluates_the_predicate_language_with_order_skip_and_limit()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 100).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));

        var query = new FudgeQuery
        {
            Where = FudgeFilter.Compile("$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']"),
            OrderBy = FudgePath.Compile("$.Log.Seq"),
            Descending = true,
            Skip = 1,
            Limit = 2,
        };
        var found = await Sequences(logs.FindAsync(query));

        // node-5 is n % 5 == 4; AUDIT/SECURITY are (n / 5) % 5 in {3, 4}: n = 19, 24, 44, 49, 69, 74, 94, 99.
        Assert.Equal(new[] { 94, 74 }, found);
        Assert.Equal(8, await logs.CountAsync("$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']"));
        Assert.Equal(Enumerable.Range(0, 100), await Sequences(logs.FindAsync()));
    }

    [StoreFact]
    public async Task Typed_objects_go_in_and_come_out_through_their_generated_serializer()
    {
        await using var store = await OpenEmptyStoreAsync();
        var readings = await store.GetCollectionAsync("readings");
        await readings.InsertAsync(new Reading { Sensor = "a", Value = 1.5 });
        await readings.InsertManyAsync(new[] { new Reading { Sensor = "b", Value = 7 }, new Reading { Sensor = "c", Value = -2 } });

        var high = new List<Reading>();
        await foreach (var reading in readings.FindAsync<Reading>(FudgeQuery.Matching("$.Value > 1"))) high.Add(reading);

        Assert.Equal(new[] { "a", "b" }, high.Select(r => r.Sensor));
    }

    [StoreFact]
    public async Task Update_applies_a_transform_to_the_matching_documents_only()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 10).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        var transform = FudgeTransform.Parse("""{ "operations": [ { "rename": "$.Log.Type", "to": "Kind" } ] }""");

        long updated = await logs.UpdateAsync(FudgeFilter.Compile("$.System.Hostname == 'node-1'"), transform);

        Assert.Equal(2, updated);
        Assert.Equal(2, await logs.CountAsync("$.Log.Kind"));
        Assert.Equal(8, await logs.CountAsync("$.Log.Type"));
        var first = (await logs.GetAsync(1))!;
        Assert.Equal(transform.Apply(LogDocuments.Number(0)), first.Envelope);
    }

    [StoreFact]
    public async Task Delete_by_predicate_and_by_id_and_replace_keep_ids()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 10).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));

        Assert.Equal(2, await logs.DeleteAsync("$.System.Hostname == 'node-2'"));
        Assert.True(await logs.DeleteAsync(1));
        Assert.False(await logs.DeleteAsync(1));
        Assert.True(await logs.ReplaceAsync(3, LogDocuments.Number(42)));
        Assert.False(await logs.ReplaceAsync(1, LogDocuments.Number(42)));

        Assert.Equal(7, await logs.CountAsync());
        Assert.Equal(42, LogDocuments.SequenceOf((await logs.GetAsync(3))!.Envelope));
    }

    [StoreFact]
    public async Task A_transaction_commits_rolls_back_and_rolls_back_when_disposed()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");

        await using (var committed = await store.BeginTransactionAsync())
        {
            await logs.InsertAsync(LogDocuments.Number(1));
            await committed.CommitAsync();
        }
        await using (var rolledBack = await store.BeginTransactionAsync())
        {
            await logs.InsertAsync(LogDocuments.Number(2));
            await rolledBack.RollbackAsync();
        }
        await using (await store.BeginTransactionAsync())
        {
            await logs.InsertAsync(LogDocuments.Number(3));
            Assert.Equal(2, await logs.CountAsync()); // visible inside its own transaction
        }

        Assert.Equal(new[] { 1 }, await Sequences(logs.FindAsync()));
    }

    [StoreFact]
    public async Task A_failed_batch_inside_a_transaction_takes_back_only_its_own_rows()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        var goodThenBad = new[] { LogDocuments.Number(1), LogDocuments.Number(2), new byte[] { 1, 2, 3 } };

        await using (var transaction = await store.BeginTransactionAsync())
        {
            await logs.InsertAsync(LogDocuments.Number(0));
            await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(goodThenBad));
            Assert.Equal(1, await logs.CountAsync());       // the batch's first two rows are gone already
            await logs.InsertManyAsync(new[] { LogDocuments.Number(3) });
            await transaction.CommitAsync();
        }

        Assert.Equal(new[] { 0, 3 }, await Sequences(logs.FindAsync()));
    }

    [StoreFact]
    public async Task Byte_arrays_and_messages_insert_many_as_the_envelopes_they_are()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        var envelopes = new List<byte[]> { LogDocuments.Number(0), LogDocuments.Number(1) };   // as ToByteArray() gives them
        var messages = new List<FudgeMsg> { new FudgeMsg().Add("n", 2) };

        Assert.Equal(2, await logs.InsertManyAsync(envelopes));
        Assert.Equal(1, await logs.InsertManyAsync(messages));

        var stored = new List<byte[]>();
        await foreach (var document in logs.FindAsync()) stored.Add(document.Envelope);
        Assert.Equal([envelopes[0], envelopes[1], new FudgeEnvelope(messages[0]).ToByteArray()], stored);
    }

    [StoreFact]
    public async Task A_store_and_its_transaction_can_be_disposed_any_number_of_times()
    {
        var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        var transaction = await store.BeginTransactionAsync();
        await logs.InsertAsync(LogDocuments.Number(0));

        await transaction.DisposeAsync();                  // rolls back, once
        Assert.Equal(0, await logs.CountAsync());
        await transaction.DisposeAsync();
        await transaction.DisposeAsync();
        await store.DisposeAsync();
        await store.DisposeAsync();
    }

    [StoreFact]
    public async Task A_second_transaction_on_the_same_store_is_refused()
    {
        await using var store = await OpenEmptyStoreAsync();
        await using var open = await store.BeginTransactionAsync();

        await Assert.ThrowsAsync<FudgeStoreException>(async () => await store.BeginTransactionAsync());
    }

    [StoreFact]
    public async Task Bytes_that_are_not_one_envelope_are_refused_and_nothing_of_the_batch_is_stored()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        byte[] good = LogDocuments.Number(0);
        for (int length = 0; length < good.Length; length++)
            await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertAsync(good.AsMemory(0, length)));
        await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertAsync(good.Concat(new byte[] { 0 }).ToArray()));

        var batch = new[] { good, good, good.AsSpan(0, good.Length - 1).ToArray() }.Select(b => (ReadOnlyMemory<byte>)b);
        await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(batch));

        Assert.Equal(0, await logs.CountAsync());
    }

    [StoreFact]
    public async Task Indexes_are_listed_dropped_and_change_no_answer()
    {
        await using var store = await OpenEmptyStoreAsync();
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 50).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        string[] predicates =
        {
            "$.System.Hostname == 'node-5'",
            "$.System.Hostname in ['node-1', 'node-3'] && $.Log.Seq >= 20",
            "$.Log.Seq < 7 || $.Log.Seq > 45",
            "$.Log.Seq <= 3",
            "$.System.Hostname > 'node-3'",
            "!($.System.Hostname == 'node-5')",
        };
        var before = new List<long>();
        foreach (string p in predicates) before.Add(await logs.CountAsync(p));

        await logs.CreateIndexAsync("$.System.Hostname");
        await logs.CreateIndexAsync("$.Log.Seq");
        await logs.CreateIndexAsync("$.Log.Seq"); // again: nothing happens
        var after = new List<long>();
        foreach (string p in predicates) after.Add(await logs.CountAsync(p));

        Assert.Equal(before, after);
        Assert.Equal(new[] { "$.System.Hostname", "$.Log.Seq" }, await logs.ListIndexesAsync());
        Assert.True(await logs.DropIndexAsync(FudgePath.Compile("$.Log.Seq")));
        Assert.False(await logs.DropIndexAsync(FudgePath.Compile("$.Log.Seq")));
        Assert.Equal(new[] { "$.System.Hostname" }, await logs.ListIndexesAsync());
    }

    [StoreFact]
    public async Task An_index_still_finds_documents_whose_later_repeated_value_matches()
    {
        await using var store = await OpenEmptyStoreAsync();
        var tagged = await store.GetCollectionAsync("tagged");
        var message = new FudgeMsg();
        message.Add("tag", "red");
        message.Add("tag", "blue");
        await tagged.InsertAsync(message);
        await tagged.CreateIndexAsync("$.tag");

        Assert.Equal(1, await tagged.CountAsync("$.tag == 'blue'"));
        Assert.Equal(1, await tagged.CountAsync("$.tag < 'c'"));
        Assert.Equal(0, await tagged.CountAsync("$.tag == 'green'"));
    }

    [StoreTheory]
    [InlineData("it's; DROP TABLE fudge_indexes; --", "$['it\\'s; DROP TABLE fudge_indexes; --']")]
    [InlineData("名前 😀 \"x\"", "$['名前 😀 \"x\"']")]
    public async Task Paths_with_quotes_and_any_plane_are_indexed_and_queried_safely(string name, string path)
    {
        await using var store = await OpenEmptyStoreAsync();
        var odd = await store.GetCollectionAsync("odd");
        await odd.InsertAsync(Build(name, 5));
        await odd.InsertAsync(Build(name, 6));
        await odd.CreateIndexAsync(path);

        Assert.Equal(1, await odd.CountAsync(path + " == 6"));
        Assert.Equal(2, await odd.CountAsync());
        Assert.Equal(new[] { path }, await odd.ListIndexesAsync());
    }

    private static byte[] Build(string name, int value)
    {
        var message = new FudgeMsg();
        message.Add(name, value);
        return new FudgeEnvelope(message).ToByteArray();
    }

    protected static async Task<List<int>> Sequences(IAsyncEnumerable<FudgeStoredDocument> documents)
    {
        var sequences = new List<int>();
        await foreach (var document in documents) sequences.Add(LogDocuments.SequenceOf(document.Envelope));
        return sequences;
    }
}
