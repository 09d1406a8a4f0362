using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// Orderings over documents with repeated fields at every step (<see cref="RepeatedFieldProjections.Documents"/>: a
/// member repeated with a value of another width, an indicator before or after it, a sub-message repeated with its own
/// members mixed, fields missing): the order of LINQ to Objects over the deserialized documents, whose generated
/// deserializer keeps the last of several fields (and reads an indicator or a missing field as the member's default),
/// element by element, ties by insertion order (LINQ's sort is stable), on every path a store takes: the server's
/// ORDER BY, PostgreSQL's client sort (a Where with the whole result), the windows, First and Single, projections,
/// and PostgreSQL's key-column and composite-index orders over declared indexes.
/// </summary>
public static class RepeatedFieldOrders
{
    /// <summary>The deserializer keeps the last of several fields of a name, and reads an indicator as the default.</summary>
    public static void TheDeserializerKeepsTheLast()
    {
        var inner = new FudgeMsg().Add("Qty", 1).Add("Qty", (short)7);
        var message = new FudgeMsg().Add("I64", 5L).Add("I64", (sbyte)-3).Add("N", 4L).Add("N", FudgeIndicator.Instance)
            .Add("Inner", new FudgeMsg().Add("Qty", 9)).Add("Inner", inner);
        var row = FudgeSerializer.Deserialize<WideRow>(new FudgeEnvelope(message).ToByteArray());
        Assert.Equal(-3, row.I64);
        Assert.Null(row.N);
        Assert.Equal(7, row.Inner!.Qty);
    }

    /// <summary>
    /// Every ordering shape over documents drawn from <paramref name="seed"/>, against LINQ to Objects;
    /// <paramref name="declareIndexes"/>: PostgreSQL's key columns and composites declared first;
    /// <paramref name="afterInsert"/>: run once the documents are in <paramref name="collection"/> (PostgreSQL: the rows
    /// made as a version without the several-fields column made them).
    /// </summary>
    public static async Task CheckAsync(IFudgeCollection collection, int seed, bool declareIndexes = false, Func<Task>? afterInsert = null)
    {
        var documents = RepeatedFieldProjections.Documents(seed, 300);
        await collection.InsertManyAsync(documents);
        if (afterInsert is not null) await afterInsert();
        if (declareIndexes && collection is PostgresFudgeCollection postgres)
        {
            // A key column of its own for I32 (several values held as NaN), and the composites of the key-column and
            // composite-index orders.
            await postgres.CreateIndexAsync((WideRow t) => t.I32);
            await postgres.CreateIndexAsync((WideRow t) => new { t.Key, t.I16 });
            await postgres.CreateIndexAsync((WideRow t) => new { t.Key, t.I64 });
        }
        var rows = documents.Select(d => FudgeSerializer.Deserialize<WideRow>(d)).ToList();
        var q = collection.Query<WideRow>();
        var kept = rows.Where(r => r.Key == "Kept").ToList();
        var some = rows.Where(r => r.Seq >= 100).ToList();
        var ordinal = StringComparer.Ordinal;

        static Task Same<T>(string shape, IEnumerable<T> expected, IQueryable<T> actual) => OrderedAnswers.SameAsync(shape, expected, actual);

        // Whole documents (compared by Seq, unique), every member kind, both directions, with no filter (the server's
        // sort), a filter the PostgreSQL server decides and one it decides row by row (the client sort), and windows.
        await Same("I64", rows.OrderBy(r => r.I64).Select(r => r.Seq), q.OrderBy(t => t.I64).Select(t => t.Seq));
        await Same("I8 desc", kept.OrderByDescending(r => r.I8).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderByDescending(t => t.I8).Select(t => t.Seq));
        await Same("I16", some.OrderBy(r => r.I16).Select(r => r.Seq), q.Where(t => t.Seq >= 100).OrderBy(t => t.I16).Select(t => t.Seq));
        await Same("I32 window", rows.OrderBy(r => r.I32).Skip(7).Take(20).Select(r => r.Seq), q.OrderBy(t => t.I32).Skip(7).Take(20).Select(t => t.Seq));
        await Same("U8", kept.OrderBy(r => r.U8).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.U8).Select(t => t.Seq));
        await Same("U16 desc", rows.OrderByDescending(r => r.U16).Take(30).Select(r => r.Seq), q.OrderByDescending(t => t.U16).Take(30).Select(t => t.Seq));
        await Same("U32", some.OrderBy(r => r.U32).Select(r => r.Seq), q.Where(t => t.Seq >= 100).OrderBy(t => t.U32).Select(t => t.Seq));
        await Same("U64", rows.OrderBy(r => r.U64).Select(r => r.Seq), q.OrderBy(t => t.U64).Select(t => t.Seq));
        await Same("F", kept.OrderBy(r => r.F).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.F).Select(t => t.Seq));
        await Same("D desc", some.OrderByDescending(r => r.D).Select(r => r.Seq), q.Where(t => t.Seq >= 100).OrderByDescending(t => t.D).Select(t => t.Seq));
        await Same("B then N", rows.OrderBy(r => r.B).ThenByDescending(r => r.N).Select(r => r.Seq), q.OrderBy(t => t.B).ThenByDescending(t => t.N).Select(t => t.Seq));
        await Same("N", kept.OrderBy(r => r.N).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.N).Select(t => t.Seq));
        await Same("S", rows.OrderBy(r => r.S, ordinal).Select(r => r.Seq), q.OrderBy(t => t.S).Select(t => t.Seq));
        await Same("S desc then I64", some.OrderByDescending(r => r.S, ordinal).ThenBy(r => r.I64).Select(r => r.Seq),
            q.Where(t => t.Seq >= 100).OrderByDescending(t => t.S).ThenBy(t => t.I64).Select(t => t.Seq));
        // Nested members through repeated, missing and indicator sub-messages (a missing one orders as null, as ?. gives).
        await Same("Inner.Qty", rows.OrderBy(r => r.Inner?.Qty).Select(r => r.Seq), q.OrderBy(t => t.Inner!.Qty).Select(t => t.Seq));
        await Same("Inner.Qty where", some.OrderByDescending(r => r.Inner?.Qty).Select(r => r.Seq), q.Where(t => t.Seq >= 100).OrderByDescending(t => t.Inner!.Qty).Select(t => t.Seq));
        await Same("Inner.Venue", kept.OrderBy(r => r.Inner?.Venue, ordinal).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.Inner!.Venue).Select(t => t.Seq));
        await Same("Inner.Deeper.Qty window", rows.OrderBy(r => r.Inner?.Deeper?.Qty).ThenByDescending(r => r.I8).Skip(3).Take(40).Select(r => r.Seq),
            q.OrderBy(t => t.Inner!.Deeper!.Qty).ThenByDescending(t => t.I8).Skip(3).Take(40).Select(t => t.Seq));
        // Whole documents, First and Single, and projections of the ordered member (the key-column and composite orders).
        Assert.Equal(rows.OrderBy(r => r.I32).Select(r => r.Seq).Take(25), (await q.OrderBy(t => t.I32).Take(25).ToListAsync()).Select(r => r.Seq));
        Assert.Equal(some.OrderByDescending(r => r.I64).First().Seq, (await q.Where(t => t.Seq >= 100).OrderByDescending(t => t.I64).FirstAsync()).Seq);
        Assert.Equal(kept.OrderBy(r => r.Inner?.Qty).First().Seq, (await q.Where(t => t.Key == "Kept").OrderBy(t => t.Inner!.Qty).FirstAsync()).Seq);
        long lowest = rows.OrderBy(r => r.I16).First().Seq;
        Assert.Equal(lowest, (await q.Where(t => t.Seq == lowest).OrderBy(t => t.I16).SingleAsync()).Seq);
        await Same("I32 column", kept.OrderBy(r => r.I32).Select(r => r.I32), q.Where(t => t.Key == "Kept").OrderBy(t => t.I32).Select(t => t.I32));
        await Same("I32 column window", kept.OrderBy(r => r.I32).Take(5).Select(r => r.I32), q.Where(t => t.Key == "Kept").OrderBy(t => t.I32).Select(t => t.I32).Take(5));
        await Same("I16 column", kept.OrderBy(r => r.I16).Select(r => r.I16), q.Where(t => t.Key == "Kept").OrderBy(t => t.I16).Select(t => t.I16));
        await Same("I64 column desc", kept.OrderByDescending(r => r.I64).Select(r => r.I64), q.Where(t => t.Key == "Kept").OrderByDescending(t => t.I64).Select(t => t.I64));
        await Same("I16 column range", some.OrderBy(r => r.I16).Select(r => r.I16), q.Where(t => t.Seq >= 100).OrderBy(t => t.I16).Select(t => t.I16));
        await Same("N column", kept.OrderBy(r => r.N).Select(r => new { r.Seq, r.N }), q.Where(t => t.Key == "Kept").OrderBy(t => t.N).Select(t => new { t.Seq, t.N }));
    }

    /// <summary>
    /// Documents whose member's several values put it first in LINQ's order while the first value would put it last
    /// (and the reverse): a window of the first rows must hold them, on every path.
    /// </summary>
    public static async Task CheckWindowsAsync(IFudgeCollection collection)
    {
        var documents = new List<byte[]>();
        for (int i = 0; i < 200; i++)
        {
            var message = new FudgeMsg().Add("Key", "Kept").Add("Seq", (long)i);
            if (i % 50 == 7) message.Add("I32", 900_000 + i).Add("I32", -900_000 - i); // last is the lowest
            else if (i % 50 == 8) message.Add("I32", -800_000 - i).Add("I32", 800_000 + i); // last is the highest
            else message.Add("I32", i * 10);
            message.Add("Inner", new FudgeMsg().Add("Qty", i)).Add("Inner", new FudgeMsg().Add("Qty", i % 50 == 9 ? -1000 - i : i));
            documents.Add(new FudgeEnvelope(message).ToByteArray());
        }
        await collection.InsertManyAsync(documents);
        if (collection is PostgresFudgeCollection postgres) await postgres.CreateIndexAsync((WideRow t) => new { t.Key, t.I32 });
        var rows = documents.Select(d => FudgeSerializer.Deserialize<WideRow>(d)).ToList();
        var q = collection.Query<WideRow>();
        Assert.Equal(rows.OrderBy(r => r.I32).Take(4).Select(r => r.I32), await q.Where(t => t.Key == "Kept").OrderBy(t => t.I32).Select(t => t.I32).Take(4).ToListAsync());
        Assert.Equal(rows.OrderBy(r => r.I32).Take(4).Select(r => r.Seq), await q.OrderBy(t => t.I32).Take(4).Select(t => t.Seq).ToListAsync());
        Assert.Equal(rows.OrderByDescending(r => r.I32).Take(4).Select(r => r.Seq), await q.Where(t => t.Key == "Kept").OrderByDescending(t => t.I32).Take(4).Select(t => t.Seq).ToListAsync());
        Assert.Equal(rows.OrderBy(r => r.Inner!.Qty).Take(4).Select(r => r.Seq), await q.OrderBy(t => t.Inner!.Qty).Take(4).Select(t => t.Seq).ToListAsync());
        Assert.Equal(rows.OrderBy(r => r.I32).Select(r => r.I32), await q.Where(t => t.Key == "Kept").OrderBy(t => t.I32).Select(t => t.I32).ToListAsync());
        Assert.Equal(rows.OrderBy(r => r.I32).First().Seq, (await q.Where(t => t.Key == "Kept").OrderBy(t => t.I32).FirstAsync()).Seq);
    }
}

public sealed class SqliteRepeatedFieldOrderTests() : TemporarySqliteStore("fudge-repeated-order-")
{
    [Fact]
    public void The_generated_deserializer_keeps_the_last_of_several_fields() => RepeatedFieldOrders.TheDeserializerKeepsTheLast();

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public async Task Orderings_by_repeated_fields_give_the_order_of_linq_to_objects(int seed)
        => await RepeatedFieldOrders.CheckAsync(await Store.GetCollectionAsync("rows"), seed);

    [Fact]
    public async Task A_window_holds_the_documents_whose_last_value_puts_them_first()
        => await RepeatedFieldOrders.CheckWindowsAsync(await Store.GetCollectionAsync("rows"));
}

[NeedsPostgres]
public sealed class PostgresRepeatedFieldOrderTests
{
    [StoreTheory]
    [InlineData(1, false)]
    [InlineData(2, false)]
    [InlineData(3, true)]
    [InlineData(4, true)]
    public async Task Orderings_by_repeated_fields_give_the_order_of_linq_to_objects(int seed, bool declareIndexes)
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await RepeatedFieldOrders.CheckAsync(await store.GetCollectionAsync("rows"), seed, declareIndexes);
    }

    [StoreFact]
    public async Task A_window_holds_the_documents_whose_last_value_puts_them_first()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await RepeatedFieldOrders.CheckWindowsAsync(await store.GetCollectionAsync("rows"));
    }

    [StoreFact]
    public async Task Rows_written_before_the_several_fields_column_order_by_the_same_keys()
    {
        // A table of an earlier version: the column added when the store opens, NULL in every row written before it.
        string connection = await Postgres.FreshSchemaAsync();
        await using (var old = await PostgresFudgeStore.OpenAsync(connection))
        {
            var rows = (PostgresFudgeCollection)await old.GetCollectionAsync("rows");
            await RepeatedFieldOrders.CheckAsync(rows, seed: 5, afterInsert: async () =>
            {
                await using var command = old.Connection.CreateCommand();
                command.CommandText = $"ALTER TABLE {rows.Table} DROP COLUMN several_fields";
                await command.ExecuteNonQueryAsync();
                await rows.AddMissingColumnsAsync(default);
                command.CommandText = $"SELECT count(*) FROM {rows.Table} WHERE several_fields IS NULL";
                Assert.Equal(300L, await command.ExecuteScalarAsync());
            });
        }
    }

    [StoreFact]
    public async Task The_plans_of_the_common_orderings_are_those_of_the_first_value_keys()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var rows = (PostgresFudgeCollection)await store.GetCollectionAsync("rows");
        var bare = (PostgresFudgeCollection)await store.GetCollectionAsync("bare");
        await store.SetWholeDocumentIndexAsync("bare", enabled: false);
        foreach (var collection in new[] { rows, bare })
        {
            await collection.InsertManyAsync(RepeatedFieldProjections.Documents(6, 3000));
            await collection.CreateIndexAsync((WideRow t) => new { t.Key, t.I64 });
            await collection.CreateIndexAsync((WideRow t) => t.I32);
            await using var analyze = store.Connection.CreateCommand();
            analyze.CommandText = $"VACUUM ANALYZE {collection.Table}";
            await analyze.ExecuteNonQueryAsync();
            var q = collection.Query<WideRow>();
            var queries = new IQueryable[]
            {
                q.OrderBy(t => t.I64).Take(20),
                q.OrderByDescending(t => t.N).ThenBy(t => t.S).Skip(5).Take(10),
                q.Where(t => t.Key == "Kept").OrderBy(t => t.I64).Take(20),
                q.Where(t => t.Key == "Kept").OrderBy(t => t.I32),
                q.Where(t => t.Key == "Kept").OrderBy(t => t.I64).Select(t => t.I64),
                q.Where(t => t.Seq >= 100).OrderByDescending(t => t.D).Select(t => new { t.D, t.S }).Take(30),
                q.Where(t => t.I32 > 0).OrderBy(t => t.B).ThenBy(t => t.U16),
            };
            foreach (var query in queries)
            {
                var plan = FudgeQueryableParser.Parse(query.Expression, typeof(WideRow)).Plan;
                Assert.Equal(Shape(await collection.ExplainWithFirstValueKeysAsync(plan)), Shape(await collection.ExplainAsync(plan)));
            }
        }
    }

    // The plan's nodes and their conditions, without costs, row estimates and the sort keys (whose expressions differ).
    private static string Shape(string plan) => string.Join("\n", plan.Split('\n')
        .Where(line => !line.Contains("Sort Key:", StringComparison.Ordinal))
        .Select(line => System.Text.RegularExpressions.Regex.Replace(line, @"\s*\(cost=[^)]*\)", "")));
}

/// <summary>
/// The jsonb's several-fields flag (<see cref="JsonbKeyOrder.SeveralFields"/>): whether a named member is an array or
/// null, found in the walk that puts the keys in jsonb's order; a list's elements (the empty name) do not count.
/// </summary>
public sealed class SeveralFieldsFlagTests
{
    [Theory]
    [InlineData("{\"Id\":1,\"Legs\":{\"\":[{\"Venue\":\"XLON\"},{\"Venue\":\"BATS\"}]},\"Trade\":{\"Price\":2.5}}", false)]
    [InlineData("{\"Id\":1,\"Legs\":{}}", false)]
    [InlineData("{\"Id\":[1,2]}", true)]
    [InlineData("{\"Id\":null}", true)]
    [InlineData("{\"Trade\":{\"Price\":[1,2]}}", true)]
    [InlineData("{\"Trade\":[{\"Price\":1},{\"Price\":2}]}", true)]
    [InlineData("{\"Legs\":{\"\":[{\"Qty\":[1,2]}]}}", true)]
    [InlineData("{\"Legs\":{\"\":[[1,2],[3]]}}", true)]
    [InlineData("{\"Id\":1,", true)]
    public void The_jsonb_says_whether_a_named_member_is_an_array_or_null(string json, bool several)
    {
        var order = new JsonbKeyOrder();
        var bytes = System.Text.Encoding.UTF8.GetBytes(json);
        order.Reorder(bytes, bytes.Length);
        Assert.Equal(several, order.SeveralFields);
    }
}
