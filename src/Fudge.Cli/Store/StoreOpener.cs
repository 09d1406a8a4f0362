using System;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store;
using Fudge.Store.Sqlite;

namespace Fudge.Cli.Store;

/// <summary>
/// The one place <c>fudge store</c> turns its DB argument into a store: an SQLite file path (or an SQLite connection
/// string). Anything written as a URL (<c>scheme://...</c>) names a server store this build cannot open.
/// </summary>
internal static class StoreOpener
{
    /// <summary>Opens the store; only <paramref name="create"/> lets a missing SQLite file be created.</summary>
    /// <exception cref="IOException">The DB argument names no store that can be opened.</exception>
    /// <exception cref="FudgeStoreException">The database refused to open.</exception>
    public static async Task<IFudgeStore> OpenAsync(string db, bool create)
    {
        int scheme = db.IndexOf("://", StringComparison.Ordinal);
        if (scheme > 0)
            throw new IOException($"'{db}' is a {db.Substring(0, scheme)} URL; this build of fudge opens SQLite store files only");
        if (!create && !db.Contains('=') && !File.Exists(db)) throw new IOException($"no store file '{db}'");
        return await SqliteFudgeStore.OpenAsync(db).ConfigureAwait(false);
    }
}
