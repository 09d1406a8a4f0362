using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary><c>fudge store</c> on an SQLite file: the Fudge authors' query example on samples/logs.fudge.</summary>
public class StoreCommandTests
{
    private const string Example = "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']";

    [Fact]
    public void Import_index_count_and_query_work_through_the_sample_log_stream()
    {
        using var db = new StoreFile();

        var imported = FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));
        var indexed = FudgeTool.Run("store", "index", db.Path, "$.System.Hostname");
        var all = FudgeTool.Run("store", "count", db.Path);
        var node5 = FudgeTool.Run("store", "count", db.Path, "--where", "$.System.Hostname == 'node-5'");
        var example = FudgeTool.Run("store", "count", db.Path, "-w", Example);

        Assert.Equal("imported 24 documents into 'documents'\n", imported.Stdout);
        Assert.Equal("indexed $.System.Hostname in 'documents'\n", indexed.Stdout);
        Assert.Equal("24\n", all.Stdout);
        Assert.Equal("8\n", node5.Stdout);
        Assert.Equal("1\n", example.Stdout);
    }

    [Fact]
    public void Several_paths_declare_a_composite_index_and_unique_refuses_shared_keys()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));

        var composite = FudgeTool.Run("store", "index", db.Path, "$.System.Hostname", "$.Log.Type");
        var unique = FudgeTool.Run("store", "index", db.Path, "$.System.Hostname", "--unique");
        var dropped = FudgeTool.Run("store", "index", db.Path, "$.System.Hostname", "$.Log.Type", "--drop");
        var example = FudgeTool.Run("store", "count", db.Path, "-w", Example);

        Assert.Equal("indexed $.System.Hostname, $.Log.Type in 'documents'\n", composite.Stdout);
        Assert.NotEqual(0, unique.ExitCode);
        Assert.Contains("Cannot declare the index unique $.System.Hostname: documents already share the key \"node-", unique.Stderr);
        Assert.Equal("dropped the index on $.System.Hostname, $.Log.Type\n", dropped.Stdout);
        Assert.Equal("1\n", example.Stdout);
    }

    [Fact]
    public void Progress_asked_for_leaves_standard_output_as_it_was()
    {
        using var db = new StoreFile();

        var imported = FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"), "--progress");

        Assert.Equal("imported 24 documents into 'documents'\n", imported.Stdout);
        Assert.Equal("", imported.Stderr); // a run under a second draws no progress
    }

    [Fact]
    public void Query_writes_the_stored_envelopes_byte_for_byte_as_filter_does()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));

        var stored = FudgeTool.Run("store", "query", db.Path, "-w", "$.System.Hostname == 'node-5'");
        var filtered = FudgeTool.Run("filter", "-w", "$.System.Hostname == 'node-5'", RepoFiles.Sample("logs.fudge"));

        Assert.Equal(0, stored.ExitCode);
        Assert.Equal(filtered.StdoutBytes, stored.StdoutBytes);
    }

    [Fact]
    public void Query_writes_json_lines_with_order_and_limit()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));

        var result = FudgeTool.Run("store", "query", db.Path, "--json", "--order-by", "$.Log.Seq", "--descending", "--limit", "2");

        var lines = result.Stdout.Split('\n', System.StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(2, lines.Length);
        Assert.All(lines, line => Assert.StartsWith("{", line));
        Assert.Contains("\"Seq\":24", lines[0]);
        Assert.Contains("\"Seq\":23", lines[1]);
    }

    [Fact]
    public void A_corrupt_stream_imports_nothing()
    {
        using var db = new StoreFile();
        byte[] logs = File.ReadAllBytes(RepoFiles.Sample("logs.fudge"));
        using var broken = new RepoFiles.TempFile(logs.Take(logs.Length - 5).ToArray());

        var result = FudgeTool.Run("store", "import", db.Path, broken.Path);

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("fudge: Invalid Fudge data", result.Stderr);
        Assert.False(File.Exists(db.Path), "the failed import into a new file left a store behind"); // nothing stored, nothing created
    }

    [Theory]
    [InlineData("count")]
    [InlineData("query")]
    public void A_missing_store_file_is_an_error_and_is_not_created(string verb)
    {
        string missing = Path.Combine(Path.GetTempPath(), "fudge-no-such-store.db");

        var result = FudgeTool.Run("store", verb, missing);

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"fudge: no store file '{missing}'\n", result.Stderr);
        Assert.False(File.Exists(missing));
    }

    [Fact]
    public void Bad_filters_urls_and_files_are_one_line_errors()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));
        using var notADatabase = new RepoFiles.TempFile(System.Text.Encoding.ASCII.GetBytes(new string('x', 200)));

        var badFilter = FudgeTool.Run("store", "count", db.Path, "-w", "$.x ==");
        var url = FudgeTool.Run("store", "count", "mongodb://127.0.0.1/logs");
        var garbage = FudgeTool.Run("store", "count", notADatabase.Path);

        Assert.StartsWith("fudge: Invalid query at line 1, column 7", badFilter.Stderr);
        Assert.Equal("fudge: 'mongodb://127.0.0.1/logs' is a mongodb URL; fudge opens SQLite store files and postgres:// URLs\n", url.Stderr);
        Assert.StartsWith("fudge: ", garbage.Stderr);
        Assert.DoesNotContain("internal error", garbage.Stderr);
        Assert.All(new[] { badFilter, url, garbage }, r => Assert.Equal(1, r.ExitCode));
    }

    [Fact]
    public void Import_with_indexes_built_after_keeps_the_store_s_indexes_and_their_answers()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));
        FudgeTool.Run("store", "index", db.Path, "$.System.Hostname");

        var imported = FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"), "--build-indexes-after");
        var example = FudgeTool.Run("store", "count", db.Path, "-w", Example);

        Assert.Equal("imported 24 documents into 'documents'\n", imported.Stdout);
        Assert.Equal("2\n", example.Stdout);
        Assert.Equal(1L, IndexCount(db.Path));
    }

    [Fact]
    public void Import_with_indexes_built_after_of_a_corrupt_stream_imports_nothing_and_keeps_the_index()
    {
        using var db = new StoreFile();
        FudgeTool.Run("store", "import", db.Path, RepoFiles.Sample("logs.fudge"));
        FudgeTool.Run("store", "index", db.Path, "$.System.Hostname");
        byte[] logs = File.ReadAllBytes(RepoFiles.Sample("logs.fudge"));
        using var broken = new RepoFiles.TempFile(logs.Take(logs.Length - 5).ToArray());

        var result = FudgeTool.Run("store", "import", db.Path, broken.Path, "--build-indexes-after");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("24\n", FudgeTool.Run("store", "count", db.Path).Stdout);
        Assert.Equal(1L, IndexCount(db.Path));
    }

    /// <summary>The store's expression indexes on the collection's table (docs/store.md, "Layout": fudge_docs_ID_ix_N).</summary>
    private static long IndexCount(string file)
    {
        using var connection = new Microsoft.Data.Sqlite.SqliteConnection($"Data Source={file};Pooling=False");
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'fudge_docs_%_ix_%'";
        return (long)command.ExecuteScalar()!;
    }

    /// <summary>A store file path in the temporary folder, deleted afterwards.</summary>
    private sealed class StoreFile : System.IDisposable
    {
        public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "fudge-cli-store-" + System.Guid.NewGuid().ToString("N") + ".db");

        public void Dispose()
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            File.Delete(Path);
        }
    }
}

/// <summary><c>fudge store</c> with a <c>postgres://</c> URL, against the local server of <c>bash .ci/postgres.sh start</c>.</summary>
public class PostgresStoreCommandTests
{
    [PostgresFact]
    public void Import_and_count_work_on_a_postgres_url()
    {
        string collection = "cli-" + System.Guid.NewGuid().ToString("N");

        var imported = FudgeTool.Run("store", "import", PostgresFactAttribute.Url, RepoFiles.Sample("logs.fudge"), "-c", collection);
        var indexed = FudgeTool.Run("store", "index", PostgresFactAttribute.Url, "$.System.Hostname", "-c", collection);
        var example = FudgeTool.Run("store", "count", PostgresFactAttribute.Url, "-c", collection, "-w", "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']");
        var stored = FudgeTool.Run("store", "query", PostgresFactAttribute.Url, "-c", collection, "-w", "$.System.Hostname == 'node-5'");
        var filtered = FudgeTool.Run("filter", "-w", "$.System.Hostname == 'node-5'", RepoFiles.Sample("logs.fudge"));

        Assert.Equal($"imported 24 documents into '{collection}'\n", imported.Stdout);
        Assert.Equal(0, indexed.ExitCode);
        Assert.Equal("1\n", example.Stdout);
        Assert.Equal(filtered.StdoutBytes, stored.StdoutBytes);
    }

    [PostgresFact]
    public void Import_with_indexes_built_after_adds_to_an_indexed_collection_and_leaves_the_index()
    {
        string collection = "cli-" + System.Guid.NewGuid().ToString("N");
        FudgeTool.Run("store", "import", PostgresFactAttribute.Url, RepoFiles.Sample("logs.fudge"), "-c", collection);

        var imported = FudgeTool.Run("store", "import", PostgresFactAttribute.Url, RepoFiles.Sample("logs.fudge"), "-c", collection, "--build-indexes-after");
        var example = FudgeTool.Run("store", "count", PostgresFactAttribute.Url, "-c", collection, "-w", "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']");

        Assert.Equal($"imported 24 documents into '{collection}'\n", imported.Stdout);
        Assert.Equal("2\n", example.Stdout);
        Assert.True(GinIndexExists(collection));
    }

    /// <summary>Whether the collection's GIN index (docs/store.md, "Layout": fudge_docs_ID_gin) is in the catalog.</summary>
    private static bool GinIndexExists(string collection)
    {
        var url = new System.Uri(PostgresFactAttribute.Url);
        string[] user = url.UserInfo.Split(':');
        using var connection = new Npgsql.NpgsqlConnection($"Host={url.Host};Port={url.Port};Username={user[0]};Password={user[1]};Database={url.AbsolutePath.TrimStart('/')}");
        connection.Open();
        using var command = new Npgsql.NpgsqlCommand("SELECT to_regclass('fudge_docs_' || id || '_gin') IS NOT NULL FROM fudge_collections WHERE name = @name", connection);
        command.Parameters.AddWithValue("name", collection);
        return (bool)command.ExecuteScalar()!;
    }

    [Fact]
    public void A_postgres_url_without_a_database_is_a_clear_error()
    {
        var result = FudgeTool.Run("store", "count", "postgres://user@127.0.0.1:5432");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("fudge: 'postgres://user@127.0.0.1:5432' is not a postgres://user:password@host[:port]/database URL.\n", result.Stderr);
    }
}

/// <summary>
/// A test that needs the local PostgreSQL server: always run in CI (so a server that did not start fails the build),
/// skipped elsewhere with the command that starts one when nothing listens on 127.0.0.1:5432.
/// </summary>
[System.AttributeUsage(System.AttributeTargets.Method)]
[Xunit.Sdk.XunitTestCaseDiscoverer("Fudge.Tests.Support.SkipNoticeFactDiscoverer", "Fudge.Cli.Tests")]
public sealed class PostgresFactAttribute : FactAttribute
{
    /// <summary>The CI database, or FUDGE_POSTGRES_URL (a postgres:// URL on the same server) to keep a developer's runs in a database of their own.</summary>
    public static readonly string Url = System.Environment.GetEnvironmentVariable("FUDGE_POSTGRES_URL") ?? "postgres://fudge:fudge@127.0.0.1:5432/fudge_test";

    private static readonly System.Lazy<string?> Unavailable = new(() =>
    {
        if (!string.IsNullOrEmpty(System.Environment.GetEnvironmentVariable("CI"))) return null;
        try
        {
            using var client = new System.Net.Sockets.TcpClient();
            if (client.ConnectAsync("127.0.0.1", 5432).Wait(System.TimeSpan.FromSeconds(2)) && client.Connected) return null;
        }
        catch (System.Exception e) when (e is System.Net.Sockets.SocketException or System.AggregateException)
        {
        }
        return "SKIPPED: no PostgreSQL server on 127.0.0.1:5432; start one with `bash .ci/postgres.sh start` (CI never skips these tests)";
    });

    public PostgresFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}
