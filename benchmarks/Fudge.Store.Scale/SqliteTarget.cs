using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store.Sqlite;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Scale;

/// <summary>
/// A new SQLite store file. Indexes are built after the import with <c>CreateIndexAsync</c> and dropped again before
/// the import goes on, so every document is imported into an unindexed table, as a bulk load is best done. Sizes are
/// SQLite's own count of used pages (page_count minus freelist_count, times page_size), so pages an index left free
/// when it was dropped are not counted; the file's size (with any -wal and -journal) is reported beside them.
/// </summary>
internal sealed class SqliteTarget : ScaleTarget
{
    private readonly string _file;
    private readonly bool _keep;
    private readonly SqliteFudgeStore _store;
    private readonly SqliteConnection _side;

    private SqliteTarget(string file, bool keep, SqliteFudgeStore store, SqliteConnection side, string version)
    {
        _file = file;
        _keep = keep;
        _store = store;
        _side = side;
        Versions = $"SQLite {version} (Microsoft.Data.Sqlite {typeof(SqliteConnection).Assembly.GetName().Version})";
    }

    public static async Task<SqliteTarget> CreateAsync(string directory, string kind, bool keep)
    {
        string file = Path.Combine(directory, $"fudge-scale-{kind}-{Guid.NewGuid():N}.db");
        var store = await SqliteFudgeStore.OpenAsync(file);
        var side = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = file, Pooling = false }.ToString());
        await side.OpenAsync();
        string version = (string)(await Scalar(side, "SELECT sqlite_version()"))!;
        return new SqliteTarget(file, keep, store, side, version);
    }

    public override string Name => "SQLite";

    public override string Versions { get; }

    public override IFudgeStore Store => _store;

    public override bool IndexedWhileImporting => false;

    public override async Task<TimedStep> SettleAsync(IFudgeCollection collection)
    {
        // In WAL mode the checkpoint moves the log into the file (and empties it), so the file's size is the data's;
        // in rollback-journal mode it does nothing.
        var clock = Stopwatch.StartNew();
        await Scalar(_side, "PRAGMA wal_checkpoint(TRUNCATE)");
        return new TimedStep("PRAGMA wal_checkpoint(TRUNCATE)", clock.Elapsed.TotalSeconds);
    }

    public override async Task<StorageSize> MeasureAsync(IFudgeCollection collection)
    {
        long pageSize = (long)(await Scalar(_side, "PRAGMA page_size"))!;
        long used = (long)(await Scalar(_side, "PRAGMA page_count"))! - (long)(await Scalar(_side, "PRAGMA freelist_count"))!;
        long indexPages = 0;
        // Only the collection's indexes (fudge_docs_ID_ix_N) are counted as index; page counts per b-tree come from
        // the dbstat table when SQLite was built with it, else from the difference the caller sees.
        try
        {
            indexPages = (long)(await Scalar(_side, "SELECT count(*) FROM dbstat WHERE name LIKE 'fudge\\_docs\\_%\\_ix\\_%' ESCAPE '\\'"))!;
        }
        catch (SqliteException)
        {
            indexPages = -1;
        }
        long onDisk = 0;
        foreach (string suffix in new[] { "", "-wal", "-journal" })
            if (File.Exists(_file + suffix)) onDisk += new FileInfo(_file + suffix).Length;
        return new StorageSize((used - Math.Max(0, indexPages)) * pageSize, indexPages < 0 ? -1 : indexPages * pageSize, onDisk);
    }

    public override async Task DropIndexesAsync(IFudgeCollection collection, IReadOnlyList<string> paths)
    {
        foreach (string path in paths) await collection.DropIndexAsync(Query.FudgePath.Compile(path));
    }

    public override Task<IReadOnlyList<TimedStep>> RestoreIndexesAsync(IFudgeCollection collection)
        => Task.FromResult<IReadOnlyList<TimedStep>>(Array.Empty<TimedStep>());

    public override async ValueTask DisposeAsync()
    {
        await _side.DisposeAsync();
        await _store.DisposeAsync();
        SqliteConnection.ClearAllPools();
        if (_keep) return;
        foreach (string suffix in new[] { "", "-wal", "-shm", "-journal" }) File.Delete(_file + suffix);
    }

    private static async Task<object?> Scalar(SqliteConnection connection, string sql)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        return await command.ExecuteScalarAsync();
    }
}
