using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// InsertManyAsync on PostgreSQL is one binary COPY: these tests break it midway (a bad document, a cancelled token,
/// a connection the server drops), run it inside a caller's transaction and from two connections at once, and check
/// the jsonb it writes. Batches are larger than Npgsql's write buffer, so rows have reached the server before the failure.
/// </summary>
[NeedsPostgres]
public class PostgresBulkInsertTests
{
    private const int Batch = 5000;

    [StoreFact]
    public async Task A_bad_document_in_the_middle_stores_nothing_and_the_store_goes_on()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        var batch = Documents(Batch).ToList();
        batch[Batch / 2] = batch[Batch / 2].Slice(0, batch[Batch / 2].Length - 1);

        await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(batch));

        Assert.Equal(0, await logs.CountAsync());
        Assert.Equal(3, await logs.InsertManyAsync(Documents(3)));
        Assert.Equal(3, await logs.CountAsync());
    }

    [StoreFact]
    public async Task A_cancelled_batch_stores_nothing_and_the_store_goes_on()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        using var cancel = new CancellationTokenSource();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
            await logs.InsertManyAsync(Interrupted(Batch, Batch / 2, cancel.Cancel), cancel.Token));

        Assert.Equal(0, await logs.CountAsync());
        Assert.Equal(3, await logs.InsertManyAsync(Documents(3)));
    }

    [StoreFact]
    public async Task A_connection_dropped_midway_stores_nothing()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var store = await PostgresFudgeStore.OpenAsync(connection);
        var logs = await store.GetCollectionAsync("logs");
        int backend = store.Connection.ProcessID;

        await Assert.ThrowsAsync<FudgeStoreException>(async () =>
            await logs.InsertManyAsync(Interrupted(Batch, Batch / 2, () => Terminate(backend))));
        await store.DisposeAsync();

        await using var again = await PostgresFudgeStore.OpenAsync(connection);
        Assert.Equal(0, await (await again.GetCollectionAsync("logs")).CountAsync());
    }

    [StoreFact]
    public async Task Inside_a_transaction_the_copy_joins_it_and_a_failed_batch_takes_back_only_itself()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        var bad = Documents(10).Append(new byte[] { 1, 2, 3 });

        await using (var rolledBack = await store.BeginTransactionAsync())
        {
            await logs.InsertManyAsync(Documents(Batch));
            Assert.Equal(Batch, await logs.CountAsync());
            await rolledBack.RollbackAsync();
        }
        Assert.Equal(0, await logs.CountAsync());

        await using (var committed = await store.BeginTransactionAsync())
        {
            await logs.InsertAsync(LogDocuments.Number(7));
            await Assert.ThrowsAsync<FudgeFormatException>(async () => await logs.InsertManyAsync(bad));
            await logs.InsertManyAsync(Documents(2));
            await committed.CommitAsync();
        }
        Assert.Equal(new[] { 7, 0, 1 }, await Sequences(logs));
    }

    [StoreFact]
    public async Task Two_connections_copying_at_once_get_distinct_ids_in_each_batch_s_order()
    {
        string connection = await Postgres.FreshSchemaAsync();
        await using var first = await PostgresFudgeStore.OpenAsync(connection);
        await using var second = await PostgresFudgeStore.OpenAsync(connection);
        var firstLogs = await first.GetCollectionAsync("logs");
        var secondLogs = await second.GetCollectionAsync("logs");

        // Sequence numbers 0.. for the first writer and 100000.. for the second, each batch in ascending order.
        var copies = new[]
        {
            Task.Run(async () => { for (int i = 0; i < 4; i++) await firstLogs.InsertManyAsync(Range(i * Batch, Batch)); }),
            Task.Run(async () => { for (int i = 0; i < 4; i++) await secondLogs.InsertManyAsync(Range(100_000 + i * Batch, Batch)); }),
        };
        await Task.WhenAll(copies);

        var stored = new List<(long Id, int Seq)>();
        await foreach (var document in firstLogs.FindAsync()) stored.Add((document.Id, LogDocuments.SequenceOf(document.Envelope)));
        Assert.Equal(8 * Batch, stored.Count);
        Assert.Equal(stored.Count, stored.Select(d => d.Id).Distinct().Count());
        Assert.Equal(stored.Count, stored.Select(d => d.Seq).Distinct().Count());
        var firstWriter = stored.Where(d => d.Seq < 100_000).Select(d => d.Seq).ToList();
        var secondWriter = stored.Where(d => d.Seq >= 100_000).Select(d => d.Seq).ToList();
        Assert.Equal(firstWriter.Order(), firstWriter);   // FindAsync is in id order: each writer's ids follow its order
        Assert.Equal(secondWriter.Order(), secondWriter);
    }

    [StoreFact]
    public async Task The_copy_writes_the_same_jsonb_as_one_insert_and_keeps_escaped_text_apart_from_nul()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = (PostgresFudgeCollection)await store.GetCollectionAsync("logs");
        var nul = new FudgeEnvelope(new FudgeMsg().Add("text", "a\0b")).ToByteArray();
        var backslash = new FudgeEnvelope(new FudgeMsg().Add("text", "\\u0000 stays")).ToByteArray();
        long single = await logs.InsertAsync(nul);
        await logs.InsertManyAsync(new[] { nul, backslash });

        await using var json = store.Connection.CreateCommand();
        json.CommandText = $"SELECT json->>'text' FROM {logs.Table} ORDER BY id";
        var texts = new List<string>();
        await using (var reader = await json.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync()) texts.Add(reader.GetString(0));
        }
        Assert.Equal(new[] { "a\uFFFDb", "a\uFFFDb", "\\u0000 stays" }, texts);
        Assert.Equal(nul, (await logs.GetAsync(single + 1))!.Envelope);
        Assert.Equal(2, await logs.CountAsync("$.text == 'a\\u0000b'"));
    }

    private static IEnumerable<ReadOnlyMemory<byte>> Documents(int count) => Range(0, count);

    private static IEnumerable<ReadOnlyMemory<byte>> Range(int first, int count)
        => Enumerable.Range(first, count).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n));

    /// <summary>The documents, with <paramref name="interrupt"/> run once <paramref name="after"/> of them have been taken.</summary>
    private static async IAsyncEnumerable<ReadOnlyMemory<byte>> Interrupted(int count, int after, Action interrupt,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        int taken = 0;
        foreach (var document in Documents(count))
        {
            if (taken++ == after) interrupt();
            yield return document;
        }
        await Task.CompletedTask;
    }

    private static void Terminate(int backend)
    {
        using var admin = new NpgsqlConnection(Postgres.ConnectionString);
        admin.Open();
        using var terminate = new NpgsqlCommand("SELECT pg_terminate_backend(@pid)", admin);
        terminate.Parameters.AddWithValue("pid", backend);
        terminate.ExecuteScalar();
    }

    private static async Task<List<int>> Sequences(IFudgeCollection logs)
    {
        var sequences = new List<int>();
        await foreach (var document in logs.FindAsync()) sequences.Add(LogDocuments.SequenceOf(document.Envelope));
        return sequences;
    }
}
