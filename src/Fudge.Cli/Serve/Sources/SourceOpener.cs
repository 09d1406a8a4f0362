using System;
using System.IO;
using System.Threading.Tasks;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// Turns <c>fudge serve</c>'s argument into a source: an <c>amqp://</c> URI is a broker's queue or exchange, a
/// <c>nats://</c> URL a NATS subject or JetStream stream, a
/// <c>postgres://</c> URL or an SQLite file (known by its first 16 bytes) is a store, a folder is its <c>*.fudge</c>
/// files, anything else a file of envelopes (followed as it grows with <c>--follow</c>).
/// </summary>
internal static class SourceOpener
{
    private static ReadOnlySpan<byte> SqliteMagic => "SQLite format 3\0"u8;

    /// <summary>Opens what <paramref name="path"/> names.</summary>
    /// <exception cref="IOException">Nothing is there, or it cannot be read.</exception>
    /// <exception cref="Fudge.Store.FudgeStoreException">A store refused to open.</exception>
    public static async Task<IMessageSource> OpenAsync(string path, string collection, FudgeReaderOptions options, bool follow = false)
    {
        if (path.StartsWith("amqp://", StringComparison.OrdinalIgnoreCase) || path.StartsWith("amqps://", StringComparison.OrdinalIgnoreCase))
            return await AmqpMessageSource.OpenAsync(path, options).ConfigureAwait(false);
        if (path.StartsWith("nats://", StringComparison.OrdinalIgnoreCase) || path.StartsWith("tls://", StringComparison.OrdinalIgnoreCase))
            return await NatsMessageSource.OpenAsync(path, options).ConfigureAwait(false);
        if (follow && !IsPlainFile(path)) throw new IOException($"--follow watches a single file of envelopes; '{path}' is not one");
        if (path.StartsWith("postgres://", StringComparison.OrdinalIgnoreCase) || path.StartsWith("postgresql://", StringComparison.OrdinalIgnoreCase))
            return await StoreMessageSource.OpenAsync(path, collection).ConfigureAwait(false);
        if (Directory.Exists(path)) return FileMessageSource.OpenFolder(path, options);
        if (!File.Exists(path)) throw new IOException($"no file, folder or store '{path}'");
        if (IsSqlite(path)) return await StoreMessageSource.OpenAsync(path, collection).ConfigureAwait(false);
        return FileMessageSource.OpenFile(path, options, follow);
    }

    /// <summary>True when <paramref name="path"/> is a file that is not a store (what <c>--follow</c> can watch).</summary>
    public static bool IsPlainFile(string path)
        => !path.Contains("://", StringComparison.Ordinal) && File.Exists(path) && !IsSqlite(path);

    /// <summary>True when the file starts with SQLite's header (a <c>fudge store</c> file).</summary>
    internal static bool IsSqlite(string path)
    {
        using var handle = File.OpenHandle(path);
        Span<byte> start = stackalloc byte[16];
        return RandomAccess.Read(handle, start, 0) == start.Length && start.SequenceEqual(SqliteMagic);
    }
}
