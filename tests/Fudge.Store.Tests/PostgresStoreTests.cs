using System;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Fudge.Transforms;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The contract on the PostgreSQL store against the real server (each test in a schema of its own), and what only
/// PostgreSQL does: jsonb beside the bytes, the GIN index, predicates as SQL/JSON path.
/// </summary>
[NeedsPostgres]
public class PostgresStoreTests : StoreContractTests
{
    protected override async ValueTask<IFudgeStore> OpenEmptyStoreAsync() => await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());

    [StoreFact]
    public async Task The_server_keeps_bytes_and_jsonb_and_filters_with_the_gin_index()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = (PostgresFudgeCollection)await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 2000).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        var example = FudgeFilter.Compile("$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']");
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {logs.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }

        string plan = await logs.ExplainAsync(example);

        Assert.Contains($"Bitmap Index Scan on {logs.Table}_gin", plan);
        Assert.Equal(160, await logs.CountAsync(example));
        await using var json = store.Connection.CreateCommand();
        json.CommandText = $"SELECT json->'System'->>'Hostname', json->'Log'->>'Type' FROM {logs.Table} WHERE id = 5";
        await using var reader = await json.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal("node-5", reader.GetString(0));
        Assert.Equal("INFO", reader.GetString(1));
    }

    [StoreFact]
    public async Task Parts_the_server_cannot_evaluate_are_decided_on_the_bytes()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var logs = await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 50).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));

        // Negation, string ranges, string functions, counts and type tests run on the client after the server's part.
        Assert.Equal(40, await logs.CountAsync("!($.System.Hostname == 'node-5')"));
        Assert.Equal(20, await logs.CountAsync("$.System.Hostname > 'node-3'"));
        Assert.Equal(10, await logs.CountAsync("starts_with($.System.Hostname, 'node-1') && $.Log.Seq < 50"));
        Assert.Equal(50, await logs.CountAsync("count($.Log.*) == 3"));
        Assert.Equal(50, await logs.CountAsync("type($.System.Hostname) == 'string'"));
        Assert.Equal(5, await logs.CountAsync("$.Log.Seq >= 10 && $.Log.Seq < 20 && $.System.Hostname in ['node-1', 'node-2'] || $.Log.Seq == 49"));
    }

    [StoreFact]
    public async Task Strings_with_nul_and_every_plane_survive_jsonb()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var odd = await store.GetCollectionAsync("odd");
        var message = new FudgeMsg();
        message.Add("text", "a\0b 😀 \"q\" \\");
        byte[] envelope = new FudgeEnvelope(message).ToByteArray();
        long id = await odd.InsertAsync(envelope);

        Assert.Equal(envelope, (await odd.GetAsync(id))!.Envelope);
        Assert.Equal(1, await odd.CountAsync("$.text == 'a\\u0000b 😀 \"q\" \\\\'"));
        Assert.Equal(0, await odd.CountAsync("$.text == 'a\\ufffdb 😀 \"q\" \\\\'"));
    }

    [StoreFact]
    public async Task A_postgres_url_opens_the_store()
    {
        var builder = new NpgsqlConnectionStringBuilder(Postgres.ConnectionString);
        string url = $"postgres://{builder.Username}:{builder.Password}@{builder.Host}:{builder.Port}/{builder.Database}";

        await using var store = await PostgresFudgeStore.OpenAsync(url);

        Assert.NotNull(await store.ListCollectionsAsync());
    }

    [StoreFact]
    public async Task Transactions_are_read_committed_and_a_reader_sees_no_document_of_an_open_batch()
    {
        await using var sessions = await TwoSessions.OpenAsync();
        var (writer, reader) = (sessions.First, sessions.Second);
        var (writeLogs, readLogs) = (sessions.FirstLogs, sessions.SecondLogs);

        await using (var transaction = await writer.BeginTransactionAsync())
        {
            await using var isolation = writer.Connection.CreateCommand();
            isolation.CommandText = "SHOW transaction_isolation";
            Assert.Equal("read committed", await isolation.ExecuteScalarAsync());
            await writeLogs.InsertManyAsync(Enumerable.Range(0, 100).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
            Assert.Equal(0, await readLogs.CountAsync());
            await transaction.CommitAsync();
        }

        Assert.Equal(100, await readLogs.CountAsync());
    }

    [StoreFact]
    public async Task A_replace_of_a_document_another_transaction_changed_waits_for_it_and_the_later_commit_wins()
    {
        await using var sessions = await TwoSessions.OpenAsync();
        var (first, second) = (sessions.First, sessions.Second);
        var (firstLogs, secondLogs) = (sessions.FirstLogs, sessions.SecondLogs);
        long id = await firstLogs.InsertAsync(LogDocuments.Number(0));

        Task<bool> waiting;
        await using (var transaction = await first.BeginTransactionAsync())
        {
            await firstLogs.ReplaceAsync(id, LogDocuments.Number(1));
            waiting = secondLogs.ReplaceAsync(id, LogDocuments.Number(2)).AsTask();
            await Task.Delay(300);
            Assert.False(waiting.IsCompleted);
            await transaction.CommitAsync();
        }

        Assert.True(await waiting);
        Assert.Equal(LogDocuments.Number(2), (await firstLogs.GetAsync(id))!.Envelope);
    }

    [StoreFact]
    public async Task Two_transforms_of_one_document_at_once_queue_and_neither_is_lost()
    {
        await using var sessions = await TwoSessions.OpenAsync();
        var (first, second) = (sessions.First, sessions.Second);
        var (firstLogs, secondLogs) = (sessions.FirstLogs, sessions.SecondLogs);
        long id = await firstLogs.InsertAsync(LogDocuments.Number(0));
        var everything = FudgeFilter.Compile("$.Log.Type == 'INFO'");
        var setA = FudgeTransform.Parse("""{ "operations": [ { "set": "$.Log.A", "value": "first" } ] }""");
        var setB = FudgeTransform.Parse("""{ "operations": [ { "set": "$.Log.B", "value": "second" } ] }""");

        Task<long> waiting;
        await using (var transaction = await first.BeginTransactionAsync())
        {
            Assert.Equal(1, await firstLogs.UpdateAsync(everything, setA));
            waiting = secondLogs.UpdateAsync(everything, setB).AsTask();
            await Task.Delay(300);
            Assert.False(waiting.IsCompleted);
            await transaction.CommitAsync();
        }

        Assert.Equal(1, await waiting);
        var updated = FudgeEnvelope.Parse((await firstLogs.GetAsync(id))!.Envelope).Message;
        Assert.Equal("first", updated.GetMessage("Log")!.GetString("A"));
        Assert.Equal("second", updated.GetMessage("Log")!.GetString("B"));
    }

    [StoreFact]
    public async Task Opening_an_existing_collection_does_not_wait_for_a_writers_open_transaction()
    {
        string schema = await Postgres.FreshSchemaAsync();
        await using var writer = await PostgresFudgeStore.OpenAsync(schema);
        var writeLogs = await writer.GetCollectionAsync("logs");
        await using var transaction = await writer.BeginTransactionAsync();
        await writeLogs.InsertManyAsync(Enumerable.Range(0, 10).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));

        await using var reader = await PostgresFudgeStore.OpenAsync(schema);
        var readLogs = await reader.GetCollectionAsync("logs").AsTask().WaitAsync(TimeSpan.FromSeconds(5));

        Assert.Equal(0, await readLogs.CountAsync());
    }

    [StoreFact]
    public async Task Creating_a_new_collection_another_session_creates_at_the_same_instant_opens_it()
    {
        // Two processes creating one new collection at once, made certain: the other session has created the
        // collection's table and index but not committed, so the store's CREATE ... IF NOT EXISTS does not see them,
        // waits for that session's catalog rows, and collides with them (a unique-key error) when it commits.
        string schema = await Postgres.FreshSchemaAsync();
        await using var store = await PostgresFudgeStore.OpenAsync(schema);
        await using var other = new NpgsqlConnection(schema);
        await other.OpenAsync();
        long id = (long)(await new NpgsqlCommand("INSERT INTO fudge_collections (name) VALUES ('logs') RETURNING id", other).ExecuteScalarAsync())!;
        await using var creating = await other.BeginTransactionAsync();
        await new NpgsqlCommand($"""
            CREATE TABLE fudge_docs_{id} (id bigserial PRIMARY KEY, doc bytea NOT NULL, json jsonb NOT NULL);
            CREATE INDEX fudge_docs_{id}_gin ON fudge_docs_{id} USING gin (json jsonb_path_ops);
            """, other, creating).ExecuteNonQueryAsync();

        var opening = store.GetCollectionAsync("logs").AsTask();
        await WaitUntilBlockedAsync(other, store.Connection.ProcessID);
        await creating.CommitAsync();
        var logs = await opening;

        Assert.Equal(2, await logs.InsertManyAsync(new[] { LogDocuments.Number(0), LogDocuments.Number(1) }));
        Assert.Equal(2, await logs.CountAsync());
    }

    [StoreFact]
    public async Task Opening_a_new_store_another_session_creates_at_the_same_instant_opens_it()
    {
        string schema = await Postgres.FreshSchemaAsync();
        await using var other = new NpgsqlConnection(schema);
        await other.OpenAsync();
        await using var creating = await other.BeginTransactionAsync();
        await new NpgsqlCommand("CREATE TABLE fudge_collections (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE)", other, creating).ExecuteNonQueryAsync();
        await using var probe = new NpgsqlConnection(schema);
        await probe.OpenAsync();

        var opening = PostgresFudgeStore.OpenAsync(schema).AsTask();
        await WaitUntilBlockedAsync(probe, () => opening.IsCompleted);
        await creating.CommitAsync();
        await using var store = await opening;

        Assert.Equal(1, await (await store.GetCollectionAsync("logs")).InsertManyAsync(new[] { LogDocuments.Number(0) }));
    }

    /// <summary>Waits until the backend is waiting for a lock another session holds.</summary>
    private static Task WaitUntilBlockedAsync(NpgsqlConnection observer, int backend) => WaitUntilAsync(observer, $"SELECT cardinality(pg_blocking_pids({backend})) > 0");

    /// <summary>Waits until a store being opened waits for a lock on the catalog (it has no backend id to ask for yet).</summary>
    private static async Task WaitUntilBlockedAsync(NpgsqlConnection observer, Func<bool> failedEarly)
    {
        await WaitUntilAsync(observer, """
            SELECT EXISTS (SELECT FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                           AND query LIKE '%CREATE TABLE IF NOT EXISTS fudge_collections%')
            """);
        Assert.False(failedEarly());
    }

    private static async Task WaitUntilAsync(NpgsqlConnection observer, string condition)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(10);
        await using var check = new NpgsqlCommand(condition, observer);
        while (!(bool)(await check.ExecuteScalarAsync())!)
        {
            Assert.True(DateTime.UtcNow < deadline, "the session never waited for the other's catalog rows");
            await Task.Delay(20);
        }
    }

    [Fact]
    public async Task An_unreachable_server_is_a_store_error()
    {
        var error = await Assert.ThrowsAsync<FudgeStoreException>(async () =>
            await PostgresFudgeStore.OpenAsync("Host=127.0.0.1;Port=1;Username=x;Password=y;Database=z;Timeout=2"));

        Assert.StartsWith("Cannot open the PostgreSQL store", error.Message);
    }

    /// <summary>Two connections (two server sessions, as two processes would have) to one fresh schema, each with its "logs" collection.</summary>
    private sealed class TwoSessions : IAsyncDisposable
    {
        public required PostgresFudgeStore First { get; init; }
        public required PostgresFudgeStore Second { get; init; }
        public required IFudgeCollection FirstLogs { get; init; }
        public required IFudgeCollection SecondLogs { get; init; }

        public static async Task<TwoSessions> OpenAsync()
        {
            string schema = await Postgres.FreshSchemaAsync();
            var first = await PostgresFudgeStore.OpenAsync(schema);
            var second = await PostgresFudgeStore.OpenAsync(schema);
            return new TwoSessions
            {
                First = first, Second = second,
                FirstLogs = await first.GetCollectionAsync("logs"), SecondLogs = await second.GetCollectionAsync("logs"),
            };
        }

        public async ValueTask DisposeAsync()
        {
            await First.DisposeAsync();
            await Second.DisposeAsync();
        }
    }
}
