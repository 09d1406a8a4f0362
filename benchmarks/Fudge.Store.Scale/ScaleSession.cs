using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Npgsql;

namespace Fudge.Store.Scale;

/// <summary>
/// The whole run: every store and kind in turn. A store that fails (its server went away, its disk filled) is reported
/// in one line and not tried again; the others go on, and the results of what finished are written all the same, with
/// what did not finish named in the report: an hour of SQLite results never depends on PostgreSQL.
/// </summary>
internal static class ScaleSession
{
    /// <summary>Runs everything <paramref name="options"/> asks; 0 when all of it finished, 1 when some part failed.</summary>
    /// <param name="options">What to run and where to write the results.</param>
    /// <param name="log">Progress and errors (standard error).</param>
    /// <param name="output">The Markdown results are also written here (standard output).</param>
    /// <param name="open">Opens a fresh target for a store name ("sqlite", "postgres") and a kind.</param>
    public static async Task<int> RunAsync(ScaleOptions options, TextWriter log, TextWriter output, Func<string, DocumentKind, Task<ScaleTarget>> open)
    {
        string loadBefore = Load();
        var clock = Stopwatch.StartNew();
        var run = new ScaleRun(options, log);
        var results = new List<StoreKindResult>();
        var failed = new List<string>();
        var failedStores = new HashSet<string>();
        foreach (string store in options.Stores)
        {
            foreach (var kind in options.Kinds)
            {
                if (failedStores.Contains(store))
                {
                    failed.Add($"{store}, {kind.Name}: not run after the failure above");
                    continue;
                }
                log.WriteLine($"{store}, {kind.Name}: {options.Documents:N0} documents");
                try
                {
                    await using ScaleTarget target = await open(store, kind);
                    results.Add(await run.RunAsync(target, kind));
                }
                catch (Exception e)
                {
                    string line = $"{store}, {kind.Name}: {OneLine(e)}";
                    log.WriteLine("fudge scale: " + line);
                    failed.Add(line);
                    failedStores.Add(store);
                }
            }
        }
        if (results.Count == 0)
        {
            log.WriteLine("fudge scale: nothing finished, so no results were written");
            return 1;
        }
        string markdown = ScaleReport.Markdown(options, results, failed, loadBefore, Load(), clock.Elapsed);
        string? folder = Path.GetDirectoryName(Path.GetFullPath(options.Output));
        if (folder is not null) Directory.CreateDirectory(folder);
        await File.WriteAllTextAsync(options.Output, markdown);
        output.Write(markdown);
        log.WriteLine(failed.Count == 0 ? $"written: {options.Output}" : $"written: {options.Output} (what finished; {failed.Count} part(s) did not)");
        return failed.Count == 0 ? 0 : 1;
    }

    /// <summary>
    /// Checks, before anything runs, that every server the stores need answers: a missing PostgreSQL is found in
    /// seconds, not after the SQLite part. Returns the one-line problem, or null.
    /// </summary>
    public static async Task<string?> ServerProblemAsync(IReadOnlyList<string> stores, string postgresConnectionString)
    {
        if (!stores.Contains("postgres")) return null;
        NpgsqlConnectionStringBuilder builder;
        try
        {
            builder = new NpgsqlConnectionStringBuilder(postgresConnectionString) { Timeout = 5 };
        }
        catch (ArgumentException e)
        {
            return $"FUDGE_POSTGRES is not a PostgreSQL connection string ({OneLine(e)})";
        }
        try
        {
            await using var connection = new NpgsqlConnection(builder.ConnectionString);
            await connection.OpenAsync();
            return null;
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException or InvalidOperationException)
        {
            return $"no PostgreSQL server answers at {builder.Host}:{builder.Port} ({OneLine(e)}): start one with `bash .ci/postgres.sh start`, "
                + "point FUDGE_POSTGRES at one, or run with --stores sqlite";
        }
    }

    /// <summary>An exception as one line: its message (and its inner exception's, when that says more), never a stack trace.</summary>
    public static string OneLine(Exception e)
    {
        string message = e.Message;
        if (e.InnerException is { } inner && !message.Contains(inner.Message, StringComparison.Ordinal)) message += ": " + inner.Message;
        return Regex.Replace(message, @"\s*\n\s*", " ").TrimEnd('.');
    }

    private static string Load() => File.Exists("/proc/loadavg")
        ? string.Join(", ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3))
        : "unknown";
}
