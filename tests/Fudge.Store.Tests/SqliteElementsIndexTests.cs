using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.Sqlite;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// An index on a collection's members in SQLite (<c>$.Legs.#.Venue</c>): a side table of every value, kept by triggers
/// in the transaction of each write, searched for the equality, <c>in [...]</c> and <c>||</c> tests an <c>Any</c>
/// translates into, with the answers of the filter on the bytes.
/// </summary>
public sealed class SqliteElementsIndexTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "fudge-elements-" + Guid.NewGuid().ToString("N"));

    public SqliteElementsIndexTests() => Directory.CreateDirectory(_directory);

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public async Task The_side_table_finds_what_the_filter_finds_through_every_write()
    {
        string file = Path.Combine(_directory, "elements.db");
        var bytes = PostgresElementsIndexTests.Documents();
        await using (var store = await SqliteFudgeStore.OpenAsync(file))
        {
            var bare = (SqliteFudgeCollection)await store.GetCollectionAsync("bare");
            var indexed = (SqliteFudgeCollection)await store.GetCollectionAsync("indexed");
            var late = (SqliteFudgeCollection)await store.GetCollectionAsync("late");
            await indexed.CreateIndexAsync(FudgePath.Compile("$.Legs.#.Venue"));
            await indexed.CreateIndexAsync(FudgePath.Compile("$.Legs.#.Venue")); // idempotent
            await bare.InsertManyAsync(bytes);
            await indexed.InsertManyAsync(bytes.Take(5));
            await indexed.InsertManyAsync(bytes.Skip(5), new FudgeBulkInsertOptions { BuildIndexesAfterLoad = true });
            await late.InsertManyAsync(bytes);
            await late.CreateIndexAsync(FudgePath.Compile("$.Legs.#.Venue")); // over rows already there
            // Replaced and deleted: the triggers keep the side table.
            long id = await indexed.InsertAsync(bytes[4]);
            Assert.True(await indexed.ReplaceAsync(id, bytes[0]));
            long gone = await indexed.InsertAsync(bytes[0]);
            Assert.True(await indexed.DeleteAsync(gone));
            await bare.InsertAsync(bytes[0]);
            await late.InsertAsync(bytes[0]);
            var all = bytes.Append(bytes[0]).ToList();
            Assert.Equal(new[] { "$.Legs.#.Venue" }, await indexed.ListIndexesAsync());
            await PostgresElementsIndexTests.AssertAnswersAsync(new[] { bare, indexed, late }, all);
            foreach (string text in PostgresElementsIndexTests.Filters.Take(3))
                Assert.Matches($@"SEARCH {indexed.Table}_el_\d+ USING (COVERING )?INDEX {indexed.Table}_el_\d+_value \(value=\?\)", await indexed.ExplainAsync(FudgeFilter.Compile(text)));
        }
        // Read back when the store opens; dropped with its table and triggers.
        await using (var reopened = await SqliteFudgeStore.OpenAsync(file))
        {
            var again = (SqliteFudgeCollection)await reopened.GetCollectionAsync("indexed");
            var all = bytes.Append(bytes[0]).ToList();
            await PostgresElementsIndexTests.AssertAnswersAsync(new[] { again }, all);
            Assert.Contains($"{again.Table}_el_", await again.ExplainAsync(FudgeFilter.Compile(PostgresElementsIndexTests.Filters[0])), StringComparison.Ordinal);
            Assert.True(await again.DropIndexAsync(FudgePath.Compile("$.Legs.#.Venue")));
            Assert.Empty(await again.ListIndexesAsync());
            await again.InsertAsync(bytes[1]); // no trigger left to write a dropped table
            await PostgresElementsIndexTests.AssertAnswersAsync(new[] { again }, all.Append(bytes[1]).ToList());
        }
    }

    [Fact]
    public async Task An_expression_index_an_earlier_version_built_on_the_path_serves_until_declared_again()
    {
        string file = Path.Combine(_directory, "older.db");
        var bytes = PostgresElementsIndexTests.Documents();
        await using (var store = await SqliteFudgeStore.OpenAsync(file))
        {
            var legs = (SqliteFudgeCollection)await store.GetCollectionAsync("legs");
            await legs.InsertManyAsync(bytes);
            // What the store built for the path before side tables: an expression index on its one value.
            using var older = store.Connection.CreateCommand();
            older.CommandText = $"""
                INSERT INTO fudge_indexes (id, collection_id, path) SELECT 7, id, '$.Legs.#.Venue' FROM fudge_collections WHERE name = 'legs';
                CREATE INDEX {legs.Table}_ix_7 ON {legs.Table} (fudge_index_key(doc, '$.Legs.#.Venue'));
                """;
            await older.ExecuteNonQueryAsync();
        }
        await using var reopened = await SqliteFudgeStore.OpenAsync(file);
        var again = (SqliteFudgeCollection)await reopened.GetCollectionAsync("legs");
        Assert.Equal(new[] { "$.Legs.#.Venue" }, await again.ListIndexesAsync());
        Assert.Contains($"USING INDEX {again.Table}_ix_7", await again.ExplainAsync(FudgeFilter.Compile(PostgresElementsIndexTests.Filters[0])), StringComparison.Ordinal);
        await PostgresElementsIndexTests.AssertAnswersAsync(new[] { again }, bytes);
        await again.CreateIndexAsync((QueryableTrade t) => t.Legs!.Select(l => l.Venue));
        string plan = await again.ExplainAsync(FudgeFilter.Compile(PostgresElementsIndexTests.Filters[0]));
        Assert.Contains($"{again.Table}_el_7_value", plan, StringComparison.Ordinal);
        Assert.DoesNotContain($"{again.Table}_ix_7", plan, StringComparison.Ordinal);
        await PostgresElementsIndexTests.AssertAnswersAsync(new[] { again }, bytes);
    }

    [Fact]
    public async Task Typed_any_uses_the_side_table()
    {
        await using var store = await SqliteFudgeStore.OpenAsync(Path.Combine(_directory, "typed.db"));
        var trades = (SqliteFudgeCollection)await store.GetCollectionAsync("trades");
        var documents = QueryableCases.Trades(4345, 300);
        await trades.InsertManyAsync(documents);
        await trades.CreateIndexAsync((QueryableTrade t) => t.Legs!.Select(l => l.Venue));
        var all = documents.Select(t => FudgeSerializer.Deserialize<QueryableTrade>(FudgeSerializer.Serialize(t))).ToList();
        var q = trades.Query<QueryableTrade>();
        Assert.Equal(all.Where(t => t.Legs != null && t.Legs.Any(l => l.Venue == "BATS" || l.Venue == "ARCA")).Select(t => t.Qty).ToList(),
            await q.Where(t => t.Legs!.Any(l => l.Venue == "BATS" || l.Venue == "ARCA")).Select(t => t.Qty).ToListAsync());
        Assert.Contains($"{trades.Table}_el_", await trades.ExplainAsync(FudgeTypedQuery.Filter<QueryableTrade>(t => t.Legs!.Any(l => l.Venue == "BATS"))), StringComparison.Ordinal);
    }
}
