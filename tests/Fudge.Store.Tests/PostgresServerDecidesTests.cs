using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Issue 43's side-by-side queries on PostgreSQL: a filter whose jsonpath is exact (string equality on names) is
/// counted, windowed and projected by the server with no document read back; ranges search the index between their
/// bounds; the key function is inlined (no SQL function call per row), and a store made with the older body is
/// brought to the new one when it opens, its indexes still used. Answers never change.
/// </summary>
public sealed class ExactJsonPathTests
{
    [Theory]
    [InlineData("$.Symbol == 'AAPL'", true)]
    [InlineData("$.Symbol == '東京' && $.Main.Venue == 'Zürich'", true)]
    [InlineData("$.Symbol in ['AAPL', 'MSFT'] || $.Side == 'BUY'", true)]
    [InlineData("$.Symbol == 'min'", false)]          // a FudgeDate's MinValue is the JSON string "min"
    [InlineData("$.Symbol == 'NaN'", false)]          // a NaN double is the JSON string "NaN"
    [InlineData("$.Symbol == '2026-01-02'", false)]   // a date is its ISO text
    [InlineData("$.Symbol == 'A B'", false)]
    [InlineData("$.Symbol == ''", false)]
    [InlineData("$.Symbol == 'x\uFFFD'", false)]      // U+0000 is stored as U+FFFD
    [InlineData("$.Symbol == '𝄞'", false)]            // CESU-8 on the wire (Fudge-Java), decoded in the jsonb
    [InlineData("$.Qty == 5", false)]                 // a primitive array is a JSON array the lax path unwraps
    [InlineData("$.Symbol != 'AAPL'", false)]
    [InlineData("!($.Symbol == 'AAPL')", false)]
    [InlineData("$.Legs.#.Venue == 'BATS'", false)]   // the anonymous key "" is also a field named ""
    [InlineData("$..Symbol == 'AAPL'", false)]
    [InlineData("$.#3 == 'AAPL'", false)]
    [InlineData("$.Symbol == 'AAPL' && $.Qty > 1", false)]
    public void Only_string_equality_on_names_is_exact(string filter, bool exact)
        => Assert.Equal(exact, JsonPathTranslation.IsExact(FudgeFilter.Compile(filter)));
}

[NeedsPostgres]
public sealed class PostgresServerDecidesTests
{
    [StoreFact]
    public async Task An_exact_filter_is_counted_windowed_and_projected_by_the_server()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(43, 400);
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
        await NoSeqScanAsync(store, trades);
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();

        var count = trades.Query<QueryableTrade>().Where(t => t.Symbol == "東京");
        var countPlan = Plan(count);
        countPlan.Terminal = FudgeQueryTerminal.Count;
        Assert.StartsWith("SELECT count(*) FROM (SELECT id FROM", trades.Statement(countPlan).Sql, StringComparison.Ordinal);
        Assert.DoesNotContain("ORDER BY", trades.Statement(countPlan).Sql, StringComparison.Ordinal);
        Assert.Matches($"Index Scan (using|on) {trades.Table}_ix_", await trades.ExplainAsync(countPlan));
        Assert.Equal(all.Count(t => t.Symbol == "東京"), await count.CountAsync());
        Assert.Equal(all.Count(t => t.Symbol == "東京"), await trades.CountAsync("$.Symbol == '東京'"));

        var ids = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL").OrderBy(t => t.Qty).Select(t => t.Qty);
        string sql = ids.ToQueryString();
        // The whole result: the id and the column, which is also the sort key (one key lookup in the jsonb, sent once as text),
        // sorted on the client.
        // The document only for a row whose Qty the jsonb does not give (several values, a sub-message, a string).
        Assert.Contains("SELECT id, coalesce((CASE WHEN several_fields IS FALSE THEN (json -> 'Qty') ELSE CASE jsonb_typeof((json -> 'Qty')) WHEN 'array' THEN nullif((json -> 'Qty') -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE (json -> 'Qty') END END), '0'::jsonb)::text, CASE WHEN jsonb_typeof(json -> 'Qty') IN ('array', 'object', 'string') THEN doc END FROM", sql, StringComparison.Ordinal);
        Assert.DoesNotContain("ORDER BY", sql, StringComparison.Ordinal);
        // A window: sorted by the server, the column the ordering's value, sent as its text.
        string windowed = ids.Take(50).ToQueryString();
        Assert.Contains("SELECT coalesce((CASE WHEN several_fields IS FALSE THEN (json -> 'Qty') ELSE CASE jsonb_typeof((json -> 'Qty')) WHEN 'array' THEN nullif((json -> 'Qty') -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE (json -> 'Qty') END END), '0'::jsonb)::text, CASE WHEN jsonb_typeof(json -> 'Qty') IN ('array', 'object', 'string') THEN doc END FROM", windowed, StringComparison.Ordinal);
        Assert.Contains("ORDER BY coalesce((CASE WHEN several_fields IS FALSE THEN (json -> 'Qty') ELSE CASE jsonb_typeof((json -> 'Qty')) WHEN 'array' THEN nullif((json -> 'Qty') -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE (json -> 'Qty') END END), '0'::jsonb) ASC NULLS FIRST, id ASC LIMIT", windowed, StringComparison.Ordinal);
        Assert.Equal(all.Where(t => t.Symbol == "AAPL").OrderBy(t => t.Qty).Select(t => t.Qty).Take(50), await ids.Take(50).ToListAsync());
        Assert.DoesNotContain("SELECT id, doc FROM", sql, StringComparison.Ordinal);
        // One equality on an indexed path: the rows whose key is the literal, with no jsonpath on them, and apart the rows
        // whose path selects several values, filtered by the jsonpath.
        Assert.Contains("IN (@k0) UNION ALL SELECT id, doc, json, several_fields FROM", sql, StringComparison.Ordinal);
        // Symbol is a string member: its key is text, whose several-values key is the empty string.
        Assert.Contains("= ''::text AND jsonb_path_exists(json, @where, '{}', true))", sql, StringComparison.Ordinal);
        Assert.Matches($"Index Scan (using|on) {trades.Table}_ix_", await trades.ExplainAsync(Plan(ids)));
        Assert.Equal(all.Where(t => t.Symbol == "AAPL").OrderBy(t => t.Qty).Select(t => t.Qty), await ids.ToListAsync());

        var window = trades.Query<QueryableTrade>().Where(t => t.Symbol == "Zürich" || t.Symbol == "MSFT").OrderByDescending(t => t.Price).Skip(3).Take(7);
        Assert.Contains("LIMIT @limit OFFSET @skip", window.ToQueryString(), StringComparison.Ordinal);
        Assert.Equal(
            all.Where(t => t.Symbol == "Zürich" || t.Symbol == "MSFT").OrderByDescending(t => t.Price).Skip(3).Take(7).Select(FudgeSerializer.Serialize),
            (await window.ToListAsync()).Select(FudgeSerializer.Serialize));
        Assert.Equal(all.Where(t => t.Symbol == "MSFT").Skip(2).Take(9).Count(), await trades.Query<QueryableTrade>().Where(t => t.Symbol == "MSFT").Skip(2).Take(9).CountAsync());
    }

    [StoreFact]
    public async Task A_filter_the_jsonb_could_blur_is_still_decided_on_the_bytes()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var docs = await store.GetCollectionAsync("mixed");
        await docs.CreateIndexAsync("$.Symbol");
        // Values the jsonb holds as the strings these filters compare with, but which are not Fudge strings.
        var messages = new List<FudgeMsg>
        {
            new FudgeMsg().Add("Symbol", "AAPL"),
            new FudgeMsg().Add("Symbol", "AAPL").Add("Symbol", "MSFT"),
            new FudgeMsg().Add("Inner", new FudgeMsg().Add("Symbol", "AAPL")),
            new FudgeMsg().Add("Symbol", "min"),
            new FudgeMsg().Add("Symbol", FudgeDate.MinValue),
            new FudgeMsg().Add("Symbol", double.NaN),
            new FudgeMsg().Add("Symbol", "NaN"),
            new FudgeMsg().Add("Symbol", new FudgeDate(2026, 1, 2)),
            new FudgeMsg().Add("Symbol", new[] { 5, 6 }),
            new FudgeMsg().Add("Symbol", 5),
            new FudgeMsg().Add("Symbol", FudgeIndicator.Instance),
            new FudgeMsg().Add("Other", "AAPL"),
        };
        var bytes = messages.Select(m => new FudgeEnvelope(m).ToByteArray()).ToList();
        await docs.InsertManyAsync(bytes);
        foreach (string text in new[]
        {
            "$.Symbol == 'AAPL'", "$.Symbol == 'MSFT'", "$.Symbol in ['AAPL', 'min']", "$.Inner.Symbol == 'AAPL'",
            "$.Symbol == 'min'", "$.Symbol == 'NaN'", "$.Symbol == '2026-01-02'", "$.Symbol == 5", "$.Symbol == 'AAPL' || $.Inner.Symbol == 'AAPL'",
        })
        {
            var filter = FudgeFilter.Compile(text);
            int expected = bytes.Count(b => filter.Matches(b));
            Assert.Equal((text, expected), (text, (int)await docs.CountAsync(filter)));
            int found = 0;
            await foreach (var _ in docs.FindAsync(new FudgeQuery { Where = filter })) found++;
            Assert.Equal((text, expected), (text, found));
        }
    }

    [StoreFact]
    public async Task A_range_searches_the_index_between_its_bounds()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(44, 400);
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Price);
        await NoSeqScanAsync(store, trades);
        var range = trades.Query<QueryableTrade>().Where(t => t.Price >= 50 && t.Symbol != null && t.Price < 60).OrderBy(t => t.Qty);
        // A double member: its key is a float8 column, NaN where the path selects several values.
        const string Key = "fudge_k_1";
        Assert.StartsWith("fudge_k_1 float8 GENERATED ALWAYS AS ((CASE jsonb_typeof((json -> 'Price')) WHEN 'number' THEN",
            BTreePredicate.KeyColumnSql("Price", KeyForm.Number, Key), StringComparison.Ordinal);
        Assert.Contains($"(({Key} >= @k0 AND {Key} < @k1) OR {Key} = 'NaN'::float8)", range.ToQueryString(), StringComparison.Ordinal);
        // Both bounds are the index's condition: the scan starts at one and stops at the other.
        string plan = await trades.ExplainAsync(Plan(range));
        Assert.Matches(@"Index Cond: \(\(.*>= .*\) AND \(.*< .*\)\)", plan);
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        Assert.Equal(
            all.Where(t => t.Price >= 50 && t.Symbol != null && t.Price < 60).OrderBy(t => t.Qty).Select(FudgeSerializer.Serialize),
            (await range.ToListAsync()).Select(FudgeSerializer.Serialize));
    }

    [StoreFact]
    public async Task The_key_function_is_inlined_and_an_older_body_is_replaced_when_the_store_opens()
    {
        string connection = await Support.Postgres.FreshSchemaAsync();
        var documents = QueryableCases.Trades(45, 300);
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.InsertManyAsync(documents);
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            Assert.DoesNotContain("fudge_key(", await VerboseKeyPlanAsync(store, table), StringComparison.Ordinal);
            // The body stores had before: an aggregate over jsonb_path_query's rows, called per row.
            await ExecuteAsync(store, """
                CREATE OR REPLACE FUNCTION fudge_key(doc jsonb, path jsonpath) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE
                  AS $f$ SELECT CASE WHEN count(*) = 1 THEN (array_agg(v))[1] WHEN count(*) > 1 THEN '[]'::jsonb END FROM jsonb_path_query(doc, path) AS v $f$;
                """);
            Assert.Contains("fudge_key(", await VerboseKeyPlanAsync(store, table), StringComparison.Ordinal);
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            Assert.DoesNotContain("fudge_key(", await VerboseKeyPlanAsync(reopened, table), StringComparison.Ordinal);
            await NoSeqScanAsync(reopened, trades);
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(Plan(aapl)));
            Assert.Equal(documents.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
    }

    private static FudgeQueryPlan Plan<T>(IQueryable<T> query) => FudgeQueryableParser.Parse(query.Expression, typeof(QueryableTrade)).Plan;

    private static async Task NoSeqScanAsync(PostgresFudgeStore store, PostgresFudgeCollection collection)
        => await ExecuteAsync(store, $"ANALYZE {collection.Table}; SET enable_seqscan = off");

    private static async Task ExecuteAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }

    // The expression the server evaluates for the key: the inlined body, or a call of the function.
    private static async Task<string> VerboseKeyPlanAsync(PostgresFudgeStore store, string table)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"EXPLAIN VERBOSE SELECT fudge_key(json, '$.\"Symbol\"[*]'::jsonpath) FROM {table}";
        var lines = new List<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync()) lines.Add(reader.GetString(0));
        return string.Join("\n", lines);
    }
}
