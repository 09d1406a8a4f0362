using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Fudge.Store.Scale;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Issue 43's ingest run (<c>--index-mode maintained --no-gin</c>): the ticks declare their two indexes through the
/// typed API, on the tape's own field names, and the report counts the B-tree indexes' bytes, not only the GIN index's.
/// </summary>
public class ScaleDeclaredIndexTests
{
    [Fact]
    public void The_ticks_declare_their_indexes_through_typed_members_on_the_tapes_names()
        => Assert.Equal(new[] { "$.ticker", "$.seq" }, DocumentKind.Ticks.IndexedPaths);
}

/// <summary>The same run against the PostgreSQL server.</summary>
[NeedsPostgres]
public class PostgresScaleDeclaredIndexTests
{
    [StoreFact]
    public async Task An_ingest_without_GIN_keeps_and_measures_the_two_declared_indexes()
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-scale-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string results = Path.Combine(folder, "scale.md");
            var options = ScaleOptions.Parse(new[]
            {
                "--documents", "2000", "--checkpoint", "2000", "--stores", "postgres", "--kinds", "ticks", "--batch", "1000",
                "--index-mode", "maintained", "--no-gin", "--import-only", "--output", results,
            });

            int exit = await ScaleSession.RunAsync(options, TextWriter.Null, TextWriter.Null, async (_, kind) => await PostgresTarget.CreateAsync(kind.Name, keep: false));

            Assert.Equal(0, exit);
            string markdown = File.ReadAllText(results);
            Assert.Contains("declared indexes (PostgreSQL: B-tree indexes, on typed key columns for typed members; SQLite: indexes on the path function): ticks $.ticker, $.seq", markdown);
            // | store | kind | documents | without index | with index | of which index | MB |
            var row = Regex.Match(markdown, @"\| PostgreSQL \| ticks \| 2,000 \| ([0-9.]+) \| ([0-9.]+) \| ([0-9.]+) \|");
            Assert.True(row.Success, markdown);
            double index = double.Parse(row.Groups[3].Value, CultureInfo.InvariantCulture);
            Assert.InRange(index, 10, 200); // two B-trees of a short string and an integer key each, per document
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
