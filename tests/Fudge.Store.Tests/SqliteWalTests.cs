using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Microsoft.Data.Sqlite;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// What write-ahead logging, the busy timeout and immediate write transactions give two connections to one SQLite
/// file (the multi-process case is <see cref="SqliteMultiProcessLoadTests"/>).
/// </summary>
public sealed class SqliteWalTests : IDisposable
{
    private readonly string _file = Path.Combine(Path.GetTempPath(), $"fudge-wal-{Guid.NewGuid():N}.db");

    [Fact]
    public async Task A_writer_commits_while_a_reader_is_in_the_middle_of_a_query_which_keeps_its_snapshot()
    {
        // A short timeout: in rollback-journal mode this commit would wait for the reader's lock and fail.
        await using var reader = await SqliteFudgeStore.OpenAsync($"Data Source={_file};Default Timeout=2");
        await using var writer = await SqliteFudgeStore.OpenAsync($"Data Source={_file};Default Timeout=2");
        var readLogs = await reader.GetCollectionAsync("logs");
        var writeLogs = await writer.GetCollectionAsync("logs");
        await writeLogs.InsertManyAsync(Enumerable.Range(0, 10).Select(LogDocuments.Number));

        int seen = 0;
        await foreach (var document in readLogs.FindAsync())
        {
            if (seen++ == 0) await writeLogs.InsertManyAsync(Enumerable.Range(10, 5).Select(LogDocuments.Number));
        }

        Assert.Equal(10, seen);
        Assert.Equal(15, await readLogs.CountAsync());
    }

    [Fact]
    public async Task A_reader_sees_only_committed_documents_while_a_writer_holds_its_transaction()
    {
        await using var writer = await SqliteFudgeStore.OpenAsync(_file);
        await using var reader = await SqliteFudgeStore.OpenAsync(_file);
        var writeLogs = await writer.GetCollectionAsync("logs");
        var readLogs = await reader.GetCollectionAsync("logs");
        await writeLogs.InsertAsync(LogDocuments.Number(0));

        await using (var transaction = await writer.BeginTransactionAsync())
        {
            await writeLogs.InsertManyAsync(Enumerable.Range(1, 100).Select(LogDocuments.Number));
            var clock = Stopwatch.StartNew();
            Assert.Equal(1, await readLogs.CountAsync());
            Assert.True(clock.Elapsed < TimeSpan.FromSeconds(1), $"the reader waited {clock.Elapsed} for the writer");
            await transaction.CommitAsync();
        }

        Assert.Equal(101, await readLogs.CountAsync());
    }

    [Fact]
    public async Task A_second_writer_waits_for_the_first_to_commit_instead_of_failing()
    {
        await using var first = await SqliteFudgeStore.OpenAsync(_file);
        await using var second = await SqliteFudgeStore.OpenAsync(_file);
        var firstLogs = await first.GetCollectionAsync("logs");
        var secondLogs = await second.GetCollectionAsync("logs");

        Task<long> waiting;
        await using (var transaction = await first.BeginTransactionAsync())
        {
            await firstLogs.InsertManyAsync(Enumerable.Range(0, 10).Select(LogDocuments.Number));
            // Microsoft.Data.Sqlite waits for the lock on the calling thread, so the second writer gets one of its own.
            waiting = Task.Run(async () => await secondLogs.InsertManyAsync(Enumerable.Range(10, 10).Select(LogDocuments.Number)));
            await Task.Delay(300);
            Assert.False(waiting.IsCompleted);
            await transaction.CommitAsync();
        }

        Assert.Equal(10, await waiting);
        Assert.Equal(20, await firstLogs.CountAsync());
    }

    [Fact]
    public async Task A_writer_that_waits_past_the_default_timeout_gets_a_store_error_saying_the_database_is_locked()
    {
        await using var first = await SqliteFudgeStore.OpenAsync(_file);
        await using var impatient = await SqliteFudgeStore.OpenAsync($"Data Source={_file};Default Timeout=1");
        var impatientLogs = await impatient.GetCollectionAsync("logs");
        await using var transaction = await first.BeginTransactionAsync();

        var clock = Stopwatch.StartNew();
        var error = await Assert.ThrowsAsync<FudgeStoreException>(async () => await impatientLogs.InsertAsync(LogDocuments.Number(1)));

        Assert.Contains("database is locked", error.Message);
        Assert.InRange(clock.Elapsed.TotalSeconds, 0.9, 10);
    }

    [Fact]
    public async Task A_rollback_journal_store_is_converted_to_wal_on_its_first_read_write_open()
    {
        await using (var old = await SqliteFudgeStore.OpenAsync(_file))
        {
            await (await old.GetCollectionAsync("logs")).InsertAsync(LogDocuments.Number(3));
            await Pragma(old, "journal_mode = DELETE");
        }
        Assert.Equal((byte)1, HeaderByte(18)); // file format bytes: 1 = rollback journal

        await using var store = await SqliteFudgeStore.OpenAsync(_file);

        Assert.Equal("wal", await Pragma(store, "journal_mode"));
        Assert.Equal(2L, await Pragma(store, "synchronous")); // FULL
        Assert.Equal(30_000L, await Pragma(store, "busy_timeout")); // Microsoft.Data.Sqlite's Default Timeout, 30 s
        Assert.Equal((byte)2, HeaderByte(18)); // 2 = WAL, kept in the file
        Assert.Equal(LogDocuments.Number(3), (await (await store.GetCollectionAsync("logs")).GetAsync(1))!.Envelope);
    }

    [Fact]
    public async Task A_read_only_open_reads_a_wal_store_while_another_connection_writes()
    {
        await using var writer = await SqliteFudgeStore.OpenAsync(_file);
        var writeLogs = await writer.GetCollectionAsync("logs");
        await writeLogs.InsertAsync(LogDocuments.Number(0));

        await using var readOnly = await SqliteFudgeStore.OpenAsync($"Data Source={_file};Mode=ReadOnly");
        var readLogs = await readOnly.GetCollectionAsync("logs");
        await using (var transaction = await writer.BeginTransactionAsync())
        {
            await writeLogs.InsertAsync(LogDocuments.Number(1));
            Assert.Equal(1, await readLogs.CountAsync());
            await transaction.CommitAsync();
        }

        Assert.Equal(2, await readLogs.CountAsync());
        Assert.Equal("wal", await Pragma(readOnly, "journal_mode"));
        await Assert.ThrowsAsync<FudgeStoreException>(async () => await readLogs.InsertAsync(LogDocuments.Number(2)));
    }

    [Fact]
    public async Task An_in_memory_store_keeps_its_memory_journal()
    {
        await using var store = await SqliteFudgeStore.OpenAsync("Data Source=:memory:");

        Assert.Equal("memory", await Pragma(store, "journal_mode"));
    }

    private static async Task<object?> Pragma(SqliteFudgeStore store, string pragma)
    {
        using var command = store.Connection.CreateCommand();
        command.CommandText = "PRAGMA " + pragma;
        return await command.ExecuteScalarAsync();
    }

    private byte HeaderByte(int offset)
    {
        using var file = new FileStream(_file, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        file.Position = offset;
        return (byte)file.ReadByte();
    }

    public void Dispose() => TemporarySqliteFiles.Delete(_file);
}
