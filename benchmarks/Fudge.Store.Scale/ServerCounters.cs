using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Store;
using Npgsql;

namespace Fudge.Store.Scale;

/// <summary>
/// PostgreSQL's cumulative counters that say where an import's work went, whatever the machine's load: write-ahead log
/// (<c>pg_stat_wal</c>: records, full-page images, bytes), checkpoints and who wrote the dirty buffers
/// (<c>pg_stat_bgwriter</c>), and the collection's blocks found in <c>shared_buffers</c> ("hit") or read from the
/// operating system ("read"), for its heap and its GIN index (<c>pg_statio_user_tables</c>/<c>_indexes</c>).
/// Subtracting two readings gives what happened between them.
/// </summary>
internal sealed record ServerCounters(
    long WalRecords, long WalFullPageImages, long WalBytes,
    long CheckpointsTimed, long CheckpointsRequested, long BuffersWrittenByCheckpoints, long BuffersWrittenByBackends,
    long HeapBlocksRead, long HeapBlocksHit, long GinBlocksRead, long GinBlocksHit, double BackendCpuSeconds)
{
    public static readonly ServerCounters Zero = new(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public static ServerCounters operator -(ServerCounters a, ServerCounters b) => new(
        a.WalRecords - b.WalRecords, a.WalFullPageImages - b.WalFullPageImages, a.WalBytes - b.WalBytes,
        a.CheckpointsTimed - b.CheckpointsTimed, a.CheckpointsRequested - b.CheckpointsRequested,
        a.BuffersWrittenByCheckpoints - b.BuffersWrittenByCheckpoints, a.BuffersWrittenByBackends - b.BuffersWrittenByBackends,
        a.HeapBlocksRead - b.HeapBlocksRead, a.HeapBlocksHit - b.HeapBlocksHit, a.GinBlocksRead - b.GinBlocksRead, a.GinBlocksHit - b.GinBlocksHit,
        a.BackendCpuSeconds - b.BackendCpuSeconds);

    public static ServerCounters operator +(ServerCounters a, ServerCounters b) => a - (Zero - b);

    /// <summary>
    /// Reads the counters for one table and its GIN index. A backend publishes its statistics when it goes idle, at most
    /// once a second and otherwise up to 10 s later: a reading taken between batches that take over a second each (the
    /// default 100,000 documents do) holds every finished batch; after shorter batches some counts land in a later stretch.
    /// </summary>
    public static async Task<ServerCounters> ReadAsync(NpgsqlConnection connection, string table, IReadOnlyList<int> backends)
    {
        const string sql = """
            SELECT pg_stat_clear_snapshot();
            SELECT w.wal_records, w.wal_fpi, w.wal_bytes::bigint,
                   b.checkpoints_timed, b.checkpoints_req, b.buffers_checkpoint, b.buffers_backend,
                   coalesce(t.heap_blks_read, 0), coalesce(t.heap_blks_hit, 0),
                   coalesce(i.idx_blks_read, 0), coalesce(i.idx_blks_hit, 0)
            FROM pg_stat_wal w, pg_stat_bgwriter b
            LEFT JOIN pg_statio_user_tables t ON t.relid = to_regclass(@table)
            LEFT JOIN pg_statio_user_indexes i ON i.indexrelid = to_regclass(@table || '_gin')
            """;
        await using var command = new NpgsqlCommand(sql, connection);
        command.Parameters.AddWithValue("table", table);
        await using var reader = await command.ExecuteReaderAsync();
        await reader.NextResultAsync();
        await reader.ReadAsync();
        return new ServerCounters(
            reader.GetInt64(0), reader.GetInt64(1), reader.GetInt64(2), reader.GetInt64(3), reader.GetInt64(4),
            reader.GetInt64(5), reader.GetInt64(6), reader.GetInt64(7), reader.GetInt64(8), reader.GetInt64(9), reader.GetInt64(10),
            backends.Sum(CpuSecondsOf));
    }

    /// <summary>
    /// The CPU time (user + system) a server backend process has used so far, from <c>/proc/PID/stat</c>: what the
    /// server spent on this run's statements, which the machine's load does not inflate the way it does wall time.
    /// 0 when the server is not on this machine (no such process to read).
    /// </summary>
    public static double CpuSecondsOf(int pid)
    {
        string path = $"/proc/{pid}/stat";
        if (!System.IO.File.Exists(path)) return 0;
        string stat = System.IO.File.ReadAllText(path);
        // Fields after the command name (which may hold spaces, inside parentheses): state is field 3; utime and stime 14 and 15.
        var fields = stat[(stat.LastIndexOf(')') + 2)..].Split(' ');
        const double TicksPerSecond = 100;   // USER_HZ on Linux
        return (long.Parse(fields[11], System.Globalization.CultureInfo.InvariantCulture) + long.Parse(fields[12], System.Globalization.CultureInfo.InvariantCulture)) / TicksPerSecond;
    }
}

/// <summary>
/// Samples, on a connection of its own, what the backend running the store's <c>COPY</c> waits on, every 50 ms: no
/// wait event is counted as CPU (the backend computing), otherwise <c>type:event</c> as <c>pg_stat_activity</c> names
/// it (<c>IO:DataFileRead</c> a block read from the operating system, <c>IO:WALWrite</c>, <c>LWLock:WALWrite</c>, ...).
/// </summary>
internal sealed class WaitEventSampler : IAsyncDisposable
{
    private readonly NpgsqlConnection _connection;
    private readonly CancellationTokenSource _stop = new();
    private readonly Dictionary<string, int> _counts = new(StringComparer.Ordinal);
    private readonly Task _loop;

    private WaitEventSampler(NpgsqlConnection connection)
    {
        _connection = connection;
        _loop = Task.Run(LoopAsync);
    }

    public static async Task<WaitEventSampler> StartAsync(string connectionString)
    {
        var connection = new NpgsqlConnection(connectionString);
        await connection.OpenAsync();
        return new WaitEventSampler(connection);
    }

    /// <summary>The samples since the last call, by wait event.</summary>
    public IReadOnlyDictionary<string, int> Take()
    {
        lock (_counts)
        {
            var taken = new Dictionary<string, int>(_counts, StringComparer.Ordinal);
            _counts.Clear();
            return taken;
        }
    }

    private async Task LoopAsync()
    {
        // Only this database's COPY into a fudge_docs table: other databases on a shared server are not the store's.
        const string sql = """
            SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY %fudge_docs%' AND pid <> pg_backend_pid()
            """;
        await using var command = new NpgsqlCommand(sql, _connection);
        while (!_stop.IsCancellationRequested)
        {
            try
            {
                await using (var reader = await command.ExecuteReaderAsync(_stop.Token))
                {
                    while (await reader.ReadAsync(_stop.Token))
                    {
                        string wait = reader.GetString(0);
                        lock (_counts) _counts[wait] = _counts.GetValueOrDefault(wait) + 1;
                    }
                }
                await Task.Delay(50, _stop.Token);
            }
            catch (OperationCanceledException) when (_stop.IsCancellationRequested)
            {
                return;
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        try
        {
            await _loop;
        }
        catch (NpgsqlException)
        {
            // A query cancelled mid-flight may end as a server error rather than a cancellation: the loop is over either way.
        }
        await _connection.DisposeAsync();
        _stop.Dispose();
    }
}

/// <summary>What the server did while one stretch of the import ran (batches only: settling and index builds excluded).</summary>
internal sealed record ImportStretch(long FromDocuments, long ToDocuments, double Seconds, ServerCounters Counters, IReadOnlyDictionary<string, int> Waits)
{
    /// <summary>The sampled wait events as shares, largest first, those under 2% left out: "CPU 71%, IO:DataFileRead 24%".</summary>
    public string WaitShares()
    {
        int total = Waits.Values.Sum();
        if (total == 0) return "";
        return string.Join(", ", Waits.OrderByDescending(w => w.Value).Where(w => w.Value * 50 >= total)
            .Select(w => FormattableString.Invariant($"{w.Key} {100.0 * w.Value / total:F0}%")));
    }
}

/// <summary>
/// Cuts an import into stretches (a tenth of the documents each) and records the server's counters for each, counting
/// only the time batches run: what settling, index builds and queries at a checkpoint cost is left out.
/// </summary>
internal sealed class ServerStretches : IAsyncDisposable
{
    private readonly ScaleTarget _target;
    private readonly IFudgeCollection _collection;
    private readonly WaitEventSampler _waits;
    private readonly long _length;
    private readonly List<ImportStretch> _stretches = new();
    private ServerCounters _baseline;
    private ServerCounters _pending = ServerCounters.Zero;
    private (long Documents, double Seconds) _start = (0, 0);

    private ServerStretches(ScaleTarget target, IFudgeCollection collection, WaitEventSampler waits, long length, ServerCounters baseline)
    {
        _target = target;
        _collection = collection;
        _waits = waits;
        _length = length;
        _baseline = baseline;
    }

    /// <summary>Null when the target has no server to ask.</summary>
    public static async Task<ServerStretches?> StartAsync(ScaleTarget target, IFudgeCollection collection, long length)
    {
        if (await target.ReadCountersAsync(collection) is not ServerCounters baseline) return null;
        var waits = (await target.StartWaitSamplingAsync())!;
        return new ServerStretches(target, collection, waits, length, baseline);
    }

    public IReadOnlyList<ImportStretch> Stretches => _stretches;

    /// <summary>Closes the stretch when this batch crossed a tenth (or reached the checkpoint) and returns it.</summary>
    public async Task<ImportStretch?> AfterBatchAsync((long Documents, double Seconds) before, (long Documents, double Seconds) after, long checkpoint)
    {
        if (before.Documents / _length == after.Documents / _length && after.Documents != checkpoint) return null;
        await PauseAsync();
        var stretch = new ImportStretch(_start.Documents, after.Documents, after.Seconds - _start.Seconds, _pending, _waits.Take());
        _stretches.Add(stretch);
        _pending = ServerCounters.Zero;
        _start = after;
        await ResumeAsync();
        return stretch;
    }

    /// <summary>Adds what happened since the last reading to the open stretch (before a checkpoint's own work).</summary>
    public async Task PauseAsync()
    {
        var now = (await _target.ReadCountersAsync(_collection))!;
        _pending += now - _baseline;
        _baseline = now;
    }

    /// <summary>Starts counting again from here (after a checkpoint's own work).</summary>
    public async Task ResumeAsync() => _baseline = (await _target.ReadCountersAsync(_collection))!;

    public ValueTask DisposeAsync() => _waits.DisposeAsync();
}
