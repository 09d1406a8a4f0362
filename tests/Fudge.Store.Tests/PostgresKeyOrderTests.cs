using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Where(a == x or a range).OrderBy(b).Select(b) answered from a composite index on (a, b) alone, sorted by the server
/// (docs/store.md, "Queries a composite index answers"): the plan, and the answers of the store without the index.
/// </summary>
[NeedsPostgres]
public sealed class PostgresKeyOrderTests
{
    private static List<StoredTrade> Trades()
    {
        var random = new Random(4343);
        return Enumerable.Range(0, 3000).Select(i => new StoredTrade
        {
            Symbol = "S" + (char)('A' + i % 7), // letters only: a text the server decides (JsonPathTranslation.ExactText)
            Price = random.Next(0, 300),
            Qty = random.Next(-5000, 5000), // repeated values: ties the index leaves in any order
        }).ToList();
    }

    private static async Task<(PostgresFudgeCollection Keyed, IFudgeCollection Plain)> CollectionsAsync(PostgresFudgeStore store)
    {
        await store.SetWholeDocumentIndexAsync("keyed", enabled: false);
        var keyed = (PostgresFudgeCollection)await store.GetCollectionAsync("keyed");
        var plain = await store.GetCollectionAsync("plain");
        await keyed.CreateIndexAsync((StoredTrade t) => new { t.Symbol, t.Qty });
        await keyed.CreateIndexAsync((StoredTrade t) => new { t.Price, t.Qty });
        return (keyed, plain);
    }

    [StoreFact]
    public async Task An_equality_and_a_range_ordered_by_the_composites_second_member_are_index_only_scans_with_the_answers_of_linq()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var (keyed, plain) = await CollectionsAsync(store);
        var trades = Trades();
        await keyed.InsertManyAsync(trades);
        await using (var vacuum = store.Connection.CreateCommand())
        {
            // At 3,000 rows the planner may cost a bitmap scan and a sort below the index's order (at 100,000 it
            // takes the index-only scan by itself, marten-side-by-side-plans.md): the plan asserted is the index's.
            vacuum.CommandText = $"VACUUM ANALYZE {keyed.Table}; SET enable_seqscan = off; SET enable_bitmapscan = off";
            await vacuum.ExecuteNonQueryAsync();
        }

        var equality = keyed.Query<StoredTrade>().Where(t => t.Symbol == "SD").OrderBy(t => t.Qty).Select(t => t.Qty);
        string plan = (await keyed.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(equality.Expression, typeof(StoredTrade)).Plan))!;
        // The composite's entries for the symbol are already in Qty order: no Sort node, no heap.
        Assert.Matches($"Index Only Scan using {keyed.Table}_ix_1 on {keyed.Table}", plan);
        Assert.DoesNotContain("Sort", plan, StringComparison.Ordinal);
        Assert.Equal(trades.Where(t => t.Symbol == "SD").OrderBy(t => t.Qty).Select(t => t.Qty), await equality.ToListAsync());

        var range = keyed.Query<StoredTrade>().Where(t => t.Price >= 100 && t.Price < 110).OrderBy(t => t.Qty).Select(t => t.Qty);
        string rangePlan = (await keyed.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(range.Expression, typeof(StoredTrade)).Plan))!;
        Assert.Matches($"Index Only Scan using {keyed.Table}_ix_2 on {keyed.Table}", rangePlan);
        Assert.Equal(trades.Where(t => t.Price >= 100 && t.Price < 110).OrderBy(t => t.Qty).Select(t => t.Qty), await range.ToListAsync());

        Assert.Equal(trades.Where(t => t.Symbol == "SD").OrderByDescending(t => t.Qty).Skip(3).Take(20).Select(t => t.Qty),
            await keyed.Query<StoredTrade>().Where(t => t.Symbol == "SD").OrderByDescending(t => t.Qty).Skip(3).Take(20).Select(t => t.Qty).ToListAsync());
        Assert.Equal(trades.Where(t => t.Symbol == "SD" || t.Symbol == "SF").OrderBy(t => t.Qty).Select(t => t.Qty),
            await keyed.Query<StoredTrade>().Where(t => t.Symbol == "SD" || t.Symbol == "SF").OrderBy(t => t.Qty).Select(t => t.Qty).ToListAsync());
        // Not the composite's shape (the order is not its second member, or more is selected): the plan is another's.
        Assert.Null(await keyed.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(
            keyed.Query<StoredTrade>().Where(t => t.Symbol == "SD").OrderBy(t => t.Price).Select(t => t.Price).Expression, typeof(StoredTrade)).Plan));
        Assert.Null(await keyed.ExplainKeyOrderedAsync(FudgeQueryableParser.Parse(
            keyed.Query<StoredTrade>().Where(t => t.Symbol == "SD").OrderBy(t => t.Qty).Select(t => new { t.Qty, t.Price }).Expression, typeof(StoredTrade)).Plan));
    }

    public static TheoryData<string, string> Edges => new()
    {
        { "long.MinValue", "min" },
        { "long.MaxValue", "max" },
        { "2^53+1", "2p53" },
        { "2^24+1", "2p24" },
        { "1.5", "half" },
        { "the string 7", "string" },
        { "absent", "absent" },
        { "several values", "several" },
        { "several symbols", "symbols" },
    };

    private static FudgeMsg Edge(string edge)
    {
        var message = new FudgeMsg().Add("Symbol", "SD").Add("Price", 105.0);
        return edge switch
        {
            "min" => message.Add("Qty", long.MinValue),
            "max" => message.Add("Qty", long.MaxValue),
            "2p53" => message.Add("Qty", (1L << 53) + 1),
            "2p24" => message.Add("Qty", (1L << 24) + 1),
            "half" => message.Add("Qty", 1.5),
            "string" => message.Add("Qty", "7"),
            "absent" => message,
            "several" => message.Add("Qty", 4L).Add("Qty", -4L),
            _ => new FudgeMsg().Add("Symbol", "SD").Add("Symbol", "SE").Add("Price", 105.0).Add("Price", 5.0).Add("Qty", 9L),
        };
    }

    [StoreTheory]
    [MemberData(nameof(Edges))]
    public async Task A_document_the_key_cannot_answer_for_gives_the_answers_of_the_store_without_the_index(string description, string edge)
    {
        Assert.NotNull(description);
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var (keyed, plain) = await CollectionsAsync(store);
        var trades = Trades().Take(300).ToList();
        var envelopes = trades.Select(t => FudgeSerializer.Serialize(t)).Append(new FudgeEnvelope(Edge(edge)).ToByteArray()).ToList();
        foreach (var envelope in envelopes)
        {
            await keyed.InsertAsync(envelope);
            await plain.InsertAsync(envelope);
        }
        foreach (var collection in new[] { plain, keyed })
        {
            Assert.Equal(
                Expected(envelopes, t => t.Symbol == "SD", descending: false),
                await OutcomeAsync(collection.Query<StoredTrade>().Where(t => t.Symbol == "SD").OrderBy(t => t.Qty).Select(t => t.Qty)));
            Assert.Equal(
                Expected(envelopes, t => t.Price >= 100 && t.Price < 110, descending: true),
                await OutcomeAsync(collection.Query<StoredTrade>().Where(t => t.Price >= 100 && t.Price < 110).OrderByDescending(t => t.Qty).Select(t => t.Qty)));
        }
    }

    // The values, or that the query was refused: a 1.5 read as a long. Any other exception fails the test.
    private static async Task<string> OutcomeAsync(IQueryable<long> query)
    {
        try
        {
            return string.Join(",", await query.ToListAsync());
        }
        catch (FudgeException)
        {
            return "refused";
        }
    }

    // The answer over the documents the filter passes (a repeated Symbol or Price passes when one of its values does, as
    // the filter language tests paths), in LINQ to Objects' order of the deserialized Qty: a missing Qty is the long's
    // 0 and several values are the last (as the deserializer reads them), ordered among the numbers by value; a lone
    // string orders before every number, as PostgreSQL orders jsonb; ties in insertion order. Each value: a lone
    // field's converted to long as projections convert it (FudgeConvert: the string "7" is 7, 1.5 is refused), several
    // fields' as the deserializer reads them (refused when the document cannot be deserialized).
    private static string Expected(List<byte[]> envelopes, System.Linq.Expressions.Expression<Func<StoredTrade, bool>> predicate, bool descending)
    {
        var filter = Fudge.Query.FudgeTypedQuery.Filter(predicate);
        var qty = Fudge.Query.FudgePath.Compile("$.Qty");
        var passing = new List<(int Kind, double Number, long Value)>();
        foreach (var envelope in envelopes.Where(e => filter.Matches(e)))
        {
            var values = qty.Select(envelope);
            try
            {
                passing.Add(values.Count switch
                {
                    0 => (2, 0, 0),
                    1 when values[0].Value is string => (1, 0, FudgeConvert.To<long>(values[0].Value)),
                    1 => (2, Convert.ToDouble(values[0].Value), FudgeConvert.To<long>(values[0].Value)),
                    _ => (2, FudgeSerializer.Deserialize<StoredTrade>(envelope).Qty, FudgeSerializer.Deserialize<StoredTrade>(envelope).Qty),
                });
            }
            catch (FudgeException)
            {
                return "refused";
            }
        }
        var ordered = descending ? passing.OrderByDescending(p => p.Kind).ThenByDescending(p => p.Number) : passing.OrderBy(p => p.Kind).ThenBy(p => p.Number);
        return string.Join(",", ordered.Select(p => p.Value));
    }
}
