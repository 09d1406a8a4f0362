using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Store;
using Fudge.Store.PostgreSql;
using Fudge.Store.Sqlite;

namespace Fudge.Cli.Store;

/// <summary>
/// The one place <c>fudge store</c> turns its DB argument into a store: a <c>postgres://</c> (or
/// <c>postgresql://</c>) URL opens the PostgreSQL store; anything else is an SQLite file path (or an SQLite
/// connection string).
/// </summary>
internal static class StoreOpener
{
    /// <summary>Opens the store; only <paramref name="create"/> lets a missing SQLite file be created.</summary>
    /// <exception cref="IOException">The DB argument names no store that can be opened.</exception>
    /// <exception cref="FudgeStoreException">The database refused to open.</exception>
    public static async Task<IFudgeStore> OpenAsync(string db, bool create)
    {
        if (db.StartsWith("postgres://", StringComparison.OrdinalIgnoreCase) || db.StartsWith("postgresql://", StringComparison.OrdinalIgnoreCase))
            return await PostgresFudgeStore.OpenAsync(db).ConfigureAwait(false);
        int scheme = db.IndexOf("://", StringComparison.Ordinal);
        if (scheme > 0)
            throw new IOException($"'{db}' is a {db.Substring(0, scheme)} URL; fudge opens SQLite store files and postgres:// URLs");
        if (Directory.Exists(db)) throw new CliException($"'{db}' is a folder, not a store file");
        if (!create && !db.Contains('=')) Input.CliPaths.RequireFile(db, "store file");
        if (create && !db.Contains('=')) Input.CliPaths.RequireFolderFor(db, "store file");
        if (!db.Contains('=') && File.Exists(db) && !LooksLikeSqlite(db))
            throw new CliException($"'{db}' is not a store file: it is not an SQLite database ('fudge store import DB FILE' creates one)");
        return await SqliteFudgeStore.OpenAsync(db).ConfigureAwait(false);
    }

    /// <summary>An empty file (SQLite makes it a database) or one that starts with SQLite's header.</summary>
    private static bool LooksLikeSqlite(string path)
    {
        ReadOnlySpan<byte> header = "SQLite format 3\0"u8;
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite);
        if (file.Length == 0) return true;
        var start = new byte[header.Length];
        return file.ReadAtLeast(start, start.Length, throwOnEndOfStream: false) == start.Length && header.SequenceEqual(start);
    }

    /// <summary>True when <paramref name="db"/> is an SQLite file path (not a URL or connection string) with no file there yet.</summary>
    public static bool IsNewSqliteFile(string db) => !db.Contains("://", StringComparison.Ordinal) && !db.Contains('=') && !File.Exists(db) && !Directory.Exists(db);

    /// <summary>Deletes an SQLite store file and its journal files (what a command that created it and then failed leaves).</summary>
    public static void DeleteSqliteFile(string db)
    {
        // SQLite's connection pool may hold the file open after the store is disposed; clear it so the delete is real.
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        foreach (string path in new[] { db, db + "-wal", db + "-shm", db + "-journal" })
        {
            try
            {
                File.Delete(path);
            }
            catch (IOException)
            {
                // Best effort: the original error is what the user needs to see.
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }

    /// <summary>
    /// A collection that exists: only <c>import</c> creates one, so a misspelt name is an error naming the collections
    /// there are, rather than an empty answer (or, for <c>index</c>, a new collection).
    /// </summary>
    /// <exception cref="CliException">The store has no such collection.</exception>
    public static async Task<IFudgeCollection> ExistingCollectionAsync(IFudgeStore store, string name)
    {
        var names = await store.ListCollectionsAsync().ConfigureAwait(false);
        if (!names.Contains(name))
            throw new CliException(names.Count == 0
                ? $"no collection '{name}': the store has no collections yet ('fudge store import' creates them)"
                : $"no collection '{name}' in the store; it has {string.Join(", ", names.Select(n => $"'{n}'"))}");
        return await store.GetCollectionAsync(name).ConfigureAwait(false);
    }
}
