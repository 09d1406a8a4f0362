using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>The contract on the embedded SQLite store, and what only SQLite does: functions, expression indexes, files.</summary>
public class SqliteStoreTests : StoreContractTests
{
    protected override async ValueTask<IFudgeStore> OpenEmptyStoreAsync() => await SqliteFudgeStore.OpenAsync("Data Source=:memory:");

    [Fact]
    public async Task An_equality_query_on_an_indexed_path_searches_the_index_and_matches_only_the_candidates()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var logs = (SqliteFudgeCollection)await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 2000).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        var query = FudgeFilter.Compile("$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']");

        Assert.DoesNotContain("USING INDEX", await logs.ExplainAsync(query));
        await logs.CreateIndexAsync(FudgePath.Compile("$.System.Hostname"));
        string plan = await logs.ExplainAsync(query);
        long matchesBefore = FudgeSqlFunctions.MatchCalls;
        long keysBefore = FudgeSqlFunctions.IndexKeyCalls;
        long count = await logs.CountAsync(query);

        Assert.Contains("SEARCH", plan);
        Assert.Contains("USING INDEX fudge_docs_1_ix_1", plan);
        Assert.Equal(160, count); // 2000 / 5 hosts * 2 of 5 types
        // fudge_match ran on node-5's 400 candidates only (other tests may run beside this one: at most a few more),
        // and the indexed key was read from the index, not computed per row.
        Assert.InRange(FudgeSqlFunctions.MatchCalls - matchesBefore, 400, 1999);
        Assert.True(FudgeSqlFunctions.IndexKeyCalls - keysBefore < 2000, "fudge_index_key ran for every row");
    }

    [Fact]
    public async Task A_range_query_on_an_indexed_path_searches_the_index()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var logs = (SqliteFudgeCollection)await store.GetCollectionAsync("logs");
        await logs.InsertManyAsync(Enumerable.Range(0, 500).Select(n => (ReadOnlyMemory<byte>)LogDocuments.Number(n)));
        await logs.CreateIndexAsync(FudgePath.Compile("$.Log.Seq"));
        var query = FudgeFilter.Compile("$.Log.Seq >= 490");

        Assert.Contains("USING INDEX", await logs.ExplainAsync(query));
        Assert.Equal(10, await logs.CountAsync(query));
    }

    [Fact]
    public async Task The_functions_can_be_used_from_plain_SQL()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        using var command = store.Connection.CreateCommand();
        command.CommandText = "SELECT fudge_get($doc, '$.System.Hostname'), fudge_get($doc, '$.Log.Seq'), fudge_match($doc, '$.Log.Seq > 5'), fudge_get($doc, '$.Nothing')";
        command.Parameters.AddWithValue("$doc", LogDocuments.Number(7));
        using var reader = command.ExecuteReader();
        reader.Read();

        Assert.Equal("node-3", reader.GetString(0));
        Assert.Equal(7L, reader.GetInt64(1));
        Assert.Equal(1L, reader.GetInt64(2));
        Assert.True(reader.IsDBNull(3));
    }

    [Fact]
    public async Task A_store_file_keeps_documents_and_indexes_across_openings()
    {
        string file = Path.Combine(Path.GetTempPath(), $"fudge-store-{Guid.NewGuid():N}.db");
        try
        {
            await using (var store = await SqliteFudgeStore.OpenAsync(file))
            {
                var logs = await store.GetCollectionAsync("logs");
                await logs.InsertAsync(LogDocuments.Number(4));
                await logs.CreateIndexAsync("$.System.Hostname");
            }
            await using (var reopened = await SqliteFudgeStore.OpenAsync(file))
            {
                var logs = await reopened.GetCollectionAsync("logs");
                Assert.Equal(LogDocuments.Number(4), (await logs.GetAsync(1))!.Envelope);
                Assert.Equal(new[] { "$.System.Hostname" }, await logs.ListIndexesAsync());
                Assert.Equal(1, await logs.CountAsync("$.System.Hostname == 'node-5'"));
            }
        }
        finally
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            File.Delete(file);
        }
    }

    [Fact]
    public async Task A_corrupted_stored_document_is_a_store_error_not_a_crash()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");
        var logs = (SqliteFudgeCollection)await store.GetCollectionAsync("logs");
        await logs.InsertAsync(LogDocuments.Number(1));
        // Someone else's tool damaged the file: the stored bytes are no longer an envelope.
        using (var damage = store.Connection.CreateCommand())
        {
            damage.CommandText = $"UPDATE {logs.Table} SET doc = x'0000000000000020FFFFFFFF'";
            damage.ExecuteNonQuery();
        }

        var error = await Assert.ThrowsAsync<FudgeStoreException>(async () => await logs.CountAsync("$.Log.Seq == 1"));
        Assert.Contains("Invalid Fudge data", error.Message);
    }

    [Fact]
    public async Task A_file_that_is_not_a_database_is_a_store_error()
    {
        string file = Path.Combine(Path.GetTempPath(), $"fudge-store-{Guid.NewGuid():N}.db");
        File.WriteAllText(file, "this is not an SQLite database, just text that is long enough to have a header page");
        try
        {
            await Assert.ThrowsAsync<FudgeStoreException>(async () => await SqliteFudgeStore.OpenAsync(file));
        }
        finally
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            File.Delete(file);
        }
    }
}
