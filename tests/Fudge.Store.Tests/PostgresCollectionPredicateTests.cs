using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Npgsql;
using NpgsqlTypes;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Collection predicates (<c>Any()</c>, <c>Any(pred)</c>) on PostgreSQL are decided by the server: the jsonpath it is
/// sent selects exactly the matching documents (a list's elements are the jsonb's <c>""</c> key, which lax mode
/// unwraps), the answers agree with LINQ to Objects, and the plan filters with the jsonpath (through the GIN index
/// where it can).
/// </summary>
[NeedsPostgres]
public sealed class PostgresCollectionPredicateTests
{
    public static IEnumerable<object[]> Predicates() => new List<Expression<Func<QueryableTrade, bool>>>
    {
        t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS"),
        t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" && l.Qty > 2),
        t => t.Legs != null && t.Legs.Any(l => l.Venue == "ARCA" && (l.Qty < 0 || l.Qty == 7)),
        t => t.Legs != null && t.Legs.Any(l => l.Qty >= 6) && t.Price > 50,
        t => t.Symbol == "AAPL" || (t.Legs != null && t.Legs.Any(l => l.Venue == "XNAS" && l.Qty == 1)),
    }.Select(p => new object[] { p });

    [StoreTheory]
    [MemberData(nameof(Predicates))]
    public async Task Any_over_a_list_is_decided_by_the_server(Expression<Func<QueryableTrade, bool>> predicate)
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(4305, 400);
        await trades.InsertManyAsync(documents);
        var expected = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).Where(predicate.Compile())
            .Select(FudgeSerializer.Serialize).ToList();

        var filter = FudgeTypedQuery.Filter(predicate);
        string jsonPath = JsonPathTranslation.Translate(filter) ?? throw new Xunit.Sdk.XunitException($"nothing of {filter.Text} is sent to the server");
        Assert.Contains("\"Legs\".\"\"", jsonPath, StringComparison.Ordinal);
        // The server's candidates are the answer itself: nothing is left to decide on the client.
        await using (var count = new NpgsqlCommand($"SELECT count(*) FROM {trades.Table} WHERE json @? @path", store.Connection))
        {
            count.Parameters.AddWithValue("path", NpgsqlDbType.JsonPath, jsonPath);
            Assert.Equal(expected.Count, (long)(await count.ExecuteScalarAsync())!);
        }
        Assert.Equal(expected, (await trades.Query<QueryableTrade>().Where(predicate).ToListAsync()).Select(FudgeSerializer.Serialize).ToList());

        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {trades.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        // The jsonpath filters the rows: through the GIN index where it can search it (an equality inside), else on the
        // rows the server's decision of the numbers leaves undecided.
        Assert.Matches(@"@\?|jsonb_path_exists", await trades.ExplainAsync(filter));
    }

    [StoreFact]
    public async Task An_element_test_is_served_by_the_gin_index()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
        await trades.InsertManyAsync(QueryableCases.Trades(4306, 300));
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"ANALYZE {trades.Table}; SET enable_seqscan = off";
            await analyze.ExecuteNonQueryAsync();
        }
        // A value the planner expects in few rows: a common one (BATS, one of the three venues) is tested by the list's
        // containment in a scan instead (GinOrContainment, PostgresGinOrContainmentTests).
        string plan = await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Legs!.Any(l => l.Venue == "XPAR")));
        Assert.Contains($"Bitmap Index Scan on {trades.Table}_gin", plan, StringComparison.Ordinal);
    }
}
