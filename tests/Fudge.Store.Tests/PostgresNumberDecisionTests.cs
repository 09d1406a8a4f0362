using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class DecidedTick
{
    public long Id { get; set; }
    public double Price { get; set; }
    public float Rate { get; set; }
    public bool Open { get; set; }
    public string? Symbol { get; set; }
    public long Volume { get; set; }
}

/// <summary>
/// Which numeric literals order every jsonb number as the filter orders the value it holds: a float is held as its own
/// shortest text (0.1 for 0.1f), so only a literal whose double and float texts are one string, below 2^53, does.
/// </summary>
public sealed class NumberLiteralTests
{
    [Theory]
    [InlineData("$.P > 100", "@.\"P\" > 100")]
    [InlineData("$.P > 100.5", "@.\"P\" > 100.5")]
    [InlineData("$.P > -0.25", "@.\"P\" > -0.25")]
    [InlineData("$.P > 16777216", "@.\"P\" > 16777216")]
    [InlineData("$.P == 100", "@.\"P\" == 100")]
    // The float nearest 0.1 is held as "0.1" and is above 0.1: the band takes it in.
    [InlineData("$.P > 0.1", "@.\"P\" >= 0.09999990463256835")]
    [InlineData("$.P < 100.37", "@.\"P\" <= 100.37009572029116")]
    // Exactly a float (0.1f widened): its own text too, as the GIN index can still search both.
    [InlineData("$.P == 0.10000000149011612", "(@.\"P\" == 0.10000000149011612 || @.\"P\" == 0.1)")]
    [InlineData("$.P > 16777217", "@.\"P\" >= 16777200.999999044")]  // no float: one near it is held as 1.6777216E+07
    [InlineData("$.P > 1073741824", "@.\"P\" >= 1073740799.9999999")]          // a float, whose shortest text is 1.0737418E+09
    [InlineData("$.P == 9007199254740993", "(@.\"P\" >= 9007190664806399 && @.\"P\" <= 9007207844675586)")]  // longs past 2^53 widen to one double
    [InlineData("$.P != 0.1", null)]
    public void A_number_literal_of_one_text_as_double_and_float_is_exact_and_another_widened(string filter, string? test)
        => Assert.Equal(test is null ? null : "$ ? (" + test + ")", JsonPathTranslation.Translate(FudgeFilter.Compile(filter)));

    [Theory]
    [InlineData(0.1)]
    [InlineData(-100.37)]
    [InlineData(1e-45)]
    [InlineData(9007199254740993d)]
    [InlineData(1.5e300)]
    public void The_band_takes_in_the_float_and_the_long_that_widen_near_the_literal(double value)
    {
        var (low, high) = ServerDecision.Band(value);
        double below = double.Parse(low, System.Globalization.CultureInfo.InvariantCulture);
        double above = double.Parse(high, System.Globalization.CultureInfo.InvariantCulture);
        float single = (float)value;
        foreach (double near in new[] { value, (double)single, double.Parse(single.ToString("R", System.Globalization.CultureInfo.InvariantCulture), System.Globalization.CultureInfo.InvariantCulture) })
            if (double.IsFinite(near)) Assert.InRange(near, below, above);
        Assert.True(below < value && value < above);
    }
}

/// <summary>
/// Comparisons of numbers decided on the server row by row (<see cref="ServerDecision"/>): the rows whose member is one
/// number need no bytes on the client, the others are still decided on their bytes, and no answer changes, for every
/// kind of value the jsonb holds under the name, with and without a declared index on it.
/// </summary>
[NeedsPostgres]
public sealed class PostgresNumberDecisionTests
{
    private static readonly string[] Filters =
    {
        "$.P >= 100 && $.P < 101", "$.P > 0.1", "$.P >= 0.1", "$.P == 0.1", "$.P == 0.10000000149011612", "$.P < 0.10000000149011612",
        "$.P != 100", "$.P == 100", "$.P <= 100.5", "$.P > 9007199254740992", "$.P == 9007199254740993", "$.P in [100, 0.1, 7]",
        "$.T.S > 5", "$.T.S == 5 || $.P > 100", "!($.P > 100)", "$.P > 100 && $.Q == 'abc'", "$.P > 100 || $.Q == 'abc'",
        "$.Q != 'abc'", "$.P < 1e-44", "$.P > 16777217", "$.P > 100", "$.P < 100", "$.P <= 7", "$.P >= 101 && $.P <= 9007199254740992",
        "$.Q == 'abc'", "$.Q == ''", "$.Q in ['abc', 'abd']", "$.Q > 'abc'", "$.Q == 5", "$.Q == 'abc' && $.P > 100", "$.P == '100'",
        // String ranges: the filter's order, not the database's collation (nor UTF-8's, for supplementary characters).
        "$.Q < '\uFFFD'", "$.Q > '\uFFFD'", "$.Q >= 'B' && $.Q < 'b'",
    };

    private static List<byte[]> Documents()
    {
        var values = new List<Func<FudgeMsg, FudgeMsg>>
        {
            m => m.Add("P", 100.0), m => m.Add("P", 100.5), m => m.Add("P", 0.1), m => m.Add("P", 0.1f), m => m.Add("P", 100.5f),
            m => m.Add("P", 100), m => m.Add("P", 7L), m => m.Add("P", 9007199254740993L), m => m.Add("P", 1L << 60), m => m.Add("P", double.NaN),
            m => m.Add("P", "100"), m => m.Add("P", true), m => m.Add("P", FudgeIndicator.Instance), m => m.Add("P", new FudgeMsg().Add("S", 6)),
            m => m.Add("P", new[] { 100.5 }), m => m.Add("P", new[] { 0.1f }), m => m.Add("P", 100.5).Add("P", 200), m => m,
            m => m.Add("P", 1e-45f), m => m.Add("P", 16777218f), m => m.Add("P", 9007199254740992d), m => m.Add("P", -0.0),
            m => m.Add("T", new FudgeMsg().Add("S", 6)), m => m.Add("T", new FudgeMsg().Add("S", 5.0f)),
            m => m.Add("T", new FudgeMsg().Add("S", 6)).Add("T", new FudgeMsg().Add("S", 1)), m => m.Add("T", new FudgeMsg().Add("S", 4).Add("S", 9)),
            m => m.Add("T", 6), m => m.Add("Q", "abc").Add("P", 101), m => m.Add("Q", "abd").Add("P", 101),
            m => m.Add("Q", "").Add("P", 100.5), m => m.Add("Q", 5), m => m.Add("Q", "abc").Add("Q", "x"), m => m.Add("Q", new FudgeMsg().Add("R", "abc")),
            m => m.Add("Q", "ABC"), m => m.Add("Q", "東京").Add("P", 1e300), m => m.Add("Q", FudgeIndicator.Instance).Add("P", -7),
            m => m.Add("Q", "😀"), m => m.Add("Q", "\uFFFE"), m => m.Add("Q", "a"), m => m.Add("Q", "Z"),
        };
        return values.Select(add => new FudgeEnvelope(add(new FudgeMsg())).ToByteArray()).ToList();
    }

    [StoreFact]
    public async Task Every_kind_of_value_gets_the_filters_answer_with_and_without_an_index()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var plain = (PostgresFudgeCollection)await store.GetCollectionAsync("plain");
        var indexed = (PostgresFudgeCollection)await store.GetCollectionAsync("indexed");
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        var bare = (PostgresFudgeCollection)await store.GetCollectionAsync("bare");
        // Typed keys: P as float8, Q as text; with the GIN index and without it.
        var typed = (PostgresFudgeCollection)await store.GetCollectionAsync("typed");
        await store.SetWholeDocumentIndexAsync("typedbare", enabled: false);
        var typedBare = (PostgresFudgeCollection)await store.GetCollectionAsync("typedbare");
        var collections = new[] { plain, indexed, bare, typed, typedBare };
        var bytes = Documents();
        foreach (var collection in collections)
        {
            await collection.InsertManyAsync(bytes);
            if (collection == indexed || collection == bare)
            {
                await collection.CreateIndexAsync("$.P");
                await collection.CreateIndexAsync("$.Q");
            }
            else if (collection != plain)
            {
                await collection.CreateIndexAsync("$.P", FudgeIndexKind.Number);
                await collection.CreateIndexAsync("$.Q", FudgeIndexKind.String);
            }
        }
        await using (var planner = store.Connection.CreateCommand())
        {
            // The indexes (the typed keys' columns among them) searched wherever they serve, not skipped for so few rows.
            planner.CommandText = "SET enable_seqscan = off";
            await planner.ExecuteNonQueryAsync();
        }
        foreach (string text in Filters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = string.Join(" ", bytes.Where(b => filter.Matches(b)).Select(Convert.ToHexString));
            foreach (var collection in collections)
            {
                Assert.Equal((text, collection.Name, bytes.Count(b => filter.Matches(b))), (text, collection.Name, (int)await collection.CountAsync(filter)));
                var found = new List<string>();
                await foreach (var document in collection.FindAsync(new FudgeQuery { Where = filter })) found.Add(Convert.ToHexString(document.Envelope));
                Assert.Equal((text, collection.Name, expected), (text, collection.Name, string.Join(" ", found)));
            }
        }
    }

    [StoreFact]
    public async Task Without_any_index_the_jsonpath_selects_the_rows_once_and_the_decision_only_filters_them()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        await store.SetWholeDocumentIndexAsync("ticks", enabled: false);
        var ticks = (PostgresFudgeCollection)await store.GetCollectionAsync("ticks");
        var documents = Enumerable.Range(1, 200).Select(i => new DecidedTick { Id = i, Price = 95 + (i % 100) / 10.0 }).ToList();
        await ticks.InsertManyAsync(documents);

        var window = ticks.Query<DecidedTick>().Where(t => t.Price >= 100 && t.Price < 101).OrderBy(t => t.Id).Take(5);
        string sql = window.ToQueryString();
        // The jsonpath is in the WHERE once; the rows the decision leaves undecided are not tested by it a second time.
        Assert.Contains("json @? @where", sql, StringComparison.Ordinal);
        Assert.DoesNotContain("jsonb_path_exists", sql, StringComparison.Ordinal);
        Assert.Contains("WHERE fudge_decision IS NOT FALSE", sql, StringComparison.Ordinal);
        Assert.Equal(documents.Where(t => t.Price >= 100 && t.Price < 101).OrderBy(t => t.Id).Take(5).Select(t => t.Id), (await window.ToListAsync()).Select(t => t.Id));
    }

    [StoreFact]
    public async Task A_range_on_a_declared_index_sends_only_the_columns_of_the_rows_the_server_decides()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Support.Postgres.FreshSchemaAsync());
        var ticks = (PostgresFudgeCollection)await store.GetCollectionAsync("ticks");
        var random = new Random(43);
        var documents = Enumerable.Range(1, 400).Select(i => new DecidedTick
        {
            Id = random.Next(1, 50),
            Price = Math.Round(95 + random.NextDouble() * 10, random.Next(3)),
            Rate = (float)Math.Round(random.NextDouble(), 2),
            Open = random.Next(2) == 0,
            Symbol = random.Next(3) == 0 ? null : "AAPL",
            Volume = random.Next(2) == 0 ? random.Next(1000) : (long)random.Next() << 20,
        }).ToList();
        await ticks.InsertManyAsync(documents);
        await ticks.CreateIndexAsync((DecidedTick t) => t.Price);
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {ticks.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        var all = documents.Select(t => FudgeSerializer.Deserialize<DecidedTick>(FudgeSerializer.Serialize(t))).ToList();

        var ids = ticks.Query<DecidedTick>().Where(t => t.Price >= 100 && t.Price < 101).OrderBy(t => t.Id).Select(t => t.Id);
        string sql = ids.ToQueryString();
        // The document only where the decision leaves the row to the bytes; no jsonpath on the index's rows. The float8
        // key decides the range: the rows between the bounds pass, and only those whose key is NaN (several values)
        // are read whole.
        const string key = "fudge_k_1"; // the float8 key's column
        Assert.Contains("SELECT id, CASE WHEN fudge_decision IS TRUE THEN NULL ELSE doc END, fudge_decision IS TRUE, coalesce((CASE WHEN several_fields IS FALSE THEN (json -> 'Id') ELSE CASE jsonb_typeof((json -> 'Id')) WHEN 'array' THEN nullif((json -> 'Id') -> -1, 'null'::jsonb) WHEN 'null' THEN NULL ELSE (json -> 'Id') END END), '0'::jsonb)::text, "
            + "CASE WHEN jsonb_typeof(json -> 'Id') IN ('array', 'object', 'string') THEN doc END FROM (", sql, StringComparison.Ordinal);
        Assert.Contains($"(SELECT id, doc, json, several_fields, true AS fudge_decision FROM {ticks.Table} WHERE {key} >= @t0 AND {key} < @t1 UNION ALL "
            + $"SELECT id, doc, json, several_fields, NULL::boolean FROM {ticks.Table} WHERE {key} = 'NaN'::float8) AS {ticks.Table}", sql, StringComparison.Ordinal);
        Assert.DoesNotContain("jsonb_path_exists", sql, StringComparison.Ordinal);
        Assert.Matches($"Index Scan (using|on) {ticks.Table}_ix_", await ticks.ExplainAsync(Plan(ids)));
        Assert.Equal(all.Where(t => t.Price >= 100 && t.Price < 101).OrderBy(t => t.Id).Select(t => t.Id), await ids.ToListAsync());

        // Integers past 2^24, which a float could have rounded in its text: those rows' bytes are read after the rest.
        var volumes = ticks.Query<DecidedTick>().Where(t => t.Price >= 99 && t.Price < 101).OrderByDescending(t => t.Open).ThenBy(t => t.Id).Select(t => new { t.Id, t.Volume, t.Open });
        Assert.Equal(all.Where(t => t.Price >= 99 && t.Price < 101).OrderByDescending(t => t.Open).ThenBy(t => t.Id).Select(t => new { t.Id, t.Volume, t.Open }).ToList(),
            await volumes.ToListAsync());
        Assert.Contains(all, t => t.Price >= 99 && t.Price < 101 && t.Volume > 16_777_216);

        // Columns the jsonb may not give exactly (doubles, strings: the bytes are read), windows, counts, whole
        // documents, and a float member against double literals.
        var projected = ticks.Query<DecidedTick>().Where(t => t.Price > 99.5 || t.Price < 96).OrderByDescending(t => t.Open).ThenBy(t => t.Id)
            .Select(t => new { t.Id, t.Open, t.Price, t.Symbol });
        Assert.Equal(all.Where(t => t.Price > 99.5 || t.Price < 96).OrderByDescending(t => t.Open).ThenBy(t => t.Id).Select(t => new { t.Id, t.Open, t.Price, t.Symbol }).ToList(),
            await projected.ToListAsync());
        Assert.Equal(all.Where(t => t.Price > 99.5).OrderBy(t => t.Id).Skip(3).Take(9).Select(t => new { t.Id, t.Open }).ToList(),
            await ticks.Query<DecidedTick>().Where(t => t.Price > 99.5).OrderBy(t => t.Id).Skip(3).Take(9).Select(t => new { t.Id, t.Open }).ToListAsync());
        Assert.Equal(all.Count(t => t.Price <= 100.25), await ticks.Query<DecidedTick>().Where(t => t.Price <= 100.25).CountAsync());
        Assert.Equal(all.Any(t => t.Price > 104.99), await ticks.Query<DecidedTick>().Where(t => t.Price > 104.99).AnyAsync());
        Assert.Equal(all.Where(t => t.Price == 100).Select(FudgeSerializer.Serialize), (await ticks.Query<DecidedTick>().Where(t => t.Price == 100).ToListAsync()).Select(FudgeSerializer.Serialize));
        foreach (double rate in new[] { 0.1, 0.5, (double)0.1f, 0.37 })
        {
            Assert.Equal(all.Count(t => t.Rate > rate), await ticks.Query<DecidedTick>().Where(t => t.Rate > rate).CountAsync());
            Assert.Equal(all.Count(t => t.Rate >= rate), await ticks.Query<DecidedTick>().Where(t => t.Rate >= rate).CountAsync());
            Assert.Equal(all.Count(t => t.Rate == rate), await ticks.Query<DecidedTick>().Where(t => t.Rate == rate).CountAsync());
        }
        await ticks.CreateIndexAsync((DecidedTick t) => t.Rate);
        foreach (float rate in new[] { 0.1f, 0.37f })
        {
            Assert.Equal(all.Where(t => t.Rate >= rate).OrderBy(t => t.Id).Select(t => t.Id), await ticks.Query<DecidedTick>().Where(t => t.Rate >= rate).OrderBy(t => t.Id).Select(t => t.Id).ToListAsync());
            Assert.Equal(all.Count(t => t.Rate == rate), await ticks.Query<DecidedTick>().Where(t => t.Rate == rate).CountAsync());
        }
    }

    private static FudgeQueryPlan Plan<T>(IQueryable<T> query) => FudgeQueryableParser.Parse(query.Expression, typeof(DecidedTick)).Plan;
}

/// <summary>Which jsonb texts of a projected column are the value the bytes hold, whatever field wrote them.</summary>
public sealed class ExactColumnTextTests
{
    [Theory]
    [InlineData(null, typeof(long), true)]
    [InlineData("12", typeof(long), true)]
    [InlineData("-16777216", typeof(int), true)]
    [InlineData("100.0", typeof(long), true)]        // a double field of an integral value
    [InlineData("16777217", typeof(long), false)]    // a float there would have been written 1.6777216E+07
    [InlineData("12.5", typeof(long), false)]
    [InlineData("1e3", typeof(long), false)]
    [InlineData("[1, 2]", typeof(long), false)]      // repeated fields
    [InlineData("null", typeof(long?), false)]       // an indicator
    [InlineData("\"7\"", typeof(long), false)]
    [InlineData("true", typeof(bool), true)]
    [InlineData("1", typeof(bool), false)]
    public void Only_small_integers_booleans_and_absence_are_read_from_the_jsonb(string? text, Type type, bool exact)
        => Assert.Equal(exact, PostgresFudgeCollection.IsExactColumn(text, type));
}
