using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// String comparisons keep the filter's code-point order whatever the database's collation: jsonb compares strings by
/// the database's default collation (here ICU's en-US, where <c>"a"</c> sorts before <c>"Z"</c>), while the filter
/// and the server's jsonpath compare code points (<c>"Z"</c> is U+005A, <c>"a"</c> U+0061). The database is
/// <c>fudge_test_icu</c> on the test server, made by <c>bash .ci/postgres.sh start</c>.
/// </summary>
[NeedsPostgres]
public sealed class PostgresCollationTests
{
    private static readonly string[] Strings = { "a", "Z", "z", "A", "é", "É", "e", "ß", "ss", "Zürich", "zulu", "東京", "_x", "-y", "10", "9", "", "😀", "ｚ" };

    private static readonly string[] Filters =
    {
        "$.S > 'Z'", "$.S >= 'a'", "$.S < 'a'", "$.S <= 'Z'", "$.S > 'Z' && $.S < 'zz'", "$.S >= 'A' && $.S < 'B'",
        "$.S > 'e' && $.S <= 'ü'", "$.S < '_'", "$.S > '9'", "$.S == 'Zürich'",
        // Past the basic plane: UTF-16 order would put 😀 (U+1F600, a surrogate pair) below ｚ (U+FF5A), code points above.
        "$.S > 'ｚ'", "$.S < '😀' && $.S > '東京'",
    };

    private static async Task<string> IcuSchemaAsync()
    {
        string connectionString = new NpgsqlConnectionStringBuilder(Postgres.ConnectionString) { Database = "fudge_test_icu" }.ConnectionString;
        string schema = "fudge_test_" + Guid.NewGuid().ToString("N");
        await using (var connection = new NpgsqlConnection(connectionString))
        {
            try
            {
                await connection.OpenAsync();
            }
            catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.InvalidCatalogName)
            {
                throw new InvalidOperationException("The test server has no database fudge_test_icu (a non-C collation): start it with `bash .ci/postgres.sh start`, which makes it.", e);
            }
            await using var check = new NpgsqlCommand("SELECT '\"a\"'::jsonb < '\"Z\"'::jsonb", connection);
            Assert.True((bool)(await check.ExecuteScalarAsync())!, "fudge_test_icu should order \"a\" before \"Z\" (a linguistic collation)");
            await using var create = new NpgsqlCommand($"CREATE SCHEMA {schema}", connection);
            await create.ExecuteNonQueryAsync();
        }
        return new NpgsqlConnectionStringBuilder(connectionString) { SearchPath = schema }.ConnectionString;
    }

    [StoreFact]
    public async Task String_ranges_on_a_declared_index_keep_code_point_order_under_a_linguistic_collation()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await IcuSchemaAsync());
        var jsonbKeyed = (PostgresFudgeCollection)await store.GetCollectionAsync("jsonb_keyed");
        var textKeyed = (PostgresFudgeCollection)await store.GetCollectionAsync("text_keyed");
        var plain = (PostgresFudgeCollection)await store.GetCollectionAsync("plain");
        var bytes = Strings.Select(s => new FudgeEnvelope(new FudgeMsg().Add("S", s)).ToByteArray()).ToList();
        var stringOf = Strings.Select((s, i) => (Convert.ToHexString(bytes[i]), s)).ToDictionary(p => p.Item1, p => p.s);
        foreach (var collection in new[] { jsonbKeyed, textKeyed, plain }) await collection.InsertManyAsync(bytes);
        await jsonbKeyed.CreateIndexAsync("$.S");
        await textKeyed.CreateIndexAsync("$.S", FudgeIndexKind.String);
        await using (var planner = store.Connection.CreateCommand())
        {
            // The index is what would take the wrong rows: make the planner use it on so few rows.
            planner.CommandText = $"ANALYZE {jsonbKeyed.Table}; ANALYZE {textKeyed.Table}; SET enable_seqscan = off";
            await planner.ExecuteNonQueryAsync();
        }
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = Strings.Where((s, i) => filter.Matches(bytes[i])).OrderBy(s => s, StringComparer.Ordinal).ToList();
            foreach (var collection in new[] { jsonbKeyed, textKeyed, plain })
            {
                var found = new List<string>();
                await foreach (var document in collection.FindAsync(new FudgeQuery { Where = filter }))
                    found.Add(stringOf[Convert.ToHexString(document.Envelope)]);
                found.Sort(StringComparer.Ordinal);
                Assert.Equal((text, collection.Name, string.Join("|", expected)), (text, collection.Name, string.Join("|", found)));
                Assert.Equal((text, collection.Name, (long)expected.Count), (text, collection.Name, await collection.CountAsync(filter)));
            }
            // The text key is a column collated "C": its ranges are searched in the index whatever the database's collation.
            Assert.Matches($"Index Scan (using|on) {textKeyed.Table}_ix_", await textKeyed.ExplainAsync(filter));
        }
    }
}
