using System;
using System.IO;
using System.Threading.Tasks;
using Fudge.Store.Scale;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The ingest of issue 43 (two declared indexes, no GIN index) is the scale harness's one command
/// (<c>--stores postgres --kinds ticks --index-mode maintained --no-gin</c>): on a thousand ticks it writes its table.
/// </summary>
[NeedsPostgres]
public sealed class IngestHarnessTests
{
    [StoreFact]
    public async Task The_ingest_without_gin_writes_its_table()
    {
        string results = Path.Combine(Path.GetTempPath(), "fudge-ingest-" + Guid.NewGuid().ToString("N") + ".md");
        try
        {
            var options = ScaleOptions.Parse(new[]
            {
                "--stores", "postgres", "--kinds", "ticks", "--documents", "1000", "--checkpoint", "1000",
                "--index-mode", "maintained", "--no-gin", "--output", results,
            });
            int exit = await ScaleSession.RunAsync(options, TextWriter.Null, TextWriter.Null, async (_, kind) => await PostgresTarget.CreateAsync(kind.Name, keep: false));

            Assert.Equal(0, exit);
            string markdown = File.ReadAllText(results);
            Assert.Contains("PostgreSQL's GIN index dropped before the import", markdown, StringComparison.Ordinal);
            Assert.Contains("| PostgreSQL | ticks | 1,000 |", markdown, StringComparison.Ordinal);
            Assert.Contains("- Load average", markdown, StringComparison.Ordinal);
        }
        finally
        {
            File.Delete(results);
        }
    }

    [Fact]
    public void No_gin_goes_with_the_declared_indexes_maintained()
    {
        Assert.Contains("--index-mode maintained", Assert.Throws<ArgumentException>(() => ScaleOptions.Parse(new[] { "--no-gin" })).Message, StringComparison.Ordinal);
    }
}
