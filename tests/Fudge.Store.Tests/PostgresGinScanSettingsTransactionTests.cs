using System;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// What the store knows of its session's planner settings (GinScanSettings) against what the server has, at every
/// way a transaction or a statement ends: the settings a statement needs hold when it runs, and a run of statements of
/// one kind inside a transaction sends them once. A statement the store did not send (<see cref="SneakAsync"/>) changes
/// a setting behind the store's back: a statement after it that leaves the setting as it is shows that the store did
/// not send it again, one that sets it shows that the store no longer trusted what it knew.
/// </summary>
[NeedsPostgres]
public sealed class PostgresGinScanSettingsTransactionTests
{
    private const string GinSettings = "0.01 0.05", Defaults = "0.1 0.005", Sneaked = "0.3 0.05";

    private static readonly FudgeFilter Venue = FudgeFilter.Compile("$.Legs.#.Venue == 'XPAR'"); // the GIN's, one test
    private static readonly FudgeFilter Symbol = FudgeFilter.Compile("$.Symbol == 'SA'"); // a B-tree's

    private static async Task<(PostgresFudgeStore Store, PostgresFudgeCollection Trades)> OpenAsync(string? connection = null)
    {
        var store = await PostgresFudgeStore.OpenAsync(connection ?? await Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        await trades.CreateIndexAsync((StoredTrade t) => t.Symbol);
        if (await trades.CountAsync(null) == 0)
        {
            await trades.InsertManyAsync(Enumerable.Range(0, 200).Select(i => new StoredTrade
            {
                Symbol = "S" + (char)('A' + i % 7),
                Qty = i,
                Legs = new() { new StoredLeg { Venue = i % 50 == 3 ? "XPAR" : "XLON" } },
            }));
        }
        return (store, trades);
    }

    private static async Task<string?> SettingsAsync(NpgsqlConnection connection)
    {
        await using var show = connection.CreateCommand();
        show.CommandText = "SELECT current_setting('parallel_tuple_cost') || ' ' || current_setting('cpu_index_tuple_cost')";
        return (string?)await show.ExecuteScalarAsync();
    }

    // A change the store does not make: SET LOCAL in a transaction, SET outside one.
    private static async Task SneakAsync(PostgresFudgeStore store)
    {
        await using var set = store.Connection.CreateCommand();
        set.CommandText = (store.Transaction is null ? "SET" : "SET LOCAL") + " parallel_tuple_cost = 0.3";
        await set.ExecuteNonQueryAsync();
    }

    [StoreFact]
    public async Task A_run_of_statements_in_a_transaction_sends_its_settings_once_and_every_ending_leaves_the_session_its_own()
    {
        var (store, trades) = await OpenAsync();
        await using var _ = store;
        long venue = await trades.CountAsync(Venue), symbol = await trades.CountAsync(Symbol);
        foreach (string ending in new[] { "commit", "rollback", "dispose" })
        {
            // The session's own settings before: a B-tree statement's (the defaults).
            Assert.Equal(symbol, await trades.CountAsync(Symbol));
            Assert.Equal(Defaults, await SettingsAsync(store.Connection));
            var transaction = await store.BeginTransactionAsync();
            Assert.Equal(venue, await trades.CountAsync(Venue));
            Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
            // Known for the transaction's life: the next statement of the kind sends nothing.
            await SneakAsync(store);
            Assert.Equal(venue, await trades.CountAsync(Venue));
            Assert.Equal(Sneaked, await SettingsAsync(store.Connection));
            Assert.Equal(symbol, await trades.CountAsync(Symbol));
            Assert.Equal(Defaults, await SettingsAsync(store.Connection));
            Assert.Equal(venue, await trades.CountAsync(Venue));
            Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
            switch (ending)
            {
                case "commit": await transaction.CommitAsync(); break;
                case "rollback": await transaction.RollbackAsync(); break;
            }
            await transaction.DisposeAsync();
            // SET LOCAL ended with the transaction: the session's defaults, which the store knows.
            Assert.Equal(Defaults, await SettingsAsync(store.Connection));
            await SneakAsync(store); // not sent again for a B-tree statement: the store knows the session's own
            Assert.Equal(symbol, await trades.CountAsync(Symbol));
            Assert.Equal("0.3 0.005", await SettingsAsync(store.Connection));
            Assert.Equal(venue, await trades.CountAsync(Venue));
            Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
        }
        // The session's own settings the GIN's: a transaction's B-tree statement changes them for the transaction only.
        await using (var transaction = await store.BeginTransactionAsync())
        {
            Assert.Equal(symbol, await trades.CountAsync(Symbol));
            Assert.Equal(Defaults, await SettingsAsync(store.Connection));
            await transaction.CommitAsync();
        }
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
        Assert.Equal(venue, await trades.CountAsync(Venue));
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
    }

    [StoreFact]
    public async Task A_statement_that_fails_leaves_the_settings_unknown_and_the_next_sets_them()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var (store, trades) = await OpenAsync(connection);
        await using var _ = store;
        long venue = await trades.CountAsync(Venue);
        Assert.Equal(await trades.CountAsync(Symbol), await trades.CountAsync(Symbol));
        // Outside a transaction: the statement waits for a lock held elsewhere and gives up (lock_timeout), after its
        // SETs ran in its implicit transaction, which takes them back.
        await using (var timeout = store.Connection.CreateCommand())
        {
            timeout.CommandText = "SET lock_timeout = '200ms'";
            await timeout.ExecuteNonQueryAsync();
        }
        await using (var other = new NpgsqlConnection(connection))
        {
            await other.OpenAsync();
            await using var lockTransaction = await other.BeginTransactionAsync();
            await using (var lockTable = new NpgsqlCommand($"LOCK TABLE {trades.Table} IN ACCESS EXCLUSIVE MODE", other, lockTransaction))
                await lockTable.ExecuteNonQueryAsync();
            var refused = await Assert.ThrowsAsync<FudgeStoreException>(() => trades.CountAsync(Venue).AsTask());
            Assert.Contains("lock timeout", refused.Message, StringComparison.OrdinalIgnoreCase);
            await lockTransaction.RollbackAsync();
        }
        Assert.Equal(Defaults, await SettingsAsync(store.Connection));
        Assert.Equal(venue, await trades.CountAsync(Venue));
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));

        // Inside a transaction: the failure aborts it; the session's settings are those it had before it.
        Assert.Equal(await trades.CountAsync(Symbol), await trades.CountAsync(Symbol));
        await using (var transaction = await store.BeginTransactionAsync())
        {
            await using (var broken = store.Connection.CreateCommand())
            {
                broken.CommandText = $"SET LOCAL lock_timeout = '200ms'";
                await broken.ExecuteNonQueryAsync();
            }
            await using var other = new NpgsqlConnection(connection);
            await other.OpenAsync();
            await using var lockTransaction = await other.BeginTransactionAsync();
            await using (var lockTable = new NpgsqlCommand($"LOCK TABLE {trades.Table} IN ACCESS EXCLUSIVE MODE", other, lockTransaction))
                await lockTable.ExecuteNonQueryAsync();
            await Assert.ThrowsAsync<FudgeStoreException>(() => trades.CountAsync(Venue).AsTask());
            await lockTransaction.RollbackAsync();
            await transaction.RollbackAsync();
        }
        await SneakAsync(store);
        Assert.Equal(await trades.CountAsync(Symbol), await trades.CountAsync(Symbol));
        Assert.Equal("0.3 0.005", await SettingsAsync(store.Connection)); // the defaults known: nothing sent
        Assert.Equal(venue, await trades.CountAsync(Venue));
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
    }

    [StoreFact]
    public async Task A_statement_whose_rows_end_in_an_error_takes_its_settings_back_and_the_store_knows()
    {
        var (store, trades) = await OpenAsync();
        await using var _ = store;
        Assert.Equal(await trades.CountAsync(Symbol), await trades.CountAsync(Symbol));
        // A statement a GIN would serve whose fifth row fails (division by zero) after four were read.
        await using (var command = new NpgsqlCommand("SELECT 1 / (x - 5) FROM generate_series(1, 10) AS x", store.Connection))
        {
            GinScanSettings.Mark(command, Venue);
            await using var reader = await GinScanSettings.Applied(command).ExecuteReaderAsync(default);
            Assert.StartsWith("SET parallel_tuple_cost = 0.01; SET cpu_index_tuple_cost = 0.05; SELECT", command.CommandText, StringComparison.Ordinal);
            for (int i = 0; i < 4; i++) Assert.True(await reader.ReadAsync());
            await Assert.ThrowsAsync<PostgresException>(async () => await reader.ReadAsync());
        }
        Assert.Equal(Defaults, await SettingsAsync(store.Connection));
        Assert.Equal(await trades.CountAsync(Venue), await trades.CountAsync(Venue));
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
        // One read to its end, or closed early, keeps them.
        await using (var command = new NpgsqlCommand("SELECT x FROM generate_series(1, 10000) AS x", store.Connection))
        {
            await using (var reader = await GinScanSettings.Applied(command).ExecuteReaderAsync(default))
                Assert.True(await reader.ReadAsync());
            Assert.StartsWith("RESET parallel_tuple_cost; RESET cpu_index_tuple_cost; SELECT", command.CommandText, StringComparison.Ordinal);
        }
        await SneakAsync(store);
        Assert.Equal(await trades.CountAsync(Symbol), await trades.CountAsync(Symbol));
        Assert.Equal("0.3 0.005", await SettingsAsync(store.Connection));
    }

    [StoreFact]
    public async Task A_savepoint_rolled_back_in_a_transaction_makes_the_next_statement_set_its_settings()
    {
        var (store, trades) = await OpenAsync();
        await using var _ = store;
        long venue = await trades.CountAsync(Venue), symbol = await trades.CountAsync(Symbol);
        await using var transaction = await store.BeginTransactionAsync();
        Assert.Equal(venue, await trades.CountAsync(Venue)); // SET LOCAL in the transaction
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
        await SneakAsync(store);
        // A batch that fails inside the caller's transaction is taken back to its savepoint, with whatever SET LOCAL
        // ran after it: the store sets its settings again.
        await Assert.ThrowsAnyAsync<FudgeException>(() => trades.InsertManyAsync(new[] { new byte[] { 0, 0, 0, 0, 0, 0, 0, 42, 1, 2, 3 } }).AsTask());
        Assert.Equal(venue, await trades.CountAsync(Venue));
        Assert.Equal(GinSettings, await SettingsAsync(store.Connection));
        Assert.Equal(symbol, await trades.CountAsync(Symbol));
        Assert.Equal(Defaults, await SettingsAsync(store.Connection));
        await transaction.CommitAsync();
    }

    [StoreTheory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_pooled_connection_given_again_has_the_settings_the_store_believes(bool noResetOnClose)
    {
        // A pool of its own (a unique application name), so that the second store gets the first one's connection.
        var builder = new NpgsqlConnectionStringBuilder(await Postgres.FreshSchemaAsync())
        {
            Pooling = true,
            ApplicationName = "fudge-settings-" + Guid.NewGuid().ToString("N")[..12],
            NoResetOnClose = noResetOnClose,
        };
        int pid;
        var (first, trades) = await OpenAsync(builder.ConnectionString);
        await using (first)
        {
            Assert.Equal(await trades.CountAsync(Venue), await trades.CountAsync(Venue));
            Assert.Equal(GinSettings, await SettingsAsync(first.Connection));
            pid = first.Connection.ProcessID;
        }
        await using (var second = await PostgresFudgeStore.OpenAsync(builder.ConnectionString))
        {
            Assert.Equal(pid, second.Connection.ProcessID);
            // Npgsql's reset on return (DISCARD ALL) gave the defaults back; without it the session kept the GIN's,
            // and the store's first statement sets every setting.
            Assert.Equal(noResetOnClose ? GinSettings : Defaults, await SettingsAsync(second.Connection));
            var again = await second.GetCollectionAsync("trades");
            Assert.Equal(await again.CountAsync(Symbol), await again.CountAsync(Symbol));
            Assert.Equal(Defaults, await SettingsAsync(second.Connection));
            Assert.Equal(await again.CountAsync(Venue), await again.CountAsync(Venue));
            Assert.Equal(GinSettings, await SettingsAsync(second.Connection));
        }
        await using var pooled = new NpgsqlConnection(builder.ConnectionString);
        NpgsqlConnection.ClearPool(pooled);
    }
}
