using System;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store.Sqlite;
using Xunit;

namespace Fudge.Store.Tests.Support;

/// <summary>
/// A SQLite store in a fresh temporary file for each test, removed afterwards with its write-ahead log and shared
/// memory files.
/// </summary>
public abstract class TemporarySqliteStore : IAsyncLifetime
{
    private readonly string _file;
    private SqliteFudgeStore? _store;

    /// <param name="prefix">The start of the file's name, saying which tests made it.</param>
    protected TemporarySqliteStore(string prefix) =>
        _file = Path.Combine(Path.GetTempPath(), prefix + Guid.NewGuid().ToString("N") + ".db");

    /// <summary>The open store (from <see cref="InitializeAsync"/> on).</summary>
    protected SqliteFudgeStore Store => _store ?? throw new InvalidOperationException("The store is opened by InitializeAsync.");

    /// <inheritdoc/>
    public async Task InitializeAsync() => _store = await SqliteFudgeStore.OpenAsync(_file);

    /// <inheritdoc/>
    public async Task DisposeAsync()
    {
        if (_store is not null) await _store.DisposeAsync();
        foreach (var suffix in new[] { "", "-wal", "-shm" }) File.Delete(_file + suffix);
    }
}
