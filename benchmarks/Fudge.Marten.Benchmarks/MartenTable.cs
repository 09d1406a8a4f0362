using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Fudge.Benchmarks.Reporting;
using Npgsql;

namespace Fudge.Marten.Benchmarks;

/// <summary>
/// The side-by-side table of issue 43 in one run, without BenchmarkDotNet (one load of a million documents is the
/// measurement): the same ticks loaded into Marten (<c>BulkInsertAsync</c>) and into Fudge.Store.PostgreSql
/// (<c>InsertManyAsync</c>) on the same server with the same declared indexes, the bytes each store holds, and the
/// typed queries of <see cref="MartenComparison"/> timed on both, their answers checked equal. Writes Markdown with
/// the machine, its load and the command.
/// </summary>
internal static class MartenTable
{
    public const string Usage = """
        dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --table [options]
          --documents N     ticks loaded into each store (default 1000000; at least 100)
          --repetitions N   timed runs of each query on each store, after one untimed (default 10)
          --output FILE     the Markdown results (default benchmarks/results/marten-side-by-side.md)
          --one-path-indexes  both stores declare Symbol and Price alone (default: the composites (Symbol, Id) and
                            (Price, Id) in both)
          --schema NAME     Marten's schema, Fudge's NAME_fudge, both dropped first (default marten_table: sessions
                            sharing a server each give their own)
        PostgreSQL from FUDGE_POSTGRES, else the server of bash .ci/postgres.sh start.
        """;


    public static async Task<int> RunAsync(IReadOnlyList<string> args)
    {
        int documents = 1_000_000, repetitions = 10;
        string output = Path.Combine("benchmarks", "results", "marten-side-by-side.md");
        string storeSchema = "marten_table";
        bool onePathIndexes = false;
        for (int i = 0; i < args.Count; i++)
        {
            string? value = i + 1 < args.Count ? args[i + 1] : null;
            switch (args[i])
            {
                case "--documents" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out documents) && documents >= 100:
                case "--repetitions" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out repetitions) && repetitions >= 1:
                    i++;
                    break;
                case "--one-path-indexes":
                    onePathIndexes = true;
                    break;
                case "--schema" when value is not null && System.Text.RegularExpressions.Regex.IsMatch(value, "^[a-z_][a-z0-9_]{0,40}$"):
                    storeSchema = value;
                    i++;
                    break;
                case "--output" when value is not null:
                    output = value;
                    i++;
                    break;
                default:
                    Console.Error.WriteLine($"fudge marten table: unexpected or invalid argument '{args[i]}'\n{Usage}");
                    return 2;
            }
        }
        RunInfo.Command = "dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --table " + string.Join(' ', args);
        string loadBefore = LoadAverage();
        var total = Stopwatch.StartNew();
        var ticks = MartenComparison.Ticks(documents);
        MartenComparison both;
        try
        {
            both = await MartenComparison.CreateAsync(MartenBenchmarks.ConnectionString, storeSchema, onePathIndexes);
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException or System.Net.Sockets.SocketException)
        {
            Console.Error.WriteLine($"fudge marten table: no PostgreSQL server answers ({e.Message}): start one with bash .ci/postgres.sh start, or set FUDGE_POSTGRES");
            return 1;
        }
        await using (both)
        {
            Console.Error.WriteLine($"loading {documents:N0} ticks into each store");
            double martenLoad = await SecondsAsync(() => both.MartenInsertAsync(ticks));
            double fudgeLoad = await SecondsAsync(() => both.FudgeInsertAsync(ticks));
            double bareLoad = await SecondsAsync(() => both.FudgeInsertAsync(ticks, withoutGin: true));
            double legsLoad = await SecondsAsync(() => both.FudgeInsertAsync(ticks, withoutGin: true, legsIndex: true));
            await using var side = new NpgsqlConnection(MartenBenchmarks.ConnectionString);
            await side.OpenAsync();
            foreach (string schema in new[] { storeSchema, storeSchema + "_fudge" })
                foreach (string table in await TablesAsync(side, schema))
                    await ExecuteAsync(side, $"VACUUM ANALYZE {schema}.\"{table}\"");
            long martenBytes = await SchemaBytesAsync(side, storeSchema);
            var (fudgeBytes, bareBytes, legsBytes) = await CollectionBytesAsync(side, storeSchema + "_fudge");
            string server = (string)(await ScalarAsync(side, "SHOW server_version"))!;

            var rows = new List<string>
            {
                Row($"ingest of {documents:N0} ticks (s)", martenLoad, fudgeLoad, bareLoad, legsLoad, "F2"),
                Row("ingest (documents/s)", documents / martenLoad, documents / fudgeLoad, documents / bareLoad, documents / legsLoad, "N0"),
                Row("bytes on disk per document (tables, TOAST, indexes)", (double)martenBytes / documents, (double)fudgeBytes / documents, (double)bareBytes / documents, (double)legsBytes / documents, "F1"),
            };
            var queries = new (string Name, Func<Task<object>> Marten, Func<bool, bool, Task<object>> Fudge)[]
            {
                ($"equality on an indexed member (Symbol == \"{MartenComparison.EqualitySymbol}\")", async () => await both.MartenEqualityAsync(), async (bare, legs) => await both.FudgeEqualityAsync(bare, legs)),
                ($"range ({MartenComparison.RangeLow} <= Price < {MartenComparison.RangeHigh})", async () => await both.MartenRangeAsync(), async (bare, legs) => await both.FudgeRangeAsync(bare, legs)),
                ($"nested member (Trade.Size > {MartenComparison.NestedSize})", async () => await both.MartenNestedAsync(), async (bare, legs) => await both.FudgeNestedAsync(bare, legs)),
                ($"collection Any (Legs.Any(Venue == \"{MartenComparison.AnyVenue}\"))", async () => await both.MartenAnyAsync(), async (bare, legs) => await both.FudgeAnyAsync(bare, legs)),
                ("projection of the range (Id, Symbol, Price)", async () => await both.MartenProjectionAsync(), async (bare, legs) => await both.FudgeProjectionAsync(bare, legs)),
                ($"count (Symbol == \"{MartenComparison.CountSymbol}\")", async () => await both.MartenCountAsync(), async (bare, legs) => await both.FudgeCountAsync(bare, legs)),
            };
            var differences = new List<string>();
            foreach (var (name, marten, fudge) in queries)
            {
                Console.Error.WriteLine($"timing: {name}");
                var (martenMs, martenAnswer) = await MedianMsAsync(marten, repetitions);
                var (fudgeMs, fudgeAnswer) = await MedianMsAsync(() => fudge(false, false), repetitions);
                var (bareMs, bareAnswer) = await MedianMsAsync(() => fudge(true, false), repetitions);
                var (legsMs, legsAnswer) = await MedianMsAsync(() => fudge(true, true), repetitions);
                if (!SameAnswer(martenAnswer, fudgeAnswer) || !SameAnswer(martenAnswer, bareAnswer) || !SameAnswer(martenAnswer, legsAnswer)) differences.Add(name);
                rows.Add(Row($"{name}, median of {repetitions} (ms); {Size(fudgeAnswer)}", martenMs, fudgeMs, bareMs, legsMs, "F2"));
            }

            var text = new StringBuilder(RunInfo.MarkdownHeader($"Marten and Fudge.Store.PostgreSql side by side: {documents:N0} ticks"));
            text.Append(CultureInfo.InvariantCulture, $"- Load average (1, 5, 15 min) at start: {loadBefore}; at end: {LoadAverage()}\n");
            text.Append(CultureInfo.InvariantCulture, $"- PostgreSQL {server}; Marten {typeof(global::Marten.DocumentStore).Assembly.GetName().Version}; Npgsql {typeof(NpgsqlConnection).Assembly.GetName().Version}\n");
            text.Append(CultureInfo.InvariantCulture, $"- Whole run: {total.Elapsed.TotalMinutes:F1} min\n");
            text.Append(differences.Count == 0 ? "- Answers: identical for every query\n" : $"- **Answers differ:** {string.Join("; ", differences)}\n");
            text.Append(onePathIndexes
                ? "- Declared indexes, both stores: Symbol and Price alone (--one-path-indexes)\n"
                : "- Declared indexes, both stores: the composites (Symbol, Id) and (Price, Id)\n");
            text.Append("""

                Method: both stores start empty in their own schemas with the same declared indexes (by default the composites
                (Symbol, Id) and (Price, Id), the key the queries filter on and the Id they read and sort by: Marten's
                multi-column computed indexes, beside its primary key id; Fudge's B-tree indexes on typed key columns). Fudge is measured twice, in two collections of its
                store: with its GIN index on the whole jsonb (the store's default, which serves equality on every path), and
                without it (PostgresFudgeStore.SetWholeDocumentIndexAsync off: the declared indexes only, as Marten has). The
                same ticks (MartenComparison.Ticks, seeded) are loaded with Marten's BulkInsertAsync and Fudge's
                InsertManyAsync, each timed alone, then every table gets VACUUM ANALYZE. Bytes: the tables with their TOAST
                and indexes (pg_total_relation_size), per document. Each query runs once untimed, then is timed; the median is
                shown, and the answers of the stores are compared. The last two columns are not an equal-indexes comparison:
                a third Fudge collection without the GIN index, with Symbol and Price and a declared index on the legs'
                venues (CreateIndexAsync((MTick t) => t.Legs.Select(l => l.Venue)): a stored generated jsonb array column of
                the venues with a GIN index, which the collection Any searches), which Marten cannot declare (its computed
                indexes are on one value a document, and its Any is a containment on the whole Legs array).

                | measure | Marten | Fudge | Fudge / Marten | Fudge, no GIN | no GIN / Marten | Fudge, no GIN, Legs index | Legs index / Marten |
                |---|---:|---:|---:|---:|---:|---:|---:|

                """);
            foreach (string row in rows) text.Append(row).Append('\n');
            string markdown = text.ToString();
            string? directory = Path.GetDirectoryName(output);
            if (!string.IsNullOrEmpty(directory)) Directory.CreateDirectory(directory);
            await File.WriteAllTextAsync(output, markdown);
            Console.Out.Write(markdown);
            return differences.Count == 0 ? 0 : 1;
        }
    }

    private static string Row(string measure, double marten, double fudge, double bare, double legs, string format)
    {
        string Ratio(double value) => marten == 0 ? "" : (value / marten).ToString("F2", CultureInfo.InvariantCulture) + "x";
        string Value(double value) => value.ToString(format, CultureInfo.InvariantCulture);
        return $"| {measure} | {Value(marten)} | {Value(fudge)} | {Ratio(fudge)} | {Value(bare)} | {Ratio(bare)} | {Value(legs)} | {Ratio(legs)} |";
    }

    private static async Task<double> SecondsAsync(Func<Task> action)
    {
        var clock = Stopwatch.StartNew();
        await action();
        return clock.Elapsed.TotalSeconds;
    }

    private static async Task<(double Ms, object Answer)> MedianMsAsync(Func<Task<object>> query, int repetitions)
    {
        object answer = await query();
        var times = new double[repetitions];
        for (int i = 0; i < repetitions; i++)
        {
            var clock = Stopwatch.StartNew();
            await query();
            times[i] = clock.Elapsed.TotalMilliseconds;
        }
        Array.Sort(times);
        return (times[repetitions / 2], answer);
    }

    private static bool SameAnswer(object a, object b) => (a, b) switch
    {
        (System.Collections.IEnumerable x, System.Collections.IEnumerable y) => x.Cast<object>().SequenceEqual(y.Cast<object>()),
        _ => Equals(a, b),
    };

    private static string Size(object answer) => answer is System.Collections.ICollection rows ? $"{rows.Count:N0} rows" : $"= {answer}";

    private static string LoadAverage() => File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "unknown";

    private static async Task<List<string>> TablesAsync(NpgsqlConnection connection, string schema)
    {
        await using var command = new NpgsqlCommand("SELECT tablename FROM pg_tables WHERE schemaname = @schema", connection);
        command.Parameters.AddWithValue("schema", schema);
        var tables = new List<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync()) tables.Add(reader.GetString(0));
        return tables;
    }

    /// <summary>The bytes of the Fudge collections' tables with their TOAST and indexes: with the GIN index, without, and with the legs' index.</summary>
    private static async Task<(long Gin, long Bare, long Legs)> CollectionBytesAsync(NpgsqlConnection connection, string schema)
    {
        await using var command = new NpgsqlCommand(
            "SELECT name, pg_total_relation_size(format('%I.%I', @schema, 'fudge_docs_' || id)::regclass) FROM " + schema + ".fudge_collections",
            connection);
        command.Parameters.AddWithValue("schema", schema);
        long gin = 0, bare = 0, legs = 0;
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            switch (reader.GetString(0))
            {
                case "ticks": gin = reader.GetInt64(1); break;
                case "ticks_legs": legs = reader.GetInt64(1); break;
                default: bare = reader.GetInt64(1); break;
            }
        }
        return (gin, bare, legs);
    }

    private static async Task<long> SchemaBytesAsync(NpgsqlConnection connection, string schema)
    {
        await using var command = new NpgsqlCommand(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = @schema AND c.relkind = 'r'",
            connection);
        command.Parameters.AddWithValue("schema", schema);
        return (long)(await command.ExecuteScalarAsync())!;
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
