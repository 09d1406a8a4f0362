using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Fudge.Benchmarks.Reporting;
using Fudge.Serialization;
using Npgsql;

namespace Fudge.Marten.Benchmarks;

/// <summary>
/// Ingest alone, Marten's <c>BulkInsertAsync</c> and Fudge's <c>InsertManyAsync</c> (the collection without its GIN
/// index: the same declared indexes as Marten's) loaded alternately into emptied tables, several rounds, each timed
/// with the CPU it took: the client's (this process) and the server's (the backends of each store's sessions, told
/// apart by their application names, read from <c>/proc</c> when the server runs on this machine). Unlike
/// <see cref="MartenTable"/>, both stores are warmed up first (one untimed round), so neither pays the JIT or its
/// first statements in the figures. Writes Markdown with the machine, its load and the command.
/// </summary>
internal static class MartenIngest
{
    public const string Usage = """
        dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --ingest [options]
          --documents N     ticks loaded into each store per round (default 100000; at least 100)
          --rounds N        timed rounds, Marten and Fudge alternately, after one untimed (default 5)
          --schema NAME     Marten's schema, Fudge's NAME_fudge, both dropped first (default marten_ingest)
          --output FILE     the Markdown results (default: standard output only)
        PostgreSQL from FUDGE_POSTGRES, else the server of bash .ci/postgres.sh start.
        """;

    private const string MartenApplication = "fudge_ingest_marten", FudgeApplication = "fudge_ingest_fudge";

    public static async Task<int> RunAsync(IReadOnlyList<string> args)
    {
        int documents = 100_000, rounds = 5;
        string schema = "marten_ingest";
        string? output = null;
        for (int i = 0; i < args.Count; i++)
        {
            string? value = i + 1 < args.Count ? args[i + 1] : null;
            switch (args[i])
            {
                case "--documents" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out documents) && documents >= 100:
                case "--rounds" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out rounds) && rounds >= 1:
                    i++;
                    break;
                case "--schema" when value is not null && System.Text.RegularExpressions.Regex.IsMatch(value, "^[a-z_][a-z0-9_]{0,40}$"):
                    schema = value;
                    i++;
                    break;
                case "--output" when value is not null:
                    output = value;
                    i++;
                    break;
                default:
                    Console.Error.WriteLine($"fudge marten ingest: unexpected or invalid argument '{args[i]}'\n{Usage}");
                    return 2;
            }
        }
        RunInfo.Command = "dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --ingest " + string.Join(' ', args);
        string loadBefore = File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "unknown";
        var ticks = MartenComparison.Ticks(documents);
        string martenConnection = new NpgsqlConnectionStringBuilder(MartenBenchmarks.ConnectionString) { ApplicationName = MartenApplication }.ConnectionString;
        string fudgeConnection = new NpgsqlConnectionStringBuilder(MartenBenchmarks.ConnectionString) { ApplicationName = FudgeApplication }.ConnectionString;
        MartenComparison both;
        try
        {
            both = await MartenComparison.CreateAsync(martenConnection, schema, fudgeConnectionString: fudgeConnection);
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException or System.Net.Sockets.SocketException)
        {
            Console.Error.WriteLine($"fudge marten ingest: no PostgreSQL server answers ({e.Message}): start one with bash .ci/postgres.sh start, or set FUDGE_POSTGRES");
            return 1;
        }
        await using (both)
        {
            await using var side = new NpgsqlConnection(MartenBenchmarks.ConnectionString);
            await side.OpenAsync();
            string martenTable = $"{schema}.mt_doc_mtick";
            string fudgeTable = $"{schema}_fudge.fudge_docs_" + (long)(await ScalarAsync(side, $"SELECT id FROM {schema}_fudge.fudge_collections WHERE name = 'ticks_nogin'"))!;
            var measured = new List<(string Store, Load Load)>();
            for (int round = 0; round <= rounds; round++)
            {
                // Alternately first and second, so neither always follows the other's checkpoint or autovacuum.
                bool martenFirst = round % 2 == 0;
                for (int turn = 0; turn < 2; turn++)
                {
                    bool marten = martenFirst == (turn == 0);
                    await ExecuteAsync(side, $"TRUNCATE {(marten ? martenTable : fudgeTable)}");
                    Console.Error.WriteLine($"round {round}: {(marten ? "Marten" : "Fudge")}");
                    var load = await MeasureAsync(side, marten ? MartenApplication : FudgeApplication,
                        () => marten ? both.MartenInsertAsync(ticks) : both.FudgeInsertAsync(ticks, withoutGin: true));
                    if (round > 0) measured.Add((marten ? "Marten" : "Fudge", load));
                }
            }
            // The client's serialization alone, per document (the rest of its CPU is the store's own work).
            var clock = Stopwatch.StartNew();
            long bytes = 0;
            foreach (var tick in ticks) bytes += FudgeSerializer.Serialize(tick).Length;
            double fudgeSerialize = clock.Elapsed.TotalMilliseconds * 1000 / documents;
            var serializer = both.Marten.Options.Serializer();
            clock.Restart();
            long text = 0;
            foreach (var tick in ticks) text += serializer.ToJson(tick).Length;
            double martenSerialize = clock.Elapsed.TotalMilliseconds * 1000 / documents;

            var markdown = new StringBuilder(RunInfo.MarkdownHeader($"Marten and Fudge.Store.PostgreSql ingest: {documents:N0} ticks, {rounds} rounds"));
            markdown.Append(CultureInfo.InvariantCulture, $"- Load average (1, 5, 15 min) at start: {loadBefore}; at end: {(File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "unknown")}\n");
            markdown.Append(CultureInfo.InvariantCulture, $"- Serialization alone, per document: Fudge {fudgeSerialize:F2} µs ({(double)bytes / documents:F1} bytes), Marten {martenSerialize:F2} µs ({(double)text / documents:F1} characters)\n\n");
            markdown.Append("""
                Method: Marten's BulkInsertAsync and Fudge's InsertManyAsync into its collection without the GIN index, the
                same declared indexes (the composites (Symbol, Id) and (Price, Id)), each table emptied (TRUNCATE) before
                each load, alternately first, after one untimed round of each. Client CPU: this process's, over the load.
                Server CPU: the backends of the store's sessions (application names apart), from /proc (empty when the
                server is elsewhere). Medians of the rounds last.

                | round | store | s | documents/s | client CPU (µs/document) | server CPU (µs/document) |
                |---:|---|---:|---:|---:|---:|

                """);
            for (int i = 0; i < measured.Count; i++)
                markdown.Append(Row((i / 2 + 1).ToString(CultureInfo.InvariantCulture), measured[i].Store, measured[i].Load, documents));
            foreach (string store in new[] { "Marten", "Fudge" })
            {
                var loads = measured.Where(m => m.Store == store).Select(m => m.Load).ToList();
                var median = new Load(Median(loads.Select(l => l.Seconds)), Median(loads.Select(l => l.ClientSeconds)), loads.Any(l => l.ServerSeconds is null) ? null : Median(loads.Select(l => l.ServerSeconds!.Value)));
                markdown.Append(Row("median", store, median, documents));
            }
            var seconds = measured.GroupBy(m => m.Store).ToDictionary(g => g.Key, g => Median(g.Select(m => m.Load.Seconds)));
            markdown.Append(CultureInfo.InvariantCulture, $"\nFudge / Marten, median time: {seconds["Fudge"] / seconds["Marten"]:F2}x\n");
            if (output is not null)
            {
                string? directory = Path.GetDirectoryName(output);
                if (!string.IsNullOrEmpty(directory)) Directory.CreateDirectory(directory);
                await File.WriteAllTextAsync(output, markdown.ToString());
            }
            Console.Out.Write(markdown);
            return 0;
        }
    }

    /// <summary>One load: its wall time, this process's CPU, and the CPU of the store's backends (null when unreadable).</summary>
    private readonly record struct Load(double Seconds, double ClientSeconds, double? ServerSeconds);

    private static string Row(string round, string store, Load load, int documents)
    {
        string server = load.ServerSeconds is double s ? (s * 1e6 / documents).ToString("F2", CultureInfo.InvariantCulture) : "";
        return string.Create(CultureInfo.InvariantCulture,
            $"| {round} | {store} | {load.Seconds:F2} | {documents / load.Seconds:N0} | {load.ClientSeconds * 1e6 / documents:F2} | {server} |\n");
    }

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.OrderBy(v => v).ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static async Task<Load> MeasureAsync(NpgsqlConnection side, string application, Func<Task> load)
    {
        var before = await BackendSecondsAsync(side, application);
        var process = Process.GetCurrentProcess();
        var cpu = process.TotalProcessorTime;
        var clock = Stopwatch.StartNew();
        await load();
        double seconds = clock.Elapsed.TotalSeconds;
        process.Refresh();
        double client = (process.TotalProcessorTime - cpu).TotalSeconds;
        var after = await BackendSecondsAsync(side, application);
        double? server = null;
        if (before is not null && after is not null)
            server = after.Sum(b => b.Value - (before.TryGetValue(b.Key, out double earlier) ? earlier : 0));
        return new Load(seconds, client, server);
    }

    /// <summary>The CPU seconds of each backend of <paramref name="application"/>'s sessions, or null when /proc does not show them.</summary>
    private static async Task<Dictionary<int, double>?> BackendSecondsAsync(NpgsqlConnection side, string application)
    {
        await using var command = new NpgsqlCommand("SELECT pid FROM pg_stat_activity WHERE application_name = @application", side);
        command.Parameters.AddWithValue("application", application);
        var pids = new List<int>();
        await using (var reader = await command.ExecuteReaderAsync())
            while (await reader.ReadAsync()) pids.Add(reader.GetInt32(0));
        var seconds = new Dictionary<int, double>();
        foreach (int pid in pids)
        {
            string stat;
            try
            {
                stat = await File.ReadAllTextAsync($"/proc/{pid}/stat");
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                return null;
            }
            // After the command name in parentheses: state is field 3, utime and stime fields 14 and 15 (clock ticks).
            var fields = stat.Substring(stat.LastIndexOf(')') + 2).Split(' ');
            seconds[pid] = (long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture)) / 100.0; // USER_HZ, 100 on Linux
        }
        return seconds;
    }

    private static async Task ExecuteAsync(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection) { CommandTimeout = 0 };
        await command.ExecuteNonQueryAsync();
    }

    private static async Task<object?> ScalarAsync(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        return await command.ExecuteScalarAsync();
    }
}
