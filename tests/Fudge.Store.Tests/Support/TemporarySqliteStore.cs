using System;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store.Sqlite;
using Microsoft.Data.Sqlite;
using Xunit;

namespace Fudge.Store.Tests.Support;

/// <summary>
/// A SQLite store in a fresh temporary file for each test, removed afterwards with its write-ahead log and shared
/// memory files.
/// </summary>
public abstract class TemporarySqliteStore : IAsyncLifetime
{
    private readonly TemporarySqliteFiles _files;
    private readonly string _file;
    private SqliteFudgeStore? _store;

    /// <param name="prefix">The start of the file's name, saying which tests made it.</param>
    protected TemporarySqliteStore(string prefix)
    {
        _files = new TemporarySqliteFiles(prefix);
        _file = _files.NewFile();
    }

    /// <summary>The open store (from <see cref="InitializeAsync"/> on).</summary>
    protected SqliteFudgeStore Store => _store ?? throw new InvalidOperationException("The store is opened by InitializeAsync.");

    /// <inheritdoc/>
    public async Task InitializeAsync() => _store = await SqliteFudgeStore.OpenAsync(_file);

    /// <inheritdoc/>
    public async Task DisposeAsync()
    {
        if (_store is not null) await _store.DisposeAsync();
        _files.Dispose();
    }
}

/// <summary>
/// Names for SQLite files in the temporary folder, each new; on disposal the files are removed with their write-ahead
/// log and shared memory files (after the connection pools let go of them).
/// </summary>
public sealed class TemporarySqliteFiles : IDisposable
{
    private readonly string _prefix;
    private readonly List<string> _files = new();

    /// <param name="prefix">The start of the files' names, saying which tests made them.</param>
    public TemporarySqliteFiles(string prefix) => _prefix = prefix;

    /// <summary>A new file name (the file is not created).</summary>
    public string NewFile()
    {
        string file = Path.Combine(Path.GetTempPath(), _prefix + Guid.NewGuid().ToString("N") + ".db");
        _files.Add(file);
        return file;
    }

    /// <summary>Removes a database file with its write-ahead log and shared memory files.</summary>
    public static void Delete(string file)
    {
        SqliteConnection.ClearAllPools();
        foreach (string suffix in new[] { "", "-wal", "-shm" }) File.Delete(file + suffix);
    }

    /// <inheritdoc/>
    public void Dispose()
    {
        foreach (string file in _files) Delete(file);
    }
}
