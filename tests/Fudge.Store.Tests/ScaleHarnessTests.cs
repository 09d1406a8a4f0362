using System;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store.Scale;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The scale harness (benchmarks/Fudge.Store.Scale) with a missing or failing PostgreSQL: the server is checked before
/// anything runs, and the results of the stores that finished are written whatever happens to the others (issue 47).
/// </summary>
public class ScaleHarnessTests
{
    [Fact]
    public async Task A_PostgreSQL_server_that_does_not_answer_is_found_before_anything_runs()
    {
        string? problem = await ScaleSession.ServerProblemAsync(new[] { "sqlite", "postgres" }, "Host=127.0.0.1;Port=1;Username=u;Password=p;Database=d");

        Assert.NotNull(problem);
        Assert.StartsWith("no PostgreSQL server answers at 127.0.0.1:1 (", problem);
        Assert.EndsWith("): start one with `bash .ci/postgres.sh start`, point FUDGE_POSTGRES at one, or run with --stores sqlite", problem);
        Assert.DoesNotContain("\n", problem);
        Assert.Null(await ScaleSession.ServerProblemAsync(new[] { "sqlite" }, "Host=127.0.0.1;Port=1"));
    }

    [Fact]
    public async Task The_SQLite_results_are_written_when_PostgreSQL_fails_during_the_run()
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-scale-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string results = Path.Combine(folder, "scale.md");
            var options = ScaleOptions.Parse(new[]
            {
                "--documents", "1000", "--checkpoint", "1000", "--stores", "sqlite,postgres", "--kinds", "logs",
                "--repetitions", "1", "--scan-repetitions", "1", "--directory", folder, "--output", results,
            });
            var log = new StringWriter { NewLine = "\n" };

            int exit = await ScaleSession.RunAsync(options, log, TextWriter.Null, async (store, kind) => store == "sqlite"
                ? await SqliteTarget.CreateAsync(folder, kind.Name, keep: false)
                : throw new NpgsqlException("the server closed the connection unexpectedly\nThis probably means the server terminated abnormally"));

            Assert.Equal(1, exit);
            Assert.Contains("fudge scale: postgres, logs: the server closed the connection unexpectedly This probably means the server terminated abnormally\n", log.ToString());
            Assert.DoesNotContain("   at ", log.ToString());
            string markdown = File.ReadAllText(results);
            Assert.Contains("| SQLite | logs | 1,000 |", markdown);
            Assert.Contains("- **Not finished:** postgres, logs: the server closed the connection unexpectedly", markdown);
        }
        finally
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            Directory.Delete(folder, recursive: true);
        }
    }
}
