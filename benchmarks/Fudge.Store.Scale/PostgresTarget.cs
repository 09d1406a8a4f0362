using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Store.PostgreSql;
using Npgsql;

namespace Fudge.Store.Scale;

/// <summary>
/// A fresh schema on the PostgreSQL server of FUDGE_POSTGRES (dropped at the end). The store's GIN index
/// (<c>fudge_docs_ID_gin</c>, <c>jsonb_path_ops</c>) exists from the collection's creation and is maintained by every
/// insert; <c>CreateIndexAsync</c> only registers a path. "Without the index" is that GIN index dropped; it is then
/// rebuilt from its own definition (<c>pg_get_indexdef</c>) on the existing rows, which is what building it costs.
/// Sizes: <c>pg_total_relation_size</c> of the collection's table (heap, TOAST, primary key, indexes) and
/// <c>pg_relation_size</c> of its indexes other than the primary key (the GIN index and the declared B-tree indexes).
/// </summary>
internal sealed class PostgresTarget : ScaleTarget
{
    private readonly string _schema;
    private readonly bool _keep;
    private readonly PostgresFudgeStore _store;
    private readonly NpgsqlConnection _side;
    private string? _ginDefinition;

    private readonly int[] _backends;

    private PostgresTarget(string schema, bool keep, PostgresFudgeStore store, NpgsqlConnection side, string version, int[] backends)
    {
        _backends = backends;
        _schema = schema;
        _keep = keep;
        _store = store;
        _side = side;
        Versions = $"PostgreSQL {version} (Npgsql {typeof(NpgsqlConnection).Assembly.GetName().Version})";
    }

    /// <summary>FUDGE_POSTGRES, else the server of <c>bash .ci/postgres.sh start</c>.</summary>
    public static string ConnectionString { get; } = Environment.GetEnvironmentVariable("FUDGE_POSTGRES")
        ?? "Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test";

    public static async Task<PostgresTarget> CreateAsync(string kind, bool keep)
    {
        string schema = $"fudge_scale_{kind}_{Guid.NewGuid():N}";
        var side = new NpgsqlConnection(ConnectionString);
        try
        {
            await side.OpenAsync();
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException)
        {
            await side.DisposeAsync();
            throw new InvalidOperationException($"No PostgreSQL server answers at FUDGE_POSTGRES ({e.Message}): start one with bash .ci/postgres.sh start, or run with --stores sqlite.", e);
        }
        await Execute(side, $"CREATE SCHEMA {schema}; SET search_path TO {schema}");
        string version = (string)(await Scalar(side, "SHOW server_version"))!;
        // Named, so that its backend process can be found for its CPU time (ServerCounters.CpuSecondsOf).
        var store = await PostgresFudgeStore.OpenAsync(new NpgsqlConnectionStringBuilder(ConnectionString) { SearchPath = schema, ApplicationName = schema }.ConnectionString);
        int storeBackend = (int)(await Scalar(side, $"SELECT pid FROM pg_stat_activity WHERE application_name = '{schema}'"))!;
        int sideBackend = (int)(await Scalar(side, "SELECT pg_backend_pid()"))!;
        return new PostgresTarget(schema, keep, store, side, version, new[] { storeBackend, sideBackend });
    }

    /// <summary>The server's CPU seconds so far in the two backends of the run: the store's and the harness's own.</summary>
    public override double? ServerCpuSeconds() => _backends.Sum(ServerCounters.CpuSecondsOf);

    /// <summary>
    /// Sets storage parameters of the GIN index (<c>fastupdate</c>, <c>gin_pending_list_limit</c>) before the import,
    /// or drops it (<c>--no-gin</c>: the declared B-tree indexes alone are maintained).
    /// </summary>
    public override async Task ConfigureAsync(IFudgeCollection collection, string? ginStorage, bool noGin)
    {
        if (noGin)
        {
            await Execute(_side, $"DROP INDEX {await TableAsync(collection)}_gin");
            return;
        }
        if (ginStorage is null) return;
        await Execute(_side, $"ALTER INDEX {await TableAsync(collection)}_gin SET ({ginStorage})");
    }

    public override string Name => "PostgreSQL";

    public override string Versions { get; }

    public override IFudgeStore Store => _store;

    public override bool IndexedWhileImporting => true;

    public override async Task<TimedStep> SettleAsync(IFudgeCollection collection)
    {
        // What autovacuum does after a bulk insert, done now so that every run queries the same state: statistics for
        // the planner, the visibility map, and the GIN index's pending list merged into the index.
        var clock = Stopwatch.StartNew();
        await Execute(_side, $"VACUUM ANALYZE {await TableAsync(collection)}");
        return new TimedStep("VACUUM ANALYZE", clock.Elapsed.TotalSeconds);
    }

    public override async Task<StorageSize> MeasureAsync(IFudgeCollection collection)
    {
        string table = await TableAsync(collection);
        long total = (long)(await Scalar(_side, $"SELECT pg_total_relation_size('{table}')"))!;
        // Every index but the primary key: the GIN index and the declared B-tree indexes (typed keys' columns are the table's).
        long indexes = (long)(await Scalar(_side, $"SELECT coalesce(sum(pg_relation_size(indexrelid)), 0)::bigint FROM pg_index WHERE indrelid = '{table}'::regclass AND NOT indisprimary"))!;
        return new StorageSize(total - indexes, indexes, total);
    }

    public override async Task DropIndexesAsync(IFudgeCollection collection, IReadOnlyList<string> paths)
    {
        string table = await TableAsync(collection);
        _ginDefinition = (string)(await Scalar(_side, $"SELECT pg_get_indexdef('{table}_gin'::regclass)"))!;
        await Execute(_side, $"DROP INDEX {table}_gin; ANALYZE {table}");
    }

    public override async Task<IReadOnlyList<TimedStep>> RestoreIndexesAsync(IFudgeCollection collection)
    {
        if (_ginDefinition is null) return Array.Empty<TimedStep>();
        double cpu = ServerCpuSeconds()!.Value;
        var clock = Stopwatch.StartNew();
        await Execute(_side, _ginDefinition);
        var build = new TimedStep("GIN index (jsonb_path_ops) rebuilt on the existing rows", clock.Elapsed.TotalSeconds, ServerCpuSeconds() - cpu);
        await Execute(_side, $"ANALYZE {await TableAsync(collection)}");
        _ginDefinition = null;
        return new[] { build };
    }

    public override async Task<ServerCounters?> ReadCountersAsync(IFudgeCollection collection)
        => await ServerCounters.ReadAsync(_side, await TableAsync(collection), _backends);

    public override async Task<WaitEventSampler?> StartWaitSamplingAsync() => await WaitEventSampler.StartAsync(ConnectionString);

    public override async ValueTask DisposeAsync()
    {
        await _store.DisposeAsync();
        if (!_keep) await Execute(_side, $"DROP SCHEMA {_schema} CASCADE");
        await _side.DisposeAsync();
    }

    /// <summary>The collection's table (docs/store.md, "Layout"), found by the collection's name as a parameter.</summary>
    private async Task<string> TableAsync(IFudgeCollection collection)
    {
        await using var command = new NpgsqlCommand("SELECT id FROM fudge_collections WHERE name = @name", _side);
        command.Parameters.AddWithValue("name", collection.Name);
        return $"{_schema}.fudge_docs_{(long)(await command.ExecuteScalarAsync())!}";
    }

    private static async Task Execute(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection) { CommandTimeout = 0 };
        await command.ExecuteNonQueryAsync();
    }

    private static async Task<object?> Scalar(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection) { CommandTimeout = 0 };
        return await command.ExecuteScalarAsync();
    }
}
